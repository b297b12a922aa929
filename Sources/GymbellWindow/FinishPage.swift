import FoundationEssentials
import GymbellControl
import GymbellCore

/// After the last set (issue 46): the workout's summary in the window — how long it took, its sets
/// and volume, the personal records it beat with what they beat, and the weights to go up to next
/// time, each accepted with a click — then back to Today.
final class FinishPage {
    /// What the page shows, read from the daemon once the workout completed.
    struct Summary: Sendable {
        var title: String
        var seconds: Int
        var sets: [LoggedSet]
        var records: [PersonalRecord]
        /// The overload suggestions the daemon made after this workout ("Time for more weight? 💪").
        var suggestions: [OverloadSuggestion] = []
    }

    /// Accepts a suggestion (the daemon plans its weight); `done` says whether it did.
    typealias Accept = (OverloadSuggestion, @escaping (Bool) -> Void) -> Void

    let widget: Scrolled
    private let title = Label("", classes: ["title-2"])
    private let figures = Label("", classes: ["title-4"])
    private let recordsHeading: Label
    private let records = Box(.vertical, spacing: 6).centered()
    private let suggestionsHeading: Label
    private let suggestions = Box(.vertical, spacing: 6).centered()
    /// The suggestions' rows now shown (kept: their buttons act on them).
    private var suggestionRows: [SuggestionRow] = []
    private let back: Button
    private let messages: Messages
    private let link: DaemonLink
    private let toast: (String) -> Void

    init(messages: Messages, link: DaemonLink, toast: @escaping (String) -> Void, onBack: @escaping () -> Void) {
        self.messages = messages
        self.link = link
        self.toast = toast
        let heading = Label(messages("Workout complete 🎉"), classes: ["title-1"])
        recordsHeading = Label(messages("Personal records"), classes: ["heading"])
        suggestionsHeading = Label(messages("Next time"), classes: ["heading"])
        back = Button(messages("Back to Today"), classes: ["suggested-action", "pill", "gymbell-big"]) { onBack() }
        let column = Box(.vertical, spacing: 12, [
            heading, title, figures, recordsHeading.marginTop(12), records, suggestionsHeading.marginTop(12), suggestions,
            back.centered().marginTop(24),
        ])
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
        suggestions.removeAll()
        suggestionRows = summary.suggestions.map { SuggestionRow($0, messages: messages) { [unowned self] in accept($0, done: $1) } }
        for row in suggestionRows { suggestions.append(row.widget) }
        suggestionsHeading.isVisible = !suggestionRows.isEmpty
        suggestions.isVisible = !suggestionRows.isEmpty
        back.grabFocus()  // Enter or Space goes back to Today
    }

    /// Accept: the suggested weight planned from the next workout on (the bus call of `gymbell weights
    /// --set`), said in a toast; a refusal is a toast too.
    private func accept(_ suggestion: OverloadSuggestion, done: @escaping (Bool) -> Void) {
        link.send({ client throws(ClientError) in try client.setWeight(exercise: suggestion.exercise, weight: suggestion.next) }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                toast(messages("{exercise} is planned with {weight} from the next workout on", [
                    "exercise": suggestion.exercise, "weight": suggestion.unit.text(suggestion.next),
                ]))
                done(true)
            case .failure(let error):
                toast("\(error)")
                done(false)
            }
        }
    }

    /// Reads the summary of session `id` once it ended: `done` gets it when the session completed (a
    /// workout stopped or abandoned gets no finish page), nil otherwise.
    static func load(_ id: String, title: String, link: DaemonLink, done: @escaping (Summary?) -> Void) {
        link.send({ client throws(ClientError) -> Summary? in
            guard let entry = try client.history(days: 1).first(where: { $0.id.rawValue == id }), entry.outcome == .completed else { return nil }
            let sets = try client.setLog(days: 1).filter { $0.session.rawValue == id }
            let records = (try? client.records())?.records.filter { $0.set.session.rawValue == id } ?? []
            let seconds = Int((entry.endedAt ?? entry.lastProgressAt).timeIntervalSince(entry.startedAt))
            // The overload suggestion waits a glance (10 s) before its notification: pending still.
            let suggestions = (try? client.status())?.pending.first { $0.id == "\(id)-overload" }?.overload ?? []
            return Summary(
                title: entry.title.isEmpty ? title : entry.title, seconds: seconds, sets: sets, records: records, suggestions: suggestions)
        }) { result in done((try? result.get()) ?? nil) }
    }

    private static func text(_ kind: PersonalRecord.Kind, _ set: LoggedSet) -> String {
        kind == .longestHold ? LoggedSet.durationText(set.seconds ?? 0) : set.loadText
    }
}

/// "Bench Press: 85 kg next time (+5 kg)" and Accept; once accepted it says so.
private final class SuggestionRow {
    let widget: Box
    private let text: Label
    private let button: Button

    init(_ suggestion: OverloadSuggestion, messages: Messages, accept: @escaping FinishPage.Accept) {
        let weight = suggestion.unit.text(suggestion.next)
        let step = "+" + suggestion.unit.text(suggestion.next - suggestion.weight)
        let exercise = suggestion.exercise
        text = Label(messages("{exercise}: {weight} next time ({step})", ["exercise": exercise, "weight": weight, "step": step]))
        button = Button(messages("Accept"), classes: ["pill"], accessibleName: messages("Accept {exercise} at {weight}", ["exercise": exercise, "weight": weight]))
        widget = Box(.horizontal, spacing: 12, [text, button])
        button.onClicked { [unowned self] in
            button.isSensitive = false  // one click, one request
            accept(suggestion) { [weak self] accepted in
                guard let self else { return }
                if accepted {
                    text.text = messages("{exercise}: {weight} next time — accepted", ["exercise": exercise, "weight": weight])
                    button.isVisible = false
                } else {
                    button.isSensitive = true
                }
            }
        }
    }
}
