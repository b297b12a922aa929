import FoundationEssentials
import GymbellCore
import GymbellPlatform

/// Where the CLI writes what people read. Each line goes through `TerminalText.escaped`, so that a name
/// from the config or the state (an ESC, a BEL, a backspace, a line break or a bidirectional override
/// in a workout title or an exercise name) reaches the terminal as text: the output's line breaks are
/// the lines given, never one from inside a line. Only what an encoder escaped already is written as
/// it is (`raw`): JSON, iCalendar, the introspection XML, the default config.
enum Terminal {
    /// One line; every control in it shown escaped.
    static func line(_ text: String) {
        print(TerminalText.escaped(text))
    }

    static func lines(_ lines: [String]) {
        for text in lines { line(text) }
    }

    /// A text escaped by the format it is written in.
    static func raw(_ text: String, terminator: String = "\n") {
        print(text, terminator: terminator)
    }
}

/// "gymbell: `message`" on standard error. A message of several lines (a refused reload lists the
/// config's diagnostics) keeps them; what the daemon quotes in one is escaped where it was formed
/// (`TOMLText.quoted`), and each line is escaped here again.
func printError(_ message: String) {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }
    CurrentProcess.printToStandardError("gymbell: " + lines.joined(separator: "\n"))
}
