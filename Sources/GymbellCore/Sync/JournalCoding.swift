import FoundationEssentials

/// Why a journal line is not merged: a sentence for `gymbell status` (the line number is the reader's).
public enum JournalLineProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a journal line at all: no JSON, the wrong shape, NULs, a line longer than `JournalEntry.lineLimit`.
    case damaged(String)
    /// Written by a newer gymbell (its format number).
    case newerFormat(Int)
    /// A journal line whose values a history may not hold (`RecordBounds`).
    case outOfBounds(String)

    public var description: String {
        switch self {
        case .damaged(let why): "not a journal line (\(why))"
        case .newerFormat(let format): "written by a newer gymbell (journal format \(format)); update gymbell to merge it"
        case .outOfBounds(let why): "refused: \(why)"
        }
    }
}

extension JournalEntry {
    private struct Wire: Codable {
        var journal: Int
        var device: String?
        var written: Date?
        var session: ImportedSession?
        var revision: SetRevision?
        var weight: WeightOverride?
    }

    /// The entry as one line of JSON, ending in a line feed (ISO 8601 instants to the millisecond,
    /// sorted keys: a line reads the same on every computer).
    public func line() -> [UInt8] {
        var wire = Wire(journal: Self.format, device: device.rawValue, written: written)
        switch event {
        case .session(let session): wire.session = session
        case .revision(let revision): wire.revision = revision
        case .weight(let weight): wire.weight = weight
        }
        var bytes = [UInt8](ISO8601.jsonText(wire, orElse: "").utf8)
        bytes.append(10)
        return bytes
    }

    /// The entry a line (without its line feed) holds, checked as every door checks what it lets in.
    public static func decode(line: some Collection<UInt8>) throws(JournalLineProblem) -> JournalEntry {
        guard line.count <= lineLimit else { throw .damaged("a line of \(line.count) bytes") }
        guard !line.contains(0) else { throw .damaged("a NUL byte") }
        let wire: Wire
        do { wire = try ISO8601.jsonDecoder().decode(Wire.self, from: Data(line)) } catch {
            throw .damaged(Self.reason(error))
        }
        guard wire.journal <= format else { throw .newerFormat(wire.journal) }
        guard wire.journal >= 1 else { throw .damaged("journal format \(wire.journal)") }
        guard let text = wire.device, let device = DeviceID(text) else { throw .damaged("no device id of 16 hexadecimal digits") }
        guard let written = wire.written else { throw .damaged("no time written") }
        let events = [wire.session.map(JournalEvent.session), wire.revision.map(JournalEvent.revision), wire.weight.map(JournalEvent.weight)]
            .compactMap { $0 }
        guard events.count == 1, let event = events.first else {
            throw .damaged(events.isEmpty ? "no session, revision or weight" : "more than one event")
        }
        do throws(RecordBounds.Violation) {
            try RecordBounds.checkInstant(written, field: "written")
            return JournalEntry(device: device, written: written, event: try checked(event))
        } catch {
            throw .outOfBounds(error.description)
        }
    }

    private static func checked(_ event: JournalEvent) throws(RecordBounds.Violation) -> JournalEvent {
        switch event {
        case .session(let session):
            return .session(try session.checked())
        case .revision(let revision):
            try RecordBounds.checkCount(revision.ordinal, in: 1...RecordBounds.setsPerSession.upperBound, field: "set")
            try RecordBounds.checkInstant(revision.revisedAt, field: "revised at")
            // The values a corrected set holds, checked as a set's (its other fields are the merged set's own).
            let probe = revision.applied(to: LoggedSet(session: revision.session, exercise: "set", setNumber: 1, reps: nil, weight: nil, at: revision.revisedAt))
            _ = try RecordBounds.checked(probe)
            return .revision(revision)
        case .weight(var weight):
            weight.exercise = try RecordBounds.checkedName(weight.exercise, field: "exercise")
            try RecordBounds.checkWeight(weight.weight)
            try RecordBounds.checkInstant(weight.since, field: "since")
            return .weight(weight)
        }
    }

    /// A decoding error in a few words (Foundation's descriptions run to paragraphs).
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "not JSON"
        case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription.prefix(80))"
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context.codingPath)) has the wrong type"
        @unknown default: return "not JSON"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
