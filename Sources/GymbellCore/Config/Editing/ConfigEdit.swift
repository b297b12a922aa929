import FoundationEssentials
import TOML

/// The daily reminder's time: a time of day, or "auto" (learned from the history).
public enum DailyTime: Equatable, Sendable {
    case at(LocalTime)
    case auto
}

/// Which sound reminders carry: a freedesktop sound-theme name, or a sound file (which wins).
public enum SoundChoice: Equatable, Sendable {
    case theme(String)
    case file(String)
}

/// One setting as the window's Preferences change it, mapped to the keys of `config.toml`.
public enum ConfigEdit: Equatable, Sendable {
    // [reminders]
    case remindersEnabled(Bool)
    case dailyTime(DailyTime)
    case autoLead(TimeInterval)
    case days(Set<Weekday>)
    case restDayReminders(Bool)
    case snoozeMinutes(Int)
    case lateGrace(TimeInterval)
    /// argv without a shell; empty: no command.
    case startCommand([String])
    case pauseAfter(TimeInterval)
    case restAfterDays(Int)
    case restAdviceTime(LocalTime)
    case streakWarning(Bool)
    case streakWarningTime(LocalTime)
    case milestones(Bool)
    case privateMode(Bool)
    case voice(Bool)
    // [rest]
    case restDefault(TimeInterval)
    case restWarnBefore(TimeInterval)
    // [sound]
    case soundEnabled(Bool)
    case sound(SoundChoice)
    case soundDuck(SoundDucking)
    // [quiet_hours]: nil removes the window.
    case quietHours(QuietHours?)
    // [mpris]
    case mediaPlayer(Bool)
    // [progress]
    case records(Bool)
    case recordMinPercent(Double)
    case overload(Bool)
    case overloadSessions(Int)
    case upperIncrement(Double)
    case legsIncrement(Double)
    // [program]: the workout of a weekday; nil makes it a rest day.
    case programDay(Weekday, workout: String?)
    // [kit]: every weight key written in the kit's unit (an empty list or no handle removes its keys);
    // `implements` are set one by one, none removed.
    case kit(Kit)
    // [sync]: the synced folder as written (`~/…` or absolute); nil removes it, and with it the table.
    case syncFolder(String?)

    /// The key edits this setting is.
    public var textEdits: [ConfigTextEdit] {
        switch self {
        case .remindersEnabled(let flag): [Self.set("reminders", "enabled", .boolean(flag))]
        case .dailyTime(.auto): [Self.set("reminders", "time", .string("auto"))]
        case .dailyTime(.at(let time)): [Self.set("reminders", "time", .timeOfDay(time))]
        case .autoLead(let lead): [Self.set("reminders", "auto_lead", .duration(lead))]
        case .days(let days): [Self.set("reminders", "days", .strings(days.sorted().map(\.rawValue)))]
        case .restDayReminders(let flag): [Self.set("reminders", "rest_days", .boolean(flag))]
        case .snoozeMinutes(let minutes): [Self.set("reminders", "snooze_minutes", .integer(minutes))]
        case .lateGrace(let grace): [Self.set("reminders", "late_grace", .duration(grace))]
        case .startCommand(let argv): [Self.set("reminders", "start_command", .strings(argv))]
        case .pauseAfter(let pause): [Self.set("reminders", "pause_after", .duration(pause))]
        case .restAfterDays(let days): [Self.set("reminders", "rest_after_days", .integer(days))]
        case .restAdviceTime(let time): [Self.set("reminders", "rest_advice_time", .timeOfDay(time))]
        case .streakWarning(let flag): [Self.set("reminders", "streak_warning", .boolean(flag))]
        case .streakWarningTime(let time): [Self.set("reminders", "streak_warning_time", .timeOfDay(time))]
        case .milestones(let flag): [Self.set("reminders", "milestones", .boolean(flag))]
        case .privateMode(let flag): [Self.set("reminders", "private", .boolean(flag))]
        case .voice(let flag): [Self.set("reminders", "announce", .boolean(flag))]
        case .restDefault(let seconds): [Self.set("rest", "default", .duration(seconds))]
        case .restWarnBefore(let seconds): [Self.set("rest", "warn_before", .duration(seconds))]
        case .soundEnabled(let flag): [Self.set("sound", "enabled", .boolean(flag))]
        case .sound(.theme(let name)):
            [Self.set("sound", "name", .string(name)), .remove(TOMLPath(keys: "sound", "file"))]
        case .sound(.file(let file)): [Self.set("sound", "file", .string(file))]
        case .soundDuck(.off): [Self.set("sound", "duck", .boolean(false))]
        case .soundDuck(.lower(let percent)): [Self.set("sound", "duck", .string("\(percent)%"))]
        case .soundDuck(.pause): [Self.set("sound", "duck", .string("pause"))]
        case .quietHours(nil):
            [.remove(TOMLPath(keys: "quiet_hours", "start")), .remove(TOMLPath(keys: "quiet_hours", "end"))]
        case .quietHours(let hours?):
            [Self.set("quiet_hours", "start", .timeOfDay(hours.start)), Self.set("quiet_hours", "end", .timeOfDay(hours.end))]
        case .mediaPlayer(let flag): [Self.set("mpris", "enabled", .boolean(flag))]
        case .records(let flag): [Self.set("progress", "records", .boolean(flag))]
        case .recordMinPercent(let percent): [Self.set("progress", "record_min_percent", .number(percent))]
        case .overload(let flag): [Self.set("progress", "overload", .boolean(flag))]
        case .overloadSessions(let sessions): [Self.set("progress", "overload_sessions", .integer(sessions))]
        case .upperIncrement(let kilograms): [Self.set("progress", "upper_increment", .number(kilograms))]
        case .legsIncrement(let kilograms): [Self.set("progress", "legs_increment", .number(kilograms))]
        case .programDay(let day, let workout?): [Self.set("program", day.rawValue, .string(workout))]
        case .programDay(let day, nil): [.remove(TOMLPath(keys: "program", day.rawValue))]
        case .kit(let kit): Self.kitEdits(kit)
        case .syncFolder(let folder?): [Self.set("sync", "folder", .string(folder))]
        case .syncFolder(nil): [.remove(TOMLPath(keys: "sync", "folder"))]
        }
    }

    private static func kitEdits(_ kit: Kit) -> [ConfigTextEdit] {
        let amount = { (kilograms: Double) in ((kilograms / kit.unit.kilograms(1)) * 1_000_000).rounded() / 1_000_000 }
        func weights(_ key: String, _ list: [Double]) -> ConfigTextEdit {
            list.isEmpty ? .remove(TOMLPath(keys: "kit", key)) : set("kit", key, .numbers(list.map(amount)))
        }
        func weight(_ key: String, _ value: Double?) -> ConfigTextEdit {
            value.map { set("kit", key, .number(amount($0))) } ?? .remove(TOMLPath(keys: "kit", key))
        }
        return [
            set("kit", "unit", .string(kit.unit.rawValue)), weights("bars", kit.bars), weights("plates", kit.plates),
            weights("dumbbells", kit.dumbbells), weight("dumbbell_handle", kit.handle?.weight),
            weights("dumbbell_plates", kit.handle?.plates ?? []), weight("dumbbell_step", kit.handle?.step),
            weight("dumbbell_max", kit.handle?.maximum), weights("kettlebells", kit.kettlebells),
            set("kit", "warm_up", .boolean(kit.warmUp)),
        ] + kit.implements.keys.sorted().map { name in
            .set(TOMLPath(keys: "kit", "implements", name), .string(kit.implements[name]?.rawValue ?? ""))
        }
    }

    private static func set(_ table: String, _ key: String, _ value: ConfigEditValue) -> ConfigTextEdit {
        .set(TOMLPath(keys: table, key), value)
    }
}
