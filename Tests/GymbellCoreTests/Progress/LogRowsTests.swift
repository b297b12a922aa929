import FoundationEssentials
import Testing

@testable import GymbellCore

/// The set log's and the history's text rows (`SetLogRows`, `HistoryRows`): what goes in comes back equal.
@Suite struct LogRowsTests {
    static let sets = [
        LoggedSet(
            session: SessionID("s-1"), workout: "push", exercise: "Bench Press", setNumber: 1, reps: 5, plannedReps: 5, weight: 82.5,
            at: Date(timeIntervalSince1970: 1_764_000_000.123456), id: 42),
        LoggedSet(session: SessionID("s-1"), exercise: "Pull-up", setNumber: 2, reps: nil, weight: nil, failed: true, at: Date(timeIntervalSinceReferenceDate: 0.1)),
        LoggedSet(
            session: SessionID("s\t2\\"), workout: "", exercise: "Curl\nwith \\t a tab\r", setNumber: 10, reps: 7, plannedReps: nil, weight: 0.1 + 0.2,
            unit: .lb, at: Date(timeIntervalSinceReferenceDate: 815_000_000.000_001)),
        LoggedSet(session: SessionID("ß ✓"), workout: "=eq", exercise: "Ünïcode 🏋️", setNumber: 3, reps: 0, weight: -0.0, at: Date(timeIntervalSince1970: 0), id: Int64.max),
    ]

    @Test func roundTripsEveryField() throws {
        let text = LoggedSet.rowsText(Self.sets)
        #expect(text.split(separator: "\n").count == Self.sets.count)
        #expect(try LoggedSet.decode(rowsText: text) == Self.sets)
    }

    @Test func emptyLogIsEmptyText() throws {
        #expect(LoggedSet.rowsText([]) == "")
        #expect(try LoggedSet.decode(rowsText: "").isEmpty)
    }

    @Test(arguments: [
        "a\tb", "s\t\tBench\tx\t5\t5\t80\tkg\t0\t1\t", "s\t\tBench\t1\t5\t5\t80\tstone\t0\t1\t", "s\t\tBench\t1\t5\t5\t80\tkg\t2\t1\t",
        "s\t\tBench\t1\t5\t5\t80\tkg\t0\t1\t#3", "s\t\tBench\t1\t5\t5\t80\tkg\t0\t1",
    ])
    func refusesMalformedRows(_ text: String) {
        #expect(throws: LogRows.Malformed.self) { try LoggedSet.decode(rowsText: text) }
    }

    @Test func historyRoundTripsEveryField() throws {
        let entries = [
            HistoryEntry(
                id: SessionID("s-1"), workout: "push", title: "Push Day", kind: .strength, startedAt: Date(timeIntervalSince1970: 1_764_000_000.5),
                endedAt: Date(timeIntervalSince1970: 1_764_003_600.25), outcome: .completed, setsDone: 23,
                lastProgressAt: Date(timeIntervalSince1970: 1_764_003_000.125)),
            HistoryEntry(id: SessionID("r\t1"), title: "Rest\twith\na tab", kind: .rest, startedAt: Date(timeIntervalSinceReferenceDate: 0.1), outcome: .running),
            HistoryEntry(
                id: SessionID("x"), workout: "", title: "", kind: .hiit, startedAt: Date(timeIntervalSinceReferenceDate: 815_000_000.000_001),
                endedAt: nil, outcome: .abandoned, setsDone: 0, recovered: true),
            HistoryEntry(id: SessionID("w"), workout: "=walk ✓", title: "Walk 🚶", kind: .walkrun, startedAt: Date(timeIntervalSince1970: 0), outcome: .stopped),
        ]
        let text = HistoryEntry.rowsText(entries)
        #expect(text.split(separator: "\n").count == entries.count)
        let back = try HistoryEntry.decode(rowsText: text)
        #expect(back.map(\.id) == entries.map(\.id) && back.map(\.workout) == entries.map(\.workout) && back.map(\.title) == entries.map(\.title))
        #expect(back.map(\.kind) == entries.map(\.kind) && back.map(\.outcome) == entries.map(\.outcome))
        #expect(back.map(\.startedAt) == entries.map(\.startedAt) && back.map(\.endedAt) == entries.map(\.endedAt))
        #expect(back.map(\.lastProgressAt) == entries.map(\.lastProgressAt) && back.map(\.setsDone) == entries.map(\.setsDone))
        #expect(back.map(\.recovered) == entries.map(\.recovered))
        #expect(throws: LogRows.Malformed.self) { try HistoryEntry.decode(rowsText: "x\t\tT\tyoga\t0\t\tcompleted\t0\t0\t0") }
    }
}
