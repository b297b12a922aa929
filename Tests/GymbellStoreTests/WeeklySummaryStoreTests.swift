import FoundationEssentials
import GymbellCore
import GymbellSQLite
import Testing

@testable import GymbellStore

/// Issue 47: the day of the last weekly summary (schema v16, `daily_state.weekly_summary_day`) — written
/// as the engine writes it and read back after a restart, so a week is never summed up twice.
@Suite("Weekly summary mark in the store")
struct WeeklySummaryStoreTests {
    @Test func theMarkComesBackAfterARestartWithTheOtherDays() throws {
        let path = temporaryDatabasePath("weekly")
        let store = try StateStore(path: path)
        #expect(try store.load().daily.weeklySummaryDay == nil)
        let sunday = LocalDay(year: 2026, month: 3, day: 8)!
        let daily = DailyState(
            lastHandled: Date(timeIntervalSince1970: 1_772_990_000), quietDay: sunday, restAdviceDay: sunday.adding(days: -1),
            streakWarnedDay: sunday.adding(days: -2), weeklySummaryDay: sunday)
        try store.apply(.saveDaily(daily))
        store.close()
        let reopened = try StateStore(path: path)
        #expect(try reopened.load().daily == daily)
        #expect(try StoreDatabase(path: path, flags: [.readOnly]).value("PRAGMA user_version", as: Int.self) == StoreSchema.latestVersion)
        // The next week's mark replaces it.
        try reopened.apply(.saveDaily(DailyState(weeklySummaryDay: sunday.adding(days: 7))))
        reopened.close()
        #expect(try StateStore(path: path).load().daily.weeklySummaryDay == sunday.adding(days: 7))
    }

    @Test func aFileFromBeforeTheColumnGetsIt() throws {
        let path = temporaryDatabasePath("weekly-v15")
        let store = try StateStore(path: path)
        try store.apply(.saveDaily(DailyState(quietDay: LocalDay(year: 2026, month: 3, day: 1))))
        store.close()
        // As schema v15 left it: no weekly_summary_day column.
        let raw = try StoreDatabase(path: path)
        try raw.executeScript(#"ALTER TABLE "daily_state" DROP COLUMN "weekly_summary_day"; PRAGMA user_version = 15;"#)
        raw.close()
        let upgraded = try StateStore(path: path)
        #expect(try upgraded.load().daily == DailyState(quietDay: LocalDay(year: 2026, month: 3, day: 1)))
        try upgraded.apply(.saveDaily(DailyState(weeklySummaryDay: LocalDay(year: 2026, month: 3, day: 8))))
        upgraded.close()
        #expect(try StateStore(path: path).load().daily.weeklySummaryDay == LocalDay(year: 2026, month: 3, day: 8))
    }
}
