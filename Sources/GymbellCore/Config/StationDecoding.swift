import FoundationEssentials
import TOML

/// The movements of home workouts as the config writes them: a circuit's or an AMRAP's `stations`, a
/// HIIT's named `exercises`, and the `get_ready`, `warm_up` and `cool_down` any workout may have.
enum StationDecoding {
    static let keys = ["name", "reps", "time", "weight", "unit"]
    static let example = "{ name = \"Push-ups\", reps = 10 }"
    static let timedExample = "{ name = \"Plank\", time = \"30s\" }"

    /// A list of stations. `names`: a plain string is a station of that name (a HIIT's exercises, whose
    /// time is the work interval's). `needsTarget`: each station needs reps or a time.
    static func decodeList(
        _ value: TOMLValue, at path: TOMLPath, names: Bool, needsTarget: Bool, reader: inout ConfigReader
    ) -> [Station]? {
        let example = names ? "[\"Burpees\", \"Mountain climbers\"]" : "[\(Self.example), \(timedExample)]"
        guard case .array(let elements) = value else {
            reader.reportWrongType(path, expected: "a list like \(example)", got: value)
            return nil
        }
        guard Limits.stations.contains(elements.count) else {
            reader.reportValue(
                path, elements.isEmpty ? "the list is empty; add at least one like \(example)" : "\(elements.count) entries; at most 100")
            return nil
        }
        let stations = elements.enumerated().map { index, element -> Station? in
            let elementPath = path.appending(index: index)
            if names, case .string = element {
                return reader.string(element, at: elementPath, expected: "an exercise name", whenEmpty: "the exercise name is empty")
                    .map { Station(name: $0) }
            }
            return decode(element, at: elementPath, needsTarget: needsTarget, reader: &reader)
        }
        let valid = stations.compactMap { $0 }
        return valid.count == stations.count ? valid : nil
    }

    static func decode(_ value: TOMLValue, at path: TOMLPath, needsTarget: Bool, reader: inout ConfigReader) -> Station? {
        guard case .table(let table) = value else {
            reader.reportWrongType(path, expected: "an exercise like \(example) or \(timedExample)", got: value)
            return nil
        }
        let before = reader.diagnostics.count
        let misspelt = reader.rejectUnknownKeys(of: table, at: path, known: keys)
        let required = RequiredKeys(table: table, path: path, needs: "every exercise needs a name, like \(example)", misspelt: misspelt)
        let name = required.value("name", reader: &reader).flatMap {
            reader.string($0, at: path.appending("name"), expected: "a string like \"Push-ups\"", whenEmpty: "the exercise name is empty")
        }
        let reps = table["reps"].flatMap { reader.integer($0, at: path.appending("reps"), in: 1...1000, expected: "a whole number like 10") }
        let seconds = table["time"].flatMap { reader.duration($0, at: path.appending("time"), in: DurationRange(Limits.stationTime)) }
        let weight = table["weight"].flatMap { ExerciseDecoding.decodeWeight($0, at: path.appending("weight"), reader: &reader) }
        let unit = table["unit"].flatMap { ExerciseDecoding.decodeUnit($0, at: path.appending("unit"), reader: &reader) }
        if table["reps"] != nil, table["time"] != nil {
            reader.reportKey(path.appending("time"), "\(path.tableName) gives both reps and a time; give one of them")
        } else if needsTarget, table["reps"] == nil, table["time"] == nil, !misspelt.contains("reps"), !misspelt.contains("time") {
            reader.reportValue(path, "needs reps or a time, like \(example) or \(timedExample)")
        }
        guard reader.diagnostics.count == before, let name else { return nil }
        return Station(name: name, reps: reps, seconds: seconds, weight: weight, unit: unit)
    }

    /// `get_ready`, `warm_up` and `cool_down` of a workout table.
    static func decodeFrame(_ table: [String: TOMLValue], at path: TOMLPath, reader: inout ConfigReader) -> WorkoutFrame {
        var frame = WorkoutFrame()
        if let value = table["get_ready"] {
            frame.getReady = reader.duration(value, at: path.appending("get_ready"), in: DurationRange(Limits.getReady))
        }
        if let value = table["warm_up"] { frame.warmUp = decodePart(value, at: path.appending("warm_up"), reader: &reader) }
        if let value = table["cool_down"] { frame.coolDown = decodePart(value, at: path.appending("cool_down"), reader: &reader) }
        return frame
    }

    /// `warm_up = "5m"` (one movement, named by its role) or a list of movements each with reps or a time.
    private static func decodePart(_ value: TOMLValue, at path: TOMLPath, reader: inout ConfigReader) -> [Station] {
        if case .array = value { return decodeList(value, at: path, names: false, needsTarget: true, reader: &reader) ?? [] }
        guard let seconds = reader.duration(value, at: path, in: DurationRange(Limits.stationTime)) else { return [] }
        return [Station(name: "", seconds: seconds)]
    }
}
