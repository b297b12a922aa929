import FoundationEssentials
import GymbellCore

/// The training logs `gymbell import` reads, told apart by their header line, and where each column is.
///
/// Strong writes one row a set. Its older export is separated by `;` and names the unit:
/// `Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration`;
/// the current one is separated by `,` and does not (the app's setting is kg or lb for all):
/// `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE`,
/// its Set Order a number or W (warm-up), D (drop set), F (failure); Seconds is a timed set's time (0 for none), RPE 6 to 10.
/// Hevy writes `title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe`
/// (`weight_lbs` and `distance_miles` for an account in pounds), set_type normal, warmup, dropset or failure.
/// gymbell's own (`history --sets --csv`, `SetLogCSV`) names its session ids, so it comes back as it was.
public enum ImportFormat: String, Sendable, CaseIterable {
    case strongSemicolon = "Strong (older export, with Weight Unit)"
    case strong = "Strong"
    case hevy = "Hevy"
    case gymbell = "gymbell"

    /// The prefix of the session ids made for this format's workouts (gymbell's keep their own).
    var idPrefix: String {
        switch self {
        case .strongSemicolon, .strong: "strong-"
        case .hevy: "hevy-"
        case .gymbell: ""
        }
    }

    /// The columns a row's start and end instants come from, as a skipped row names them.
    var instantColumns: (start: String, end: String) {
        switch self {
        case .strongSemicolon: ("Date", "Workout Duration")
        case .strong: ("Date", "Duration")
        case .hevy: ("start_time", "end_time")
        case .gymbell: ("session_started_at", "session_ended_at")
        }
    }

    /// Column positions by the header's names (trimmed, any case).
    struct Columns: Sendable {
        private var index: [String: Int] = [:]

        init(header: [String]) {
            for (position, name) in header.enumerated() {
                let key = name.trimmingWhitespace().lowercased()
                if index[key] == nil { index[key] = position }
            }
        }

        func has(_ name: String) -> Bool { index[name] != nil }

        /// The row's value of `name`, trimmed; "" when the row or the header lacks it.
        func value(_ name: String, in fields: [String]) -> String {
            guard let position = index[name], position < fields.count else { return "" }
            return fields[position].trimmingWhitespace()
        }
    }

    static let required: [ImportFormat: [String]] = [
        .strongSemicolon: ["date", "workout name", "exercise name", "set order", "weight", "weight unit", "reps"],
        .strong: ["date", "workout name", "exercise name", "set order", "weight", "reps"],
        .hevy: ["title", "start_time", "end_time", "exercise_title", "set_index", "set_type", "reps"],
        .gymbell: ["session", "exercise", "set", "reps", "weight", "unit", "failed", "at"],
    ]

    /// The format whose columns `header` has; nil when it is none of them.
    static func detect(_ header: [String]) -> ImportFormat? {
        let columns = Columns(header: header)
        let formats: [ImportFormat] = [.gymbell, .hevy, .strongSemicolon, .strong]
        return formats.first { format in
            (required[format] ?? []).allSatisfy(columns.has)
                && (format != .hevy || columns.has("weight_kg") || columns.has("weight_lbs"))
        }
    }

    /// Why a header is none of the formats, for the person who chose the file.
    static func unknownHeaderMessage(_ header: [String]) -> String {
        let shown = header.prefix(8).joined(separator: ",")
        return "the first line (\(shown.isEmpty ? "empty" : shown)) is not the header of a Strong, Hevy or gymbell export; "
            + "Strong's starts Date,Workout Name, Hevy's title,start_time, gymbell's session,session_title "
            + "(export it again from the app's settings, unchanged)"
    }
}
