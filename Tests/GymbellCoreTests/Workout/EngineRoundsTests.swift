import Foundation
import Testing
@testable import GymbellCore

/// Issue 44: the rounds in the log — an AMRAP's counted rounds and a circuit's completed ones kept with
/// the session, each AMRAP workout's most rounds a record said at its end ("New record: 4 rounds").
@Suite("Engine: rounds of circuits and AMRAPs")
struct EngineRoundsTests {
    /// An AMRAP run to its 2 min cap with `rounds` Done.
    static func amrap(_ world: inout EngineHarness, rounds: Int) throws -> String? {
        let begin = world.now
        guard case .success = world.command(.start(workout: "amrap")) else { throw EngineStepTests.Failure("start refused") }
        for _ in 0..<rounds {
            world.advance(by: 10)
            guard case .success = world.command(.setDone) else { throw EngineStepTests.Failure("round refused") }
        }
        world.advance(to: begin.addingTimeInterval(125))
        return world.shown.last(where: { $0.title == "Workout complete 🎉" && $0.at >= begin })?.body
    }

    @Test func anAmrapsRoundsAreLoggedAndBeatingThemIsANewRecord() throws {
        var world = try EngineHarness(EngineStepTests.circuit, at: EngineStepTests.start)
        // The first time: nothing to beat.
        #expect(try Self.amrap(&world, rounds: 3) == "AMRAP: 3 rounds. Great work!")
        #expect(world.history.last?.rounds == 3 && world.history.last?.amrap == true)
        #expect(world.state.roundBests["amrap"]?.rounds == 3)
        world.advance(by: 3600)
        // As many: no record.
        #expect(try Self.amrap(&world, rounds: 3) == "AMRAP: 3 rounds. Great work!")
        world.advance(by: 3600)
        #expect(try Self.amrap(&world, rounds: 4) == "AMRAP: New record: 4 rounds (before: 3). Great work!")
        #expect(world.state.roundBests["amrap"]?.rounds == 4)
        #expect(world.history.map(\.rounds) == [3, 3, 4])
        guard case .success(.records(let report)) = world.command(.records(earlier: [])) else { Issue.record("records refused"); return }
        #expect(report.rounds.map(\.rounds) == [4])
        #expect(report.rounds.first?.workout == "amrap" && report.rounds.first?.title == "AMRAP")
    }

    @Test func recordsOffSaysNoRecordAndAStoppedAmrapSetsNone() throws {
        var world = try EngineHarness(EngineStepTests.circuit + "\n[progress]\nrecords = false\n", at: EngineStepTests.start)
        _ = try Self.amrap(&world, rounds: 2)
        world.advance(by: 3600)
        #expect(try Self.amrap(&world, rounds: 5) == "AMRAP: 5 rounds. Great work!")
        world.advance(by: 3600)
        _ = world.command(.start(workout: "amrap"))
        for _ in 0..<9 {
            world.advance(by: 5)
            _ = world.command(.setDone)
        }
        _ = world.command(.stop)
        #expect(world.history.last?.rounds == 9 && world.history.last?.outcome == .stopped)
        #expect(world.state.roundBests["amrap"]?.rounds == 5)  // a stopped AMRAP did not run to its cap
    }

    @Test func aCircuitKeepsTheRoundsItCompleted() throws {
        var (world, _) = try EngineStepTests.started("body")
        world.advance(by: 10)
        _ = world.command(.setDone)  // round 1's push-ups
        world.advance(by: 15 + 30)  // the rest, the plank: round 1 complete
        world.advance(by: 5)
        _ = world.command(.stop)
        #expect(world.history.last?.rounds == 1)
        #expect(world.history.last?.amrap == false)
        #expect(world.state.roundBests.isEmpty)
    }

    @Test func historyEntriesCarryTheirRoundsThroughJSONAndRows() throws {
        let entry = HistoryEntry(
            id: SessionID("a"), workout: "amrap", title: "AMRAP", kind: .circuit, startedAt: Date(timeIntervalSince1970: 1_800_000_000),
            endedAt: Date(timeIntervalSince1970: 1_800_000_600), outcome: .completed, rounds: 7, amrap: true)
        let plain = HistoryEntry(id: SessionID("b"), title: "Rest", kind: .rest, startedAt: Date(timeIntervalSince1970: 1_800_001_000), outcome: .completed)
        #expect(try HistoryEntry.decode(jsonText: HistoryEntry.jsonText([entry, plain])) == [entry, plain])
        #expect(HistoryEntry.jsonText([plain]).contains(#""rounds":null"#))
        #expect(try HistoryEntry.decode(rowsText: HistoryEntry.rowsText([entry, plain])) == [entry, plain])
        // A line of ten fields (a daemon from before the rounds) still reads, without rounds.
        let old = HistoryEntry.rowsText([plain]).split(separator: "\t", omittingEmptySubsequences: false).dropLast(2).joined(separator: "\t") + "\n"
        #expect(try HistoryEntry.decode(rowsText: old) == [plain])
    }
}
