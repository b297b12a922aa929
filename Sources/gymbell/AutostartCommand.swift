import ArgumentParser
import FoundationEssentials
import Glibc
import GymbellCore
import GymbellPlatform
import GymbellControl
import GymbellBus

/// `gymbell autostart enable|disable|status|run`: the user's XDG autostart entry for the daemon.
///
/// The entry runs `gymbell autostart run`, which only asks the session bus for the daemon: D-Bus
/// activation then starts it once (as gymbell.service where systemd runs the session), so the
/// entry never adds a second daemon, whether or not the systemd user unit is enabled as well.
struct AutostartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autostart",
        abstract: "Turn starting the daemon at login on or off, or show whether it is on.",
        discussion: """
            `enable` writes $XDG_CONFIG_HOME/autostart/io.github.gymbell.Gymbell.desktop (usually \
            ~/.config/autostart), which runs this gymbell at login; `disable` removes it, or hides the \
            system-wide entry a package installed in $XDG_CONFIG_DIRS/autostart (usually /etc/xdg/autostart). \
            Both are safe to repeat. `status` also shows the systemd user unit gymbell.service, where \
            `systemctl --user` answers.
            """,
        subcommands: [Enable.self, Disable.self, Status.self, Run.self])

    struct Enable: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start the daemon at login (writes the user's autostart entry).")

        func run() throws {
            let entries = AutostartEntries()
            let executable = try runningExecutable()
            let text = try AutostartEntries.enabledEntry(executable: executable)
            let path = entries.userEntry
            if (try? String(contentsOfFile: path, encoding: .utf8)) == text {
                Terminal.line("Autostart is already on: \(path) starts \(executable) at login.")
                return
            }
            try write(text, to: path)
            Terminal.line("Autostart is on: \(path) starts \(executable) at login.")
            if executable.contains("/.build") {
                Terminal.line("Note: that is a build directory's binary; run `gymbell autostart enable` again from the installed one.")
            }
        }
    }

    struct Disable: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Do not start the daemon at login (removes the user's autostart entry or hides the system-wide one).")

        func run() throws {
            let entries = AutostartEntries()
            let user = entries.userEntry
            if let system = entries.systemEntries.first {
                if (try? String(contentsOfFile: user, encoding: .utf8)) == AutostartEntries.hidingEntry {
                    Terminal.line("Autostart is already off: \(user) hides \(system).")
                    return
                }
                try write(AutostartEntries.hidingEntry, to: user)
                Terminal.line("Autostart is off: \(user) hides the system-wide entry \(system).")
            } else if FileManager.default.fileExists(atPath: user) {
                if unlink(user) != 0 {
                    throw failure("cannot remove \(user): \(String(cString: strerror(errno)))")
                }
                Terminal.line("Autostart is off: removed \(user).")
            } else {
                Terminal.line("Autostart is already off: there is no \(user).")
            }
            if let unit = SystemdUserUnit.query(), unit.enabled {
                Terminal.line("gymbell.service is still enabled in systemd and starts the daemon with the session; "
                    + "`systemctl --user disable gymbell.service` turns that off too.")
            }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show whether the daemon starts at login: the autostart entry in force and the systemd user unit.")

        func run() {
            let entries = AutostartEntries()
            switch entries.effective() {
            case nil:
                let places = ([entries.userDirectory] + entries.systemDirectories).joined(separator: ", ")
                Terminal.line("Autostart: off — no \(AutostartEntries.fileName) in \(places).")
            case .some(let entry):
                let which = entry.path == entries.userEntry ? entry.path : "the system-wide entry \(entry.path)"
                if let key = entry.disabledBy {
                    Terminal.line("Autostart: off — \(which) has \(key).")
                } else {
                    Terminal.line("Autostart: on — \(which) runs `\(entry.exec ?? "?")` at login.")
                    if let tryExec = entry.tryExec, !FileManager.default.isExecutableFile(atPath: tryExec) {
                        Terminal.line("  But \(tryExec) is missing, so desktops skip the entry; `gymbell autostart enable` writes a fresh one.")
                    }
                }
            }
            guard let unit = SystemdUserUnit.query() else {
                Terminal.line("systemd user unit gymbell.service: unknown (`systemctl --user` did not answer).")
                return
            }
            Terminal.line("systemd user unit gymbell.service: \(unit.summary)")
            if unit.enabled {
                Terminal.line("  Both on is fine: the autostart entry only asks D-Bus for the daemon, which starts gymbell.service once.")
            }
        }
    }

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make sure the daemon is running; what the autostart entry runs at login.",
            discussion: """
                Asks the session bus for io.github.gymbell.Gymbell, so D-Bus activation starts the daemon \
                (as gymbell.service where systemd runs the session) unless it already runs, and exits once \
                it answers. Where nothing on the bus can start it (gymbell is not installed), it runs the \
                daemon in this process, like `gymbell daemon`.
                """)

        func run() throws {
            do {
                // Longer than the bus's own 25 s limit on starting a service, so a slow start ends
                // in the bus's error (exit 1), not in our timeout and a second daemon below.
                _ = try GymbellClient(timeoutMilliseconds: 30_000).status()
                Terminal.line("gymbell: the daemon is running.")
                return
            } catch {
                guard case .noDaemon = error else {
                    printError("the daemon could not be started: \(error.description)")
                    throw ExitCode.failure
                }
            }
            try DaemonCommand.parse([]).run()
        }
    }
}

/// The real path of this binary, whatever name or symlink it was started by.
private func runningExecutable() throws -> String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), path.hasPrefix("/"),
        !path.hasSuffix(" (deleted)")
    {
        return path
    }
    let argument0 = CommandLine.arguments.first ?? "gymbell"
    let resolved = URL(fileURLWithPath: argument0).resolvingSymlinksInPath().path
    guard argument0.contains("/"), FileManager.default.isExecutableFile(atPath: resolved) else {
        throw failure("cannot tell where this gymbell binary is (/proc/self/exe is unreadable)")
    }
    return resolved
}

/// Writes a small file, creating its directory; a failure is a sentence naming the file.
private func write(_ text: String, to path: String) throws {
    do {
        try FileManager.default.createDirectory(
            atPath: FilePath.directory(of: path), withIntermediateDirectories: true)
    } catch {
        throw failure("cannot create the directory of \(path) (\(FilePath.directory(of: path))): it or a parent is not a writable directory")
    }
    do {
        try AtomicFile.write(Data(text.utf8), to: path)
    } catch {
        throw failure(error.description)
    }
}

/// Says what went wrong on stderr; the result, thrown, makes the exit status 1.
func failure(_ message: String) -> ExitCode {
    printError(message)
    return ExitCode.failure
}
