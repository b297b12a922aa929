import Foundation
import Testing
@testable import GymbellCore

/// `gymbell history correct` / CorrectSet (issue 30): the engine decides on the set the daemon read from
/// the log; the log summed up again (as the daemon does after the store's rewrite) carries the records.
@Suite struct EngineSetCorrectionTests {
    static let at = instant("2026-03-02T18:00:00+01:00")
    static let bench = LoggedSet(
        session: SessionID("s2"), workout: "push", exercise: "Bench Press", setNumber: 1, reps: 8, plannedReps: 8, weight: 105,
        at: at, id: 3)
    static let squat = LoggedSet(
        session: SessionID("s2"), workout: "push", exercise: "Squat", setNumber: 2, reps: 4, plannedReps: 5, weight: 225, unit: .lb,
        failed: true, at: at.addingTimeInterval(90), id: 4)

    struct Case: CustomTestStringConvertible, Sendable {
        var edit: SetEdit
        var original: LoggedSet
        /// The set as written, or nil when nothing is written.
        var corrected: LoggedSet?
        var reply: Result<CommandReply, CommandError>
        var testDescription: String { "\(edit) of \(original.loadText)" }
    }

    static func with(_ set: LoggedSet, _ change: (inout LoggedSet) -> Void) -> LoggedSet {
        var set = set
        change(&set)
        return set
    }

    static let cases: [Case] = [
        Case(edit: SetEdit(weight: 95), original: bench, corrected: with(bench) { $0.weight = 95 },
             reply: .success(.text("Set 3 (Bench Press, set 1) is now 8 × 95 kg (was 8 × 105 kg)."))),
        // Fewer reps than planned count as failed unless said otherwise; the unit is kept.
        Case(edit: SetEdit(reps: 6), original: bench, corrected: with(bench) { $0.reps = 6; $0.failed = true },
             reply: .success(.text("Set 3 (Bench Press, set 1) is now 6 × 105 kg, failed (was 8 × 105 kg)."))),
        Case(edit: SetEdit(reps: 6, failed: false), original: bench, corrected: with(bench) { $0.reps = 6 },
             reply: .success(.text("Set 3 (Bench Press, set 1) is now 6 × 105 kg (was 8 × 105 kg)."))),
        Case(edit: SetEdit(reps: 5), original: squat, corrected: with(squat) { $0.reps = 5; $0.failed = false },
             reply: .success(.text("Set 4 (Squat, set 2) is now 5 × 225 lb (was 4 × 225 lb, failed)."))),
        Case(edit: SetEdit(failed: true), original: bench, corrected: with(bench) { $0.failed = true },
             reply: .success(.text("Set 3 (Bench Press, set 1) is now 8 × 105 kg, failed (was 8 × 105 kg)."))),
        Case(edit: SetEdit(reps: 8, weight: 105), original: bench, corrected: nil,
             reply: .success(.text("Set 3 (Bench Press, set 1) is 8 × 105 kg already; nothing changed."))),
        Case(edit: SetEdit(), original: bench, corrected: nil,
             reply: .failure(.invalidArgument("nothing to change: say --reps, --weight, --seconds, --rpe, --failed, --done, --warm-up or --working"))),
        Case(edit: SetEdit(reps: -1), original: bench, corrected: nil, reply: .failure(.invalidArgument("reps must be 0 to 1000, not -1"))),
        Case(edit: SetEdit(reps: 1001), original: bench, corrected: nil, reply: .failure(.invalidArgument("reps must be 0 to 1000, not 1001"))),
        Case(edit: SetEdit(weight: 2000.5), original: bench, corrected: nil,
             reply: .failure(.invalidArgument("a weight must be 0 to 2000, not 2000.5"))),
        Case(edit: SetEdit(weight: .nan), original: bench, corrected: nil, reply: .failure(.invalidArgument("a weight must be 0 to 2000, not nan"))),
    ]

    @Test(arguments: cases) func theCorrectionDecided(_ c: Case) throws {
        var world = try EngineHarness(at: "2026-03-03T09:00:00+01:00")
        #expect(world.command(.correctSet(id: c.original.id ?? 0, c.edit, original: c.original)) == c.reply)
        let written = world.writes.compactMap { if case .correctSet(let original, let corrected) = $0 { (original, corrected) } else { nil } }
        #expect(written.map(\.0) == (c.corrected == nil ? [] : [c.original]))
        #expect(written.map(\.1) == (c.corrected.map { [$0] } ?? []))
    }

    @Test func aSetTheLogDoesNotHaveIsRefused() throws {
        var world = try EngineHarness(at: "2026-03-03T09:00:00+01:00")
        #expect(world.command(.correctSet(id: 99, SetEdit(reps: 3), original: nil))
            == .failure(.invalidArgument("no set has the id 99 in the log; `gymbell history --sets` shows each set's id")))
        #expect(!world.writes.contains { if case .correctSet = $0 { true } else { false } })
    }

    /// The records follow: the log summed up again after a correction, as the daemon adopts it.
    @Test func theRecordsFollowTheCorrectedLog() {
        let before = LoggedSet(
            session: SessionID("s1"), workout: "push", exercise: "Bench Press", setNumber: 1, reps: 8, plannedReps: 8, weight: 100,
            at: Self.at.addingTimeInterval(-86400), id: 1)
        let log = [before, Self.bench]
        #expect(ProgressSummary(log).records(of: SessionID("s2"), minPercent: 0).map(\.set.weight) == [105])
        // A record that was none: 95 kg is below the 100 kg before it.
        let lighter = SetEdit(weight: 95).applied(to: Self.bench)
        let summary = ProgressSummary([before, lighter])
        #expect(summary.records(of: SessionID("s2"), minPercent: 0).isEmpty)
        #expect(summary.bests.first?.heaviest.weight == 100)
        // A failed set becomes a record once it was done after all.
        let failed = Self.with(Self.bench) { $0.failed = true; $0.weight = 110 }
        #expect(ProgressSummary([before, failed]).records(of: SessionID("s2"), minPercent: 0).isEmpty)
        let done = SetEdit(failed: false).applied(to: failed)
        #expect(ProgressSummary([before, done]).records(of: SessionID("s2"), minPercent: 0).map(\.set.weight) == [110])
    }

    @Test func theLogsIDTravelsInTheJSONAndTheSummaryKeepsNone() throws {
        let text = LoggedSet.jsonText([Self.bench])
        #expect(text.contains("\"id\":3") || text.contains("\"id\" : 3"))
        #expect(try LoggedSet.decode(jsonText: text) == [Self.bench])
        var unnumbered = Self.bench
        unnumbered.id = nil
        #expect(!LoggedSet.jsonText([unnumbered]).contains("\"id\""))
    }
}
