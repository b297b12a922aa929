import ArgumentParser
import FoundationEssentials
import GymbellCore
import GymbellSettings
import TOML

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check, locate, print or change the config file.",
        subcommands: [Check.self, Path.self, Default.self, SetValue.self, Unset.self, DumpTOML.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check config files; print every error as path:line:column: message.",
            discussion: """
                Without PATH it checks the file the daemon would use. Exit status 0 when every file is valid, 1 when not.

                Warnings (path:line:column: warning: message) name what is valid but likely not meant: a \
                bidirectional control (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F, U+061C) in a name, a \
                title, a key or a comment, which can show the text around it reordered. A file with warnings \
                only is valid: it is printed as OK after them, the exit status stays 0, and the daemon uses it \
                (its log repeats the warnings).
                """)

        @Argument(help: "The files to check.", completion: .file(extensions: ["toml"])) var paths: [String] = []
        /// For the reliability suite's fuzzer, which checks thousands of files per process.
        @Flag(help: .hidden) var timings = false

        func run() throws {
            let xdg = XDGPaths()
            guard let first = paths.first ?? ConfigSource.locate(xdg) else {
                Terminal.line("No config file exists; the built-in default is in force and valid.")
                return
            }
            var allValid = true
            for path in paths.isEmpty ? [first] : paths {
                let start = ContinuousClock.now
                do {
                    let loaded = try ConfigSource.load(path: path)
                    Terminal.lines(loaded.warnings.map(\.description))
                    Terminal.line("\(loaded.origin): OK")
                } catch .invalid(let errors) {
                    Terminal.lines(errors.diagnostics.map(\.description))
                    allValid = false
                } catch {
                    Terminal.line(error.description)
                    allValid = false
                }
                if timings {
                    let elapsed = ContinuousClock.now - start
                    let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
                    printError("\(path): checked in \(milliseconds) ms")
                }
            }
            if !allValid { throw ExitCode.failure }
        }
    }

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show which config file is in force and where gymbell looks.")

        func run() {
            let paths = XDGPaths()
            Terminal.line(ConfigSource.locate(paths) ?? "(built-in default: no config file exists)")
            Terminal.line("Searched, in order:")
            for candidate in paths.configCandidates { Terminal.line("  \(candidate)") }
        }
    }

    struct Default: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the built-in default config, a commented starting point.",
            discussion: "mkdir -p ~/.config/gymbell && gymbell config default > ~/.config/gymbell/config.toml")

        func run() { Terminal.raw(ConfigParser.defaultText, terminator: "") }
    }

    /// For the reliability suite's differential test against Python's tomllib: each file's TOML as
    /// toml-test's tagged JSON on one line, or `PATH: error: …`. Hidden: not a user command.
    struct DumpTOML: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "dump-toml", shouldDisplay: false)

        @Argument var paths: [String]

        func run() throws {
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else {
                    Terminal.line("\(path): error: cannot read the file")
                    continue
                }
                guard let text = String(validating: data, as: UTF8.self) else {
                    Terminal.line("\(path): error: not UTF-8")
                    continue
                }
                do {
                    Terminal.raw("\(path): " + TOMLJSON.render(try ConfigParser.read(text, path: path)))
                } catch {
                    Terminal.line("\(path): error: \(error.description)")
                }
            }
        }
    }
}
