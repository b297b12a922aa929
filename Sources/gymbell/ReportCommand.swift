import ArgumentParser
import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellFormats
import GymbellPlatform
import GymbellSettings

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write your training as a web page: calendar, volume per week, personal records, streaks.",
        discussion: """
            One HTML file that any browser opens, nothing fetched from the network: a calendar of the last \
            --weeks weeks with one square per day (coloured by the sets logged that day), the kilograms lifted \
            per week (reps × weight of every set logged; pounds converted), each exercise's best set with its \
            estimated one-rep maximum (Epley) and the records it set, and your streaks as `gymbell stats` \
            counts them. The texts follow your language (LANG), like the notifications. The figures come from \
            the daemon's history and training log, so it must be running.

            The file is written whole (a browser never reads half of it) to \
            $XDG_STATE_HOME/gymbell/report.html (~/.local/state/gymbell/report.html) unless -o names another; \
            its path is printed. Each exercise has its own section: report.html#exercise-bench-press opens \
            the page at Bench Press.

            Examples:
              gymbell report --open            write the report and show it in your browser
              gymbell report --weeks 52 -o ~/training.html
            """)

    @Option(help: "How many weeks the calendar and the volume chart show (1 to 104).", transform: PlainNumber.whole) var weeks: UInt32 = 12
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the report to FILE, replacing it whole (default: $XDG_STATE_HOME/gymbell/report.html).", valueName: "FILE"),
        completion: .file(extensions: ["html"]))
    var output: String?
    @Flag(help: "Open the report in your web browser (xdg-open) once it is written.") var open = false
    @Option(help: ArgumentHelp(
        "With --open: open it at this exercise's section (what the personal-record notification's Details does).", valueName: "NAME"))
    var exercise: String?

    func validate() throws {
        guard TrainingReport.weekRange.contains(Int(weeks)) else { throw ValidationError("--weeks must be 1 to 104, not \(weeks)") }
        if output?.isEmpty == true { throw ValidationError("--output needs a file name") }
        if exercise != nil, !open { throw ValidationError("--exercise goes with --open: it says where the browser opens the report") }
    }

    func run() throws {
        // The sessions of the whole history (the streaks count everything before the weeks shown too), the
        // sets of the weeks shown, and the bests, records and volume of the whole log as the daemon keeps
        // them: the log itself is read only for the weeks drawn (issue 33).
        let days = UInt32(Limits.historyDays.upperBound)
        let (history, sets, records, stats) = try withDaemon { client throws(ClientError) in
            (try client.history(days: days), try client.setLog(days: min(days, 7 * weeks + 7)), try client.records(), try client.stats())
        }
        let paths = XDGPaths()
        let config: Config
        do {
            config = try ConfigSource.load(paths).config
        } catch {
            printError("\(error.description)\nThe streaks are counted as if every day were a training day ([program] not read).")
            config = Config()
        }
        var report = TrainingReport(
            history: history, setsInWeeks: sets, records: records, volumeKilograms: stats.volumeKilograms, program: config.plan,
            weeks: Int(weeks), now: Date(), timeZone: LocalClock.zone)
        report.stats.reminders = stats.reminders  // what became of the daily reminders (issue 47)
        let gettext = Gettext.translation()
        let html = ReportHTML.render(report, messages: Messages(translate: gettext.translate, plural: gettext.translatePlural))

        let path = output ?? paths.stateDirectory + "/report.html"
        do {
            if output == nil {
                try FileManager.default.createDirectory(
                    atPath: paths.stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            try AtomicFile.write(Data(html.utf8), to: path)
        } catch let failure as AtomicFile.Failure {
            printError(failure.description)
            throw ExitCode.failure
        } catch {
            printError("cannot create \(paths.stateDirectory): \(error)")
            throw ExitCode.failure
        }
        Terminal.line(path)
        guard open else { return }
        guard ProcessLauncher.isInstalled("xdg-open") else {
            printError("xdg-open is not installed (package xdg-utils): open \(path) in your browser yourself")
            throw ExitCode.failure
        }
        do {
            try ProcessLauncher.spawn(["xdg-open", try opening(absolute(path))])
        } catch let failure as AtomicFile.Failure {
            printError(failure.description)
            throw ExitCode.failure
        } catch let failure as SystemError {
            printError(failure.description)
            throw ExitCode.failure
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
    }

    /// What xdg-open is given: the report, or with --exercise a page beside it that sends the browser on
    /// to that exercise's section (xdg-open takes a file, not a file with a #fragment; a meta refresh
    /// needs no script).
    private func opening(_ report: String) throws -> String {
        guard let exercise else { return report }
        let slash = report.lastIndex(of: "/").map { report.index(after: $0) } ?? report.startIndex
        let name = String(report[slash...])
        let target = name.percentEncoded(keeping: "-._~") + "#" + ReportAnchors.anchor(forExercise: exercise)
        let page = String(report[..<slash]) + ".gymbell-report-at.html"
        let html = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"0; url=\(target)\">"
            + "<title>gymbell</title></head><body><a href=\"\(target)\">\(HTML.escape(exercise))</a></body></html>\n"
        try AtomicFile.write(Data(html.utf8), to: page)
        return page
    }

    /// `path` from the root: xdg-open may resolve a relative one elsewhere than here.
    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
