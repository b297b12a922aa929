import ArgumentParser
import Foundation
import GymbellCore
import GymbellDaemon

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check, locate or print the config file.",
        subcommands: [Check.self, Path.self, Default.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a config file; print every error as path:line:column: message.",
            discussion: "Without PATH it checks the file the daemon would use. Exit status 0 when valid, 1 when not.")

        @Argument(help: "The file to check.", completion: .file(extensions: ["toml"])) var path: String?

        func run() throws {
            let paths = XDGPaths()
            guard let path = path ?? ConfigSource.locate(paths) else {
                print("No config file exists; the built-in default is in force and valid.")
                return
            }
            do {
                let loaded = try ConfigSource.load(path: path)
                print("\(loaded.origin): OK")
            } catch {
                print(error.description)
                throw ExitCode.failure
            }
        }
    }

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show which config file is in force and where gymbell looks.")

        func run() {
            let paths = XDGPaths()
            print(ConfigSource.locate(paths) ?? "(built-in default: no config file exists)")
            print("Searched, in order:")
            for candidate in paths.configCandidates { print("  \(candidate)") }
        }
    }

    struct Default: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the built-in default config, a commented starting point.",
            discussion: "mkdir -p ~/.config/gymbell && gymbell config default > ~/.config/gymbell/config.toml")

        func run() { print(ConfigParser.defaultText, terminator: "") }
    }
}
