import FoundationEssentials
import GymbellCore

/// An editable list of home-workout movements in a preferences group (issue 44): a circuit's stations,
/// each with its name and reps or a time, or a HIIT's exercise names. Added with the group's button,
/// moved with Up / Down and removed with Remove (buttons the keyboard reaches, named for a screen
/// reader). What a row does not show (a station's weight and unit) stays as it was.
final class StationList {
    /// What the list holds: a circuit's stations (name and reps or a time), or a HIIT's exercise names.
    enum Flavor { case stations, names }

    /// One movement's row and its controls.
    private struct Row {
        let row: ExpanderRow
        let name: Entry
        /// A circuit station's reps or time (a HIIT's exercise names have none).
        let target: RepsOrTime?
    }

    let group: PreferencesGroup
    private let flavor: Flavor
    private let messages: Messages
    private let changed: () -> Void
    private var rows: [Row] = []
    /// The movements as last shown; what a row does not show is taken from here.
    private var shown: [Station] = []

    init(_ flavor: Flavor, title: String, description: String? = nil, stations: [Station], messages: Messages, changed: @escaping () -> Void) {
        self.flavor = flavor
        self.messages = messages
        self.changed = changed
        group = PreferencesGroup(title, description: description)
        let add = flavor == .stations
            ? Button(messages("Add station"))
            : Button(messages("Add exercise name"))
        add.onClicked { [unowned self] in append() }
        group.setHeaderSuffix(add)
        show(stations)
    }

    /// The movements as the rows say now.
    var stations: [Station] {
        rows.enumerated().map { index, row in
            var station = shown.indices.contains(index) ? shown[index] : Station(name: "")
            station.name = row.name.trimmedText
            if let target = row.target {
                station.reps = target.isTimed ? nil : target.reps.value
                station.seconds = target.isTimed ? TimeInterval(target.seconds.value) : nil
            }
            return station
        }
    }

    /// Each row's problems (by its place from 0) at the row: its error style and the sentences.
    func show(problems: [Int: [String]]) {
        for (index, row) in rows.enumerated() { row.row.showProblems(problems[index] ?? []) }
    }

    private func append() {
        var list = stations
        let n = ["n": "\(list.count + 1)"]
        list.append(flavor == .stations ? Station(name: messages("Station {n}", n), reps: 10) : Station(name: messages("Exercise {n}", n)))
        show(list)
        rows.last?.name.grabFocus()  // the keyboard goes on to the new name (scrolled into sight)
        changed()
    }

    private func move(_ index: Int, to place: Int) {
        var list = stations
        guard list.indices.contains(index), list.indices.contains(place), index != place else { return }
        list.insert(list.remove(at: index), at: place)
        show(list)
        rows[place].row.grabFocus()  // the keyboard stays on the moved one
        changed()
    }

    private func remove(_ index: Int) {
        var list = stations
        guard list.indices.contains(index) else { return }
        list.remove(at: index)
        show(list)
        changed()
    }

    /// The rows anew for `stations`, in order.
    private func show(_ stations: [Station]) {
        group.remove(rows.map(\.row))
        rows = []
        shown = stations
        for (index, station) in stations.enumerated() {
            let row = makeRow(index, station, last: index == stations.count - 1)
            group.add(row.row)
            rows.append(row)
        }
    }

    private func makeRow(_ index: Int, _ station: Station, last: Bool) -> Row {
        let n = ["n": "\(index + 1)"]
        let names = flavor == .stations
            ? (name: messages("Station {n} name", n), timed: messages("Station {n} timed", n), reps: messages("Station {n} reps", n),
               seconds: messages("Station {n} time in seconds", n), up: messages("Move station {n} up", n),
               down: messages("Move station {n} down", n), remove: messages("Remove station {n}", n))
            : (name: messages("Exercise {n} name", n), timed: "", reps: "", seconds: "", up: messages("Move exercise {n} up", n),
               down: messages("Move exercise {n} down", n), remove: messages("Remove exercise {n}", n))
        let row = Row(
            row: ExpanderRow("\(index + 1). \(station.name)", expanded: true),
            name: Entry(accessibleName: names.name, text: station.name, widthChars: 14),
            target: flavor == .stations
                ? RepsOrTime(messages: messages, names: (names.timed, names.reps, names.seconds), repsLabel: messages("Reps"),
                             repsRange: 1...1000, reps: station.reps ?? 10, seconds: Int(station.seconds ?? 30),
                             isTimed: station.seconds != nil) { [unowned self] in changed() }
                : nil)
        row.name.onChanged { [unowned self, unowned header = row.row, unowned name = row.name] in
            header.retitle("\(index + 1). \(name.trimmedText)")  // the header follows the name as it is typed
            changed()
        }
        row.row.add([ActionRow(messages("Name"), suffixes: [row.name])] + (row.target?.rows ?? []))
        let up = Button(messages("Up"), accessibleName: names.up) { [unowned self] in move(index, to: index - 1) }
        let down = Button(messages("Down"), accessibleName: names.down) { [unowned self] in move(index, to: index + 1) }
        let remove = Button(messages("Remove"), accessibleName: names.remove) { [unowned self] in self.remove(index) }
        up.isSensitive = index > 0
        down.isSensitive = !last
        row.row.add([Box(.horizontal, spacing: 6, [up, down, remove]).margins(6)])
        return row
    }
}
