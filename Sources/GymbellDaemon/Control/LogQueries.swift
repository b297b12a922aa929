import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellStore

/// The history and the set log as the control interface lists them, read from the state database
/// where they live (the engine keeps only what its rules decide with, issue 33).
struct LogQueries {
    let store: any StateStoring
    let now: Date

    /// `history` and `history --sets` answered off the loop: the sessions or the sets read on a
    /// connection of their own and written as JSON on another thread, so that years of them do not
    /// hold up a reminder falling due meanwhile (issue 33). Nil while the state lives in memory (its
    /// copy has one connection): then `run` answers on the loop.
    func offLoop(_ command: Command, as encoding: LogEncoding = .json) -> OffLoopAnswer? {
        guard let reader = store.logReader else { return nil }
        let read: @Sendable (Date) throws(StoreError) -> String
        let (days, what): (Int, String)
        switch command {
        case .history(let last):
            (days, what) = (last, "history")
            read = { since throws(StoreError) in
                let entries = try reader.history(since: since)
                return encoding == .rows ? HistoryEntry.rowsText(entries) : HistoryEntry.jsonText(entries)
            }
        case .setLog(let last):
            (days, what) = (last, "set log")
            read = { since throws(StoreError) in
                let sets = try reader.loggedSets(since: since)
                return encoding == .rows ? LoggedSet.rowsText(sets) : LoggedSet.jsonText(sets)
            }
        default:
            return nil
        }
        return { answer in
            do throws(CommandError) {
                let since = try HistoryWindow.start(ofLast: days, now: now)
                OffLoopWork.detached(name: "gymbell-reply") {
                    do {
                        answer(.success(try read(since)))
                    } catch {
                        answer(.failure(.failed("cannot read the \(what): \(error)")))
                    }
                }
            } catch {
                answer(.failure(error))
            }
        }
    }

    /// A command the engine answers with a part read from the database: `records`, with the records
    /// timeline of the sessions before the latest (the engine adds the latest's and every best);
    /// `history correct`, with the set as the log has it (nil when it has none), for the engine to
    /// decide on: the log lives in the database, not in the engine.
    func withStoredPart(_ command: Command) -> Result<Command, CommandError> {
        switch command {
        case .records:
            do {
                return .success(.records(earlier: try store.recordCandidates()))
            } catch {
                return .failure(.failed("cannot read the records timeline: \(error)"))
            }
        case .correctSet(let id, let edit, nil):
            do {
                return .success(.correctSet(id: id, edit, original: try store.loggedSet(id: id)))
            } catch {
                return .failure(.failed("cannot read the set log: \(error)"))
            }
        default:
            return .success(command)
        }
    }

    /// `history` and `history --sets` on the loop (the state in memory): the last `days` days, read
    /// from the state database.
    func answer(_ command: Command) -> Result<CommandReply, CommandError>? {
        do {
            switch command {
            case .history(let days): return .success(.history(try store.history(since: try HistoryWindow.start(ofLast: days, now: now))))
            case .setLog(let days): return .success(.sets(try store.loggedSets(since: try HistoryWindow.start(ofLast: days, now: now))))
            default: return nil
            }
        } catch let error as CommandError {
            return .failure(error)
        } catch {
            return .failure(.failed("cannot read the state database: \(error)"))
        }
    }

    /// A set of the log was corrected: the summary (records, overload) cannot take it back. The store
    /// summed the corrected log up in the correction's transaction and kept it as the snapshot; it is read
    /// back — on another thread when there is a file to read (as at start-up), else now — and the daemon
    /// adopts it before its next event. The records timeline was made afresh then: nothing closed to keep.
    func summedUpAgain() -> BackgroundWork<Result<ProgressReading, StoreError>> {
        if let reader = store.logReader {
            return BackgroundWork(name: "gymbell-progress") {
                Result { () throws(StoreError) in (try reader.summary().summary, closed: []) }
            }
        }
        let summary = Result { () throws(StoreError) -> ProgressReading in (try store.progressSummary(), closed: []) }
        return BackgroundWork(name: "gymbell-progress") { summary }
    }
}

/// How a list is written in a reply: the JSON the CLI's `--json` prints, or the text rows `gymbell
/// report` reads (`SetLogRows`, `HistoryRows`).
enum LogEncoding: Sendable { case json, rows }
