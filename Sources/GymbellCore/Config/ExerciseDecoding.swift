import FoundationEssentials
import TOML

/// The `exercises` of a strength workout: a list of inline tables, one per exercise, each with its
/// sets and the rest after each set.
enum ExerciseDecoding {
    private static let keys = ["name", "sets", "reps", "time", "weight", "unit", "rest", "body", "compound", "superset", "warm_up"]
    static let example = "{ name = \"Squat\", sets = 3, reps = 5, rest = \"2m\" }"

    static func decodeExercises(_ required: RequiredKeys, reader: inout ConfigReader) -> [Exercise]? {
        guard let value = required.value("exercises", reader: &reader) else { return nil }
        let listPath = required.path.appending("exercises")
        guard case .array(let elements) = value else {
            reader.reportWrongType(listPath, expected: "a list of exercises like [\(example)]", got: value)
            return nil
        }
        guard !elements.isEmpty else {
            reader.reportValue(listPath, "the list is empty; add at least one exercise like \(example)")
            return nil
        }
        let exercises = elements.enumerated().map {
            decodeExercise($0.element, at: listPath.appending(index: $0.offset), reader: &reader)
        }
        let valid = exercises.compactMap { $0 }
        return valid.count == exercises.count ? valid : nil
    }

    private static func decodeExercise(_ value: TOMLValue, at path: TOMLPath, reader: inout ConfigReader) -> Exercise? {
        guard case .table(let table) = value else {
            reader.reportWrongType(path, expected: "an exercise like \(example)", got: value)
            return nil
        }
        let before = reader.diagnostics.count
        let misspelt = reader.rejectUnknownKeys(of: table, at: path, known: keys)
        // A superset's exercises but the last may go straight on to the next one: their rest is optional.
        let restOptional = table["superset"] != nil && table["rest"] == nil
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
        let unit = table["unit"].flatMap { decodeUnit($0, at: path.appending("unit"), reader: &reader) }
        let seconds = table["time"].flatMap { reader.duration($0, at: path.appending("time"), in: DurationRange(Limits.stationTime)) }
        if table["reps"] != nil, table["time"] != nil {
            reader.reportKey(path.appending("time"), "\(path.tableName) gives both reps and a time; a timed set (a plank) has a time, "
                + "a set by reps has reps")
        }
        let superset = table["superset"].flatMap {
            reader.string($0, at: path.appending("superset"), expected: "a label like \"A\"", whenEmpty: "the superset label is empty; use one like \"A\"")
        }
        let body = table["body"].flatMap { value -> BodyRegion? in
            guard let text = reader.string(value, at: path.appending("body"), expected: "\"upper\" or \"legs\"") else { return nil }
            guard let region = BodyRegion(rawValue: text.lowercased()) else {
                reader.reportValue(path.appending("body"), "\(value.literal) is not a body region; use \"upper\" or \"legs\"")
                return nil
            }
            return region
        }
        let compound = table["compound"].flatMap { reader.bool($0, at: path.appending("compound")) }
        let warmUp = table["warm_up"].flatMap { reader.bool($0, at: path.appending("warm_up")) }
        let rest = restOptional ? [] : required.value("rest", reader: &reader).flatMap {
            decodeRests($0, sets: sets, at: path.appending("rest"), reader: &reader)
        }

        guard reader.diagnostics.count == before, let name, let sets, let rest else { return nil }
        return Exercise(
            name: name, sets: sets, reps: reps, weight: weight, unit: unit, rest: rest, body: body, compound: compound, seconds: seconds,
            superset: superset, warmUp: warmUp)
    }

    static func decodeUnit(_ value: TOMLValue, at path: TOMLPath, reader: inout ConfigReader) -> String? {
        guard let text = reader.string(value, at: path, expected: "\"kg\" or \"lb\"", whenEmpty: "the unit is empty; use \"kg\" or \"lb\"")
        else { return nil }
        guard WeightUnit(configured: text) != nil else {
            reader.reportValue(path, "\(value.literal) is not a unit of weight; use \"kg\" or \"lb\"")
            return nil
        }
        return text
    }

    static func decodeWeight(_ value: TOMLValue, at path: TOMLPath, reader: inout ConfigReader) -> Double? {
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
    private static func decodeRests(_ value: TOMLValue, sets: Int?, at path: TOMLPath, reader: inout ConfigReader) -> [TimeInterval]? {
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
}
