import TOML

/// Whole `[programs.NAME]` tables added and removed, and a programme's title and priority set where
/// they stand (issue 47: the window's Programme page adds and removes programmes).
extension WorkoutSections {
    static func programmeEdited(_ text: String, by edit: WorkoutEdit, file: String) throws(ConfigEditError) -> String {
        switch edit {
        case .addProgramme(let name, let title):
            guard !name.isEmpty, name != Programme.mainName else { throw .emptyName }
            let document = try ConfigEditor.read(Array(text.utf8), path: file)
            let path = WorkoutEdit.table(of: name)
            guard document.node(at: path) == nil else { throw .programmeExists(name) }
            return try toml { () throws(TOMLEditError) -> [UInt8] in
                try ConfigEditor.toml.appendingTable(path, [(key: "title", value: .string(title))], to: document)
            }
        case .removeProgramme(let name):
            let document = try ConfigEditor.read(Array(text.utf8), path: file)
            let path = WorkoutEdit.table(of: name)
            guard name != Programme.mainName, document.node(at: path)?.kind == .table else { throw .noSuchProgramme(name) }
            return try toml { () throws(TOMLEditError) -> [UInt8] in try ConfigEditor.toml.removingTable(path, from: document) }
        case .programmeTitle(let title, let programme):
            return try keyEdits([.set(try existing(programme, in: text, file: file).appending("title"), .string(title))], on: text, file: file)
        case .programmePriority(let priority, let programme):
            let path = try existing(programme, in: text, file: file).appending("priority")
            return try keyEdits([.set(path, .integer(priority))], on: text, file: file)
        default:
            return try edited(text, by: edit, path: file)
        }
    }

    /// The table of a programme that is there (`[program]` may be missing: a key edit adds it).
    private static func existing(_ programme: String, in text: String, file: String) throws(ConfigEditError) -> TOMLPath {
        let path = WorkoutEdit.table(of: programme)
        guard programme != Programme.mainName else { return path }
        let document = try ConfigEditor.read(Array(text.utf8), path: file)
        guard document.node(at: path)?.kind == .table else { throw .noSuchProgramme(programme) }
        return path
    }
}
