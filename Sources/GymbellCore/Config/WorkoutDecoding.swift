import Foundation

/// `[workouts.NAME]` tables: a title, a kind, and the settings of that kind.
extension ConfigParser {
    private enum Kind: String, CaseIterable {
        case strength, hiit, walkrun

        var keys: [String] {
            switch self {
            case .strength: ["exercises"]
            case .hiit: ["rounds", "work", "rest"]
            case .walkrun: ["run", "walk", "repeats"]
            }
        }

        static let commonKeys = ["title", "kind"]
        static let names = ConfigReader.list(allCases.map { "\"\($0.rawValue)\"" }, conjunction: "or")
    }

    private static let exerciseKeys = ["name", "sets", "reps", "weight", "unit", "rest"]
    private static let exerciseExample = "{ name = \"Squat\", sets = 3, reps = 5, rest = \"2m\" }"

    static func decodeWorkouts(_ table: [String: ConfigValue], reader: inout ConfigReader) -> [String: WorkoutDefinition] {
        let path: ConfigPath = [.key("workouts")]
        var workouts: [String: WorkoutDefinition] = [:]
        for name in table.keys.sorted() {
            guard !reader.isFull else { break }
            let workoutPath = path.appending(name)
            guard let value = table[name] else { continue }
            guard case .table(let workoutTable) = value else {
                reader.reportWrongType(workoutPath, expected: "a table [\(workoutPath)]", got: value)
                continue
            }
            if let workout = decodeWorkout(workoutTable, name: name, at: workoutPath, reader: &reader) {
                workouts[name] = workout
            }
        }
        return workouts
    }

    private static func decodeWorkout(
        _ table: [String: ConfigValue], name: String, at path: ConfigPath, reader: inout ConfigReader
    ) -> WorkoutDefinition? {
        let before = reader.diagnostics.count
        let kind = decodeKind(in: table, at: path, reader: &reader)

        var unknown = table
        for key in table.keys.sorted() {
            guard let kind, let owner = Kind.allCases.first(where: { $0.keys.contains(key) }), owner != kind else { continue }
            let allowed = ConfigReader.list(Kind.commonKeys + kind.keys, conjunction: "and")
            reader.reportKey(path.appending(key), "\(TOMLText.quoted(key)) is not used by kind \"\(kind.rawValue)\" "
                + "in \(path.tableName); \(kind.rawValue) workouts take \(allowed)")
            unknown[key] = nil
        }
        // With an unknown kind nobody can say which keys belong; the kind's own error suffices.
        let known = Kind.commonKeys + (kind?.keys ?? Kind.allCases.flatMap(\.keys))
        let misspelt = reader.rejectUnknownKeys(of: unknown, at: path, known: known)

        var title = name
        if let value = table["title"] {
            if let text = reader.string(value, at: path.appending("title"), expected: "a string like \"Push Day\"",
                                        whenEmpty: "the title is empty; leave it out to use \(TOMLText.quoted(name))") {
                title = text
            }
        }

        let workoutKind: WorkoutKind?
        switch kind {
        case .strength?:
            let required = RequiredKeys(table: table, path: path, needs: "a strength workout needs a list of "
                + "exercises like [\(exerciseExample)]", misspelt: misspelt)
            workoutKind = decodeExercises(required, reader: &reader).map { .strength(exercises: $0) }
        case .hiit?:
            let required = RequiredKeys(table: table, path: path, needs: "a hiit workout needs rounds, work and rest",
                                        misspelt: misspelt)
            workoutKind = decodeHIIT(required, reader: &reader).map(WorkoutKind.hiit)
        case .walkrun?:
            let required = RequiredKeys(table: table, path: path, needs: "a walkrun workout needs run, walk and repeats",
                                        misspelt: misspelt)
            workoutKind = decodeWalkRun(required, reader: &reader).map(WorkoutKind.walkRun)
        case nil:
            workoutKind = nil
        }
        guard reader.diagnostics.count == before, let workoutKind else { return nil }
        return WorkoutDefinition(name: name, title: title, kind: workoutKind)
    }

    private static func decodeKind(in table: [String: ConfigValue], at path: ConfigPath, reader: inout ConfigReader) -> Kind? {
        guard let value = table["kind"] else {
            let misspelt = Set(table.keys.compactMap { KeySuggestion.nearest(to: $0, among: ["kind"]) })
            reader.reportMissing("kind", in: path, "add kind = \(Kind.names)", misspelt: misspelt)
            return nil
        }
        let kindPath = path.appending("kind")
        guard let text = reader.string(value, at: kindPath, expected: Kind.names) else { return nil }
        guard let kind = Kind(rawValue: text) else {
            if let suggestion = KeySuggestion.nearest(to: text, among: Kind.allCases.map(\.rawValue)) {
                reader.reportValue(kindPath, "\(value.literal) is not a workout kind; did you mean \"\(suggestion)\"?")
            } else {
                reader.reportValue(kindPath, "\(value.literal) is not a workout kind; use \(Kind.names)")
            }
            return nil
        }
        return kind
    }

    // MARK: Interval kinds

    private static func decodeHIIT(_ required: RequiredKeys, reader: inout ConfigReader) -> HIITPlan? {
        let rounds = required.integer("rounds", in: Limits.hiitRounds, reader: &reader)
        let work = required.duration("work", in: DurationRange(Limits.hiitWork), reader: &reader)
        let rest = required.duration("rest", in: DurationRange(Limits.hiitRest), reader: &reader)
        guard let rounds, let work, let rest else { return nil }
        return HIITPlan(rounds: rounds, work: work, rest: rest)
    }

    private static func decodeWalkRun(_ required: RequiredKeys, reader: inout ConfigReader) -> WalkRunPlan? {
        let range = DurationRange(Limits.walkRunPhase)
        let run = required.duration("run", in: range, reader: &reader)
        let walk = required.duration("walk", in: range, reader: &reader)
        let repeats = required.integer("repeats", in: Limits.walkRunRepeats, reader: &reader)
        guard let run, let walk, let repeats else { return nil }
        return WalkRunPlan(run: run, walk: walk, repeats: repeats)
    }

    // MARK: Strength

    private static func decodeExercises(_ required: RequiredKeys, reader: inout ConfigReader) -> [Exercise]? {
        guard let value = required.value("exercises", reader: &reader) else { return nil }
        let listPath = required.path.appending("exercises")
        guard case .array(let elements) = value else {
            reader.reportWrongType(listPath, expected: "a list of exercises like [\(exerciseExample)]", got: value)
            return nil
        }
        guard !elements.isEmpty else {
            reader.reportValue(listPath, "the list is empty; add at least one exercise like \(exerciseExample)")
            return nil
        }
        let exercises = elements.enumerated().map {
            decodeExercise($0.element, at: listPath.appending(index: $0.offset), reader: &reader)
        }
        let valid = exercises.compactMap { $0 }
        return valid.count == exercises.count ? valid : nil
    }

    private static func decodeExercise(_ value: ConfigValue, at path: ConfigPath, reader: inout ConfigReader) -> Exercise? {
        guard case .table(let table) = value else {
            reader.reportWrongType(path, expected: "an exercise like \(exerciseExample)", got: value)
            return nil
        }
        let before = reader.diagnostics.count
        let misspelt = reader.rejectUnknownKeys(of: table, at: path, known: exerciseKeys)
        let required = RequiredKeys(table: table, path: path, needs: "every exercise needs name, sets and rest",
                                    misspelt: misspelt)

        let name = required.value("name", reader: &reader).flatMap {
            reader.string($0, at: path.appending("name"), expected: "a string like \"Squat\"",
                          whenEmpty: "the exercise name is empty")
        }
        let sets = required.integer("sets", in: 1...50, reader: &reader)
        let reps = table["reps"].flatMap {
            reader.integer($0, at: path.appending("reps"), in: 1...1000, expected: "a whole number like 8")
        }
        let weight = table["weight"].flatMap { decodeWeight($0, at: path.appending("weight"), reader: &reader) }
        let unit = table["unit"].flatMap {
            reader.string($0, at: path.appending("unit"), expected: "a string like \"kg\"", whenEmpty: "the unit is empty")
        }
        let rest = required.value("rest", reader: &reader).flatMap {
            decodeRests($0, sets: sets, at: path.appending("rest"), reader: &reader)
        }

        guard reader.diagnostics.count == before, let name, let sets, let rest else { return nil }
        return Exercise(name: name, sets: sets, reps: reps, weight: weight, unit: unit, rest: rest)
    }

    private static func decodeWeight(_ value: ConfigValue, at path: ConfigPath, reader: inout ConfigReader) -> Double? {
        let weight: Double
        switch value {
        case .integer(let number): weight = Double(number)
        case .float(let number) where number.isFinite: weight = number
        default:
            reader.reportWrongType(path, expected: "a number like 80 or 22.5", got: value)
            return nil
        }
        guard weight >= 0 else {
            reader.reportValue(path, "\(value.literal) is out of range; use 0 or more")
            return nil
        }
        return weight
    }

    /// One duration for every set, or a list with exactly one per set.
    private static func decodeRests(_ value: ConfigValue, sets: Int?, at path: ConfigPath, reader: inout ConfigReader) -> [TimeInterval]? {
        let range = DurationRange(Limits.rest)
        guard case .array(let elements) = value else {
            guard let rest = reader.duration(value, at: path, in: range) else { return nil }
            return sets.map { Array(repeating: rest, count: $0) }
        }
        let rests = elements.enumerated().map { reader.duration($0.element, at: path.appending(index: $0.offset), in: range) }
        if let sets, elements.count != sets {
            let given = elements.count == 1 ? "1 rest" : "\(elements.count) rests"
            let needed = sets == 1 ? "1 set" : "\(sets) sets"
            reader.reportValue(path, "\(given) for \(needed); give one rest per set, or a single duration for all of them")
            return nil
        }
        let valid = rests.compactMap { $0 }
        return valid.count == rests.count ? valid : nil
    }

    /// The keys a table must have: a missing one is reported at the table, saying what the table needs,
    /// unless an unknown key was already reported as its misspelling.
    private struct RequiredKeys {
        let table: [String: ConfigValue]
        let path: ConfigPath
        let needs: String
        let misspelt: Set<String>

        func value(_ key: String, reader: inout ConfigReader) -> ConfigValue? {
            guard let value = table[key] else {
                reader.reportMissing(key, in: path, needs, misspelt: misspelt)
                return nil
            }
            return value
        }

        func integer(_ key: String, in range: ClosedRange<Int>, reader: inout ConfigReader) -> Int? {
            value(key, reader: &reader).flatMap {
                reader.integer($0, at: path.appending(key), in: range, expected: "a whole number")
            }
        }

        func duration(_ key: String, in range: DurationRange, reader: inout ConfigReader) -> TimeInterval? {
            value(key, reader: &reader).flatMap { reader.duration($0, at: path.appending(key), in: range) }
        }
    }
}
