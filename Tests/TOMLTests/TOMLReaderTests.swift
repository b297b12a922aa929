import Testing
@testable import TOML

@Suite("TOML reader: TOML 1.0 values, redefinition rules and located errors")
struct TOMLReaderTests {
    private static func values(_ text: String) throws -> [String: TOMLValue] { try TOMLReader.read(text).values }

    /// "line:column: message" of the error `text` gives.
    private static func error(_ text: String) -> String? {
        do {
            _ = try TOMLReader.read(text)
            return nil
        } catch {
            return "\(error.position.line):\(error.position.column): \(error.message)"
        }
    }

    @Test func everyScalarKind() throws {
        let text = """
        s = "tab\\t\\u00E9\\U0001F4AA \\"q\\" \\\\"
        l = 'C:\\path'
        m = \"\"\"
        one \\
           two\"\"\"\"
        ml = '''
        raw \\n'''
        i = [+17, -0, 1_000, 0xDEAD_beef, 0o755, 0b1101, -9223372036854775808]
        f = [1.5, -2e-3, 6.626E-34, 1_0.0_1, inf, -inf]
        b = [true, false]
        t = 07:32:00.999999999
        d = 1979-05-27
        dt = [1979-05-27T07:32:00Z, 1979-05-27 00:32:00.5-07:00, 1979-05-27t07:32:00]
        """
        let values = try Self.values(text)
        #expect(values["s"] == .string("tab\té💪 \"q\" \\"))
        #expect(values["l"] == .string("C:\\path"))
        #expect(values["m"] == .string("one two\""))
        #expect(values["ml"] == .string("raw \\n"))
        #expect(values["i"] == .array([17, 0, 1000, 0xDEAD_BEEF, 0o755, 0b1101, Int.min].map(TOMLValue.integer)))
        #expect(values["f"] == .array([1.5, -2e-3, 6.626e-34, 10.01, .infinity, -.infinity].map(TOMLValue.float)))
        #expect(values["b"] == .array([.boolean(true), .boolean(false)]))
        #expect(values["t"] == .time(hour: 7, minute: 32, second: 0, nanosecond: 999_999_999))
        #expect(values["d"] == .date("1979-05-27"))
        #expect(values["dt"] == .array(["1979-05-27T07:32:00Z", "1979-05-27T00:32:00.5-07:00", "1979-05-27T07:32:00"]
            .map(TOMLValue.dateTime)))
    }

    @Test func tablesDottedKeysAndArraysOfTables() throws {
        let text = "a.b = 1\n[x]\ny.z = 2\n[x.y.w]\n[[p]]\nn = 1\n[p.q]\nr = 2\n[[p]]\nn = 2\n"
        let values = try Self.values(text)
        #expect(values["a"] == .table(["b": .integer(1)]))
        #expect(values["x"] == .table(["y": .table(["z": .integer(2), "w": .table([:])])]))
        #expect(values["p"] == .array([.table(["n": .integer(1), "q": .table(["r": .integer(2)])]), .table(["n": .integer(2)])]))
    }

    @Test("each mistake is refused where it is", arguments: [
        ("[a]\nx = 1\n[a]\n", "3:2: TOML syntax error: a is already defined on line 1; a table can be defined only once"),
        ("a = {}\n[a]\n", "2:2: TOML syntax error: a is already defined as an inline table on line 1; it cannot be redefined as a table [a]"),
        ("a = [1]\n[[a]]\n", "2:3: TOML syntax error: a is already defined as a list on line 1; it cannot be redefined as a list of tables [[a]]"),
        ("[a.b]\n[a]\nb.c = 1\n", "3:1: TOML syntax error: a.b is already defined on line 1; a table can be defined only once"),
        ("a.b = 1\n[a]\n", "2:2: TOML syntax error: a is already defined on line 1; a table can be defined only once"),
        ("x = {a = {b = 1}, a.c = 2}\n", "1:19: TOML syntax error: a is already defined as an inline table on line 1; it cannot be redefined as a table"),
        ("x = 01\n", "1:5: TOML syntax error: 01 is not a valid value; write a number (42, 1.5, 0x2A), a date (2024-05-27), a time (07:30:00) or true/false"),
        ("x = 9223372036854775808\n", "1:5: TOML syntax error: this integer does not fit in 64 bits; integers go from -9223372036854775808 to 9223372036854775807"),
        ("x = 2023-02-29\n", "1:5: TOML syntax error: 2023-02-29 is not a valid value; write a number (42, 1.5, 0x2A), a date (2024-05-27), a time (07:30:00) or true/false"),
        ("x = \"a\\qb\"\n", "1:7: TOML syntax error: \\q is not a TOML escape; use \\\\ for a backslash, or \\n, \\t, \\\", \\uXXXX"),
        ("x = \"open\ny = 1\n", "1:5: TOML syntax error: this string has no closing \" on its line; use \"\"\" or ''' for text over several lines"),
        ("x = {a = 1,}\n", "1:12: TOML syntax error: expected a key in the inline table (it ends with } after its last value, without a comma), saw '}'"),
        ("# bell \u{7}\n", "1:8: TOML syntax error: control character U+0007 is not allowed here; write it as an escape in a \"…\" string"),
        ("x = 1\ry = 2\n", "1:6: TOML syntax error: a carriage return must be followed by a line feed"),
        ("x = yes\n", "1:5: TOML syntax error: yes is not a valid value; a string needs quotes, e.g. \"yes\""),
        ("x = 1 2\n", "1:7: TOML syntax error: expected the end of the line after the value, saw '2'"),
    ])
    func mistakes(text: String, expected: String) {
        #expect(Self.error(text) == expected)
    }
}
