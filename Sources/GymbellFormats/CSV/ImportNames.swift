import FoundationEssentials
import GymbellCore

/// The exercise names of a log being imported, against the person's own (issue 46, item 6: the import
/// dialog's name mapping). Records, the overload rule and Progress count an exercise by its name, so a
/// Strong log's "Bench Press (Barbell)" counts for the person's "Bench Press" only when it is called so.
/// Pure: the log's names (as the mapping in force gives them), the person's names and the mapping are
/// arguments.
public enum ImportNames {
    /// The log's exercises that are none of the person's (compared without regard to case), in the
    /// log's order.
    public static func unmatched(_ exercises: [String], known: [String]) -> [String] {
        let own = Set(known.map(folded))
        return exercises.filter { !own.contains(folded($0)) }
    }

    /// The person's exercise that a log's name most likely means, or nil: the same name once the
    /// app's equipment in brackets ("(Barbell)", "(Dumbbell)") and case are set aside, or one name the
    /// other's words with an implement before it ("Barbell Bench Press", "Dumbbell Row" for "Row").
    /// Only a single candidate is a guess; two are a question left to the person.
    public static func guess(_ name: String, among known: [String]) -> String? {
        let core = essence(name)
        guard !core.isEmpty else { return nil }
        let same = known.filter { essence($0) == core }
        if same.count == 1 { return same[0] }
        guard same.isEmpty else { return nil }
        let words = core.split(separator: " ")
        let near = known.filter { candidate in
            let theirs = essence(candidate).split(separator: " ")
            guard !theirs.isEmpty, theirs != words else { return false }
            let (long, short) = theirs.count > words.count ? (theirs, words) : (words, theirs)
            return long.count - short.count == 1 && Array(long.dropFirst()) == short && implements.contains(String(long[0]))
        }
        return near.count == 1 ? near[0] : nil
    }

    /// The mapping to import with once the person has called the log's `shown` exercise `chosen`:
    /// every name of the log that the mapping gave as `shown` is mapped to `chosen` too, so a choice
    /// made over `[exercise_names]` applies to what that table renamed. `chosen == shown` changes nothing.
    public static func remapped(_ names: [String: String], shown: String, to chosen: String) -> [String: String] {
        guard chosen != shown else { return names }
        var result = names
        for source in names.filter({ $0.value == shown }).map(\.key) + [shown] {
            result[source] = source == chosen ? nil : chosen
        }
        return result
    }

    /// Words an app writes before a movement to say what it is done with.
    static let implements: Set<String> = ["barbell", "dumbbell", "dumbbells", "kettlebell", "cable", "machine", "smith", "band", "ez", "trap"]

    static func folded(_ name: String) -> String { name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    /// The name lowercased, without bracketed parts, hyphens as spaces, its words single-spaced.
    static func essence(_ name: String) -> String {
        var text = ""
        var depth = 0
        for character in name.lowercased() {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            case "-", "_": if depth == 0 { text.append(" ") }
            default: if depth == 0 { text.append(character) }
            }
        }
        return folded(text)
    }
}
