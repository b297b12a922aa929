import ArgumentParser
import FoundationEssentials
import Glibc
import GymbellControl
import GymbellCore

@main
struct Gymbell: ParsableCommand {
    /// `gymbell daemon` as the user unit, D-Bus activation and autostart start it goes straight to the
    /// daemon: a process that then sleeps all day keeps none of the CLI parser's pages (its command
    /// tree, read by reflection) resident. Any other command line, `daemon --help` included, is parsed.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["daemon"] || arguments == ["daemon", "--verbose"] || arguments == ["daemon", "-v"] {
            Glibc.exit(DaemonCommand.runDaemon(verbose: arguments.count == 2))
        }
        main(nil)
    }

    static let configuration = CommandConfiguration(
        commandName: "gymbell",
        abstract: "Workout reminders on the Linux desktop: rest timers, HIIT and walk/run intervals, daily workouts.",
        discussion: """
            `gymbell daemon` is the background process that shows the reminders; every other command \
            talks to it over D-Bus on the session bus. Durations (DUR) accept 40s, 2m, 1m30s, 2h or plain seconds.

            Examples:
              gymbell rest 90              rest 90 seconds, then "Rest over ⏰"
              gymbell rest --adjust +15    give the running rest 15 more seconds
              gymbell hiit --rounds 5 --work 40s --rest 20s
              gymbell walkrun --run 2m --walk 1m --repeats 4
              gymbell status --json        the active session and what is pending
              gymbell upcoming --days 14   the coming daily reminders and workouts
              gymbell history --days 7     the sessions of the last week, how they ended
              gymbell stats                streak, sessions this week and month, reminders answered
              gymbell report --open        your training as a web page: calendar, volume, records
              gymbell window               open the window: next reminder, streak, the running workout
              gymbell export-ics > w.ics   the coming workouts, for your calendar
              gymbell import strong.csv    your Strong or Hevy log, after a summary (--dry-run)
              gymbell backup FILE          a copy of your history and state; `gymbell restore FILE`

            The config file is $XDG_CONFIG_HOME/gymbell/config.toml (see `gymbell config path`);
            `gymbell config set reminders.time 19:30` changes one setting in it, keeping its comments.
            """,
        version: GymbellVersion.current,
        subcommands: [
            DaemonCommand.self, Rest.self, Hiit.self, WalkRun.self, Start.self, SetDone.self, Stop.self, Snooze.self, SkipToday.self,
            Pause.self, Skip.self, Resume.self, Status.self, Upcoming.self, History.self, Weights.self, Stats.self, Suggest.self,
            Report.self, ExportICS.self, Import.self, Backup.self, Restore.self, Reload.self, ConfigCommand.self, AutostartCommand.self, WindowCommand.self,
        ]
    )
}

