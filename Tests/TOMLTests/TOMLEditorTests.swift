import Foundation
import Testing
import TOML

/// The editor on hand-written texts: each case gives the exact text that must come out, so everything
/// not edited is proved to stay byte for byte.
@Suite("TOML editor: edits keep the person's layout")
struct TOMLEditorTests {
    static func edited(_ text: String, _ edit: TOMLEdit) throws -> String {
        String(decoding: try TOMLEditor().edited(try TOMLReader.read(text), by: edit), as: UTF8.self)
    }

    static let commented = """
        # my settings
        [reminders]
        enabled = true      # master switch
        time = "18:00"   # after work

        # weekdays
        days = ["mon", "wed", "fri"]
        snooze_minutes = 60

        [sound]
        # the bell
        name = 'complete'

        """

    @Test func aValueKeepsItsQuotesAndTheCommentAfterIt() throws {
        #expect(try Self.edited(Self.commented, .set(TOMLPath(keys: "sound", "name"), .string("bell")))
            == Self.commented.replacingOccurrences(of: "'complete'", with: "'bell'"))
        #expect(try Self.edited(Self.commented, .set(TOMLPath(keys: "reminders", "time"), .time(hour: 7, minute: 30, second: 0, nanosecond: 0)))
            == Self.commented.replacingOccurrences(of: "\"18:00\"", with: "07:30:00"))
    }

    @Test func aKeyGoesIntoTheRightElementOfAListOfTables() throws {
        let text = "[[workout]]\nname = \"push\"   # first\n\n[[workout]]\nname = \"legs\"\n[workout.extra]\nnote = 1\n"
        let element = { (index: Int, key: String) in TOMLPath([.key("workout"), .index(index), .key(key)]) }
        #expect(try Self.edited(text, .set(element(0, "sets"), .integer(3)))
            == "[[workout]]\nname = \"push\"   # first\nsets = 3\n\n[[workout]]\nname = \"legs\"\n[workout.extra]\nnote = 1\n")
        #expect(try Self.edited(text, .set(element(1, "name"), .string("leg day")))
            == "[[workout]]\nname = \"push\"   # first\n\n[[workout]]\nname = \"leg day\"\n[workout.extra]\nnote = 1\n")
        #expect(try Self.edited(text, .set(TOMLPath([.key("workout"), .index(1), .key("extra"), .key("more")]), .boolean(true)))
            == "[[workout]]\nname = \"push\"   # first\n\n[[workout]]\nname = \"legs\"\n[workout.extra]\nnote = 1\nmore = true\n")
        #expect(try Self.edited(text, .remove(element(0, "name"))) == "[[workout]]\n\n[[workout]]\nname = \"legs\"\n[workout.extra]\nnote = 1\n")
        // A new table under an element that is not the last cannot be named by a header.
        let hidden = TOMLPath([.key("workout"), .index(0), .key("extra"), .key("x")])
        #expect(throws: TOMLEditError.cannotPlace(hidden)) { try Self.edited(text, .set(hidden, .integer(1))) }
    }

    @Test func aKeyInsideAnInlineTableOrATableItselfIsRefused() {
        let text = "sound = { name = \"complete\" }\n[rest]\ndefault = 90\n"
        #expect(throws: TOMLEditError.insideInlineTable(TOMLPath(keys: "sound", "file"))) {
            try Self.edited(text, .set(TOMLPath(keys: "sound", "file"), .string("/x.oga")))
        }
        #expect(throws: TOMLEditError.notAKey(TOMLPath(keys: "rest"))) { try Self.edited(text, .remove(TOMLPath(keys: "rest"))) }
    }

    @Test func inlineTablesAreWrittenInTheEditorsKeyOrder() throws {
        let document = try TOMLReader.read("[a]\n")
        let value = TOMLValue.table(["sets": .integer(3), "name": .string("Squat"), "extra": .boolean(true)])
        let edited = try TOMLEditor(keyOrder: ["name", "sets"]).edited(document, by: .set(TOMLPath(keys: "a", "x"), value))
        #expect(String(decoding: edited, as: UTF8.self) == "[a]\nx = { name = \"Squat\", sets = 3, extra = true }\n")
    }

    @Test func tablesAreAddedRenamedAndRemovedWithTheirComments() throws {
        let text = "# top\n[a]\nx = 1\n\n# about b\n[b]\ny = [1, 2]\n"
        let editor = TOMLEditor()
        let added = try editor.appendingTable(TOMLPath(keys: "c", "d e"), [(key: "z", value: .array([.integer(1)]))],
                                              to: try TOMLReader.read(text))
        #expect(String(decoding: added, as: UTF8.self) == text + "\n[c.\"d e\"]\nz = [\n  1,\n]\n")
        let renamed = try editor.renamingTable(TOMLPath(keys: "b"), to: TOMLPath(keys: "b2"), in: try TOMLReader.read(text))
        #expect(String(decoding: renamed, as: UTF8.self) == text.replacingOccurrences(of: "[b]", with: "[b2]"))
        let removed = try editor.removingTable(TOMLPath(keys: "b"), from: try TOMLReader.read(text))
        #expect(String(decoding: removed, as: UTF8.self) == "# top\n[a]\nx = 1\n")
        #expect(throws: TOMLEditError.cannotPlace(TOMLPath(keys: "a"))) {
            try editor.appendingTable(TOMLPath(keys: "a"), [], to: try TOMLReader.read(text))
        }
    }

    @Test func editsConflictOnlyWithChangesToTheSameKeys() {
        let base = Self.commented
        let theirs = base.replacingOccurrences(of: "snooze_minutes = 60", with: "snooze_minutes = 30")
        let mine = [TOMLPath(keys: "reminders", "time"), TOMLPath(keys: "sound", "name")]
        #expect(TOMLEditor.conflicts(mine, base: base, current: theirs).isEmpty)
        #expect(TOMLEditor.conflicts(mine + [TOMLPath(keys: "reminders", "snooze_minutes")], base: base, current: theirs)
            == [TOMLPath(keys: "reminders", "snooze_minutes")])
        let renamed = base.replacingOccurrences(of: "'complete'", with: "'bell'")
        #expect(TOMLEditor.conflicts(mine, base: base, current: renamed) == [TOMLPath(keys: "sound", "name")])
        // A comment changed elsewhere is no conflict; a text that is not TOML conflicts everywhere.
        #expect(TOMLEditor.conflicts(mine, base: base, current: base.replacingOccurrences(of: "# the bell", with: "# ding")).isEmpty)
        #expect(TOMLEditor.conflicts(mine, base: base, current: "[") == mine)
    }
}
