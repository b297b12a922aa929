import Testing
@testable import TOML

@Suite("TOML text: values quoted for messages")
struct TOMLTextTests {
    /// Messages that quote a value escape what a terminal would obey, TOML's way, and cut a long value
    /// short: a reader's diagnostics, and whatever else repeats what someone wrote.
    @Test func quotedValuesAreSafeToPrint() {
        #expect(TOMLText.quoted("a\u{1B}b\u{9B}c\u{202E}d\u{2028}") == "\"a\\u001Bb\\u009Bc\\u202Ed\\u2028\"")
        #expect(TOMLText.quoted("tab\there\n") == "\"tab\\there\\n\"")
        let long = TOMLText.quoted(String(repeating: "\u{202E}", count: 1 << 20))
        #expect(long == "\"" + String(repeating: "\\u202E", count: 40) + "…\" (1048576 characters)")
    }

    @Test func pathsAreWrittenAsTOMLKeys() {
        #expect(TOMLPath([.key("workouts"), .key("leg day"), .key("exercises"), .index(1), .key("sets")]).description
            == "workouts.\"leg day\".exercises[1].sets")
        #expect(TOMLPath(keys: "reminders").tableName == "[reminders]")
        #expect(TOMLPath([.key("a"), .index(0)]).tableName == "a[0]")
    }

    @Test func aTextOverTheSizeLimitIsRefusedAtItsStart() {
        #expect(throws: TOMLReadError(position: .start, message: "the text is 2.0 kB; the limit is 1 KiB")) {
            try TOMLReader.read("# " + String(repeating: "x", count: 1998), limits: TOMLLimits(fileBytes: 1024))
        }
        #expect(TOMLLimits.size(1 << 20) == "1 MiB")
        #expect(TOMLLimits.size(700) == "700 bytes")
    }
}
