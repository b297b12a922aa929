import Foundation
import Testing
@testable import GymbellCore

@Suite("Daily planner: texts, late rule, never twice")
struct DailyPlannerTests {
    func config(time: String = "18:00", days: Set<Weekday> = Set(Weekday.allCases), grace: TimeInterval = 7200) -> Config {
        var config = Config()
        config.reminders.time = GymbellCoreTests.time(time)
        config.reminders.days = days
        config.reminders.lateGrace = grace
        return config
    }

    @Test func noProgramGivesTheGenericReminder() throws {
        let planner = DailyPlanner(config: config())
        let planned = try #require(planner.next(after: instant("2026-11-22T12:00:00Z"), in: Zone.utc))
        #expect(planned.title == "Time to Workout! 💪")
        #expect(planned.body == "Your daily workout awaits.")
        #expect(planned.kind == .daily)
        let notice = ReminderNotice.make(for: planned.reminder(), server: .unknown, sessionRunning: false, windowInstalled: true, messages: .english)
        #expect(notice.actions.map(\.key) == ["default", "start", "snooze"])
        #expect(notice.actions.map(\.label) == ["Start Workout", "Start Workout", "Snooze 1 hour"])
    }

    @Test func programDaysNameTheWorkoutAndRestDaysAreOptIn() throws {
        var config = config()
        config.workouts["push"] = WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: []))
        config.program = [.mon: "push"]
        let utc = Zone.utc
        let monday = try #require(LocalDay(year: 2026, month: 11, day: 23))
        let tuesday = monday.adding(days: 1)
        let planner = DailyPlanner(config: config)
        #expect(planner.planned(on: monday, in: utc)?.title == "Workout Time!")
        #expect(planner.planned(on: monday, in: utc)?.body == "Today: Push Day")
        #expect(planner.planned(on: tuesday, in: utc) == nil)
        config.reminders.restDays = true
        let withRest = DailyPlanner(config: config).planned(on: tuesday, in: utc)
        #expect(withRest?.kind == .restDay)
        #expect(withRest?.title == "Rest Day")
        #expect(withRest?.body == "Recovery is progress. Take it easy today!")
        let restNotice = try #require(withRest.map { ReminderNotice.make(for: $0.reminder(), server: .unknown, sessionRunning: false, windowInstalled: true, messages: .english) })
        #expect(restNotice.actions.map(\.key) == ["default"])  // a click only dismisses it
    }

    @Test func firstRunDoesNotFireWhatWasBeforeIt() {
        let planner = DailyPlanner(config: config())
        let decision = planner.decide(at: instant("2026-11-22T18:30:00+01:00"), state: DailyState(), in: berlin)
        #expect(decision.fireNow == nil)
        #expect(decision.next?.occurrence == instant("2026-11-23T18:00:00+01:00"))
        #expect(decision.state.lastHandled == instant("2026-11-22T18:30:00+01:00"))
    }

    @Test func onTimeFiresOnceAndNeverTwice() {
        let planner = DailyPlanner(config: config())
        let state = DailyState(lastHandled: instant("2026-11-22T09:00:00+01:00"))
        let at = instant("2026-11-22T18:00:00.0003+01:00")
        let first = planner.decide(at: at, state: state, in: berlin)
        #expect(first.fireNow?.occurrence == instant("2026-11-22T18:00:00+01:00"))
        #expect(first.next?.occurrence == instant("2026-11-23T18:00:00+01:00"))
        let again = planner.decide(at: at.addingTimeInterval(5), state: first.state, in: berlin)
        #expect(again.fireNow == nil)
    }

    @Test("late start-up: within the grace window fires once, beyond it skips", arguments: [
        ("2026-11-22T19:59:00+01:00", true),
        ("2026-11-22T20:00:00+01:00", true),
        ("2026-11-22T20:00:01+01:00", false),
        ("2026-11-23T09:00:00+01:00", false),
    ])
    func lateRule(now: String, fires: Bool) {
        let planner = DailyPlanner(config: config(grace: 7200))
        let state = DailyState(lastHandled: instant("2026-11-22T10:00:00+01:00"))
        let decision = planner.decide(at: instant(now), state: state, in: berlin)
        #expect((decision.fireNow != nil) == fires)
        #expect(decision.state.lastHandled == instant("2026-11-22T18:00:00+01:00"))
        #expect(decision.next.map { $0.occurrence > instant(now) } == true)
    }

    @Test func quietDaySkipsTodayButNotTomorrow() {
        let planner = DailyPlanner(config: config())
        let at = instant("2026-11-22T12:00:00+01:00")
        let today = LocalDay(containing: at, in: berlin)
        let decision = planner.decide(at: at, state: DailyState(lastHandled: at, quietDay: today), in: berlin)
        #expect(decision.next?.occurrence == instant("2026-11-23T18:00:00+01:00"))
        // Even a late start-up on a quiet day shows nothing.
        let late = planner.decide(at: instant("2026-11-22T18:30:00+01:00"), state: DailyState(lastHandled: at, quietDay: today), in: berlin)
        #expect(late.fireNow == nil)
    }

    @Test func timeZoneChangeReResolvesTheSameLocalTime() {
        let planner = DailyPlanner(config: config(time: "07:00"))
        let at = instant("2026-11-22T00:00:00Z")
        #expect(planner.next(after: at, in: berlin)?.occurrence == instant("2026-11-22T07:00:00+01:00"))
        #expect(planner.next(after: at, in: kolkata)?.occurrence == instant("2026-11-22T07:00:00+05:30"))  // 05:30 there: later today
        #expect(planner.next(after: at, in: newYork)?.occurrence == instant("2026-11-22T07:00:00-05:00"))
    }

    @Test func disabledRemindsNever() {
        var config = config()
        config.reminders.enabled = false
        #expect(DailyPlanner(config: config).next(after: instant("2026-11-22T00:00:00Z"), in: berlin) == nil)
    }
}

@Suite("Upcoming daily reminders")
struct UpcomingTests {
    @Test func listsProgramDaysRestDaysAndSkipsTheQuietDay() throws {
        var config = Config()
        config.reminders.time = time("07:00")
        config.reminders.restDays = true
        config.workouts["push"] = WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: []))
        config.workouts["hiit"] = WorkoutDefinition(name: "hiit", title: "HIIT 20", kind: .hiit(HIITPlan(rounds: 5, work: 40, rest: 20)))
        config.program = [.mon: "push", .wed: "hiit"]
        let planner = DailyPlanner(config: config)
        let sunday = instant("2026-11-22T08:00:00+01:00")  // after today's 07:00
        let week = planner.upcoming(after: sunday, days: 7, in: berlin)
        #expect(week.map(\.day.description) == ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"])
        #expect(week.map(\.title) == ["Workout Time!", "Rest Day", "Workout Time!", "Rest Day", "Rest Day", "Rest Day"])
        #expect(week[0].body == "Today: Push Day" && week[0].workoutName == "push")
        #expect(week[2].body == "Today: HIIT 20 · 5 min")
        let monday = try #require(LocalDay(year: 2026, month: 11, day: 23))
        #expect(planner.upcoming(after: sunday, days: 3, in: berlin, excluding: monday).map(\.day.description) == ["2026-11-24"])
    }

    @Test func acrossTheSpringForwardDay() {
        var config = Config()
        config.reminders.time = time("02:30")
        let list = DailyPlanner(config: config).upcoming(after: instant("2026-03-28T12:00:00+01:00"), days: 3, in: berlin)
        #expect(list.map(\.occurrence) == ["2026-03-29T03:00:00+02:00", "2026-03-30T02:30:00+02:00"].map(instant))
    }
}
