import FoundationEssentials
import GymbellCore
import GymbellSQLite
import Testing

@testable import GymbellStore

/// Issue 47: what became of the daily reminders (schema v15) — written as the engine writes it, read
/// back after a restart, two years kept, hostile rows read within bounds or passed over.
@Suite("Reminder outcomes in the store")
struct ReminderOutcomeStoreTests {
    static let first = LocalDay(year: 2025, month: 1, day: 6)!

    static func outcome(_ offset: Int, _ answer: ReminderOutcome.Answer = .shown, snoozes: Int = 0, held: Bool = false) -> ReminderOutcome {
        let day = first.adding(days: offset)
        return ReminderOutcome(day: day, shownAt: Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 64_800),
                               answer: answer, snoozes: snoozes, held: held)
    }

    @Test func outcomesComeBackAfterARestartAndTheSameAsTheEngineKept() throws {
        let path = temporaryDatabasePath("outcomes")
        let store = try StateStore(path: path)
        var state = EngineState(stored: try store.load())
        let changes: [StoreChange] = [
            .keepOutcome(Self.outcome(0)), .keepOutcome(Self.outcome(0, .snoozed, snoozes: 1)),
            .keepOutcome(Self.outcome(0, .started, snoozes: 1)), .keepOutcome(Self.outcome(1, held: true)),
            .keepOutcome(Self.outcome(2, .skipped)),
        ]
        for change in changes {
            state.apply(change)
            try store.apply(change)
        }
        store.close()
        let loaded = try StateStore(path: path).load()
        #expect(loaded.outcomes == state.outcomes)
        #expect(loaded.outcomes.days.map(\.answer) == [.started, .shown, .skipped])
        #expect(loaded.outcomes[Self.first]?.snoozes == 1 && loaded.outcomes[Self.first.adding(days: 1)]?.held == true)
    }

    @Test func twoYearsAreKeptInTheFile() throws {
        let path = temporaryDatabasePath("outcomes-years")
        let store = try StateStore(path: path)
        var state = EngineState(stored: try store.load())
        for offset in 0..<800 {
            state.apply(.keepOutcome(Self.outcome(offset)))
            try store.apply(.keepOutcome(Self.outcome(offset)))
        }
        store.close()
        let loaded = try StateStore(path: path).load()
        #expect(loaded.outcomes.days.count == ReminderOutcome.keptDays)
        #expect(loaded.outcomes == state.outcomes)
    }

    @Test func hostileRowsDoNotStopTheStartUp() throws {
        let path = temporaryDatabasePath("outcomes-hostile")
        let store = try StateStore(path: path)
        try store.apply(.keepOutcome(Self.outcome(0)))
        store.close()
        let raw = try SQLiteConnection(path: path)
        try raw.execute("""
            INSERT INTO reminder_outcome (day, shown_at, answer, snoozes, held) VALUES
                (\(Self.first.daysSinceEpoch + 1), \(Double(Self.first.daysSinceEpoch + 1) * 86_400), 'snoozed', 9223372036854775807, 5),
                (\(Self.first.daysSinceEpoch + 2), 1e300, 'started', 1, 0),
                (\(Self.first.daysSinceEpoch + 3), \(Double(Self.first.daysSinceEpoch + 3) * 86_400), 'no such answer', -7, 0),
                (4611686018427387904, 0, 'started', 0, 0)
            """)
        raw.close()
        let loaded = try StateStore(path: path).load()
        #expect(loaded.outcomes.days.map(\.answer) == [.shown, .snoozed, .shown])
        #expect(loaded.outcomes.days.map(\.snoozes) == [0, ReminderOutcome.maximumSnoozes, 0])
        #expect(loaded.outcomes.days[1].held)
    }
}
