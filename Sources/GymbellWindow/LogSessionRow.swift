import FoundationEssentials
import GymbellControl
import GymbellCore

/// A session of the Log page as one row: its title, when it was, what it came to ("5 sets · 2 000 kg",
/// the rounds or the time of other kinds) and how it ended; opened, its sets, each correctable
/// (`LoggedSetEditor`). Shown again with new sets, it keeps the editors of the sets that did not change
/// (what the person opened or is typing stays).
final class LogSessionRow {
    let row: ExpanderRow
    private let text: TodayText
    private var messages: Messages { text.messages }
    private let actions: LoggedSetEditor.Actions
    private var editors: [LoggedSetEditor] = []
    /// Whether the daemon runs: a correction is saved only then.
    var canSave = true {
        didSet { for editor in editors { editor.canSave = canSave } }
    }

    init(_ session: HistoryEntry, sets: [LoggedSet], text: TodayText, actions: LoggedSetEditor.Actions) {
        self.text = text
        self.actions = actions
        row = ExpanderRow(session.title)
        show(session, sets: sets, now: Date())
    }

    /// The session and its sets as the log has them now.
    func show(_ session: HistoryEntry, sets: [LoggedSet], now: Date) {
        row.subtitle = [text.when(session.startedAt, now: now), summary(session, sets), outcome(session.outcome)]
            .filter { !$0.isEmpty }.joined(separator: " · ")
        // The editors up to the first set that differs stay; from there on they are made again.
        let kept = zip(editors, sets).prefix { $0.set == $1 }.count
        row.remove(editors[kept...].map(\.row))
        editors.removeSubrange(kept...)
        for set in sets[kept...] {
            let editor = LoggedSetEditor(set, messages: messages, actions: actions)
            editor.canSave = canSave
            editors.append(editor)
            row.add([editor.row])
        }
    }

    /// "5 sets · 2 000 kg"; a session without sets: its rounds, else how long it took.
    private func summary(_ session: HistoryEntry, _ sets: [LoggedSet]) -> String {
        if !sets.isEmpty {
            let count = messages("{n} set", plural: "{n} sets", count: sets.count, ["n": "\(sets.count)"])
            let volume = sets.volumeKilograms.rounded()
            return volume > 0 ? count + " · " + Self.grouped(Int(volume)) + " kg" : count
        }
        if let rounds = session.rounds, rounds > 0 {
            return messages("{n} round done", plural: "{n} rounds done", count: rounds, ["n": "\(rounds)"])
        }
        guard let end = session.endedAt, end > session.startedAt else { return "" }
        return LoggedSet.durationText(Int(end.timeIntervalSince(session.startedAt)))
    }

    /// 12345 → "12 345" (a narrow no-break space between thousands, as SI writes them).
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (number < 0 ? "-" : "") + groups.joined(separator: "\u{202F}")
    }

    private func outcome(_ outcome: HistoryEntry.Outcome) -> String {
        switch outcome {
        case .completed: messages("completed")
        case .stopped: messages("stopped")
        case .abandoned: messages("abandoned")
        case .running: messages("running")
        }
    }
}
