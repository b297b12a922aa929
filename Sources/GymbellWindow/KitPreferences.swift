import FoundationEssentials
import GymbellCore

/// The Preferences' "Your kit" page: the bars, the plate pairs, fixed dumbbell pairs, an adjustable
/// dumbbell (its plates, or a dial's step and heaviest weight), kettlebells and the warm-up switch,
/// in words. Each field is taken when applied (Enter or its button) and written as `[kit]` through
/// the Preferences' config path (`ConfigEdit.kit`). A field that is not a weight list is refused
/// there: marked, its message said under the fields, its text left as typed and nothing written.
final class KitPreferences {
    let page: PreferencesPage
    let group: PreferencesGroup
    private let messages: Messages
    private let unit: ComboRow
    private let bars: EntryRow
    private let plates: EntryRow
    private let dumbbells: EntryRow
    private let handle: EntryRow
    private let handlePlates: EntryRow
    private let step: EntryRow
    private let maximum: EntryRow
    private let kettlebells: EntryRow
    private let warmUp = Switch()
    private let problem = Label("", classes: ["error"]).selectableFromStart()
    /// The kit as last shown (nil: the file has no `[kit]`); a change starts from it.
    private var kit: Kit?
    private var onChange: (Kit) -> Void = { _ in }

    init(messages: Messages) {
        self.messages = messages
        unit = ComboRow(messages("Unit of the weights"))
        bars = EntryRow(messages("Bars"))
        plates = EntryRow(messages("Plate pairs for the bars"))
        dumbbells = EntryRow(messages("Fixed dumbbell pairs"))
        handle = EntryRow(messages("Adjustable dumbbell handle"))
        handlePlates = EntryRow(messages("Plate pairs for the handle"))
        step = EntryRow(messages("Dial step"))
        maximum = EntryRow(messages("Dial's heaviest weight"))
        kettlebells = EntryRow(messages("Kettlebells"))
        group = PreferencesGroup(
            messages("Your kit"),
            description: messages("What you lift with at home: planned weights are rounded to what it makes. Weights are separated by commas, e.g. 20, 10, 10, 5, 2.5; each plate entry is a pair."))
        let dumbbell = ExpanderRow(messages("Adjustable dumbbell"), subtitle: messages("A handle with plates, or a dial from the handle up in steps"))
        dumbbell.add([handle, handlePlates, step, maximum])
        problem.isVisible = false
        group.add([unit, bars, plates, dumbbells, dumbbell, kettlebells,
                   ActionRow.toggle(messages("Warm-up sets"), subtitle: messages("A ramp from the bar before each compound lift"), warmUp),
                   problem])
        page = PreferencesPage(title: messages("Your kit"), icon: "weather-clear-symbolic")
        page.add(group)
        connect()
    }

    /// `change` gets the kit to write after each accepted field.
    func onChange(_ change: @escaping (Kit) -> Void) { onChange = change }

    private var current: Kit { kit ?? Kit() }

    private func connect() {
        unit.onSelected { [unowned self] index in
            let chosen: WeightUnit = index == 1 ? .lb : .kg
            if chosen != current.unit { onChange(current.renumbered(in: chosen)) }
        }
        let lists: [(EntryRow, WritableKeyPath<Kit, [Double]>)] = [(bars, \.bars), (plates, \.plates), (dumbbells, \.dumbbells), (kettlebells, \.kettlebells)]
        for (row, key) in lists {
            row.onApplied { [unowned self] text in
                accept(row, KitEntry.weights(text, unit: current.unit, messages: messages)) { kit, weights in kit[keyPath: key] = weights }
            }
        }
        for row in [handle, handlePlates, step, maximum] {
            row.onApplied { [unowned self] _ in
                let read = KitEntry.handle(weight: handle.text, plates: handlePlates.text, step: step.text, maximum: maximum.text,
                                           unit: current.unit, messages: messages)
                accept(row, read) { kit, handle in kit.handle = handle }
            }
        }
        warmUp.onToggled { [unowned self] on in
            var kit = current
            kit.warmUp = on
            onChange(kit)
        }
    }

    /// A field read: written into the kit, or refused at `row` with its message.
    private func accept<Value>(_ row: EntryRow, _ read: Result<Value, KitEntry.Refusal>, _ apply: (inout Kit, Value) -> Void) {
        switch read {
        case .success(let value):
            clearProblem()
            var kit = current
            apply(&kit, value)
            onChange(kit)
        case .failure(let refusal):
            clearProblem()
            row.style(["error"])
            let text = messages("{field}: {problem}", ["field": row.title, "problem": refusal.message])
            problem.text = text
            problem.setAccessibleName(text)
            problem.isVisible = true
        }
    }

    private func clearProblem() {
        for row in [bars, plates, dumbbells, handle, handlePlates, step, maximum, kettlebells] { row.unstyle(["error"]) }
        problem.isVisible = false
    }

    /// Shows the file's kit (none: empty fields, kg, warm-ups off).
    func show(_ kit: Kit?) {
        self.kit = kit
        let shown = current
        unit.show(["kg", "lb"], selected: shown.unit == .lb ? 1 : 0)
        bars.show(KitEntry.text(shown.bars, unit: shown.unit))
        plates.show(KitEntry.text(shown.plates, unit: shown.unit))
        dumbbells.show(KitEntry.text(shown.dumbbells, unit: shown.unit))
        kettlebells.show(KitEntry.text(shown.kettlebells, unit: shown.unit))
        handle.show(KitEntry.text(shown.handle?.weight, unit: shown.unit))
        handlePlates.show(KitEntry.text(shown.handle?.plates ?? [], unit: shown.unit))
        step.show(KitEntry.text(shown.handle?.step, unit: shown.unit))
        maximum.show(KitEntry.text(shown.handle?.maximum, unit: shown.unit))
        warmUp.show(shown.warmUp)
    }
}
