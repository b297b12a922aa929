import FoundationEssentials

/// The history as compact text rows (`HistoryRows`, issue 33): the sessions `gymbell report` counts its
/// streaks and calendar from, without Foundation's JSON coding of years of them. One session a line,
/// tab-separated: id, workout ("" for none, else "=" and the name), title, kind, started, ended ("" for
/// none), outcome, sets done, last progress, recovered (0/1), rounds ("" for none), AMRAP (0/1); instants as seconds since 2001 (Swift's
/// shortest round-tripping Double); texts escaped as in `LoggedSet.rowsText`. They come back equal.
extension HistoryEntry {
    public static func rowsText(_ entries: [HistoryEntry]) -> String {
        var text = ""
        text.reserveCapacity(entries.count * 100)
        for entry in entries {
            text += LogRows.escape(entry.id.rawValue)
            text += "\t" + (entry.workout.map { "=" + LogRows.escape($0) } ?? "")
            text += "\t" + LogRows.escape(entry.title)
            text += "\t" + entry.kind.rawValue
            text += "\t" + entry.startedAt.timeIntervalSinceReferenceDate.description
            text += "\t" + (entry.endedAt.map { $0.timeIntervalSinceReferenceDate.description } ?? "")
            text += "\t" + entry.outcome.rawValue
            text += "\t" + String(entry.setsDone)
            text += "\t" + entry.lastProgressAt.timeIntervalSinceReferenceDate.description
            text += entry.recovered ? "\t1" : "\t0"
            text += "\t" + (entry.rounds.map(String.init) ?? "")
            text += entry.amrap ? "\t1\n" : "\t0\n"
        }
        return text
    }

    public static func decode(rowsText: String) throws(LogRows.Malformed) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        for (index, line) in rowsText.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            // 12 fields; 10 from a daemon of before issue 44's rounds.
            guard fields.count == 10 || fields.count == 12, let kind = SessionKind(rawValue: String(fields[3])), let started = Double(fields[4]),
                let outcome = Outcome(rawValue: String(fields[6])), let setsDone = Int(fields[7]), let progress = Double(fields[8]),
                fields[9] == "0" || fields[9] == "1"
            else { throw LogRows.Malformed(line: index + 1) }
            let ended = try LogRows.optional(fields[5], line: index) { Double($0) }
            let rounds = fields.count == 12 ? try LogRows.optional(fields[10], line: index) { Int($0) } : nil
            guard fields.count == 10 || fields[11] == "0" || fields[11] == "1" else { throw LogRows.Malformed(line: index + 1) }
            entries.append(HistoryEntry(
                id: SessionID(LogRows.unescape(fields[0])), workout: fields[1].isEmpty ? nil : LogRows.unescape(fields[1].dropFirst()),
                title: LogRows.unescape(fields[2]), kind: kind, startedAt: Date(timeIntervalSinceReferenceDate: started),
                endedAt: ended.map { Date(timeIntervalSinceReferenceDate: $0) }, outcome: outcome, setsDone: setsDone,
                lastProgressAt: Date(timeIntervalSinceReferenceDate: progress), recovered: fields[9] == "1",
                rounds: rounds, amrap: fields.count == 12 && fields[11] == "1"))
        }
        return entries
    }
}
