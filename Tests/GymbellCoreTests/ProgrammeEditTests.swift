import Foundation
import Testing
@testable import GymbellCore
import TOML

/// A `[programs.NAME]` edited as the window's Programme page edits it (issue 47): its days and its
/// start and weeks set where they stand, `[program]` and every other line left as written; a renamed
/// or deleted workout followed in every programme that names it.
@Suite("Config editor: several programmes")
struct ProgrammeEditTests {
    static let text = ProgrammesTests.two

    func edited(_ edits: [WorkoutEdit]) throws -> EditedConfig {
        try ConfigEditor.apply(edits, to: Self.text, path: "config.toml")
    }

    @Test func aDayOfANamedProgrammeIsSetAndRemovedThere() throws {
        let edited = try edited([.programDay(.tue, workout: "easy_run", programme: "running"),
                                 .programDay(.sat, workout: nil, programme: "running")])
        // A new key goes after the table's last one; the removed one takes its line alone.
        #expect(edited.text == Self.text.replacingOccurrences(of: "sat = \"long_run\"\n", with: "")
            .replacingOccurrences(of: "priority = 2\n", with: "priority = 2\ntue = \"easy_run\"\n"))
        #expect(edited.config.programmes.first?.days == [.mon: "easy_run", .tue: "easy_run"])
        #expect(edited.config.program == [.mon: "push", .wed: "push", .fri: "push"])
    }

    @Test func aNamedProgrammesSpanIsSetAndRemoved() throws {
        let later = try edited([.programSpan(ProgramSpan(start: LocalDay(isoDate: "2026-11-09")!, weeks: 6), programme: "running")])
        #expect(later.text == Self.text.replacingOccurrences(of: "start = 2026-11-02\nweeks = 2\n", with: "start = 2026-11-09\nweeks = 6\n"))
        let none = try edited([.programSpan(nil, programme: "running")])
        #expect(none.config.programmes.first?.span == nil)
        #expect(none.config.programSpan == nil && none.text.contains("[program]\nmon = \"push\""))
    }

    @Test func theEditTouchesOnlyItsProgrammesKeys() {
        #expect(WorkoutEdit.programDay(.mon, workout: nil, programme: "running").touchedKeys == [TOMLPath(keys: "programs", "running", "mon")])
        #expect(WorkoutEdit.programDay(.mon, workout: nil).touchedKeys == [TOMLPath(keys: "program", "mon")])
    }

    @Test func aRenameFollowsEveryProgrammeAndADeleteClearsThem() throws {
        let renamed = try edited([.rename(from: "easy_run", to: "jog")])
        #expect(renamed.config.programmes.first?.days == [.mon: "jog", .sat: "long_run"])
        let deleted = try edited([.delete("push", clearingDays: true)])
        #expect(deleted.config.program.isEmpty && deleted.config.programmes.first?.days.count == 2)
        #expect(WorkoutEdit.days(using: "easy_run", in: try ConfigParser.parse(Self.text, path: "c.toml")) == [.mon])
        #expect(throws: ConfigEditError.workoutInUse("long_run", days: [.sat])) { try edited([.delete("long_run", clearingDays: false)]) }
    }
}
