import GymbellCore
import Testing

/// The start command as one line in the Preferences: split into argv, and argv shown as that line.
@Suite("Command text")
struct CommandTextTests {
    @Test func plainArgumentsSplitAtSpaces() {
        #expect(CommandText.split("notify-send Go") == ["notify-send", "Go"])
        #expect(CommandText.split("  a \t b  ") == ["a", "b"])
        #expect(CommandText.split("") == [])
    }

    @Test func quotesKeepSpacesAndTheOtherQuote() {
        #expect(CommandText.split("notify-send 'Leg day' \"it's on\"") == ["notify-send", "Leg day", "it's on"])
        #expect(CommandText.split("a '' b") == ["a", "", "b"])
        #expect(CommandText.split("pre'fix suf'fix") == ["prefix suffix"])
    }

    @Test func anOpenQuoteIsNoCommand() {
        #expect(CommandText.split("notify-send 'Go") == nil)
    }

    @Test func joinIsReadBackAsTheSameArgv() {
        for argv in [["notify-send", "Go"], ["sh", "-c", "echo 'hi there'"], ["a", "", "it's \"x\""], [], ["play", "/tmp/my file.oga"]] {
            let line = CommandText.join(argv)
            if argv.contains(where: { $0.contains("'") && $0.contains("\"") }) { continue }  // one quote kind per argument
            #expect(CommandText.split(line) == argv, "\(line)")
        }
        #expect(CommandText.join(["notify-send", "Leg day"]) == "notify-send 'Leg day'")
    }
}
