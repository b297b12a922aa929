import Testing
import TOML

@Suite("TOML document: where keys and values are written")
struct TOMLDocumentPositionTests {
    private static let text = """
    # [fake] header = "in a comment"
    title = "a # not a comment ] "   # real comment = 1
    notes = \"\"\"
    [not.a.header]
    key = "inside a multi-line string"
    \"\"\"

    [workouts . "leg day"]   # spaces around the dot
    kind = 'strength'
    exercises = [
      # a comment between elements
      { name = "Squat", "sets" = 3, rest = [90,
                                            120, 150] },
      {name="Lunge",sets=2,rest=60},
    ]

    [[log]]
    day = 1
    [[log]]
    day = 2
    [a.b]
    c.d = 1
    """

    private static func path(_ components: TOMLPath.Component...) -> TOMLPath { TOMLPath(components) }

    private static func position(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(line: line, column: column)
    }

    @Test("keys and values", arguments: [
        (path(.key("title")), position(2, 1), position(2, 9)),
        (path(.key("notes")), position(3, 1), position(3, 9)),
        (path(.key("workouts"), .key("leg day")), position(8, 13), position(8, 1)),
        (path(.key("workouts"), .key("leg day"), .key("kind")), position(9, 1), position(9, 8)),
        (path(.key("workouts"), .key("leg day"), .key("exercises"), .index(0)), position(12, 3), position(12, 3)),
        (path(.key("workouts"), .key("leg day"), .key("exercises"), .index(0), .key("sets")), position(12, 21), position(12, 30)),
        (path(.key("workouts"), .key("leg day"), .key("exercises"), .index(0), .key("rest"), .index(2)), position(13, 46), position(13, 46)),
        (path(.key("workouts"), .key("leg day"), .key("exercises"), .index(1), .key("rest")), position(14, 24), position(14, 29)),
        (path(.key("log"), .index(1), .key("day")), position(20, 1), position(20, 7)),
        (path(.key("a"), .key("b"), .key("c"), .key("d")), position(22, 3), position(22, 7)),
        (path(.key("a"), .key("b"), .key("c")), position(22, 1), position(22, 1)),
    ] as [(TOMLPath, SourcePosition, SourcePosition)])
    func positions(path: TOMLPath, key: SourcePosition, value: SourcePosition) throws {
        let document = try TOMLReader.read(Self.text)
        #expect(document.keyPosition(of: path) == key)
        #expect(document.valuePosition(of: path) == value)
    }

    @Test func theSampleIsValidTOML() throws {
        let values = try TOMLReader.read(Self.text).values
        #expect(values["notes"] == .string("[not.a.header]\nkey = \"inside a multi-line string\"\n"))
        #expect(values["log"] == .array([.table(["day": .integer(1)]), .table(["day": .integer(2)])]))
    }

    @Test func keysNotWrittenFallBackToTheEnclosingTable() throws {
        let document = try TOMLReader.read(Self.text)
        let missing: TOMLPath = [.key("workouts"), .key("leg day"), .key("rounds")]
        #expect(document.keyPosition(of: missing) == Self.position(8, 13))
        #expect(document.keyPosition(of: [.key("nothing"), .key("here")]) == Self.position(1, 1))
        // `[workouts . "leg day"]` also names the implicit [workouts] table.
        #expect(document.keyPosition(of: [.key("workouts")]) == Self.position(8, 2))
    }

    @Test func textThatIsNotTOMLIsALocatedErrorNeitherACrashNorAHang() {
        for text in ["[", "[[", "a = [", "a = {", "a = \"", "a = '''", "\"", "= = =", "[a.]\n.b = ", "x = [{,}]"] {
            #expect(throws: TOMLReadError.self) { try TOMLReader.read(text) }
        }
    }
}
