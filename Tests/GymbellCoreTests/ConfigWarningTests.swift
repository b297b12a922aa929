import Testing
@testable import GymbellCore

@Suite("Config warnings: bidirectional controls are named where they are, and the file still loads")
struct ConfigWarningTests {
    private static let workout = """
        [workouts.push]
        kind = "strength"
        exercises = [{ name = "Bench Press", sets = 1, rest = 60 }]

        """

    /// The warnings of a valid `text`, as `config check` prints them.
    private static func warnings(_ text: String) throws -> [String] {
        try ConfigParser.check(text, path: "c.toml").warnings.map(\.description)
    }

    private static func tail(_ code: String, _ name: String, escaped: Bool = false) -> String {
        "warning: \(code) \(name)\(escaped ? ", written as an escape" : ""): a bidirectional control, which can show the text "
            + "around it reordered (in a notification, a terminal, an editor); remove it unless the text needs it"
    }

    @Test("each control, where it is written", arguments: [
        ("title = \"\u{202E}yaD hsuP\"", 1, 10, "U+202E", "RIGHT-TO-LEFT OVERRIDE", false),
        ("title = 'Push \u{202D}Day'", 1, 15, "U+202D", "LEFT-TO-RIGHT OVERRIDE", false),
        ("title = \"\"\"\nPush\n  \u{202A}Day\"\"\"", 3, 3, "U+202A", "LEFT-TO-RIGHT EMBEDDING", false),
        ("title = \"Push \\u202E Day\"", 1, 15, "U+202E", "RIGHT-TO-LEFT OVERRIDE", true),
        ("title = \"Push \\U00002067\"", 1, 15, "U+2067", "RIGHT-TO-LEFT ISOLATE", true),
        ("title = \"x\"  # \u{2066}note", 1, 16, "U+2066", "LEFT-TO-RIGHT ISOLATE", false),
        ("title = \"\u{200E}\"", 1, 10, "U+200E", "LEFT-TO-RIGHT MARK", false),
        ("title = \"عربي\u{061C}\"", 1, 14, "U+061C", "ARABIC LETTER MARK", false),
        ("title = \"a\u{2069}\"", 1, 11, "U+2069", "POP DIRECTIONAL ISOLATE", false),
        ("title = \"a\u{202C}\"", 1, 11, "U+202C", "POP DIRECTIONAL FORMATTING", false),
    ] as [(String, Int, Int, String, String, Bool)])
    func warnsAt(_ line: String, _ row: Int, _ column: Int, _ code: String, _ name: String, _ escaped: Bool) throws {
        // The title's line is the file's fourth.
        let lines = try Self.warnings(Self.workout + line + "\n")
        #expect(lines == ["c.toml:\(row + 3):\(column): " + Self.tail(code, name, escaped: escaped)])
    }

    @Test func aKeyWithAControlIsNamedToo() throws {
        let text = Self.workout + "[workouts.\"le\u{200F}gs\"]\nkind = \"hiit\"\nrounds = 2\nwork = 20\nrest = 10\n"
        let checked = try ConfigParser.check(text, path: "c.toml")
        #expect(checked.config.workouts["le\u{200F}gs"] != nil)
        #expect(checked.warnings.map(\.description) == ["c.toml:4:14: " + Self.tail("U+200F", "RIGHT-TO-LEFT MARK")])
    }

    @Test func theConfigStillLoadsWithItsTitleAsWritten() throws {
        let checked = try ConfigParser.check(Self.workout + "title = \"\u{202E}yaD hsuP\"\n", path: "c.toml")
        #expect(checked.config.workouts["push"]?.title == "\u{202E}yaD hsuP")
        #expect(checked.warnings.map(\.severity) == [.warning])
        #expect(try ConfigParser.parse(Self.workout + "title = \"\u{202E}x\"\n", path: "c.toml").workouts["push"] != nil)
    }

    @Test func textWithoutControlsHasNoWarnings() throws {
        #expect(try Self.warnings(Self.workout + "title = \"Übung ✅ עברית عربي \u{200D}\u{200B}\"  # plain\n").isEmpty)
        #expect(try Self.warnings(ConfigParser.defaultText).isEmpty)
    }

    @Test func anInvalidFileListsItsWarningsAmongItsErrorsInFileOrder() {
        let text = "[rest]\ndefault = \"\u{202E}\"\n[sound]\nname = 5\n"
        #expect(throws: ConfigErrors.self) { try ConfigParser.check(text, path: "c.toml") }
        do {
            _ = try ConfigParser.check(text, path: "c.toml")
        } catch {
            #expect(error.diagnostics.map(\.severity) == [.error, .warning, .error])
            #expect(error.diagnostics[1].description.hasPrefix("c.toml:2:12: warning: U+202E"))
            #expect(error.diagnostics[0].description == "c.toml:2:11: rest.default: \"\\u202E\" is not a duration; "
                + "write e.g. \"40s\", \"2m\", \"1m30s\", \"2h\" or a number of seconds")
        }
    }

    @Test func manyControlsGiveAHundredWarningsAndACount() throws {
        let text = Self.workout + "title = \"" + String(repeating: "\u{202E}", count: 250) + "\"\n"
        let lines = try Self.warnings(text)
        #expect(lines.count == 101)
        #expect(lines.last == "c.toml:4:110: warning: 150 more bidirectional controls follow; gymbell names the first 100")
    }

    @Test func errorsHaveNoSeverityWord() {
        let error = ConfigDiagnostic(path: "c.toml", line: 1, column: 2, message: "bad")
        let warning = ConfigDiagnostic(path: "c.toml", line: 1, column: 2, message: "odd", severity: .warning)
        #expect(error.description == "c.toml:1:2: bad")
        #expect(warning.description == "c.toml:1:2: warning: odd")
    }

    /// The control interface's refusals quote names as the config's diagnostics do (`TOMLText.quoted`).
    @Test func refusalsListNamesQuoted() {
        #expect(CommandError.listed(["a", "b\u{7}"]) == "\"a\", \"b\\u0007\"")
        #expect(CommandError.listed((1...12).map(String.init)) == (1...10).map { "\"\($0)\"" }.joined(separator: ", ") + " and 2 more")
    }
}
