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

    // MARK: Adding and removing a programme

    /// The running plan with a comment above it and one inside, which the edits must keep.
    static let commented = text.replacingOccurrences(of: "[programs.running]\n", with: "# my runs\n[programs.running]\n# easy first\n")

    @Test func aProgrammeIsAddedUnderANameFromItsTitleAndReadBack() throws {
        let config = try ConfigParser.parse(Self.commented, path: "config.toml")
        #expect(WorkoutEdit.programmeName(for: "Running", in: config) == "running_2")
        #expect(WorkoutEdit.programmeName(for: "Program", in: config) == "program_2")
        #expect(WorkoutEdit.programmeName(for: "Zirkel für Ältere", in: config) == "zirkel_fur_altere")
        let added = try ConfigEditor.apply([.addProgramme("swim", title: "Swim plan"), .programDay(.tue, workout: "easy_run", programme: "swim"),
                                            .programmePriority(3, programme: "swim")], to: Self.commented, path: "config.toml")
        #expect(added.text == Self.commented + "\n[programs.swim]\ntitle = \"Swim plan\"\ntue = \"easy_run\"\npriority = 3\n")
        let reread = try ConfigParser.parse(added.text, path: "config.toml")
        #expect(reread.programmes.last == Programme(name: "swim", title: "Swim plan", days: [.tue: "easy_run"], priority: 3))
        #expect(throws: ConfigEditError.programmeExists("running")) {
            try ConfigEditor.apply([.addProgramme("running", title: "Again")], to: Self.text, path: "config.toml")
        }
    }

    @Test func aFreshProgrammeWithoutDaysIsWritable() throws {
        let added = try edited([.addProgramme("swim", title: "Swim plan")])
        #expect(added.config.programmes.map(\.name) == ["running", "swim"])
        #expect(added.config.programmes.last?.days.isEmpty == true)
        let emptied = try edited([.programDay(.mon, workout: nil, programme: "running"), .programDay(.sat, workout: nil, programme: "running")])
        #expect(emptied.config.programmes.first?.days == [:])
    }

    @Test func aProgrammeIsRemovedWithItsCommentsAndTheRestKept() throws {
        let removed = try ConfigEditor.apply([.removeProgramme("running")], to: Self.commented, path: "config.toml")
        #expect(!removed.text.contains("my runs") && !removed.text.contains("[programs.running]"))
        #expect(removed.text.contains("[program]\nmon = \"push\"") && removed.text.contains("[workouts.long_run]"))
        #expect(try ConfigParser.parse(removed.text, path: "config.toml").programmes.isEmpty)
        #expect(throws: ConfigEditError.noSuchProgramme("program")) { try edited([.removeProgramme(Programme.mainName)]) }
        #expect(throws: ConfigEditError.noSuchProgramme("swim")) { try edited([.removeProgramme("swim")]) }
    }

    @Test func aTitleAndAPriorityAreSetWhereTheyStand() throws {
        let set = try ConfigEditor.apply([.programmeTitle("Runs", programme: "running"), .programmePriority(5, programme: "running"),
                                          .programmePriority(2)], to: Self.commented, path: "config.toml")
        #expect(set.text == Self.commented.replacingOccurrences(of: "title = \"Running plan\"", with: "title = \"Runs\"")
            .replacingOccurrences(of: "priority = 2\n", with: "priority = 5\n")
            .replacingOccurrences(of: "fri = \"push\"\n", with: "fri = \"push\"\npriority = 2\n"))
        let reread = try ConfigParser.parse(set.text, path: "config.toml")
        #expect(reread.programmes.first?.title == "Runs" && reread.programmes.first?.priority == 5 && reread.programPriority == 2)
        #expect(throws: ConfigEditError.self) { try edited([.programmePriority(10, programme: "running")]) }
        #expect(throws: ConfigEditError.noSuchProgramme("swim")) { try edited([.programmeTitle("Swim", programme: "swim")]) }
        #expect(WorkoutEdit.programmePriority(4, programme: "running").touchedKeys == [TOMLPath(keys: "programs", "running", "priority")])
        #expect(WorkoutEdit.removeProgramme("running").touchedKeys == [TOMLPath(keys: "programs", "running")])
    }
}
