import FoundationEssentials
import Testing

@testable import GymbellCore

/// The set log's text rows (`SetLogRows`): what goes in comes back equal.
@Suite struct LoggedSetRowsTests {
    static let sets = [
        LoggedSet(
            session: SessionID("s-1"), workout: "push", exercise: "Bench Press", setNumber: 1, reps: 5, plannedReps: 5, weight: 82.5,
            at: Date(timeIntervalSince1970: 1_764_000_000.123456)),
        LoggedSet(session: SessionID("s-1"), exercise: "Pull-up", setNumber: 2, reps: nil, weight: nil, failed: true, at: Date(timeIntervalSinceReferenceDate: 0.1)),
        LoggedSet(
            session: SessionID("s\t2\\"), workout: "", exercise: "Curl\nwith \\t a tab\r", setNumber: 10, reps: 7, plannedReps: nil, weight: 0.1 + 0.2,
            unit: .lb, at: Date(timeIntervalSinceReferenceDate: 815_000_000.000_001)),
        LoggedSet(session: SessionID("ß ✓"), workout: "=eq", exercise: "Ünïcode 🏋️", setNumber: 3, reps: 0, weight: -0.0, at: Date(timeIntervalSince1970: 0)),
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

    @Test(arguments: ["a\tb", "s\t\tBench\tx\t5\t5\t80\tkg\t0\t1", "s\t\tBench\t1\t5\t5\t80\tstone\t0\t1", "s\t\tBench\t1\t5\t5\t80\tkg\t2\t1"])
    func refusesMalformedRows(_ text: String) {
        #expect(throws: LogRows.Malformed.self) { try LoggedSet.decode(rowsText: text) }
    }
}
