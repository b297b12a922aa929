import Foundation
import Testing
@testable import GymbellCore

@Suite("Learned reminder time: median of the latest starts per weekday")
struct LearnedTimeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let zone: Zone
        let starts: [String]
        let weekday: Weekday
        let now: String
        let usual: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Berlin Mondays across spring forward: local times, not UTC", zone: berlin,
             starts: ["2026-03-16T18:00:00+01:00", "2026-03-23T18:10:00+01:00", "2026-03-30T17:50:00+02:00",
                      "2026-04-06T18:05:00+02:00", "2026-04-13T18:20:00+02:00"],
             weekday: .mon, now: "2026-04-19T12:00:00+02:00", usual: "18:05"),
        Case(name: "Berlin: an even count takes the mean of the middle two", zone: berlin,
             starts: ["2026-03-16T18:00:00+01:00", "2026-03-23T18:10:00+01:00", "2026-03-30T18:20:00+02:00",
                      "2026-04-06T19:00:00+02:00"],
             weekday: .mon, now: "2026-04-19T12:00:00+02:00", usual: "18:15"),
        Case(name: "Berlin: two sessions are too few", zone: berlin,
             starts: ["2026-03-16T18:00:00+01:00", "2026-03-23T18:10:00+01:00"],
             weekday: .mon, now: "2026-04-19T12:00:00+02:00", usual: nil),
        Case(name: "Berlin: only a day's first session counts", zone: berlin,
             starts: ["2026-03-16T18:00:00+01:00", "2026-03-16T19:30:00+01:00", "2026-03-16T20:30:00+01:00",
                      "2026-03-23T18:10:00+01:00", "2026-03-30T18:20:00+02:00"],
             weekday: .mon, now: "2026-04-19T12:00:00+02:00", usual: "18:10"),
        Case(name: "Berlin: other weekdays and sessions after now are ignored", zone: berlin,
             starts: ["2026-03-16T07:00:00+01:00", "2026-03-17T18:00:00+01:00", "2026-03-23T07:10:00+01:00",
                      "2026-03-24T18:00:00+01:00", "2026-03-30T07:20:00+02:00", "2026-04-06T23:00:00+02:00"],
             weekday: .mon, now: "2026-04-01T12:00:00+02:00", usual: "07:10"),
        Case(name: "New York Sundays across fall back, only the latest 8", zone: newYork,
             starts: ["2026-09-06T06:00:00-04:00", "2026-09-13T06:00:00-04:00",  // older than the latest 8
                      "2026-09-20T07:00:00-04:00", "2026-09-27T07:05:00-04:00", "2026-10-04T07:00:00-04:00",
                      "2026-10-11T06:55:00-04:00", "2026-10-18T07:10:00-04:00", "2026-10-25T07:00:00-04:00",
                      "2026-11-01T07:00:00-05:00", "2026-11-08T07:02:00-05:00"],
             weekday: .sun, now: "2026-11-10T12:00:00-05:00", usual: "07:00"),
        Case(name: "Kolkata: 00:20 IST is Wednesday locally (Tuesday in UTC)", zone: kolkata,
             starts: ["2026-06-03T00:20:00+05:30", "2026-06-10T00:20:00+05:30", "2026-06-17T00:24:00+05:30"],
             weekday: .wed, now: "2026-06-20T12:00:00+05:30", usual: "00:20"),
        Case(name: "Kolkata: … and nothing on Tuesday", zone: kolkata,
             starts: ["2026-06-03T00:20:00+05:30", "2026-06-10T00:20:00+05:30", "2026-06-17T00:24:00+05:30"],
             weekday: .tue, now: "2026-06-20T12:00:00+05:30", usual: nil),
    ]

    @Test("usual start", arguments: cases)
    func usualStart(_ c: Case) {
        let learned = LearnedTime().usualStart(on: c.weekday, history: c.starts.map { entry($0) }, now: instant(c.now), in: c.zone)
        #expect(learned == c.usual.map(time))
    }

    static let berlinMondays = cases[0].starts.map { entry($0) }

    @Test func autoRemindsTheLeadBeforeTheUsualStart() {
        var settings = DailyReminderSettings()
        settings.autoTime = true
        let now = instant("2026-04-19T12:00:00+02:00")
        let learned = LearnedTime()
        #expect(learned.reminderTime(on: .mon, settings: settings, history: Self.berlinMondays, now: now, in: berlin) == time("17:35"))
        settings.autoLead = 0
        #expect(learned.reminderTime(on: .mon, settings: settings, history: Self.berlinMondays, now: now, in: berlin) == time("18:05"))
        // Nothing learned for Tuesday: the fixed time.
        settings.time = time("19:00")
        #expect(learned.reminderTime(on: .tue, settings: settings, history: Self.berlinMondays, now: now, in: berlin) == time("19:00"))
        // Not "auto": the fixed time even where something was learned.
        settings.autoTime = false
        #expect(learned.reminderTime(on: .mon, settings: settings, history: Self.berlinMondays, now: now, in: berlin) == time("19:00"))
    }

    @Test func theLeadDoesNotCrossMidnight() {
        var settings = DailyReminderSettings()
        settings.autoTime = true
        let history = Self.cases[6].starts.map { entry($0) }
        #expect(LearnedTime().reminderTime(on: .wed, settings: settings, history: history, now: instant("2026-06-20T12:00:00+05:30"),
                                           in: kolkata) == time("00:00"))
    }

    @Test func suggestionsListEveryWeekday() {
        var settings = DailyReminderSettings()
        settings.autoTime = true
        let suggestions = LearnedTime().suggestions(settings: settings, history: Self.berlinMondays,
                                                    now: instant("2026-04-19T12:00:00+02:00"), in: berlin)
        #expect(suggestions.map(\.weekday) == Weekday.allCases)
        #expect(suggestions[0] == LearnedTime.Suggestion(weekday: .mon, usualStart: time("18:05"), samples: 5, reminderTime: time("17:35")))
        #expect(suggestions[1] == LearnedTime.Suggestion(weekday: .tue, usualStart: nil, samples: 0, reminderTime: time("18:00")))
    }
}

@Suite("Daily planner with time = \"auto\"")
struct AutoTimePlannerTests {
    func config(auto: Bool) -> Config {
        var config = Config(program: [.mon: "push"], workouts: [
            "push": WorkoutDefinition(name: "push", title: "Push Day", kind: .hiit(HIITPlan(rounds: 1, work: 60, rest: 0)))])
        config.reminders.autoTime = auto
        config.reminders.autoLead = 30 * 60
        return config
    }

    // Mondays at about 07:00 local, across the spring-forward Sunday (29 March 2026 in Berlin).
    let mondays = ["2026-03-16T07:00:00+01:00", "2026-03-23T07:10:00+01:00", "2026-03-30T06:50:00+02:00"].map { entry($0) }

    @Test func theReminderComesAutoLeadBeforeTheLearnedStartInLocalTime() {
        let now = instant("2026-04-01T12:00:00+02:00")
        let planner = DailyPlanner(config: config(auto: true), history: mondays, now: now, in: berlin)
        #expect(planner.time(on: .mon) == LocalTime(hour: 6, minute: 30))
        let next = planner.next(after: now, in: berlin)
        #expect(next?.occurrence == instant("2026-04-06T06:30:00+02:00"))
        #expect(next?.workoutName == "push")
    }

    @Test func tooFewSessionsOrAutoOffFallBackToTheFixedTime() {
        let now = instant("2026-04-01T12:00:00+02:00")
        let few = DailyPlanner(config: config(auto: true), history: Array(mondays.prefix(2)), now: now, in: berlin)
        #expect(few.next(after: now, in: berlin)?.occurrence == instant("2026-04-06T18:00:00+02:00"))
        let off = DailyPlanner(config: config(auto: false), history: mondays, now: now, in: berlin)
        #expect(off.next(after: now, in: berlin)?.occurrence == instant("2026-04-06T18:00:00+02:00"))
    }
}

@Suite("Sets done as the history records them")
struct SetsDoneTests {
    @Test func intervalRoundsCountWhenTheirWorkEnds() {
        let start = instant("2026-11-22T10:00:00+01:00")
        let hiit = Session(id: SessionID("h"), kind: .hiit, title: "HIIT", startedAt: start, endsAt: start.addingTimeInterval(180),
                           detail: .interval(.hiit(HIITPlan(rounds: 3, work: 40, rest: 20)), from: start))
        #expect([0, 39, 40, 99, 100, 160, 500].map { hiit.setsDone(at: start.addingTimeInterval($0)) } == [0, 0, 1, 1, 2, 3, 3])
        let rest = Session(id: SessionID("r"), kind: .rest, title: "Rest", startedAt: start, endsAt: start.addingTimeInterval(90))
        #expect(rest.setsDone(at: start.addingTimeInterval(100)) == 0)
    }
}
