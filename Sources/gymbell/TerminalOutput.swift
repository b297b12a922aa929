import FoundationEssentials
import Glibc
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

/// "Imported 120000 of 500000 rows…" while an import runs: one line rewritten in place on a terminal,
/// a line every tenth or so otherwise (a log keeps a few lines, not thousands).
final class ImportProgress {
    private let total: Int
    private let terminal = isatty(STDOUT_FILENO) == 1
    private var lastTenth = 0
    private var shown = false

    init(total: Int) { self.total = total }

    func show(_ records: Int) {
        let line = "Imported \(records) of \(total) rows…"
        if terminal {
            print("\r" + line, terminator: "")
            fflush(nil)  // every stream: stdout is not concurrency-safe to name
            shown = true
        } else if total > 0, records < total, records * 10 / total > lastTenth {
            lastTenth = records * 10 / total
            print(line)
            fflush(nil)  // every stream: stdout is not concurrency-safe to name
        }
    }

    /// Ends the rewritten line, so that what follows starts on a line of its own.
    func done() {
        if shown { Self.endLine() }
        shown = false
    }

    static func endLine() {
        if isatty(STDOUT_FILENO) == 1 {
            print("\r\u{1B}[K", terminator: "")
            fflush(nil)  // every stream: stdout is not concurrency-safe to name
        }
    }
}
