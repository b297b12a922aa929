import Foundation

/// One line of `gymbell upcoming`: a reminder to come, with the workout the program plans.
public struct UpcomingEntry: Codable, Equatable, Sendable {
    public var due: Date
    public var kind: String
    public var title: String
    public var body: String
    public var workout: String?

    public init(due: Date, kind: String, title: String, body: String, workout: String?) {
        self.due = due
        self.kind = kind
        self.title = title
        self.body = body
        self.workout = workout
    }

    public static func jsonText(_ entries: [UpcomingEntry]) -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    public static func decode(jsonText: String) throws -> [UpcomingEntry] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = ISO8601.parse(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 instant: \(text)"))
            }
            return date
        }
        return try decoder.decode([UpcomingEntry].self, from: Data(jsonText.utf8))
    }
}
