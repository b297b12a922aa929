import ArgumentParser
import GymbellControl
import GymbellDaemon
import Logging

struct DaemonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run the background process that shows the reminders (in the foreground).",
        discussion: """
            It owns io.github.gymbell.Gymbell on the session bus; a second daemon refuses to start. \
            SIGTERM or SIGINT stop it cleanly, SIGHUP reloads the config. Logs go to stderr \
            (the journal, under systemd).
            """)

    @Flag(name: .shortAndLong, help: "Log every decision (debug level).") var verbose = false
    /// Prints the control interface's introspection XML and exits (`make dbus-xml` writes data/ with it).
    @Flag(help: .hidden) var introspectionXml = false
    /// Runs as the daemon's sound helper (it starts one while a sound is near; SoundHelper).
    @Flag(help: .hidden) var soundPlayer = false

    func run() throws {
        if introspectionXml {
            Terminal.raw(BusNames.introspectionXML, terminator: "")
            return
        }
        if soundPlayer { throw ExitCode(DaemonRunner.serveSounds()) }
        let status = Self.runDaemon(verbose: verbose)
        if status != 0 { throw ExitCode(status) }
    }

    static func runDaemon(verbose: Bool) -> Int32 {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? .debug : .info
            return handler
        }
        return DaemonRunner.run(logger: Logger(label: "gymbell"))
    }
}
