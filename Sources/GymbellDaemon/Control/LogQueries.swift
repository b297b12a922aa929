import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellStore

/// The history and the set log as the control interface lists them: the sessions from the engine,
/// the sets from the state database, where the log lives (the engine keeps a summary, issue 33).
struct LogQueries {
    let store: any StateStoring
    let now: Date

    /// `history` and `history --sets` answered off the loop: the sessions (a copy of the engine's) or
    /// the sets (read on a connection of their own) found and written as JSON on another thread, so
    /// that years of them do not hold up a reminder falling due meanwhile (issue 33). Nil while the
    /// state lives in memory (its copy has one connection): then `run` answers on the loop.
    func offLoop(_ command: Command, history: [HistoryEntry]) -> OffLoopAnswer? {
        switch command {
        case .history(let days):
            return { answer in
                do throws(CommandError) {
                    let since = try HistoryWindow.start(ofLast: days, now: now)
                    OffLoopWork.detached(name: "gymbell-reply") { answer(.success(HistoryEntry.jsonText(history.filter { $0.startedAt >= since }))) }
                } catch {
                    answer(.failure(error))
                }
            }
        case .setLog(let days):
            guard let reader = store.setLogReader else { return nil }
            return { answer in
                do throws(CommandError) {
                    let since = try HistoryWindow.start(ofLast: days, now: now)
                    OffLoopWork.detached(name: "gymbell-reply") {
                        do {
                            answer(.success(LoggedSet.jsonText(try reader.loggedSets(since: since))))
                        } catch {
                            answer(.failure(.failed("cannot read the set log: \(error)")))
                        }
                    }
                } catch {
                    answer(.failure(error))
                }
            }
        default:
            return nil
        }
    }

    /// `history --sets`: the last `days` days of the log, read from the state database (the engine
    /// keeps only what its rules need of it, issue 33).
    func setLog(days: Int) -> Result<CommandReply, CommandError> {
        do {
            let since = try HistoryWindow.start(ofLast: days, now: now)
            return .success(.sets(try store.loggedSets(since: since)))
        } catch let error as CommandError {
            return .failure(error)
        } catch {
            return .failure(.failed("cannot read the set log: \(error)"))
        }
    }

    /// `history correct`: the command with the set as the log has it (nil when it has none), for the
    /// engine to decide on: the log lives in the database, not in the engine.
    func correction(of id: Int64, _ edit: SetEdit) -> Result<Command, CommandError> {
        do {
            return .success(.correctSet(id: id, edit, original: try store.loggedSet(id: id)))
        } catch {
            return .failure(.failed("cannot read the set log: \(error)"))
        }
    }

    /// A set of the log was corrected: the summary (records, overload) cannot take it back, so the log
    /// is summed up again — on another thread when there is a file to read (as at start-up), else now —
    /// and the daemon adopts it before its next event.
    func summedUpAgain() -> BackgroundWork<Result<ProgressSummary, StoreError>> {
        if let reader = store.setLogReader {
            return BackgroundWork(name: "gymbell-progress") { Result { () throws(StoreError) in try reader.summary() } }
        }
        let summary = Result { () throws(StoreError) in try store.progressSummary() }
        return BackgroundWork(name: "gymbell-progress") { summary }
    }
}
