import Foundation
import Testing
@testable import GymbellCore

@Suite("Text for the terminal: controls shown, not obeyed")
struct TerminalTextTests {
    @Test(arguments: [
        ("Push Day", "Push Day"),
        ("", ""),
        ("Bankdrücken 💪 إلخ", "Bankdrücken 💪 إلخ"),  // letters of any script and emoji stay
        ("👨‍👩‍👧", "👨‍👩‍👧"),  // the zero-width joiner is no control
        ("Push\u{1B}[2J Day", "Push\\e[2J Day"),
        ("ding\u{07}", "ding\\a"),
        ("abc\u{08}\u{08}\u{08}xyz", "abc\\b\\b\\bxyz"),
        ("a\tb", "a\\tb"),
        ("two\nlines", "two\\nlines"),
        ("cr\r\nlf", "cr\\r\\nlf"),
        ("\u{0B}\u{0C}", "\\v\\f"),
        ("nul\u{0}", "nul\\u{0}"),
        ("\u{01}\u{1F}", "\\u{1}\\u{1F}"),
        ("del\u{7F}", "del\\u{7F}"),
        ("c1\u{9B}31m\u{85}", "c1\\u{9B}31m\\u{85}"),
        ("\u{80}\u{9F}\u{A0}", "\\u{80}\\u{9F}\u{A0}"),  // no-break space is text
        ("\u{202E}yaD hsuP", "\\u{202E}yaD hsuP"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}"),
        ("\u{2066}a\u{2069}\u{2067}\u{2068}", "\\u{2066}a\\u{2069}\\u{2067}\\u{2068}"),
        ("\u{200E}\u{200F}\u{061C}", "\\u{200E}\\u{200F}\\u{61C}"),
        ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
        ("C:\\gym\\e", "C:\\gym\\e"),  // a backslash stays as written
    ])
    func escapes(_ text: String, _ shown: String) {
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test func escapingTwiceChangesNothingMore() {
        let once = TerminalText.escaped("a\u{1B}b\n\u{202E}c\u{7F}")
        #expect(once == "a\\eb\\n\\u{202E}c\\u{7F}")
        #expect(TerminalText.escaped(once) == once)
        #expect(!once.unicodeScalars.contains(where: TerminalText.needsEscape))
    }

    @Test func everyControlOfTheTablesIsEscaped() {
        for value in Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x061C, 0x200E, 0x200F, 0x2028, 0x2029]
            + Array(0x202A...0x202E) + Array(0x2066...0x2069) {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(TerminalText.needsEscape(scalar), "U+\(String(value, radix: 16))")
            #expect(TerminalText.escaped(String(scalar)).hasPrefix("\\"))
        }
        for kept in [" ", "~", "\u{A0}", "\u{200B}", "\u{200D}", "\u{FEFF}", "é"] {
            #expect(TerminalText.escaped(kept) == kept)
        }
        #expect(TerminalText.isBidiControl("\u{202E}") && !TerminalText.isBidiControl("\u{1B}"))
    }
}

@Suite("The CLI writes through one place")
struct CLIOutputSourceTests {
    /// Every line the CLI prints passes through `Terminal` (Sources/gymbell/TerminalOutput.swift), which
    /// escapes it: no other file of the CLI calls `print` itself.
    @Test func noCommandPrintsAroundTerminal() throws {
        let folder = TranslationCatalogTests.repository.appendingPathComponent("Sources/gymbell")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.contains("TerminalOutput.swift") && files.count > 5)
        for file in files where file != "TerminalOutput.swift" {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for range in text.ranges(of: "print(") {
                let before = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
                #expect(!(before == " " || before == "(" || before == "\t"), "\(file) calls print( itself; write through Terminal")
            }
        }
    }
}
