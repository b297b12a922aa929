import FoundationEssentials
import GymbellCore
import Logging

/// The week a weekly summary looks back on (issue 47), read from the state database where the sessions,
/// the sets and the records timeline live (the engine keeps no week of sets): `Effect.readWeek`,
/// answered with `Event.weekRead`. What cannot be read is logged, and that week has no summary.
struct WeekReads {
    let store: any StateStoring
    let logger: Logger

    func read(_ span: WeekSpan, timeZone: Zone) -> Event? {
        let start = span.start(in: timeZone)
        do {
            let entries = try store.history(since: start)
            let sets = try store.loggedSets(since: start)
            let earlier = try store.recordCandidates()
            return .weekRead(WeekReading(span: span, entries: entries, sets: sets, earlier: earlier))
        } catch {
            logger.error("cannot read the week for its summary; none this week", metadata: ["week_ending": "\(span.last)", "error": "\(error)"])
            return nil
        }
    }
}
