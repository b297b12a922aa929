import ArgumentParser
import FoundationEssentials
import GymbellControl
import GymbellCore

struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a copy of your whole gymbell state (history, sets, pending reminders) to a file.",
        discussion: """
            The daemon writes the copy from its own database while it runs (SQLite's VACUUM INTO: the \
            state of one moment, never a half-written file), readable by you only. Keep it on another \
            disk, or take it to a new computer and `gymbell restore` it there.

            The copy is written beside FILE and renamed onto it when whole: a failure (a full disk) leaves \
            nothing behind and FILE as it was. FILE must be a regular file or a new name; a symbolic link is \
            followed (the file it points at is written, the link stays). gymbell's state database, its -wal \
            and -shm files and anything else in its directory ($XDG_STATE_HOME/gymbell) are refused.

            Example:
              gymbell backup ~/gymbell-$(date +%F).sqlite
            """)

    @Argument(help: ArgumentHelp("Where to write the copy (replaced whole if it exists).", valueName: "FILE"), completion: .file())
    var file: String

    func run() throws {
        let path = absolutePath(file)
        let report = try withDaemon { client throws(ClientError) in try client.backup(to: path) }
        Terminal.line("Backed up \(report.counts.text) to \(report.path).")
    }
}

struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Take back the history and sets of a `gymbell backup` file; the running daemon uses them at once.",
        discussion: """
            The file is checked first — a regular file (not a pipe or a device), an SQLite database, \
            gymbell's, intact (integrity_check), of a schema this gymbell reads (an older one is brought up \
            to date in a copy; the file itself is only read) — and refused with the reason otherwise, \
            nothing changed.

            A backup holding far less than your history now — stamped as gymbell's with no tables, without \
            sessions, or with fewer than half the sessions or sets of a history of 5 sessions or more — is \
            not taken back without --force: gymbell says what each holds and changes nothing.

            What it replaces: the history, the logged sets, planned weights and dismissed suggestions. What \
            stays as it is now: pending reminders (a snooze, a held reminder), whether today's reminder was \
            shown, and a workout running now with its sets. A workout that was running in the backup runs \
            again when none runs now (phases already past are skipped, as after a restart); otherwise it is \
            recorded as abandoned. The state it replaced is kept beside the database, in \
            $XDG_STATE_HOME/gymbell/replaced-<time>.sqlite (-2, -3 … for more in the same second): restore \
            that file to go back. gymbell never deletes these copies; delete those you no longer need.
            """)

    @Argument(help: ArgumentHelp("The backup to take back.", valueName: "FILE"), completion: .file())
    var file: String

    @Flag(help: "Take the backup back even when it holds far less than your history now.")
    var force = false

    func run() throws {
        let path = absolutePath(file)
        let report: RestoreReport
        do {
            report = try GymbellClient().restore(from: path, confirmed: force)
        } catch let error where error.needsConfirmation {
            printError("""
                \(error.description)
                To replace your history with it anyway: gymbell restore --force \(shellWord(path))
                (the history it replaces is kept aside in $XDG_STATE_HOME/gymbell/replaced-<time>.sqlite, to go back)
                """)
            throw ExitCode.failure
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
        Terminal.line("Restored \(path): \(report.after.text) now, in place of \(report.before.text).")
        Terminal.line("The replaced state is kept in \(report.keptAside) (gymbell restore it to go back).")
    }

    /// `path` as a shell reads it back: as it is when it needs no quoting, else in single quotes.
    private func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789/._-+,:@%=".unicodeScalars.contains($0) }
        return plain ? path : "'" + path.replacingAll("'", with: "'\\''") + "'"
    }
}

/// `path` as the daemon must get it: absolute (it does not share the client's working directory).
func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
}
