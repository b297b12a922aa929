import ArgumentParser
import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellFormats
import GymbellPlatform
import GymbellSettings
import Glibc

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in the workouts you logged in Strong or Hevy (their CSV export), or a gymbell set log CSV.",
        discussion: """
            Export your log from the app first: Strong: Settings → Export Data (CSV); Hevy: Profile → \
            Settings → Export & Import Data → Export workouts. The format is told from the file's first line: \
            Strong's older export (separated by ;, with a Weight Unit column), its current one (separated by \
            commas), Hevy's (weight_kg or weight_lbs), or gymbell's own (`gymbell history --sets --csv`).

            Before anything is written, gymbell says what it found: workouts, sets, exercises, the days \
            they span, and each row it leaves out with its line number and why (a set without reps — \
            timed or distance —, a date it cannot read, a rest-timer row). Warm-up sets (Strong's W, Hevy's \
            warmup) are left out and counted: gymbell logs working sets, and so do its records, volume \
            and overload suggestions. Drop sets come in as sets; failure sets (F, failure) as failed.

            Each workout becomes a completed strength session with its sets, weights in kg or lb as \
            logged (Strong's current export does not say which: --unit). The apps keep one time per \
            workout, in the phone's local time: --time-zone says which zone that was (this computer's \
            unless given); the sets are spread over the workout in the order written. A workout gets an \
            id made from its start and name, so importing the same file again adds nothing.

            Name the exercises as your [workouts] do, so that records and overload suggestions count \
            the imported past: --map "Bench Press (Barbell)=Bench Press" (as often as needed), or once \
            and for all in the config's [exercise_names] table.

            Examples:
              gymbell import strong.csv --dry-run
              gymbell import strong.csv --unit lb --map "Squat (Barbell)=Back Squat"
              gymbell import hevy-workouts.csv --time-zone Europe/Berlin
            """)

    @Argument(help: ArgumentHelp("The CSV file the app exported.", valueName: "FILE"), completion: .file(extensions: ["csv"]))
    var file: String

    @Flag(help: "Say what the file holds and what would be imported, and write nothing.")
    var dryRun = false

    @Option(
        name: .customLong("map"),
        help: ArgumentHelp("Call the log's exercise A by your name B (over [exercise_names]); repeat for more.", valueName: "A=B"))
    var maps: [String] = []

    @Option(help: ArgumentHelp("The zone the log's times were written in, e.g. Europe/Berlin (this computer's unless given).", valueName: "TZ"))
    var timeZone: String?

    @Option(help: ArgumentHelp("kg or lb: the weights' unit where the export does not say (Strong's current export).", valueName: "UNIT"))
    var unit: String = "kg"

    func validate() throws {
        for map in maps {
            let parts = map.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError("--map takes \"NAME IN THE LOG=YOUR NAME\", e.g. --map \"Bench Press (Barbell)=Bench Press\"; not \"\(map)\"")
            }
        }
        guard WeightUnit(configured: unit) != nil else { throw ValidationError("--unit must be kg or lb, not \"\(unit)\"") }
        if let timeZone, SystemZones.named(timeZone) == nil {
            throw ValidationError("--time-zone: no zone \"\(timeZone)\" in the tz database (e.g. Europe/Berlin, America/New_York, UTC)")
        }
    }

    func run() throws {
        let zone = timeZone.flatMap(SystemZones.named) ?? LocalClock.zone
        var names = Self.configuredNames()
        for map in maps {
            let parts = map.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            names[parts[0]] = parts[1]
        }
        let options = TrainingImport.Options(timeZone: zone, now: Date(), names: names, unit: WeightUnit(configured: unit) ?? .kg)
        // The first reading: what the file holds, as the import will write it (one decision for both).
        let log: TrainingImport
        do {
            log = try ImportFile.scan(file, options: options)
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
        Terminal.lines(log.summaryLines(in: zone))
        guard !dryRun else {
            Terminal.line(Self.dryRunVerdict(log))
            return
        }
        guard log.workoutCount > 0 else {
            Terminal.line("Nothing to import.")
            return
        }
        // The second reading sends the workouts in batches as it completes them.
        let progress = ImportProgress(total: log.records)
        let report = try withImportingDaemon { client throws(ClientError) in
            do {
                return try ImportFile.importing(file, plan: log, options: options, send: { batch, last in
                    try client.importBatch(batch, last: last)
                }, progress: progress.show)
            } catch let error as ClientError {
                throw error
            } catch {
                throw .refused(name: "", message: "\(error)")
            }
        }
        progress.done()
        Terminal.line(report.text)
        if report.refusedCount > 0 { Terminal.lines(report.refusalLines()) }
    }

    /// What the import would write, from the daemon's history when one runs (which workouts it has).
    static func dryRunVerdict(_ log: TrainingImport) -> String {
        let ids = Array(log.workouts.keys)
        guard !ids.isEmpty, let client = try? GymbellClient(), let known = try? client.knownSessions(ids) else {
            return "Dry run: nothing was written."
        }
        let new = ids.filter { !known.contains($0) }
        let sets = new.reduce(0) { $0 + (log.workouts[$1] ?? 0) }
        var sentence = "Dry run: nothing was written. An import would add \(new.count) workout\(new.count == 1 ? "" : "s") "
            + "(\(sets) set\(sets == 1 ? "" : "s"))"
        if !known.isEmpty { sentence += "; \(known.count) already in your history, left as they were" }
        return sentence + "."
    }

    /// A client that waits as long as a batch may take (the last one puts years of sets in order).
    func withImportingDaemon<T>(_ body: (GymbellClient) throws(ClientError) -> T) throws -> T {
        do {
            return try body(try GymbellClient(timeoutMilliseconds: 300_000))
        } catch {
            ImportProgress.endLine()
            printError(error.description)
            throw ExitCode.failure
        }
    }

    /// `[exercise_names]` of the config in force; none (with a warning) when the config cannot be read.
    static func configuredNames() -> [String: String] {
        let (names, warning) = ImportFile.configuredNames()
        if let warning { printError("warning: \(warning)") }
        return names
    }
}
