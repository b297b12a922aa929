import FoundationEssentials
import TOML

/// What a person trains with, as the welcome asks it (issue 44): it decides the week proposed.
public enum Equipment: String, CaseIterable, Sendable {
    /// A mat and body weight.
    case nothing
    case dumbbells
    case barbell
    case kettlebell

    /// The templates it can do, each of which may also be chosen alone for every training day.
    public var templates: [WorkoutTemplate] {
        switch self {
        case .nothing: [.circuit, .sevenMinute, .tabata, .mobility]
        case .dumbbells: [.dumbbells, .circuit, .mobility]
        case .barbell: [.push, .pull, .legs]
        case .kettlebell: [.kettlebell, .circuit, .mobility]
        }
    }

    /// The harder workouts the proposed week takes in turn.
    var rotation: [WorkoutTemplate] {
        switch self {
        case .nothing: [.circuit, .sevenMinute, .tabata]
        case .dumbbells: [.dumbbells, .sevenMinute]
        case .barbell: [.push, .pull, .legs]
        case .kettlebell: [.kettlebell, .circuit]
        }
    }

    /// Whether a training day right after a harder one is a mobility day (at home); a barbell week is
    /// Push / Pull / Legs in turn, as it always was.
    var mobilityBetween: Bool { self != .barbell }
}

/// The workouts of the training days the welcome writes into `[program]`.
public enum FirstRunPlan: Equatable, Sendable {
    /// Reminders alone, no programme.
    case remindersOnly
    /// One workout on every training day (the welcome before issue 44: Push, Pull or Legs).
    case every(WorkoutTemplate)
    /// The week proposed for what the person trains with (`FirstRunWeek`).
    case week(Equipment)
}

/// The week the welcome proposes: the training days in week order take the equipment's harder
/// workouts in turn; at home a training day right after a harder one is a mobility day instead
/// (Mon–Fri with nothing: circuit, mobility, 7-minute, mobility, Tabata). Pure.
public enum FirstRunWeek {
    public static func propose(_ equipment: Equipment, days: Set<Weekday>) -> [Weekday: WorkoutTemplate] {
        var week: [Weekday: WorkoutTemplate] = [:]
        var turn = 0
        for day in days.sorted() {
            let yesterday = Weekday.allCases.firstIndex(of: day).flatMap { $0 > 0 ? Weekday.allCases[$0 - 1] : nil }
            if equipment.mobilityBetween, let yesterday, let before = week[yesterday], before != .mobility {
                week[day] = .mobility
            } else {
                week[day] = equipment.rotation[turn % equipment.rotation.count]
                turn += 1
            }
        }
        return week
    }
}

/// What the window's welcome asks a new user.
public struct FirstRunChoices: Equatable, Sendable {
    /// The weekdays to train (and be reminded) on.
    public var days: Set<Weekday>
    public var time: DailyTime
    public var plan: FirstRunPlan

    public init(days: Set<Weekday>, time: DailyTime, plan: FirstRunPlan) {
        self.days = days
        self.time = time
        self.plan = plan
    }

    /// One template on every training day; nil: just reminders (the welcome before issue 44).
    public init(days: Set<Weekday>, time: DailyTime, template: WorkoutTemplate?) {
        self.init(days: days, time: time, plan: template.map(FirstRunPlan.every) ?? .remindersOnly)
    }

    /// The workout of each training day.
    public var week: [Weekday: WorkoutTemplate] {
        switch plan {
        case .remindersOnly: [:]
        case .every(let template): Dictionary(uniqueKeysWithValues: days.map { ($0, template) })
        case .week(let equipment): FirstRunWeek.propose(equipment, days: days)
        }
    }

    /// The templates the file defines: those of the week, in the templates' order (the one chosen
    /// alone even when no day is a training day, as before).
    public var templates: [WorkoutTemplate] {
        if case .every(let template) = plan { return [template] }
        let used = Set(week.values)
        return WorkoutTemplate.allCases.filter(used.contains)
    }
}

/// The config file a first run writes: the built-in default (which documents every setting) with the
/// welcome's choices filled in, so that the new file is as commented as the default and reads as
/// exactly those settings.
public enum FirstRunConfig {
    public static func make(_ choices: FirstRunChoices) throws(ConfigEditError) -> EditedConfig {
        var text = ConfigParser.defaultText
        var edits: [ConfigEdit] = [.dailyTime(choices.time), .days(choices.days)]
        for template in choices.templates {
            text += "\n" + template.configText
        }
        let week = choices.week
        edits += week.keys.sorted().map { .programDay($0, workout: week[$0]!.rawValue) }
        return try ConfigEditor.apply(edits, to: text, path: "config.toml")
    }
}
