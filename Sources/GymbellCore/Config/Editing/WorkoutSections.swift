import TOML

/// The workout edits on a config file's text: key edits where keys are set, and whole
/// `[workouts."NAME"]` sections added, renamed or removed by the TOML editor (which checks each the
/// way it checks a key edit).
enum WorkoutSections {
    static let workouts = TOMLPath(keys: "workouts")

    static func edited(_ text: String, by edit: WorkoutEdit, path file: String) throws(ConfigEditError) -> String {
        switch edit {
        case .programDay(let day, let workout, let programme):
            return try keyEdits([dayEdit(ProgrammeDay(programme: programme, day: day, key: day.rawValue), workout: workout)], on: text, file: file)
        case .programSpan(nil, let programme):
            let table = WorkoutEdit.table(of: programme)
            return try keyEdits([.remove(table.appending("start")), .remove(table.appending("weeks"))], on: text, file: file)
        case .programSpan(let span?, let programme):
            let table = WorkoutEdit.table(of: programme)
            return try keyEdits([.set(table.appending("start"), .date(span.start)), .set(table.appending("weeks"), .integer(span.weeks))],
                                on: text, file: file)
        case .addProgramme, .removeProgramme, .programmeTitle, .programmePriority:
            return try programmeEdited(text, by: edit, file: file)
        case .update(let workout):
            let document = try ConfigEditor.read(Array(text.utf8), path: file)
            let path = workouts.appending(workout.name)
            guard document.node(at: path)?.kind == .table else { throw .noSuchWorkout(workout.name) }
            let sets = workout.tableEntries.map { ConfigTextEdit.set(path.appending($0.key), $0.value) }
            return try keyEdits(sets + workout.foreignKeys.map { .remove(path.appending($0)) }, on: text, file: file)
        case .create(let workout):
            return try create(workout, in: text, file: file)
        case .duplicate(let name, let newName, let title):
            let config: Config
            do {
                config = try ConfigParser.check(text, path: file).config
            } catch {
                throw .unreadable(error)
            }
            guard var copy = config.workouts[name] else { throw .noSuchWorkout(name) }
            copy.name = newName
            copy.title = title
            return try create(copy, in: text, file: file)
        case .rename(let old, let new):
            return try rename(old, to: new, in: text, file: file)
        case .delete(let name, let clearingDays):
            let document = try ConfigEditor.read(Array(text.utf8), path: file)
            let days = programDays(naming: name, in: document)
            guard days.isEmpty || clearingDays else { throw .workoutInUse(name, days: Array(Set(days.map(\.day))).sorted()) }
            let removed = try delete(name, in: document)
            return try keyEdits(days.map { dayEdit($0, workout: nil) }, on: removed, file: file)
        }
    }

    // MARK: Sections

    private static func create(_ workout: WorkoutDefinition, in text: String, file: String) throws(ConfigEditError) -> String {
        guard !workout.name.isEmpty else { throw .emptyName }
        let document = try ConfigEditor.read(Array(text.utf8), path: file)
        let path = workouts.appending(workout.name)
        guard document.node(at: path) == nil else { throw .workoutExists(workout.name) }
        let entries = workout.tableEntries.map { (key: $0.key, value: $0.value.resolved(existing: nil)) }
        return try toml { () throws(TOMLEditError) -> [UInt8] in try ConfigEditor.toml.appendingTable(path, entries, to: document) }
    }

    private static func rename(_ old: String, to new: String, in text: String, file: String) throws(ConfigEditError) -> String {
        guard !new.isEmpty else { throw .emptyName }
        guard old != new else { return text }
        let document = try ConfigEditor.read(Array(text.utf8), path: file)
        let oldPath = workouts.appending(old)
        let newPath = workouts.appending(new)
        guard let node = document.node(at: oldPath), node.kind == .table else { throw .noSuchWorkout(old) }
        guard document.node(at: newPath) == nil else { throw .workoutExists(new) }
        let renamed = try toml { () throws(TOMLEditError) -> [UInt8] in try ConfigEditor.toml.renamingTable(oldPath, to: newPath, in: document) }
        let days = programDays(naming: old, in: document)
        return try keyEdits(days.map { dayEdit($0, workout: new) }, on: renamed, file: file)
    }

    private static func delete(_ name: String, in document: TOMLDocument) throws(ConfigEditError) -> String {
        let path = workouts.appending(name)
        guard document.node(at: path)?.kind == .table else { throw .noSuchWorkout(name) }
        return try toml { () throws(TOMLEditError) -> [UInt8] in try ConfigEditor.toml.removingTable(path, from: document) }
    }

    // MARK: Helpers

    /// A weekday key of `[program]` or of a `[programs.NAME]`.
    private struct ProgrammeDay {
        var programme: String
        var day: Weekday
        /// The weekday as the file spells it ("mon", "monday").
        var key: String
    }

    /// The weekdays of every programme that name `name`: `[program]`'s, then each `[programs.NAME]`'s.
    private static func programDays(naming name: String, in document: TOMLDocument) -> [ProgrammeDay] {
        var programmes = [Programme.mainName]
        if let named = document.node(at: TOMLPath(keys: "programs")), named.kind == .table {
            programmes += named.entries.map(\.key)
        }
        return programmes.flatMap { programme -> [ProgrammeDay] in
            guard let table = document.node(at: WorkoutEdit.table(of: programme)), table.kind == .table else { return [] }
            return table.entries.compactMap { key, node in
                guard let day = Weekday(configName: key), node.kind == .scalar, node.scalar == .string(name) else { return nil }
                return ProgrammeDay(programme: programme, day: day, key: key)
            }.sorted { $0.day < $1.day }
        }
    }

    private static func dayEdit(_ day: ProgrammeDay, workout: String?) -> ConfigTextEdit {
        let path = WorkoutEdit.table(of: day.programme).appending(day.key)
        return workout.map { .set(path, .string($0)) } ?? .remove(path)
    }

    static func keyEdits(_ edits: [ConfigTextEdit], on text: String, file: String) throws(ConfigEditError) -> String {
        var bytes = Array(text.utf8)
        for edit in edits { bytes = try ConfigEditor.edited(bytes, by: edit, path: file) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text a section edit of the TOML editor makes.
    static func toml(_ edit: () throws(TOMLEditError) -> [UInt8]) throws(ConfigEditError) -> String {
        do {
            return String(decoding: try edit(), as: UTF8.self)
        } catch {
            throw ConfigEditError(error)
        }
    }
}
