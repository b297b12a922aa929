import ArgumentParser
import FoundationEssentials
import GymbellCore
import GymbellSettings

extension ConfigCommand {
    /// Not named `Set`: that would hide Swift's `Set` inside `ConfigCommand`.
    struct SetValue: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change one setting in your config file, keeping its comments and layout.",
            discussion: """
                Edits $XDG_CONFIG_HOME/gymbell/config.toml where the value stands: only that value (or, for a key \
                the file does not have, one new line) changes; comments, blank lines and key order stay. Without \
                the file it is made from the config in force (the system's or the built-in default). The result \
                is checked like `config check` before it is written, atomically; a file with errors, or one \
                changed while this ran, is not overwritten. A running daemon applies the change at once.

                Values: quiet_hours takes a start and an end (22:00 07:00, or none); times as 19:30, durations as 90s, 2m, 1m30s or 2h, weekdays as mon wed fri (none for no \
                day), dates as 2026-11-02, true or false, a program and its arguments for reminders.start_command (none: no command), \
                the folder your sync engine shares between your computers for sync.folder, from / or ~/ ("~/Sync/gymbell"; \
                `gymbell config unset sync.folder` stops syncing).

                Keys: \(ConfigSettingText.keys.joined(separator: ", ")); and for each other programme \
                (issue 47: [programs.NAME], e.g. programs.running.sat long_run): \(ConfigSettingText.programmeKeys).
                """)

        @Argument(help: "The setting, as table.key (reminders.time).") var key: String
        @Argument(parsing: .captureForPassthrough, help: "Its new value.") var values: [String] = []

        func validate() throws {
            if values.isEmpty { throw ValidationError("give the new value of \(key)") }
        }

        func run() throws {
            let edits: [ConfigTextEdit]
            do {
                edits = try ConfigSettingText.edits(key: key, values: values)
            } catch {
                throw ValidationError(error.description)
            }
            try ConfigCommand.write(edits, key: key, removing: false)
        }
    }

    struct Unset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset",
            abstract: "Remove one setting from your config file (its built-in default applies again).")

        @Argument(help: "The setting, as table.key (reminders.late_grace, sync.folder), or quiet_hours.") var key: String

        func run() throws {
            let edits: [ConfigTextEdit]
            do {
                edits = try ConfigSettingText.removal(of: key)
            } catch {
                throw ValidationError(error.description)
            }
            try ConfigCommand.write(edits, key: key, removing: true)
        }
    }

    /// Applies `edits` to the user's config file and says what it wrote, or prints why not and fails.
    static func write(_ edits: [ConfigTextEdit], key: String, removing: Bool) throws {
        let xdg = XDGPaths()
        let target = xdg.userConfigFile
        do {
            // Without a file of one's own, the file in force is where the edit starts from.
            let snapshot = try ConfigFileWriter.read(path: target)
            let startingText = ConfigFileWriter.startingText(of: snapshot, paths: xdg)
            let edited = try ConfigFileWriter.apply(edits, toFileAt: target, startingFrom: startingText) { _ in
                printError("note: \(target) changed while this ran (another program wrote it); the change is made again on its new text")
            }
            Terminal.lines(edited.warnings.map(\.description))
            Terminal.line("\(target): \(key) \(removing ? "removed" : "set")")
            // The daemon watches the link, not the file it names: a change there needs telling.
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: target)) != nil {
                Terminal.line("\(target) is a symbolic link, whose file the daemon does not watch: `gymbell reload` applies the change.")
            }
        } catch let error as ConfigFileEditError {
            switch error {
            case .edit(.invalidResult(let errors)), .edit(.unreadable(let errors)), .write(.invalidOnDisk(let errors)),
                 .write(.invalidText(let errors)):
                Terminal.lines(errors.diagnostics.map(\.description))
            default:
                printError(error.description)
            }
            throw ExitCode.failure
        } catch let error as ConfigWriteError {
            printError(error.description)
            throw ExitCode.failure
        }
    }
}
