import Foundation
import Testing
@testable import GymbellCore

/// Several programmes at once (issue 47, seed 000's "Multiple Programs"): `[program]` beside
/// `[programs.NAME]` tables — the day's workouts by priority, spans that end, one daily reminder naming
/// both with a Start button for each, the streak and the calendar over both.
@Suite("Several programmes")
struct ProgrammesTests {
    static let workouts = """
        [workouts.push]
        title = "Push Day"
        kind = "strength"
        exercises = [{ name = "Bench Press", sets = 3, reps = 8, weight = 60, rest = 90 }]

        [workouts.easy_run]
        title = "Easy Run"
        kind = "walkrun"
        run = "5m"
        walk = "1m"
        repeats = 4

        [workouts.long_run]
        title = "Long Run"
        kind = "walkrun"
        run = "10m"
        walk = "1m"
        repeats = 6

        """

    /// A strength programme for good, and an eight-week running plan from Monday 2 November 2026.
    static let two = """
        [reminders]
        weekly_summary = false

        [program]
        mon = "push"
        wed = "push"
        fri = "push"

        [programs.running]
        title = "Running plan"
        mon = "easy_run"
        sat = "long_run"
        start = 2026-11-02
        weeks = 2
        priority = 2

        """ + workouts

    func config(_ text: String = two) throws -> Config { try ConfigParser.parse(text, path: "config.toml") }

    // MARK: The config

    @Test func bothProgrammesAreReadWithTheirTitleSpanAndPriority() throws {
        let config = try config()
        #expect(config.program == [.mon: "push", .wed: "push", .fri: "push"])
        #expect(config.programmes == [Programme(
            name: "running", title: "Running plan", days: [.mon: "easy_run", .sat: "long_run"],
            span: ProgramSpan(start: day("2026-11-02"), weeks: 2), priority: 2)])
        #expect(config.plan.programmes.map(\.name) == ["program", "running"])
        #expect(config.plan.isSeveral)
    }

    @Test(arguments: [
        ("[programs.running]\nmon = \"easy_runn\"\n", "config.toml:2:7: programs.running.mon: no workout is named \"easy_runn\"; did you mean \"easy_run\"?"),
        ("[programs.running]\nmon = \"easy_run\"\npriority = 0\n", "config.toml:3:12: programs.running.priority: 0 is out of range; use 1 to 9"),
        ("[programs.running]\nmondy = \"easy_run\"\n", "config.toml:2:1: unknown key \"mondy\" in [programs.running]; did you mean \"mon\"?"),
        ("[programs.running]\nmon = \"easy_run\"\nstart = 2026-11-02\n", "config.toml:3:9: programs.running.start: a programme with a start needs its length too: add weeks = 8 (say) to [programs.running]"),
        ("[programs]\nrunning = \"easy_run\"\n", "config.toml:2:11: programs.running: expected a table [programs.running] with a workout for some weekdays, got string \"easy_run\""),
    ])
    func aMistakeIsToldAtItsPlace(text: String, message: String) throws {
        let errors = #expect(throws: ConfigErrors.self) { try ConfigParser.parse(text + "\n" + Self.workouts, path: "config.toml") }
        #expect(errors?.diagnostics.map(\.description) == [message])
    }

    @Test func aProgrammeWithoutADayIsNoMistakeAndPlansNothing() throws {
        let checked = try ConfigParser.check("[programs.running]\ntitle = \"Runs\"\n\n" + Self.workouts, path: "config.toml")
        #expect(checked.warnings.isEmpty)
        #expect(checked.config.programmes == [Programme(name: "running", title: "Runs", days: [:])])
        #expect(checked.config.plan.programmes.allSatisfy { $0.days.isEmpty })
    }

    // MARK: The days

    struct Day: CustomTestStringConvertible, Sendable {
        let day: String
        let programPriority: Int
        let workouts: [String]
        var testDescription: String { "\(day) (priority of [program] \(programPriority)): \(workouts)" }
    }

    @Test(arguments: [
        // A Monday in the running plan's first week: both, [program] first by priority.
        Day(day: "2026-11-02", programPriority: 1, workouts: ["push", "easy_run"]),
        // The running plan first where it has the higher priority.
        Day(day: "2026-11-02", programPriority: 3, workouts: ["easy_run", "push"]),
        // Its second week's Saturday: the running plan alone.
        Day(day: "2026-11-14", programPriority: 1, workouts: ["long_run"]),
        // Before its start and after its two weeks, the running plan plans nothing; [program] goes on.
        Day(day: "2026-10-26", programPriority: 1, workouts: ["push"]),
        Day(day: "2026-11-16", programPriority: 1, workouts: ["push"]),
        Day(day: "2026-11-21", programPriority: 1, workouts: []),
        // A Tuesday: a rest day in both.
        Day(day: "2026-11-03", programPriority: 1, workouts: []),
    ])
    func theDaysWorkoutsByPriority(_ c: Day) throws {
        var config = try config()
        config.programPriority = c.programPriority
        #expect(config.plan.workouts(on: day(c.day)).map(\.workout) == c.workouts)
        #expect(config.plan.isTrainingDay(day(c.day)) == !c.workouts.isEmpty)
    }

    @Test func aWorkoutBothPlanTheSameDayIsNamedOnce() {
        let plan = ProgrammePlan([.main([.mon: "push"]), Programme(name: "other", days: [.mon: "push", .tue: "easy_run"])])
        #expect(plan.workouts(on: day("2026-11-02")).map(\.workout) == ["push"])
        #expect(plan.workouts(on: day("2026-11-02")).map(\.programme) == ["program"])
    }

    @Test func theMainProgrammeGoesOnAfterItsWeeksAsBefore() {
        let span = ProgramSpan(start: day("2026-11-02"), weeks: 1)
        let plan = ProgrammePlan(main: [.mon: "push"], span: span)
        #expect(plan.workout(on: day("2026-12-28")) == "push")
        #expect(plan.workout(on: day("2026-10-26")) == "push")
    }

    @Test func theStreakCountsTheDaysOfBothProgrammes() throws {
        let plan = try config().plan
        // Trained Sat 7 (running), Mon 9 (both), Wed 11 (push), Fri 13 (push): four planned days in a row.
        let starts = ["2026-11-07", "2026-11-09", "2026-11-11", "2026-11-13"].map {
            day($0).instant(at: LocalTime(hour: 18, minute: 0)!, in: .utc)
        }
        let history = starts.enumerated().map { index, start in
            HistoryEntry(id: SessionID("s\(index)"), title: "x", kind: .strength, startedAt: start, outcome: .completed)
        }
        let saturday = day("2026-11-14").instant(at: LocalTime(hour: 9, minute: 0)!, in: .utc)
        #expect(TrainingStats(entries: history, program: plan, now: saturday, timeZone: .utc).streak == 4)
        // Only [program]: Saturday 7 was no training day, and counts for nothing.
        let main = ProgrammePlan(main: try config().program)
        #expect(TrainingStats(entries: history, program: main, now: saturday, timeZone: .utc).streak == 3)
    }

    // MARK: The daily reminder

    @Test func oneReminderNamesBothAndOffersAStartForEach() throws {
        let planner = DailyPlanner(config: try config())
        let planned = try #require(planner.planned(on: day("2026-11-02"), in: .utc))
        #expect(planned.workoutName == "push")
        #expect(planned.body.hasPrefix("Today: Push Day — Bench Press 60 kg · about "))
        #expect(planned.body.hasSuffix(" min\nAlso today: Easy Run"))
        #expect(planned.also == [AlsoPlanned(workout: "easy_run", title: "Easy Run")])
        let german = planned.text(PresentationTests.german)
        #expect(german.body.hasSuffix("\nHeute auch: Easy Run"))

        let notice = ReminderNotice.make(for: planned.reminder(), server: .unknown, sessionRunning: false, windowInstalled: true, messages: .english)
        #expect(notice.actions.map(\.key) == ["default", "start", "start:easy_run", "snooze"])
        #expect(notice.actions.map(\.label) == ["Start Workout", "Start Workout", "Start Easy Run", "Snooze 1 hour"])
        // lxqt-notificationd draws three buttons: both starts and Snooze; "Open gymbell" gives way.
        let lxqt = ServerProfile(serverName: "lxqt-notificationd", capabilities: ["actions", "body"])
        let onLXQt = ReminderNotice.make(for: planned.reminder(), server: lxqt, sessionRunning: false, windowInstalled: true, messages: .english)
        #expect(onLXQt.actions.map(\.key) == ["start", "start:easy_run", "snooze"])
        // During a workout: no second one from here.
        let busy = ReminderNotice.make(for: planned.reminder(), server: .unknown, sessionRunning: true, windowInstalled: true, messages: .english)
        #expect(!busy.actions.contains { $0.key.hasPrefix("start") })
    }

    @Test func aDayOfOneProgrammeSaysWhatItAlwaysSaid() throws {
        let planner = DailyPlanner(config: try config())
        let wednesday = try #require(planner.planned(on: day("2026-11-04"), in: .utc))
        #expect(wednesday.also.isEmpty && !wednesday.body.contains("Also"))
        let saturday = try #require(planner.planned(on: day("2026-11-07"), in: .utc))
        #expect(saturday.body == "Today: Long Run · 66 min · Week 1 of 2")
    }

    // MARK: Through the engine

    static let monday = "2026-11-02T17:00:00Z"

    @Test func theSecondButtonStartsTheSecondWorkout() throws {
        var world = try EngineHarness(Self.two, at: Self.monday, in: .utc)
        world.advance(to: instant("2026-11-02T18:00:00Z"))
        let reminder = try #require(world.presented.last { $0.kind == .daily })
        #expect(reminder.content.alsoPlanned.map(\.workout) == ["easy_run"])
        // A key the reminder did not offer starts nothing.
        world.send(.action(on: .reminder(reminder), key: "start:long_run"))
        #expect(world.state.session == nil)
        world.send(.action(on: .reminder(reminder), key: "start:easy_run"))
        #expect(world.state.session?.session.title == "Easy Run")
    }

    @Test func aSnoozedReminderComesBackWithAStartForEach() throws {
        var world = try EngineHarness(Self.two, at: Self.monday, in: .utc)
        world.advance(to: instant("2026-11-02T18:00:00Z"))
        let daily = try #require(world.presented.last { $0.kind == .daily })
        world.send(.action(on: .reminder(daily), key: "snooze"))
        world.advance(to: instant("2026-11-02T19:00:01Z"))
        let snoozed = try #require(world.presented.last { $0.kind == .snoozed })
        #expect(snoozed.content.alsoPlanned.map(\.workout) == ["easy_run"])
        let notice = ReminderNotice.make(for: snoozed, server: .unknown, sessionRunning: false, windowInstalled: true, messages: .english)
        #expect(notice.actions.map(\.key) == ["default", "start", "start:easy_run", "snooze"])
        world.send(.action(on: .reminder(snoozed), key: "start:easy_run"))
        #expect(world.state.session?.session.title == "Easy Run")
    }

    @Test func startWithoutANameStartsTheFirstAndSaysWhatElseIsPlanned() throws {
        var world = try EngineHarness(Self.two, at: Self.monday, in: .utc)
        let reply = world.command(.start(workout: nil))
        #expect(reply == .success(.text("Started Push Day; also planned today: Easy Run (gymbell start easy_run)")))
        #expect(world.state.session?.session.title == "Push Day")
    }

    @Test func upcomingAndTheCalendarHoldBoth() throws {
        var world = try EngineHarness(Self.two, at: "2026-11-01T12:00:00Z", in: .utc)
        guard case .success(.upcoming(let entries)) = world.command(.upcoming(days: 7)) else { Issue.record("no upcoming"); return }
        let monday = try #require(entries.first { $0.workout == "push" && $0.body.contains("Also") })
        #expect(monday.also == ["easy_run"])
        #expect(entries.map(\.workout) == ["push", "push", "push", "long_run"])
        guard case .success(.calendar(let calendar)) = world.command(.exportICS(weeks: 3)) else { Issue.record("no calendar"); return }
        // Three weeks from Sunday 1 November: push on nine days, the running plan's four days in its two weeks.
        #expect(calendar.events.filter { $0.workout == "push" }.count == 9)
        #expect(calendar.events.filter { $0.workout != "push" }.map { "\($0.day) \($0.workout)" } == [
            "2026-11-02 easy_run", "2026-11-07 long_run", "2026-11-09 easy_run", "2026-11-14 long_run",
        ])
    }
}
