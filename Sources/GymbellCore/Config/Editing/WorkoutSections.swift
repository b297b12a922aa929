/// The workout edits on a config file's text: key edits where keys are set, and whole
/// `[workouts."NAME"]` sections added, renamed or removed. Every section edit is checked the way a key
/// edit is: the new text must read as the old document with exactly that change.
enum WorkoutSections {
    static let workouts = ConfigPath(keys: "workouts")

    static func edited(_ text: String, by edit: WorkoutEdit, path file: String) throws(ConfigEditError) -> String {
        switch edit {
        case .programDay(let day, let workout):
            return try keyEdits(ConfigEdit.programDay(day, workout: workout).textEdits, on: text, file: file)
        case .programSpan(nil):
            return try keyEdits([.remove(ConfigPath(keys: "program", "start")), .remove(ConfigPath(keys: "program", "weeks"))],
                                on: text, file: file)
        case .programSpan(let span?):
            return try keyEdits([.set(ConfigPath(keys: "program", "start"), .date(span.start)),
                                 .set(ConfigPath(keys: "program", "weeks"), .integer(span.weeks))], on: text, file: file)
        case .update(let workout):
            let document = try read(text, file: file)
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
            let days = try programDays(naming: name, in: text, file: file)
            guard days.isEmpty || clearingDays else { throw .workoutInUse(name, days: days) }
            let removed = try delete(name, in: text, file: file)
            return try keyEdits(days.flatMap { ConfigEdit.programDay($0, workout: nil).textEdits }, on: removed, file: file)
        }
    }

    // MARK: Sections

    private static func create(_ workout: WorkoutDefinition, in text: String, file: String) throws(ConfigEditError) -> String {
        guard !workout.name.isEmpty else { throw .emptyName }
        let document = try read(text, file: file)
        let path = workouts.appending(workout.name)
        guard document.node(at: path) == nil else { throw .workoutExists(workout.name) }
        let bytes = Array(text.utf8)
        let layout = try layout(of: bytes, path)
        let newline = String(decoding: layout.newline, as: UTF8.self)
        var values: [String: ConfigValue] = [:]
        var section = "[workouts." + TOMLLiteral.key(workout.name) + "]" + newline
        for (key, value) in workout.tableEntries {
            let resolved = value.resolved(existing: nil)
            values[key] = resolved
            let literal: String
            if case .array(let exercises) = resolved {
                // One exercise a line, as the templates write them.
                literal = "[" + newline + exercises.map {
                    "  " + String(decoding: TOMLLiteral.write($0, replacing: [], newline: layout.newline), as: UTF8.self) + "," + newline
                }.joined() + "]"
            } else {
                literal = String(decoding: TOMLLiteral.write(resolved, replacing: [], newline: layout.newline), as: UTF8.self)
            }
            section += TOMLLiteral.key(key) + " = " + literal + newline
        }
        var result = text
        if !result.isEmpty, !result.hasSuffix("\n") { result += newline }
        if !result.isEmpty, !result.hasSuffix(newline + newline) { result += newline }
        result += section
        var expected = TOMLLeaves(document.root)
        expected.replace(path, with: .table(values))
        return try checked(result, expected: expected, path: path)
    }

    private static func rename(_ old: String, to new: String, in text: String, file: String) throws(ConfigEditError) -> String {
        guard !new.isEmpty else { throw .emptyName }
        guard old != new else { return text }
        let document = try read(text, file: file)
        let oldPath = workouts.appending(old)
        let newPath = workouts.appending(new)
        guard let node = document.node(at: oldPath), node.kind == .table else { throw .noSuchWorkout(old) }
        guard document.node(at: newPath) == nil else { throw .workoutExists(new) }
        let bytes = Array(text.utf8)
        let layout = try layout(of: bytes, oldPath)
        guard let header = layout.header(of: oldPath), header.kind == .header(isArray: false) else { throw .cannotPlace(oldPath) }
        // The header's dotted key, between `[` and `]`.
        var scanner = TOMLScanner(bytes: bytes, limits: .standard)
        scanner.index = header.lineStart + header.indentation.count + 1
        scanner.skipSpaces()
        let keyStart = scanner.index
        do {
            _ = try TOMLValueParser.readKey(&scanner)
        } catch {
            throw .cannotPlace(oldPath)
        }
        var keyEnd = scanner.index
        while keyEnd > keyStart, bytes[keyEnd - 1] == .space || bytes[keyEnd - 1] == .tab { keyEnd -= 1 }
        let key = Array(("workouts." + TOMLLiteral.key(new)).utf8)
        let result = String(decoding: bytes[..<keyStart] + key + bytes[keyEnd...], as: UTF8.self)
        var expected = TOMLLeaves(document.root)
        expected.replace(oldPath, with: nil)
        expected.replace(newPath, with: node.value)
        let renamed = try checked(result, expected: expected, path: oldPath)
        let days = try programDays(naming: old, in: text, file: file)
        return try keyEdits(days.flatMap { ConfigEdit.programDay($0, workout: new).textEdits }, on: renamed, file: file)
    }

    /// The section from the comment lines right above its header to the comment lines right above the
    /// next section's header (which are that section's); at the end of the file, the blank lines before it go too.
    private static func delete(_ name: String, in text: String, file: String) throws(ConfigEditError) -> String {
        let document = try read(text, file: file)
        let path = workouts.appending(name)
        guard document.node(at: path)?.kind == .table else { throw .noSuchWorkout(name) }
        let bytes = Array(text.utf8)
        let layout = try layout(of: bytes, path)
        guard let header = layout.header(of: path), header.kind == .header(isArray: false) else { throw .cannotPlace(path) }
        var start = commentsAbove(header.lineStart, in: bytes)
        var end = bytes.count
        if let next = layout.statements.first(where: {
            $0.lineStart > header.lineStart && $0.kind != .keyValue && !$0.path.starts(with: path)
        }) {
            end = commentsAbove(next.lineStart, in: bytes)
        } else {
            while start > 0, isBlankLine(ending: start, in: bytes) { start = TOMLLayout.lineStart(before: start - 1, in: bytes) }
        }
        let result = String(decoding: bytes[..<start] + bytes[end...], as: UTF8.self)
        var expected = TOMLLeaves(document.root)
        expected.replace(path, with: nil)
        return try checked(result, expected: expected, path: path)
    }

    /// The start of the comment lines that end right at the line starting at `offset`.
    private static func commentsAbove(_ offset: Int, in bytes: [UInt8]) -> Int {
        var start = offset
        while start > 0 {
            let previous = TOMLLayout.lineStart(before: start - 1, in: bytes)
            let first = bytes[previous..<start].first { $0 != .space && $0 != .tab }
            guard first == .hash else { break }
            start = previous
        }
        return start
    }

    /// Whether the line that ends just before `offset` is blank.
    private static func isBlankLine(ending offset: Int, in bytes: [UInt8]) -> Bool {
        let previous = TOMLLayout.lineStart(before: offset - 1, in: bytes)
        return bytes[previous..<offset].allSatisfy { $0 == .space || $0 == .tab || $0 == .carriageReturn || $0 == .newline }
    }

    // MARK: Helpers

    private static func programDays(naming name: String, in text: String, file: String) throws(ConfigEditError) -> [Weekday] {
        let document = try read(text, file: file)
        guard let program = document.node(at: ConfigPath(keys: "program")), program.kind == .table else { return [] }
        return program.entries.compactMap { key, node in
            guard let day = Weekday(configName: key), node.kind == .scalar, node.scalar == .string(name) else { return nil }
            return day
        }.sorted()
    }

    private static func keyEdits(_ edits: [ConfigTextEdit], on text: String, file: String) throws(ConfigEditError) -> String {
        var bytes = Array(text.utf8)
        for edit in edits { bytes = try ConfigEditor.edited(bytes, by: edit, path: file) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func read(_ text: String, file: String) throws(ConfigEditError) -> TOMLDocument {
        do {
            return try ConfigParser.read(text, path: file, limits: .standard)
        } catch {
            throw .unreadable(error)
        }
    }

    private static func layout(of bytes: [UInt8], _ path: ConfigPath) throws(ConfigEditError) -> TOMLLayout {
        do {
            return try TOMLLayout(bytes: bytes)
        } catch {
            throw .cannotPlace(path)
        }
    }

    /// `text` when it reads as `expected`, else the edit could not be made as asked.
    private static func checked(_ text: String, expected: TOMLLeaves, path: ConfigPath) throws(ConfigEditError) -> String {
        guard let reread = try? TOMLReader.read(text), TOMLLeaves(reread.root) == expected else { throw .cannotPlace(path) }
        return text
    }
}
