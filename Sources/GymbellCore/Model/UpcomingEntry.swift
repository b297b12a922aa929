import FoundationEssentials

/// One line of `gymbell upcoming`: a reminder to come, with the workout the program plans.
public struct UpcomingEntry: Codable, Equatable, Sendable {
    public var due: Date
    public var kind: String
    public var title: String
    public var body: String
    public var workout: String?
    /// The other workouts planned that day by other programmes (issue 47); nil when there are none.
    public var also: [String]?

    public init(due: Date, kind: String, title: String, body: String, workout: String?, also: [String]? = nil) {
        self.due = due
        self.kind = kind
        self.title = title
        self.body = body
        self.workout = workout
        self.also = also
    }

    public static func jsonText(_ entries: [UpcomingEntry]) -> String {
        ISO8601.jsonText(entries, orElse: "[]")
    }

    public static func decode(jsonText: String) throws -> [UpcomingEntry] {
        try ISO8601.decode([UpcomingEntry].self, jsonText: jsonText)
    }
}
