import TOML

/// `[workouts.NAME]` tables (a title, a kind, and the settings of that kind) and `[program]`, which
/// names a workout for each weekday.
enum WorkoutDecoding {
    private enum Kind: String, CaseIterable {
        case strength, hiit, walkrun, circuit, amrap

        var keys: [String] {
            switch self {
            case .strength: ["exercises"]
            case .hiit: ["rounds", "work", "rest", "exercises"]
            case .walkrun: ["run", "walk", "repeats"]
            case .circuit: ["rounds", "stations", "rest", "round_rest"]
            case .amrap: ["time", "stations"]
            }
        }

        static let commonKeys = ["title", "kind", "get_ready", "warm_up", "cool_down"]
        static let names = ConfigReader.list(allCases.map { "\"\($0.rawValue)\"" }, conjunction: "or")
    }

    static func decodeWorkouts(_ table: [String: TOMLValue], reader: inout ConfigReader) -> [String: WorkoutDefinition] {
        let path: TOMLPath = [.key("workouts")]
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
        _ table: [String: TOMLValue], name: String, at path: TOMLPath, reader: inout ConfigReader
    ) -> WorkoutDefinition? {
        let before = reader.diagnostics.count
        let kind = decodeKind(in: table, at: path, reader: &reader)

        var unknown = table
        for key in table.keys.sorted() {
            guard let kind, !kind.keys.contains(key), Kind.allCases.contains(where: { $0.keys.contains(key) }) else { continue }
            let allowed = ConfigReader.list(["title", "kind"] + kind.keys, conjunction: "and")
            reader.reportKey(path.appending(key), "\(TOMLText.quoted(key)) is not used by kind \"\(kind.rawValue)\" "
                + "in \(path.tableName); \(kind.rawValue) workouts take \(allowed)")
            unknown[key] = nil
        }
        // With an unknown kind nobody can say which keys belong; the kind's own error suffices.
        let known = Kind.commonKeys + (kind?.keys ?? Array(Set(Kind.allCases.flatMap(\.keys))).sorted())
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
                + "exercises like [\(ExerciseDecoding.example)]", misspelt: misspelt)
            workoutKind = ExerciseDecoding.decodeExercises(required, reader: &reader).map { .strength(exercises: $0) }
        case .hiit?:
            let required = RequiredKeys(table: table, path: path, needs: "a hiit workout needs rounds, work and rest",
                                        misspelt: misspelt)
            workoutKind = decodeHIIT(required, reader: &reader).map(WorkoutKind.hiit)
        case .walkrun?:
            let required = RequiredKeys(table: table, path: path, needs: "a walkrun workout needs run, walk and repeats",
                                        misspelt: misspelt)
            workoutKind = decodeWalkRun(required, reader: &reader).map(WorkoutKind.walkRun)
        case .circuit?:
            let required = RequiredKeys(table: table, path: path, needs: "a circuit needs rounds and stations like "
                + "[\(StationDecoding.example), \(StationDecoding.timedExample)]", misspelt: misspelt)
            workoutKind = decodeCircuit(required, reader: &reader).map(WorkoutKind.circuit)
        case .amrap?:
            let required = RequiredKeys(table: table, path: path, needs: "an amrap needs a time cap (time = \"12m\") and stations",
                                        misspelt: misspelt)
            workoutKind = decodeAmrap(required, reader: &reader).map(WorkoutKind.amrap)
        case nil:
            workoutKind = nil
        }
        let frame = StationDecoding.decodeFrame(table, at: path, reader: &reader)
        guard reader.diagnostics.count == before, let workoutKind else { return nil }
        return WorkoutDefinition(name: name, title: title, kind: workoutKind, frame: frame)
    }

    private static func decodeKind(in table: [String: TOMLValue], at path: TOMLPath, reader: inout ConfigReader) -> Kind? {
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
        let exercises = required.table["exercises"].flatMap {
            StationDecoding.decodeList($0, at: required.path.appending("exercises"), names: true, needsTarget: false, reader: &reader)
        }
        guard let rounds, let work, let rest else { return nil }
        return HIITPlan(rounds: rounds, work: work, rest: rest, exercises: exercises)
    }

    private static func decodeCircuit(_ required: RequiredKeys, reader: inout ConfigReader) -> CircuitPlan? {
        let rounds = required.integer("rounds", in: Limits.circuitRounds, reader: &reader)
        let stations = required.value("stations", reader: &reader).flatMap {
            StationDecoding.decodeList($0, at: required.path.appending("stations"), names: false, needsTarget: true, reader: &reader)
        }
        let range = DurationRange(Limits.circuitRest)
        let rest = required.table["rest"].flatMap { reader.duration($0, at: required.path.appending("rest"), in: range) } ?? 0
        let roundRest = required.table["round_rest"].flatMap { reader.duration($0, at: required.path.appending("round_rest"), in: range) } ?? rest
        guard let rounds, let stations else { return nil }
        return CircuitPlan(rounds: rounds, stations: stations, rest: rest, roundRest: roundRest)
    }

    private static func decodeAmrap(_ required: RequiredKeys, reader: inout ConfigReader) -> AmrapPlan? {
        let cap = required.duration("time", in: DurationRange(Limits.amrapCap), reader: &reader)
        let stations = required.value("stations", reader: &reader).flatMap {
            StationDecoding.decodeList($0, at: required.path.appending("stations"), names: false, needsTarget: true, reader: &reader)
        }
        guard let cap, let stations else { return nil }
        return AmrapPlan(cap: cap, stations: stations)
    }

    private static func decodeWalkRun(_ required: RequiredKeys, reader: inout ConfigReader) -> WalkRunPlan? {
        let range = DurationRange(Limits.walkRunPhase)
        let run = required.duration("run", in: range, reader: &reader)
        let walk = required.duration("walk", in: range, reader: &reader)
        let repeats = required.integer("repeats", in: Limits.walkRunRepeats, reader: &reader)
        guard let run, let walk, let repeats else { return nil }
        return WalkRunPlan(run: run, walk: walk, repeats: repeats)
    }
}
