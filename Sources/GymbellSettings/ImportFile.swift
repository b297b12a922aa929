import FoundationEssentials
import GymbellCore
import GymbellFormats
import GymbellPlatform

/// A log export as `gymbell import` and the window's Log page read it: the file read a chunk at a time
/// (bounded, UTF-8), twice — once for what it holds (`scan`: the summary, the dry run), once to hand
/// its workouts over in batches (`importing`) — and the exercise names the config maps
/// (`[exercise_names]`, then the person's own maps).
///
/// Memory stays that of one chunk, one batch and the workouts begun and not yet complete, whatever
/// the file's size (issue 42: a million rows). Strong and Hevy write a workout's rows together; a file
/// that does not is still imported right, only with more of it held at once.
public enum ImportFile {
    /// Why the file was not read, as a sentence naming it.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The largest file an import reads: ten years of Strong sets are 4.5 MB.
    public static let limit = 32 << 20

    /// How the workouts go to the daemon: at most `sessions` a call, or about `bytes` of JSON.
    public struct Batching: Sendable {
        public var sessions: Int
        public var bytes: Int

        public init(sessions: Int = 2000, bytes: Int = 2_000_000) {
            self.sessions = sessions
            self.bytes = bytes
        }
    }

    /// What the log at `path` holds: the first reading, whose counts the import keeps to.
    public static func scan(_ path: String, options: TrainingImport.Options) throws(Failure) -> TrainingImport {
        var scan = TrainingImport.Scan(options: options)
        var problem: TrainingImport.Failure?
        try read(path) { chunk, reader in
            reader.feed(chunk) { record in
                guard problem == nil else { return }
                do throws(TrainingImport.Failure) { try scan.add(record) } catch { problem = error }
            }
            if let problem { throw Failure(description: "\(path): \(problem)") }
        } finish: { reader in
            reader.finish { record in
                guard problem == nil else { return }
                do throws(TrainingImport.Failure) { try scan.add(record) } catch { problem = error }
            }
        }
        if let problem { throw Failure(description: "\(path): \(problem)") }
        do { return try scan.finished() } catch { throw Failure(description: "\(path): \(error)") }
    }

    /// The second reading: the workouts `plan` found, handed to `send` in batches as they complete —
    /// `last` set on the final call (which may carry none) — and `progress` told the records read so
    /// far after each batch. Returns the batches' reports added up. Rethrows what `send` throws.
    public static func importing(
        _ path: String, plan: TrainingImport, options: TrainingImport.Options, batching: Batching = Batching(),
        send: ([ImportedSession], _ last: Bool) throws -> ImportReport, progress: (_ records: Int) -> Void = { _ in }
    ) throws -> ImportReport {
        var assembly: TrainingImport.Assembly
        do { assembly = try TrainingImport.Assembly(plan: plan, options: options) } catch { throw Failure(description: "\(path): \(error)") }
        var batch: [ImportedSession] = []
        var bytes = 0
        var total: ImportReport?
        var problem: TrainingImport.Failure?
        /// What `send` threw: the reading stops and it is thrown as it is (not as a reading failure).
        var sendFailure: (any Error)?
        func flush(last: Bool) throws {
            let report = try send(batch, last)
            total = total.map { $0.adding(report) } ?? report
            batch.removeAll(keepingCapacity: true)
            bytes = 0
            progress(assembly.records)
        }
        // A batch goes as soon as it is full — within a chunk too: a megabyte of a log holds thousands
        // of short workouts (one chunk of 2-set workouts made one 9 MB call, over the bus's 8 MiB).
        func append(_ sessions: [ImportedSession]) {
            for session in sessions {
                guard sendFailure == nil else { return }
                batch.append(session)
                // About what a session and its sets take as JSON.
                bytes += 400 + 250 * session.sets.count
                if batch.count >= batching.sessions || bytes >= batching.bytes {
                    do { try flush(last: false) } catch { sendFailure = error }
                }
            }
        }
        func take(_ record: CSVText.Record) {
            guard problem == nil, sendFailure == nil else { return }
            do throws(TrainingImport.Failure) {
                append(try assembly.add(record))
            } catch {
                problem = error
            }
        }
        do {
            try read(path) { chunk, reader in
                reader.feed(chunk, take)
                if let problem { throw Failure(description: "\(path): \(problem)") }
                if sendFailure != nil { throw Failure(description: "stopped") }  // thrown below as it is
            } finish: { reader in
                reader.finish(take)
            }
        } catch {
            if let sendFailure { throw sendFailure }
            throw error
        }
        if let problem { throw Failure(description: "\(path): \(problem)") }
        append(assembly.finish())
        if let sendFailure { throw sendFailure }
        try flush(last: true)
        return total!
    }

    /// Reads `path` a chunk at a time into a CSV reader; a file over the limit is refused before any
    /// of it is read, with its size.
    private static func read(
        _ path: String, _ chunk: (ArraySlice<UInt8>, inout CSVText.Reader) throws -> Void, finish: (inout CSVText.Reader) -> Void
    ) throws(Failure) {
        var reader = CSVText.Reader()
        do {
            try BoundedFileReader.forEachChunk(path: path, limit: limit) { bytes in try chunk(bytes, &reader) }
            finish(&reader)
        } catch let failure as Failure {
            throw failure
        } catch BoundedFileReader.Failure.tooLarge(let byteCount) {
            throw Failure(
                description: "\(path) is \(megabytes(byteCount)), more than the \(limit >> 20) MiB gymbell imports at once "
                    + "(ten years of Strong sets are about 5 MB): export a shorter span from the app, or split the file")
        } catch {
            throw Failure(description: "cannot read \(path): \(error)")
        }
    }

    /// "33.6 MB".
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// The exercises the config's workouts have a person do, each once, sorted: what the window's
    /// import dialog offers to call a log's exercise by. None when the config cannot be read.
    public static func configuredExercises(_ paths: XDGPaths = XDGPaths()) -> [String] {
        guard let config = try? ConfigSource.load(paths).config else { return [] }
        let names = config.workouts.values.flatMap(WorkoutSummary.exerciseNames(of:))
        return Set(names).sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }

    /// `[exercise_names]` of the config in force, with a warning when the config cannot be read (none applied).
    public static func configuredNames(_ paths: XDGPaths = XDGPaths()) -> (names: [String: String], warning: String?) {
        do {
            return (try ConfigSource.load(paths).config.exerciseNames, nil)
        } catch {
            return ([:], "the config was not read, so [exercise_names] is not applied:\n\(error)")
        }
    }
}
