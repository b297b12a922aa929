import ArgumentParser
import Foundation
import GymbellDaemon

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
                print("Autostart is already on: \(path) starts \(executable) at login.")
                return
            }
            try write(text, to: path)
            print("Autostart is on: \(path) starts \(executable) at login.")
            if executable.contains("/.build") {
                print("Note: that is a build directory's binary; run `gymbell autostart enable` again from the installed one.")
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
                    print("Autostart is already off: \(user) hides \(system).")
                    return
                }
                try write(AutostartEntries.hidingEntry, to: user)
                print("Autostart is off: \(user) hides the system-wide entry \(system).")
            } else if FileManager.default.fileExists(atPath: user) {
                do {
                    try FileManager.default.removeItem(atPath: user)
                } catch {
                    throw failure("cannot remove \(user): \(error.localizedDescription)")
                }
                print("Autostart is off: removed \(user).")
            } else {
                print("Autostart is already off: there is no \(user).")
            }
            if let unit = SystemdUserUnit.query(), unit.enabled {
                print("gymbell.service is still enabled in systemd and starts the daemon with the session; "
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
                print("Autostart: off — no \(AutostartEntries.fileName) in \(places).")
            case .some(let entry):
                let which = entry.path == entries.userEntry ? entry.path : "the system-wide entry \(entry.path)"
                if let key = entry.disabledBy {
                    print("Autostart: off — \(which) has \(key).")
                } else {
                    print("Autostart: on — \(which) runs `\(entry.exec ?? "?")` at login.")
                    if let tryExec = entry.tryExec, !FileManager.default.isExecutableFile(atPath: tryExec) {
                        print("  But \(tryExec) is missing, so desktops skip the entry; `gymbell autostart enable` writes a fresh one.")
                    }
                }
            }
            guard let unit = SystemdUserUnit.query() else {
                print("systemd user unit gymbell.service: unknown (`systemctl --user` did not answer).")
                return
            }
            print("systemd user unit gymbell.service: \(unit.summary)")
            if unit.enabled {
                print("  Both on is fine: the autostart entry only asks D-Bus for the daemon, which starts gymbell.service once.")
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
                print("gymbell: the daemon is running.")
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

/// The autostart entries for io.github.gymbell.Gymbell, looked up as the XDG autostart spec says:
/// the user's directory first, then each of $XDG_CONFIG_DIRS; the first file found is the one in force.
struct AutostartEntries {
    static let fileName = "io.github.gymbell.Gymbell.desktop"

    let userDirectory: String
    let systemDirectories: [String]

    init(paths: XDGPaths = XDGPaths()) {
        userDirectory = paths.configHome + "/autostart"
        systemDirectories = paths.configDirs.map { $0 + "/autostart" }
    }

    var userEntry: String { userDirectory + "/" + Self.fileName }

    /// System-wide entries that exist, in lookup order.
    var systemEntries: [String] {
        systemDirectories.map { $0 + "/" + Self.fileName }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    func effective() -> DesktopEntry? {
        for path in [userEntry] + systemEntries {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                return DesktopEntry(path: path, text: text)
            }
        }
        return nil
    }

    /// The user's entry: data/io.github.gymbell.Gymbell-autostart.desktop with this binary's path.
    static func enabledEntry(executable: String) throws -> String {
        guard !executable.contains(where: \.isNewline) else {
            throw failure("the path of this gymbell contains a line break; move it somewhere else")
        }
        return """
            # Written by `gymbell autostart enable`; `gymbell autostart disable` removes it.
            [Desktop Entry]
            Type=Application
            Name=gymbell
            Comment=Start the workout reminder daemon at login
            Icon=io.github.gymbell.Gymbell
            Exec=\(DesktopEntry.execArgument(executable)) autostart run
            TryExec=\(DesktopEntry.escapeString(executable))
            Terminal=false
            NoDisplay=true
            StartupNotify=false
            X-GNOME-Autostart-enabled=true

            """
    }

    /// A user entry that hides a system-wide one of the same name (XDG autostart spec, "Hidden").
    static let hidingEntry = """
        # Written by `gymbell autostart disable`: hides the system-wide entry. `gymbell autostart enable` replaces it.
        [Desktop Entry]
        Type=Application
        Name=gymbell
        Hidden=true

        """
}

/// The few keys of a .desktop file's [Desktop Entry] group that autostart looks at.
struct DesktopEntry {
    let path: String
    let exec: String?
    let tryExec: String?
    /// The key that turns the entry off, as written in the file, or nil.
    let disabledBy: String?

    init(path: String, text: String) {
        var values: [String: String] = [:]
        var inMainGroup = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                inMainGroup = line == "[Desktop Entry]"
            } else if inMainGroup, !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingCharacters(in: .whitespaces)
                values[key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            }
        }
        self.path = path
        exec = values["Exec"]
        tryExec = values["TryExec"].map { $0.replacingOccurrences(of: "\\\\", with: "\\") }
        if values["Hidden"] == "true" {
            disabledBy = "Hidden=true"
        } else if values["X-GNOME-Autostart-enabled"] == "false" {
            disabledBy = "X-GNOME-Autostart-enabled=false"
        } else {
            disabledBy = nil
        }
    }

    /// One Exec argument, quoted as the Desktop Entry spec asks when it has reserved characters.
    static func execArgument(_ argument: String) -> String {
        let reserved = Set(" \t\"'\\><~|&;$*?#()`")
        var quoted = argument
        if argument.contains(where: reserved.contains) {
            var inner = ""
            for character in argument {
                if "\"`$\\".contains(character) { inner.append("\\") }
                inner.append(character)
            }
            quoted = "\"" + inner + "\""
        }
        // Then the value is a string: backslashes doubled; and % starts a field code.
        return escapeString(quoted).replacingOccurrences(of: "%", with: "%%")
    }

    /// A value of type string: a backslash is written as two.
    static func escapeString(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\")
    }
}

/// `systemctl --user` on gymbell.service, or nil where no systemd user manager answers.
struct SystemdUserUnit {
    let enablement: String
    let activity: String?

    var enabled: Bool { enablement.hasPrefix("enabled") }

    var summary: String {
        switch enablement {
        case "not-found": return "not installed."
        default: return enablement + (activity.map { ", \($0)." } ?? " (whether it runs is unknown: no systemd user manager answered).")
        }
    }

    static func query() -> SystemdUserUnit? {
        guard let systemctl = findExecutable("systemctl") else { return nil }
        guard let enabled = run(systemctl, ["--user", "is-enabled", "gymbell.service"]) else { return nil }
        let state = enabled.output.isEmpty ? (enabled.error.contains("No such file") ? "not-found" : "") : enabled.output
        guard !state.isEmpty else { return nil }  // "Failed to connect to bus" and the like
        let active = run(systemctl, ["--user", "is-active", "gymbell.service"])?.output
        return SystemdUserUnit(enablement: state, activity: active.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Runs a program for at most two seconds; its first line of stdout and of stderr.
    private static func run(_ program: String, _ arguments: [String]) -> (output: String, error: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()  // a systemctl that hangs on a broken bus is "did not answer"
            process.waitUntilExit()
            return nil
        }
        func firstLine(_ pipe: Pipe) -> String {
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
        return (firstLine(output), firstLine(error))
    }

    private static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
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
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        throw failure("cannot write \(path): \(error.localizedDescription)")
    }
}

/// Says what went wrong on stderr; the result, thrown, makes the exit status 1.
private func failure(_ message: String) -> ExitCode {
    printError(message)
    return ExitCode.failure
}
