import FoundationEssentials
import GymbellCore
import GymbellFormats
import GymbellSettings

/// The import's question, with what the CLI's flags say chosen in it (issue 46, item 6): the log's
/// summary, then how to read it — the weights' unit where the export does not say (`--unit`), the
/// time zone its times were written in (`--time-zone`), and the person's own name for each of its
/// exercises that none of their workouts has (`--map`, guessed where one name plainly means another).
/// A change reads the log again off the main thread and the summary follows it; an unknown time zone
/// greys Import out with the row saying why. Import reads the log once more with the choices made
/// (what is imported is what was summed up with them) and hands it to `importing`.
final class ImportDialog {
    /// A log read with a set of choices.
    struct Reading: Sendable {
        var log: TrainingImport
        var options: TrainingImport.Options
        /// The exercises of the person's workouts, to call the log's by.
        var known: [String]
    }

    private let messages: Messages
    /// The mapping from the config (`[exercise_names]`): the person's choices go over it.
    private let configured: [String: String]
    private var options: TrainingImport.Options
    /// Reads the log with the options given, off the main thread; the answer comes back on it.
    private let rescan: (TrainingImport.Options, @escaping (TrainingImport?) -> Void) -> Void
    private var shown: MessageDialog.Shown<Answer>?
    /// Each log exercise's choice: nil is its own name.
    private var chosen: [String: String] = [:]
    /// The newest rescan's number: an older one's answer is dropped.
    private var generation = 0
    private var answered = false
    /// The rows' own objects, kept while the dialog is up (their signals call on them).
    private var rows: [Widget] = []

    enum Answer: String { case cancel, `import` }

    init(messages: Messages, reading: Reading,
         rescan: @escaping (TrainingImport.Options, @escaping (TrainingImport?) -> Void) -> Void) {
        self.messages = messages
        configured = reading.options.names
        options = reading.options
        self.rescan = rescan
    }

    /// Asks over `window`; `importing` gets the log and the options it was read with, after Import.
    func ask(over window: Window, _ reading: Reading, importing: @escaping (TrainingImport, TrainingImport.Options) -> Void) {
        let log = reading.log
        let nothing = log.workoutCount == 0
        let responses: [MessageDialog.Response<Answer>] = nothing ? [.init(answer: .cancel, label: messages("Close"))]
            : [.init(answer: .cancel, label: messages("Cancel")), .init(answer: .import, label: messages("Import"), appearance: .suggested)]
        shown = MessageDialog.ask(
            over: window, heading: nothing ? messages("Nothing to import") : messages("Import this log?"), body: summary(log),
            // No default response: Enter on a row of the choices (a keyboard user opening a list) must
            // not import; Import is pressed for itself.
            responses: responses, close: .cancel,
            extra: nothing ? nil : choices(log, known: reading.known)
        ) { [self] answer in
            answered = true
            shown = nil
            rows = []
            guard answer == .import else { return }
            let options = options
            rescan(options) { log in if let log { importing(log, options) } }
        }
    }

    private func summary(_ log: TrainingImport) -> String {
        log.summaryLines(in: options.timeZone, unitChoice: .below, messages: messages).joined(separator: "\n")
    }

    /// The rows choosing how the log is read, in a list that scrolls past a few exercises.
    private func choices(_ log: TrainingImport, known: [String]) -> Widget {
        let reading = PreferencesGroup(messages("Read it as"))
        if log.unitAssumed != nil {
            let unit = ComboRow(messages("Weights in"))
            unit.show(["kg", "lb"], selected: options.unit == .kg ? 0 : 1)
            unit.onSelected { [unowned self] index in
                options.unit = index == 0 ? .kg : .lb
                readAgain()
            }
            reading.add(unit)
            rows.append(unit)
        }
        let zoneTitle = messages("Time zone of its times")
        let zone = EntryRow(zoneTitle, applyButton: false)
        zone.show(options.timeZone.identifier)
        zone.onChanged { [unowned self, unowned zone] text in
            let name = text.trimmingWhitespace()
            guard let found = SystemZones.named(name) else {
                zone.style(["error"])
                zone.setTitle(messages("Time zone of its times: no zone “{zone}” (e.g. Europe/Berlin)", ["zone": name]))
                shown?.setEnabled(.import, false)
                return
            }
            zone.unstyle(["error"])
            zone.setTitle(zoneTitle)
            shown?.setEnabled(.import, true)
            options.timeZone = found
            readAgain()
        }
        reading.add(zone)
        rows.append(zone)
        let box = Box(.vertical, spacing: 12, [reading])
        let strangers = ImportNames.unmatched(log.exercises, known: known)
        if !known.isEmpty, !strangers.isEmpty {
            let names = PreferencesGroup(
                messages("Your names for its exercises"),
                description: messages("Records and next-time weights count an exercise by its name: pick yours where the log calls it otherwise."))
            for stranger in strangers {
                let row = ComboRow(stranger)
                let guess = ImportNames.guess(stranger, among: known)
                row.show([messages("Keep “{name}”", ["name": stranger])] + known, selected: guess.flatMap { known.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
                chosen[stranger] = guess
                row.onSelected { [unowned self] index in
                    chosen[stranger] = index == 0 ? nil : known[index - 1]
                    readAgain()
                }
                names.add(row)
                rows.append(row)
            }
            box.append(names)
            if !chosen.isEmpty { readAgain() }  // the guesses: the summary names the exercises as they will be
        }
        return Scrolled(box, maxHeight: 320)
    }

    /// The person's choices over the config's mapping.
    private func applyNames() {
        var names = configured
        for (shown, choice) in chosen { names = ImportNames.remapped(names, shown: shown, to: choice) }
        options.names = names
    }

    private func readAgain() {
        applyNames()
        generation += 1
        let mine = generation
        rescan(options) { [weak self] log in
            guard let self, !answered, mine == generation, let log else { return }
            shown?.setBody(summary(log))
        }
    }
}
