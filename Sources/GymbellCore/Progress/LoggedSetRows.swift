import FoundationEssentials

/// The set log as compact text rows (`SetLogRows`, issue 33): what `gymbell report` reads of the weeks
/// it draws. Foundation's JSON coding of 12 000 sets was most of the report's time (encoding in the
/// daemon, decoding in the CLI); these rows carry the same values and come back equal (`==`): one set
/// a line, its fields separated by tabs — session, workout ("" for none, else "=" and the name),
/// exercise, set number, reps, planned reps, weight ("" for none), unit, failed (0/1), and the instant
/// as seconds since 2001 (Swift's shortest round-tripping Double), then the set's id in the log ("" for
/// none: `history correct` takes it), then the seconds of a timed set ("" for none), warm-up (0/1) and
/// the RPE ("" for none). Texts escape "\\", tab and newline.
extension LoggedSet {
    public static func rowsText(_ sets: [LoggedSet]) -> String {
        var text = ""
        text.reserveCapacity(sets.count * 80)
        for set in sets {
            text += LogRows.escape(set.session.rawValue)
            text += "\t" + (set.workout.map { "=" + LogRows.escape($0) } ?? "")
            text += "\t" + LogRows.escape(set.exercise)
            text += "\t" + String(set.setNumber)
            text += "\t" + (set.reps.map(String.init) ?? "")
            text += "\t" + (set.plannedReps.map(String.init) ?? "")
            text += "\t" + (set.weight.map { $0.description } ?? "")
            text += "\t" + set.unit.rawValue
            text += set.failed ? "\t1\t" : "\t0\t"
            text += set.at.timeIntervalSinceReferenceDate.description
            text += "\t" + (set.id.map(String.init) ?? "")
            text += "\t" + (set.seconds.map(String.init) ?? "")
            text += set.warmUp ? "\t1\t" : "\t0\t"
            text += set.rpe.map { $0.description } ?? ""
            text += "\n"
        }
        return text
    }

    public static func decode(rowsText: String) throws(LogRows.Malformed) -> [LoggedSet] {
        var sets: [LoggedSet] = []
        for (index, line) in rowsText.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 14, let number = Int(fields[3]), let unit = WeightUnit(rawValue: String(fields[7])),
                let at = Double(fields[9]), fields[8] == "0" || fields[8] == "1", fields[12] == "0" || fields[12] == "1"
            else { throw LogRows.Malformed(line: index + 1) }
            let reps = try LogRows.optional(fields[4], line: index) { Int($0) }
            let planned = try LogRows.optional(fields[5], line: index) { Int($0) }
            let weight = try LogRows.optional(fields[6], line: index) { Double($0) }
            let id = try LogRows.optional(fields[10], line: index) { Int64($0) }
            let seconds = try LogRows.optional(fields[11], line: index) { Int($0) }
            let rpe = try LogRows.optional(fields[13], line: index) { Double($0) }
            let workout: String? = fields[1].isEmpty ? nil : LogRows.unescape(fields[1].dropFirst())
            sets.append(LoggedSet(
                session: SessionID(LogRows.unescape(fields[0])), workout: workout, exercise: LogRows.unescape(fields[2]),
                setNumber: number, reps: reps, plannedReps: planned, weight: weight, unit: unit, failed: fields[8] == "1",
                at: Date(timeIntervalSinceReferenceDate: at), id: id, seconds: seconds, warmUp: fields[12] == "1", rpe: rpe))
        }
        return sets
    }
}

/// The text rows of the set log and the history (`SetLogRows`, `HistoryRows`): their escaping and parsing.
public enum LogRows {
    public struct Malformed: Error, CustomStringConvertible {
        public var line: Int
        public var description: String { "line \(line) of the rows does not read" }
    }

    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return text }
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.append(character)
            }
        }
        return out
    }

    static func unescape(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    static func optional<T>(_ field: Substring, line: Int, _ parse: (Substring) -> T?) throws(Malformed) -> T? {
        if field.isEmpty { return nil }
        guard let value = parse(field) else { throw Malformed(line: line + 1) }
        return value
    }
}
