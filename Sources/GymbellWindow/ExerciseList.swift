import FoundationEssentials
import GymbellCore

/// A strength workout's exercises in the workout editor, in order: each with its name, sets, reps or a
/// time (a timed set: a plank, a wall sit), an optional weight (none: body weight), its rest, and
/// whether it is in one superset with the next (their sets alternate). Added with the group's button,
/// moved with Up / Down (buttons a keyboard reaches) or dragged by their handle onto another
/// exercise's place, removed with Remove. What a row does not show (a per-set rest list while its
/// first rest is unchanged, the unit, body, compound, warm-up) stays as it was.
final class ExerciseList {
    /// One exercise's row and its controls.
    private struct Row {
        let row: ExpanderRow
        let name: Entry
        let sets: SpinButton
        let target: RepsOrTime
        let weight: SpinButton
        let rest: SpinButton
        let superset: Switch
    }

    let group: PreferencesGroup
    private let messages: Messages
    private let changed: () -> Void
    private var rows: [Row] = []
    /// The exercises as last shown; what a row does not show is taken from here.
    private var shown: [Exercise] = []

    init(_ exercises: [Exercise], messages: Messages, changed: @escaping () -> Void) {
        self.messages = messages
        self.changed = changed
        group = PreferencesGroup(messages("Exercises"))
        group.setHeaderSuffix(Button(messages("Add exercise")) { [unowned self] in append() })
        show(exercises)
    }

    /// The exercises as the rows say now (a per-set rest list stays while its first rest is unchanged;
    /// an exercise in a superset with the next and no rest of its own goes straight on to it).
    var exercises: [Exercise] {
        let links = rows.map(\.superset.isOn)
        let labels = Supersets.labels(links: links, previous: rows.indices.map { shown.indices.contains($0) ? shown[$0].superset : nil })
        return rows.enumerated().map { index, row in
            let old = shown.indices.contains(index) ? shown[index] : nil
            let sets = row.sets.value
            let rest = TimeInterval(row.rest.value)
            var rests = Array(repeating: rest, count: sets)
            if let old, old.rest.count == sets, old.rest.first == rest { rests = old.rest }
            let linked = index < rows.count - 1 && links[index]
            if linked, rest == 0 { rests = [] }
            let weight = row.weight.number
            let timed = row.target.isTimed
            return Exercise(
                name: row.name.trimmedText, sets: sets, reps: timed || row.target.reps.value == 0 ? nil : row.target.reps.value,
                weight: weight == 0 ? nil : weight, unit: old?.unit, rest: rests, body: old?.body, compound: old?.compound,
                seconds: timed ? TimeInterval(row.target.seconds.value) : nil, superset: labels[index], warmUp: old?.warmUp)
        }
    }

    /// Each row's problems (by its place from 0) at the row: its error style and the sentences.
    func show(problems: [Int: [String]]) {
        for (index, row) in rows.enumerated() { row.row.showProblems(problems[index] ?? []) }
    }

    private func append() {
        var list = exercises
        list.append(Exercise(name: messages("Exercise {n}", ["n": "\(list.count + 1)"]), sets: 3, reps: 10, rest: [90, 90, 90]))
        show(list)
        // The keyboard goes on to the new exercise's name (scrolled into sight).
        rows.last?.name.grabFocus()
    }

    /// The exercise at `index` taken out and put in at `place` (Up and Down: the place before or after).
    private func move(_ index: Int, to place: Int) {
        var list = exercises
        guard list.indices.contains(index), list.indices.contains(place), index != place else { return }
        list.insert(list.remove(at: index), at: place)
        show(list)
        // The keyboard stays on the moved exercise.
        rows[place].row.grabFocus()
    }

    private func remove(_ index: Int) {
        var list = exercises
        guard list.indices.contains(index) else { return }
        list.remove(at: index)
        show(list)
    }

    /// The rows anew for `exercises`, in order.
    private func show(_ exercises: [Exercise]) {
        group.remove(rows.map(\.row))
        rows = []
        shown = exercises
        let links = Supersets.links(exercises)
        for (index, exercise) in exercises.enumerated() {
            let row = makeRow(index, exercise, linked: links[index], last: index == exercises.count - 1)
            group.add(row.row)
            rows.append(row)
        }
        changed()
    }

    private func makeRow(_ index: Int, _ exercise: Exercise, linked: Bool, last: Bool) -> Row {
        let n = ["n": "\(index + 1)"]
        let row = Row(
            row: ExpanderRow("\(index + 1). \(exercise.name)", expanded: true),
            name: Entry(accessibleName: messages("Exercise {n} name", n), text: exercise.name, widthChars: 14),
            sets: SpinButton(messages("Exercise {n} sets", n), 1...50),
            target: RepsOrTime(
                messages: messages,
                names: (messages("Exercise {n} timed", n), messages("Exercise {n} reps", n), messages("Exercise {n} time in seconds", n)),
                repsLabel: messages("Reps"), repsRange: 0...1000, reps: exercise.reps ?? 0, seconds: Int(exercise.seconds ?? 45),
                isTimed: exercise.seconds != nil) { [unowned self] in changed() },
            weight: SpinButton(messages("Exercise {n} weight", n), 0...2000, step: 2.5, digits: 1).namingZero(messages("None")),
            rest: SpinButton(messages("Exercise {n} rest in seconds", n), 0...3600),
            superset: Switch(accessibleName: messages("Exercise {n} in a superset with the next", n), on: linked))
        row.sets.show(exercise.sets)
        row.rest.show(Int(exercise.rest.first ?? 0))
        row.weight.show(number: exercise.weight ?? 0)
        row.name.onChanged { [unowned self, unowned header = row.row, unowned name = row.name] in
            header.retitle("\(index + 1). \(name.trimmedText)")  // the header follows the name as it is typed
            changed()
        }
        for spin in [row.sets, row.weight, row.rest] { spin.onChanged { [unowned self] in changed() } }
        let unit = exercise.weightUnit.rawValue
        // Not the row's activatable widget: a row would name its switch alike in every exercise.
        row.superset.verticallyCentered()
        row.superset.onToggled { [unowned self] _ in changed() }
        var controls: [Widget] = [
            ActionRow(messages("Name"), suffixes: [row.name]), ActionRow(messages("Sets"), suffixes: [row.sets]),
        ] + row.target.rows + [
            ActionRow(messages("Weight in {unit}", ["unit": unit]), subtitle: messages("None: body weight"), suffixes: [row.weight]),
            ActionRow(messages("Rest after each set, seconds"), suffixes: [row.rest]),
        ]
        let supersetRow = ActionRow(messages("Superset with the next"),
                                    subtitle: messages("Optional: their sets alternate; rest 0 goes straight on"), suffixes: [row.superset])
        supersetRow.isVisible = !last
        controls.append(supersetRow)
        row.row.add(controls)
        let up = Button(messages("Up"), accessibleName: messages("Move exercise {n} up", n)) { [unowned self] in move(index, to: index - 1) }
        let down = Button(messages("Down"), accessibleName: messages("Move exercise {n} down", n)) { [unowned self] in move(index, to: index + 1) }
        let remove = Button(messages("Remove"), accessibleName: messages("Remove exercise {n}", n)) { [unowned self] in self.remove(index) }
        up.isSensitive = index > 0
        down.isSensitive = !last
        row.row.add([Box(.horizontal, spacing: 6, [up, down, remove]).margins(6)])
        // The pointer's way: the handle dragged onto another exercise (its title or its settings).
        row.row.addPrefix(DragAndDrop.handle(messages("Drag exercise {n}", n), index: index))
        DragAndDrop.target(row.row, index: index) { [unowned self] from, to in move(from, to: to) }
        return row
    }
}
