import Foundation
@testable import GymbellCore

/// A history entry started at an ISO 8601 instant; the id is derived from the instant.
func entry(
    _ started: String, outcome: HistoryEntry.Outcome = .completed, kind: SessionKind = .strength, workout: String? = "push",
    lastProgress: String? = nil
) -> HistoryEntry {
    HistoryEntry(
        id: SessionID("s-\(started)"), workout: workout, title: workout ?? "Session", kind: kind, startedAt: instant(started),
        endedAt: outcome == .running ? nil : instant(started).addingTimeInterval(1800), outcome: outcome,
        setsDone: kind == .strength ? 10 : 0, lastProgressAt: lastProgress.map(instant) ?? instant(started))
}

func day(_ text: String) -> LocalDay {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, let day = LocalDay(year: parts[0], month: parts[1], day: parts[2]) else {
        preconditionFailure("bad test day \(text)")
    }
    return day
}

let monWedFri: ProgrammePlan = [.mon: "push", .wed: "hiit20", .fri: "push"]
