import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellStore

/// The other computers' journals in the synced folder, merged (issue 48): each file is read on from
/// where the last merge left it (`JournalProgress`), 4 MiB at a time, line by line; each batch of lines
/// is one transaction with how far the file was read. A line that cannot be merged is skipped and the
/// first such one named (`sync_journal.problem`); a file that is not a regular file is not read. Memory
/// stays the size of one piece whatever the years in a journal.
enum JournalMerger {
    struct Run: Equatable {
        var count = MergeCount()
        /// The journals in the folder (this computer's own among them).
        var files: [String] = []
        /// Why the folder or the state could not be read or written.
        var problem: String?
    }

    static let pieceLimit = JournalEntry.lineLimit + 1
    static let batchLimit = 200

    static func run(folder: String, own: DeviceID, store: SyncJournalStore) -> Run {
        var run = Run()
        do {
            // This computer's own journal too: where two computers write one (a state directory copied with
            // its device id), Syncthing keeps one's version under the name and the other's as a conflict
            // copy, and both must be merged. Its own lines are merged once, like any: nothing changes.
            run.files = try AppendedFile.names(in: folder).filter { JournalName.device(of: $0) != nil }.sorted()
        } catch {
            run.problem = "\(error)"
            return run
        }
        for name in run.files {
            do { run.count += try merge(folder + "/" + name, name: name, own: own, store: store) } catch {
                run.problem = run.problem ?? "\(name): \(error)"
            }
        }
        do { try store.settle(changed: run.count.sets > 0 || run.count.revisions > 0) } catch { run.problem = run.problem ?? "\(error)" }
        return run
    }

    static func merge(_ path: String, name: String, own: DeviceID, store: SyncJournalStore) throws(StoreError) -> MergeCount {
        var count = MergeCount()
        var progress = try store.progress(of: name) ?? .start
        var afresh = false
        func read(from offset: Int64) -> Result<AppendedFile.Piece, BoundedFileReader.Failure> {
            Result { () throws(BoundedFileReader.Failure) in try AppendedFile.read(path, from: offset, limit: pieceLimit) }
        }
        var reading = read(from: progress.offset)
        if case .success(let piece) = reading, progress.offset > 0, piece.size < progress.offset || hex(piece.before) != progress.tail {
            // Replaced by other content (or cut): read again from its start; what it brought stays.
            progress = .start
            afresh = true
            reading = read(from: 0)
        }
        var problem: String?
        while true {
            let piece: AppendedFile.Piece
            switch reading {
            case .failure(let failure):
                count += try store.merge([], from: name, reachedAt: progress, afresh: afresh, problem: "not read: \(failure)", own: own)
                return count
            case .success(let read): piece = read
            }
            guard let lastNewline = piece.bytes.lastIndex(of: 10) else {
                guard piece.bytes.count >= pieceLimit else { break }  // an unfinished last line: read when it is whole
                // A line longer than any journal writes: skipped up to its end.
                problem = problem ?? "line \(progress.lines + 1): longer than \(JournalEntry.lineLimit >> 20) MiB; skipped"
                progress.offset += Int64(piece.bytes.count)
                reading = read(from: progress.offset)
                if case .success(let next) = reading, let end = next.bytes.firstIndex(of: 10) {
                    progress.offset += Int64(end + 1)
                    progress.lines += 1
                    reading = read(from: progress.offset)
                }
                continue
            }
            var entries: [JournalEntry] = []
            var start = 0
            let base = progress.offset
            for (index, byte) in piece.bytes.enumerated() where index <= lastNewline && byte == 10 {
                let line = piece.bytes[start..<index]
                progress.lines += 1
                if line.contains(where: { $0 != 32 && $0 != 9 && $0 != 13 }) {
                    do throws(JournalLineProblem) { entries.append(try JournalEntry.decode(line: line)) } catch {
                        problem = problem ?? "line \(progress.lines): \(error)"
                    }
                }
                start = index + 1
                if entries.count >= batchLimit || index == lastNewline {
                    progress.offset = base + Int64(start)
                    progress.tail = hex(Array(piece.bytes[max(0, start - 32)..<start]), before: start < 32 ? piece.before : [])
                    count += try store.merge(entries, from: name, reachedAt: progress, afresh: afresh, problem: problem, own: own)
                    entries = []
                    afresh = false
                }
            }
            guard piece.bytes.count >= pieceLimit else { break }
            reading = read(from: progress.offset)
        }
        if problem != nil || afresh { count += try store.merge([], from: name, reachedAt: progress, afresh: afresh, problem: problem, own: own) }
        return count
    }

    /// The last 32 bytes of `before` + `bytes`, in hexadecimal (`JournalProgress.tail`).
    static func hex(_ bytes: [UInt8], before: [UInt8] = []) -> String {
        Hex.lowercase((before + bytes).suffix(32))
    }
}
