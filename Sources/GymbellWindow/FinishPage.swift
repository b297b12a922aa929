import FoundationEssentials
import GymbellControl
import GymbellCore

/// After the last set (issue 46): the workout's summary in the window — how long it took, its sets
/// and volume, and the personal records it beat with what they beat — then back to Today.
final class FinishPage {
    /// What the page shows, read from the daemon once the workout completed.
    struct Summary: Sendable {
        var title: String
        var seconds: Int
        var sets: [LoggedSet]
        var records: [PersonalRecord]
    }

    let widget: Scrolled
    private let title = Label("", classes: ["title-2"])
    private let figures = Label("", classes: ["title-4"])
    private let recordsHeading: Label
    private let records = Box(.vertical, spacing: 6).centered()
    private let back: Button
    private let messages: Messages

    init(messages: Messages, onBack: @escaping () -> Void) {
        self.messages = messages
        let heading = Label(messages("Workout complete 🎉"), classes: ["title-1"])
        recordsHeading = Label(messages("Personal records"), classes: ["heading"])
        back = Button(messages("Back to Today"), classes: ["suggested-action", "pill", "gymbell-big"]) { onBack() }
        let column = Box(.vertical, spacing: 12, [heading, title, figures, recordsHeading.marginTop(12), records, back.centered().marginTop(24)])
        widget = Scrolled(column.margins(12).centered())
    }

    func show(_ summary: Summary) {
        title.text = summary.title
        let working = summary.sets.filter { !$0.warmUp }
        let volume = working.volumeKilograms
        var parts = [DurationText.human(TimeInterval(max(0, summary.seconds))),
                     messages("{n} set", plural: "{n} sets", count: working.count, ["n": "\(working.count)"])]
        if volume > 0 { parts.append(messages("{kg} kg lifted", ["kg": WeightUnit.number((volume * 10).rounded() / 10)])) }
        figures.text = parts.joined(separator: " · ")
        records.removeAll()
        var lines: [String] = []  // a set that beat both the heaviest and the estimated 1RM reads the same: once
        for record in summary.records {
            let line = messages("{exercise}: {now} (before: {before})", [
                "exercise": record.set.exercise, "now": Self.text(record.kind, record.set), "before": Self.text(record.kind, record.previous),
            ])
            if !lines.contains(line) { lines.append(line) }
        }
        for line in lines { records.append(Label(line)) }
        recordsHeading.isVisible = !summary.records.isEmpty
        records.isVisible = !summary.records.isEmpty
        back.grabFocus()  // Enter or Space goes back to Today
    }

    /// Reads the summary of session `id` once it ended: `done` gets it when the session completed (a
    /// workout stopped or abandoned gets no finish page), nil otherwise.
    static func load(_ id: String, title: String, link: DaemonLink, done: @escaping (Summary?) -> Void) {
        link.send({ client throws(ClientError) -> Summary? in
            guard let entry = try client.history(days: 1).first(where: { $0.id.rawValue == id }), entry.outcome == .completed else { return nil }
            let sets = try client.setLog(days: 1).filter { $0.session.rawValue == id }
            let records = (try? client.records())?.records.filter { $0.set.session.rawValue == id } ?? []
            let seconds = Int((entry.endedAt ?? entry.lastProgressAt).timeIntervalSince(entry.startedAt))
            return Summary(title: entry.title.isEmpty ? title : entry.title, seconds: seconds, sets: sets, records: records)
        }) { result in done((try? result.get()) ?? nil) }
    }

    private static func text(_ kind: PersonalRecord.Kind, _ set: LoggedSet) -> String {
        kind == .longestHold ? LoggedSet.durationText(set.seconds ?? 0) : set.loadText
    }
}
