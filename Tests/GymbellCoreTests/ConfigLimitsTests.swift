import Foundation
import Testing
@testable import GymbellCore
import TOML

@Suite("Config limits: hostile input is refused, fast, with a located message naming the limit")
struct ConfigLimitsTests {
    private static func diagnostics(_ text: String, limits: TOMLLimits = .standard) -> [String] {
        do {
            _ = try ConfigParser.parse(text, path: "c.toml", limits: limits)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// Seconds `body` takes.
    private static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test("each limit, with its position", arguments: [
        // 10 000-part header and dotted key: toml++ / the value copy recursed until SIGSEGV.
        ("[" + Array(repeating: "a", count: 10_000).joined(separator: ".") + "]\n",
         "c.toml:1:2: this key has more than 32 dotted parts; the limit is 32"),
        ("[rest]\n" + String(repeating: "x.", count: 10_000) + "y = 1\n",
         "c.toml:2:1: this key has more than 32 dotted parts; the limit is 32"),
        ("[\"a\" . 'b'." + Array(repeating: "c", count: 40).joined(separator: ".") + "]\n",
         "c.toml:1:2: this key has more than 32 dotted parts; the limit is 32"),
        ("[workouts.x]\nexercises = " + String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40) + "\n",
         "c.toml:2:45: lists and inline tables are nested more than 32 deep here; the limit is 32"),
        ("x = " + String(repeating: "{a = ", count: 33) + "1" + String(repeating: "}", count: 33) + "\n",
         "c.toml:1:165: lists and inline tables are nested more than 32 deep here; the limit is 32"),
        ("[rest]\ndefault = \"" + String(repeating: "a", count: 70_000) + "\"\n",
         "c.toml:2:11: this string is 70.0 kB; the limit is 64 KiB"),
        ("[rest]\ndefault = '''\n" + String(repeating: "é", count: 40_000) + "'''\n",
         "c.toml:2:11: this string is 80.0 kB; the limit is 64 KiB"),
        ("[rest]\n\"" + String(repeating: "k", count: 200) + "\" = 1\n",
         "c.toml:2:1: this key is 200 characters long; the limit is 128"),
        ("[" + String(repeating: "k", count: 129) + "]\n",
         "c.toml:1:2: this key or value is 129 characters long; the limit is 128"),
    ])
    func limit(text: String, expected: String) {
        #expect(Self.diagnostics(text) == [expected])
    }

    /// 32 header parts and 32 dotted parts hold a value 64 levels deep; a list there holds its elements
    /// one deeper. Every walk over the tree (a value's release included) recurses this deep at most.
    @Test func valuesNestedBeyondTheLevelLimitAreRefused() {
        let header: String = "[" + (0..<32).map { "a\($0)" }.joined(separator: ".") + "]\n"
        let key: String = (0..<32).map { "b\($0)" }.joined(separator: ".")
        #expect(Self.diagnostics(header + key + " = 1\n").first?.contains("levels deep") == false)
        #expect(Self.diagnostics(header + key + " = [1]\n")
            == ["c.toml:2:122: this value is nested more than 64 levels deep (tables, lists and dotted keys together); the limit is 64"])
    }

    /// toml++ aborted the process (an assertion, release builds included) on a `}` where a list expects
    /// a value; the structured fuzzer found it. A located syntax error, at the brace.
    @Test("a brace closing a list is a located syntax error, not an abort", arguments: [
        ("x = [}\n", "c.toml:1:6: "), ("[rest]\ny = [1, }]\n", "c.toml:2:9: "), ("y = {a = [}]}\n", "c.toml:1:11: "),
        ("y = [\n  # c\n}\n", "c.toml:3:1: "),
    ])
    func braceClosingAList(text: String, position: String) {
        #expect(Self.diagnostics(text) == [position + "TOML syntax error: expected a value or the ] that ends the list, saw '}'"])
    }

    @Test func fileSizeIsCheckedFirstAndNamed() {
        let text = "# " + String(repeating: "x", count: 10_000_000) + "\n"
        #expect(Self.diagnostics(text) == ["c.toml:1:1: the config file is 10.0 MB; the limit is 256 KiB"])
        #expect(TOMLLimits.size(1 << 20) == "1 MiB")
        #expect(TOMLLimits.size(65_536) == "64 KiB")
        #expect(TOMLLimits.size(1_048_577) == "1.0 MB")
        #expect(TOMLLimits.size(700) == "700 bytes")
    }

    @Test func whatLooksLikeALimitInsideStringsAndCommentsIsNot() {
        let deepInString = "[sound]\nname = \"" + String(repeating: "[a.", count: 100) + "\"\n"
        let deepInComment = "# " + String(repeating: "[{a.", count: 100) + "\n[rest]\ndefault = \"90s\"\n"
        let multiline = "[sound]\nname = \"\"\"\n" + String(repeating: "[[[ a.b.c.d ", count: 50) + "\n\"\"\"\n"
        #expect(Self.diagnostics(deepInString) == [])
        #expect(Self.diagnostics(deepInComment) == [])
        #expect(Self.diagnostics(multiline) == [])
        // Array-of-tables brackets and headers at the limit are fine.
        let header32 = "[workouts." + Array(repeating: "a", count: 31).joined(separator: ".") + "]\n"
        #expect(!Self.diagnostics(header32).contains { $0.contains("limit") })
    }

    @Test func theShippedDefaultAndTheDesignExampleAreFarInsideTheLimits() {
        #expect(Self.diagnostics(ConfigParser.defaultText) == [])
        let tight = TOMLLimits(fileBytes: 64 << 10, keyParts: 4, nestingDepth: 3, keyCharacters: 32, stringBytes: 256)
        #expect(Self.diagnostics(ConfigParser.defaultText, limits: tight) == [])
    }

    @Test func aByteOrderMarkIsDroppedAndErrorsAfterItKeepTheirPlace() throws {
        #expect(Self.diagnostics("\u{FEFF}[rest]\ndefault = \"x\"\n")
            == ["c.toml:2:11: rest.default: \"x\" is not a duration; write e.g. \"40s\", \"2m\", \"1m30s\", \"2h\" or a number of seconds"])
        #expect(Self.diagnostics("\u{FEFF}[rest]\ndefault = \"90s\"\n") == [])
        #expect(Self.diagnostics("\u{FEFF}[rst]\n").first?.hasPrefix("c.toml:1:2: unknown table [rst]") == true)
    }

    @Test func messagesNeverEchoMuchOfTheInput() {
        let long = String(repeating: "q", count: 60_000)
        for text in [
            "[rest]\ndefault = \"\(long)\"\n",
            "[reminders]\ntime = \"\(long)\"\n",
            "[program]\nmon = \"\(long)\"\n",
            "[\"\(String(repeating: "k", count: 120))\"]\n",
            "[rest]\n\(String(repeating: "k", count: 120)) = 1\n",
            "[rest]\n\(String(repeating: "k", count: 120)) = 1\n\(String(repeating: "k", count: 120)) = 2\n",
        ] {
            for line in Self.diagnostics(text) {
                let longestRun = line.split(whereSeparator: { $0 != "q" && $0 != "k" }).map(\.count).max() ?? 0
                #expect(longestRun <= 60, "echoes \(longestRun) characters: \(line.prefix(120))")
            }
        }
    }

    @Test func manyProblemsStopAtTheDiagnosticLimit() {
        let text = (0..<5000).map { "[t\($0)]\n" }.joined()
        let found = Self.diagnostics(text)
        #expect(found.count == ConfigReader.diagnosticLimit + 1)
        #expect(found.contains { $0.contains("more problems follow; gymbell stops after 100") })
    }

    /// Linear time: the worst shapes of a file just under the size limit, each well under a second
    /// (a debug build is about four times slower than a release one; the budget allows for it).
    @Test("near-limit files parse in linear time", arguments: [
        "headers", "dotted", "wide", "deep", "strings", "workouts", "unknown",
    ])
    func nearLimitFilesAreFast(shape: String) {
        let budget = TOMLLimits.standard.fileBytes - 100
        func fill(_ head: String = "", _ unit: (Int) -> String) -> String {
            var text = head
            var i = 0
            while true {
                let next = unit(i)
                if text.utf8.count + next.utf8.count > budget { return text }
                text += next
                i += 1
            }
        }
        let text: String = switch shape {
        case "headers": fill { "[" + (0..<31).map { "k\($0)" }.joined(separator: ".") + ".t\($0)]\n" }
        case "dotted": fill("[x]\n") { (0..<31).map { "k\($0)" }.joined(separator: ".") + ".v\($0) = 1\n" }
        case "wide": fill("[rest]\ndefault = [") { _ in "1," } + "1]\n"
        case "deep": fill { "d\($0) = " + String(repeating: "[", count: 32) + "1" + String(repeating: "]", count: 32) + "\n" }
        case "strings": fill("[x]\n") { "s\($0) = \"" + String(repeating: "a", count: 60_000) + "\"\n" }
        case "workouts": fill { "[workouts.w\($0)]\nkind = \"hiit\"\nrounds = 5\nwork = \"40s\"\nrest = \"20s\"\n" }
        default: fill { "[t\($0)]\n" }
        }
        let elapsed = Self.seconds { _ = Self.diagnostics(text) }
        // Linear is 0.08–0.75 s in a debug build; quadratic would be minutes. The bound leaves room for a
        // machine busy with other builds (3.4 s was seen beside four of them).
        #expect(elapsed < 8.0, "\(shape): \(elapsed) s")
    }
}
