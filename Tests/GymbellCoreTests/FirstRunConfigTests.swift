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
