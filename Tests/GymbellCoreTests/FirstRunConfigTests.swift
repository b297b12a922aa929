import Foundation
import Testing
@testable import GymbellCore

/// The welcome's choices become a complete, commented config that reads as exactly those choices.
@Suite("First-run config")
struct FirstRunConfigTests {
    static let daySets: [Set<Weekday>] = [[.mon, .wed, .fri], Set(Weekday.allCases), [.sun], []]
    static let times: [DailyTime] = [.at(LocalTime(hour: 7, minute: 15)!), .auto, .at(LocalTime(hour: 18, minute: 0)!)]

    @Test(arguments: [nil] + WorkoutTemplate.allCases.map(Optional.some))
    func choicesAreExactlyTheSettings(_ template: WorkoutTemplate?) throws {
        for days in Self.daySets {
            for time in Self.times {
                let made = try FirstRunConfig.make(FirstRunChoices(days: days, time: time, template: template))
                let config = try ConfigParser.parse(made.text, path: "config.toml")
                var expected = Config()
                expected.reminders.days = days
                if case .at(let at) = time { expected.reminders.time = at } else { expected.reminders.autoTime = true }
                if let template {
                    expected.program = Dictionary(uniqueKeysWithValues: days.map { ($0, template.rawValue) })
                    expected.workouts = [template.rawValue: template.workout]
                }
                #expect(config == expected, "\(days) \(time) \(String(describing: template))")
                #expect(made.config == config)
                #expect(made.warnings.isEmpty)
                // Every comment of the default is still there, in order.
                let comments = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("#") } }
                #expect(Array(comments(made.text).prefix(comments(ConfigParser.defaultText).count)) == comments(ConfigParser.defaultText))
            }
        }
    }

    @Test func aPushTemplateFileReadsWell() throws {
        let made = try FirstRunConfig.make(FirstRunChoices(days: [.mon, .thu], time: .at(LocalTime(hour: 6, minute: 30)!), template: .push))
        #expect(made.text.contains("time = \"06:30\"\n"))
        #expect(made.text.contains("days = [\"mon\", \"thu\"]\n"))
        #expect(made.text.contains("# mon = \"push\"\n# wed = \"hiit20\"\nmon = \"push\"\nthu = \"push\"\n\n"))
        #expect(made.text.hasSuffix("""
            # Push Day, from the welcome. Change the exercises, sets, reps and rests (seconds) as you
            # like; give an exercise weight = 60 (kg) to log its weight and be told when to add more.
            [workouts.push]
            title = "Push Day"
            kind = "strength"
            exercises = [
              { name = "Bench Press", sets = 4, reps = 8, rest = 120 },
              { name = "Overhead Press", sets = 3, reps = 10, rest = 90 },
              { name = "Incline Dumbbell Press", sets = 3, reps = 10, rest = 90 },
              { name = "Lateral Raise", sets = 3, reps = 15, rest = 60 },
              { name = "Triceps Pushdown", sets = 3, reps = 12, rest = 60 },
            ]

            """))
    }
}

/// The welcome asks what the person trains with and proposes a week from it (issue 44).
@Suite("First-run week")
struct FirstRunWeekTests {
    static let weekdays: Set<Weekday> = [.mon, .tue, .wed, .thu, .fri]

    @Test func withNothingHarderDaysTakeTurnsAndTheDaysBetweenAreMobility() {
        #expect(FirstRunWeek.propose(.nothing, days: Self.weekdays) == [
            .mon: .circuit, .tue: .mobility, .wed: .sevenMinute, .thu: .mobility, .fri: .tabata])
        #expect(FirstRunWeek.propose(.nothing, days: [.mon, .wed, .fri]) == [.mon: .circuit, .wed: .sevenMinute, .fri: .tabata])
        #expect(FirstRunWeek.propose(.nothing, days: Set(Weekday.allCases)) == [
            .mon: .circuit, .tue: .mobility, .wed: .sevenMinute, .thu: .mobility, .fri: .tabata, .sat: .mobility, .sun: .circuit])
        #expect(FirstRunWeek.propose(.nothing, days: []) == [:])
    }

    @Test func dumbbellsAndAKettlebellLeadTheirWeek() {
        #expect(FirstRunWeek.propose(.dumbbells, days: Self.weekdays) == [
            .mon: .dumbbells, .tue: .mobility, .wed: .sevenMinute, .thu: .mobility, .fri: .dumbbells])
        #expect(FirstRunWeek.propose(.kettlebell, days: [.tue, .thu, .sat]) == [.tue: .kettlebell, .thu: .circuit, .sat: .kettlebell])
    }

    @Test func aBarbellWeekIsPushPullLegsInTurnWithoutMobility() {
        #expect(FirstRunWeek.propose(.barbell, days: Self.weekdays) == [.mon: .push, .tue: .pull, .wed: .legs, .thu: .push, .fri: .pull])
    }

    @Test(arguments: Equipment.allCases)
    func theProposedWeekIsExactlyTheSettings(_ equipment: Equipment) throws {
        for days in FirstRunConfigTests.daySets {
            let choices = FirstRunChoices(days: days, time: .at(LocalTime(hour: 7, minute: 0)!), plan: .week(equipment))
            let made = try FirstRunConfig.make(choices)
            let config = try ConfigParser.check(made.text, path: "config.toml")
            #expect(config.warnings.isEmpty)
            let week = FirstRunWeek.propose(equipment, days: days)
            #expect(config.config.program == week.mapValues(\.rawValue))
            #expect(Set(config.config.workouts.keys) == Set(week.values.map(\.rawValue)))
            for template in week.values { #expect(config.config.workouts[template.rawValue] == template.workout) }
            #expect(config.config.reminders.days == days)
        }
    }

    @Test func theWelcomeBeforeTheQuestionStillWritesItsOneWorkout() throws {
        let choices = FirstRunChoices(days: [.mon, .thu], time: .auto, template: .legs)
        #expect(choices.plan == .every(.legs))
        #expect(choices.week == [.mon: .legs, .thu: .legs])
        #expect(FirstRunChoices(days: [.mon], time: .auto, template: nil).plan == .remindersOnly)
        // Every template alone on every day, as the welcome's own choice.
        for template in WorkoutTemplate.allCases {
            let made = try FirstRunConfig.make(FirstRunChoices(days: [.sat], time: .auto, plan: .every(template)))
            let config = try ConfigParser.parse(made.text, path: "config.toml")
            #expect(config.program == [.sat: template.rawValue] && config.workouts == [template.rawValue: template.workout])
        }
    }
}
