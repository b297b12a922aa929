import FoundationEssentials
import TOML

/// One change to the workouts and the programme of a config file, as the window's Workouts and
/// Programme pages make them. Names are the `[workouts."NAME"]` keys, however the person spelled them.
public enum WorkoutEdit: Equatable, Sendable {
    /// A new `[workouts."NAME"]` section at the end of the file.
    case create(WorkoutDefinition)
    /// An existing workout's title, kind and the keys of its kind, set where they are written (the keys
    /// another kind used are removed).
    case update(WorkoutDefinition)
    /// The section's header names the workout anew; the programme days that named it follow.
    case rename(from: String, to: String)
    /// A copy of `name` as `newName` with `title`, at the end of the file.
    case duplicate(String, as: String, title: String)
    /// The section (with the comment lines right above it) goes. With `clearingDays` the programme days
    /// that named it become rest days; without, a used workout is refused (`workoutInUse`).
    case delete(String, clearingDays: Bool)
    /// The workout of a weekday in `programme` (`Programme.mainName`: `[program]`, else
    /// `[programs.NAME]`); nil makes it a rest day.
    case programDay(Weekday, workout: String?, programme: String = Programme.mainName)
    /// `start` and `weeks` of `programme`; nil removes both.
    case programSpan(ProgramSpan?, programme: String = Programme.mainName)
    /// A new `[programs.NAME]` with `title` and no days, at the end of the file (`programmeName` gives
    /// NAME for a title).
    case addProgramme(String, title: String)
    /// The `[programs.NAME]` table (with the comment lines right above it) goes; `[program]` cannot.
    case removeProgramme(String)
    /// The `title` of a `[programs.NAME]`.
    case programmeTitle(String, programme: String)
    /// The `priority` (1 comes first, to 9) of `programme`.
    case programmePriority(Int, programme: String = Programme.mainName)

    /// The keys (and tables) it changes: what a change made on disk meanwhile must not have touched.
    public var touchedKeys: [TOMLPath] {
        let program = TOMLPath(keys: "program")
        let programs = TOMLPath(keys: "programs")
        switch self {
        case .create(let workout), .update(let workout): return [TOMLPath(keys: "workouts", workout.name)]
        case .rename(let old, let new): return [TOMLPath(keys: "workouts", old), TOMLPath(keys: "workouts", new), program, programs]
        case .duplicate(let name, let newName, _): return [TOMLPath(keys: "workouts", name), TOMLPath(keys: "workouts", newName)]
        case .delete(let name, _): return [TOMLPath(keys: "workouts", name), program, programs]
        case .programDay(let day, _, let programme): return [Self.table(of: programme).appending(day.rawValue)]
        case .programSpan(_, let programme): return [Self.table(of: programme).appending("start"), Self.table(of: programme).appending("weeks")]
        case .addProgramme(let name, _), .removeProgramme(let name): return [Self.table(of: name)]
        case .programmeTitle(_, let programme): return [Self.table(of: programme).appending("title")]
        case .programmePriority(_, let programme): return [Self.table(of: programme).appending("priority")]
        }
    }

    /// `[program]` or `[programs.NAME]`.
    public static func table(of programme: String) -> TOMLPath {
        programme == Programme.mainName ? TOMLPath(keys: "program") : TOMLPath(keys: "programs", programme)
    }

    /// The `[programs.NAME]` key a new programme called `title` gets: the workout key rule
    /// (`WorkoutNames.key`), unique among `config`'s programmes and never "program".
    public static func programmeName(for title: String, in config: Config) -> String {
        WorkoutNames.key(for: title, taken: config.programmes.map(\.name) + [Programme.mainName])
    }

    /// The weekdays of `config`'s programmes that name `workout`, in week order: what deleting it loses.
    public static func days(using workout: String, in config: Config) -> [Weekday] {
        Set(config.plan.programmes.flatMap { $0.days.filter { $0.value == workout }.map(\.key) }).sorted()
    }
}

extension ConfigEditor {
    /// Applies workout and programme edits in order to `text`; checked like every edit (only the edited
    /// keys change, and the result is a valid config).
    public static func apply(_ edits: [WorkoutEdit], to text: String, path: String) throws(ConfigEditError) -> EditedConfig {
        let hasMark = text.unicodeScalars.first == "\u{FEFF}"
        var current = hasMark ? String(text.unicodeScalars.dropFirst()) : text
        for edit in edits {
            current = try WorkoutSections.edited(current, by: edit, path: path)
        }
        return try apply([ConfigTextEdit](), to: (hasMark ? "\u{FEFF}" : "") + current, path: path)
    }
}

extension WorkoutDefinition {
    /// The keys of its table, in the order a new section writes them.
    var tableEntries: [(key: String, value: ConfigEditValue)] {
        var entries: [(String, ConfigEditValue)] = [("title", .string(title))]
        switch kind {
        case .strength(let exercises):
            entries += [("kind", .string("strength")), ("exercises", .exercises(exercises))]
        case .hiit(let plan):
            entries += [("kind", .string("hiit")), ("rounds", .integer(plan.rounds)), ("work", .duration(plan.work)),
                        ("rest", .duration(plan.rest))]
            if let exercises = plan.exercises { entries.append(("exercises", .stations(exercises, names: true))) }
        case .walkRun(let plan):
            entries += [("kind", .string("walkrun")), ("run", .duration(plan.run)), ("walk", .duration(plan.walk)),
                        ("repeats", .integer(plan.repeats))]
        case .circuit(let plan):
            entries += [("kind", .string("circuit")), ("rounds", .integer(plan.rounds)), ("rest", .duration(plan.rest)),
                        ("round_rest", .duration(plan.roundRest)), ("stations", .stations(plan.stations, names: false))]
        case .amrap(let plan):
            entries += [("kind", .string("amrap")), ("time", .duration(plan.cap)), ("stations", .stations(plan.stations, names: false))]
        }
        if let getReady = frame.getReady { entries.append(("get_ready", .duration(getReady))) }
        for (key, part) in [("warm_up", frame.warmUp), ("cool_down", frame.coolDown)] where !part.isEmpty {
            if part.count == 1, part[0].name.isEmpty, let seconds = part[0].seconds {
                entries.append((key, .duration(seconds)))
            } else {
                entries.append((key, .stations(part, names: false)))
            }
        }
        return entries
    }

    /// Keys a workout of another kind writes, which this one must not have.
    var foreignKeys: [String] {
        let all = ["exercises", "rounds", "work", "rest", "run", "walk", "repeats", "stations", "round_rest", "time", "get_ready",
                   "warm_up", "cool_down"]
        let own = Set(tableEntries.map(\.key))
        return all.filter { !own.contains($0) }
    }
}

extension Exercise {
    /// The exercise as an inline table's values: rest one duration when every set rests the same.
    func configValue(durationsAsText: Bool) -> TOMLValue {
        let duration = { (seconds: TimeInterval) -> TOMLValue in
            if !durationsAsText, seconds.rounded() == seconds { return .integer(Int(seconds)) }
            return .string(DurationText.format(seconds))
        }
        var table: [String: TOMLValue] = ["name": .string(name), "sets": .integer(sets)]
        if let reps { table["reps"] = .integer(reps) }
        if let weight { table["weight"] = weight.rounded() == weight && abs(weight) < 1e15 ? .integer(Int(weight)) : .float(weight) }
        if let unit { table["unit"] = .string(unit) }
        if let first = rest.first, rest.allSatisfy({ $0 == first }) {
            table["rest"] = duration(first)
        } else {
            table["rest"] = .array(rest.map(duration))
        }
        if let body { table["body"] = .string(body.rawValue) }
        if let compound { table["compound"] = .boolean(compound) }
        if let warmUp { table["warm_up"] = .boolean(warmUp) }
        if let seconds { table["time"] = .string(DurationText.format(seconds)) }
        if let superset { table["superset"] = .string(superset) }
        if rest.isEmpty { table["rest"] = nil }  // a superset's exercise straight on to the next
        return .table(table)
    }
}

extension Station {
    /// The station as an inline table (`{ name = "Plank", time = "30s" }`), or its name alone.
    func configValue(nameAlone: Bool) -> TOMLValue {
        if nameAlone, reps == nil, seconds == nil, weight == nil { return .string(name) }
        var table: [String: TOMLValue] = ["name": .string(name)]
        if let reps { table["reps"] = .integer(reps) }
        if let seconds { table["time"] = .string(DurationText.format(seconds)) }
        if let weight { table["weight"] = weight.rounded() == weight && abs(weight) < 1e15 ? .integer(Int(weight)) : .float(weight) }
        if let unit { table["unit"] = .string(unit) }
        return .table(table)
    }
}
