import Foundation
import GymbellCore
import GymbellPlatform
import GymbellSettings
import Testing

/// The window's Preferences session on real files: each change written at once with the comments kept,
/// a file changed on disk edited again where it does not clash and asked about where it does, a file with
/// mistakes never written, and the first run's file.
@Suite("Config session")
final class ConfigSessionTests {
    let directory: String
    let session: ConfigSession

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gymbell-session-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/etc", withIntermediateDirectories: true)
        let environment = ["XDG_CONFIG_HOME": directory + "/config", "XDG_CONFIG_DIRS": directory + "/etc", "HOME": directory]
        session = ConfigSession(paths: XDGPaths(environment: { environment[$0] }))
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    static let original = "# mine\n[reminders]\ntime = \"18:00\"  # evening\nsnooze_minutes = 30 # half\n"

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/config/gymbell", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: session.path))
    }

    func contents() throws -> String { try String(contentsOfFile: session.path, encoding: .utf8) }

    @Test func eachChangeIsWrittenAtOnceWithTheCommentsKept() throws {
        try write(Self.original)
        guard case .valid = session.reload() else { Issue.record("not valid"); return }
        guard case .written(let config) = session.apply([.snoozeMinutes(45)]) else { Issue.record("not written"); return }
        #expect(config.reminders.snoozeMinutes == 45)
        guard case .written = session.apply([.privateMode(true)]) else { Issue.record("not written"); return }
        #expect(try contents() == "# mine\n[reminders]\ntime = \"18:00\"  # evening\nsnooze_minutes = 45 # half\nprivate = true\n")
        #expect(try ConfigSource.load(path: session.path).config.reminders.privateMode)  // what a restarted daemon reads
    }

    @Test func aFileChangedOnDiskIsEditedAgainWhereTheChangesDoNotClash() throws {
        try write(Self.original)
        session.reload()
        let theirs = Self.original.replacingOccurrences(of: "# mine", with: "# mine, edited elsewhere")
        try write(theirs)
        guard case .written = session.apply([.snoozeMinutes(20)]) else { Issue.record("not written"); return }
        #expect(try contents() == theirs.replacingOccurrences(of: "snooze_minutes = 30", with: "snooze_minutes = 20"))
    }

    @Test func aClashIsAskedAndEitherAnswerKeepsOneWholeFile() throws {
        try write(Self.original)
        session.reload()
        let theirs = Self.original.replacingOccurrences(of: "snooze_minutes = 30", with: "snooze_minutes = 99")
        try write(theirs)
        guard case .conflict(let keys) = session.apply([.snoozeMinutes(20)]) else { Issue.record("no conflict"); return }
        #expect(keys == ["reminders.snooze_minutes"])
        #expect(try contents() == theirs)
        session.takeTheirs()
        #expect(try contents() == theirs)
        try write(Self.original)
        session.reload()
        try write(theirs)
        guard case .conflict = session.apply([.snoozeMinutes(20)]) else { Issue.record("no conflict"); return }
        guard case .written = session.keepMine() else { Issue.record("not written"); return }
        #expect(try contents() == Self.original.replacingOccurrences(of: "snooze_minutes = 30", with: "snooze_minutes = 20"))
    }

    @Test func aFileWithMistakesIsShownAndNeverWritten() throws {
        let broken = Self.original.replacingOccurrences(of: "18:00", with: "25:00")
        try write(broken)
        guard case .invalid(let messages) = session.reload() else { Issue.record("not invalid"); return }
        #expect(messages.first?.hasPrefix(session.path + ":3:8: reminders.time") == true)
        guard case .invalidOnDisk = session.apply([.privateMode(true)]) else { Issue.record("written"); return }
        #expect(try contents() == broken)
    }

    @Test func aFileBrokenOnDiskAfterReadingIsNotOverwritten() throws {
        try write(Self.original)
        session.reload()
        let broken = Self.original + "[reminders\n"
        try write(broken)
        guard case .invalidOnDisk = session.apply([.privateMode(true)]) else { Issue.record("written"); return }
        #expect(try contents() == broken)
    }

    @Test func theFirstRunWritesTheWelcomesFileAndOnlyWhereNoneIs() throws {
        #expect(session.isFirstRun)
        let choices = FirstRunChoices(days: [.mon, .thu], time: .at(LocalTime(hour: 7, minute: 15)!), template: .legs)
        try session.writeFirstRun(choices)
        #expect(!session.isFirstRun)
        let config = try ConfigSource.load(path: session.path).config
        #expect(config.reminders.time == LocalTime(hour: 7, minute: 15) && config.reminders.days == [.mon, .thu])
        #expect(config.program == [.mon: "legs", .thu: "legs"])
        let written = try contents()
        #expect(throws: ConfigWriteError.self) { try self.session.writeFirstRun(choices) }
        #expect(try contents() == written)
    }

    @Test func withoutAFileOfTheirOwnTheFirstChangeStartsFromTheSystemFile() throws {
        try FileManager.default.createDirectory(atPath: directory + "/etc/gymbell", withIntermediateDirectories: true)
        try Data("# site\n[reminders]\nsnooze_minutes = 15\n".utf8).write(to: URL(fileURLWithPath: directory + "/etc/gymbell/config.toml"))
        #expect(!session.isFirstRun)
        guard case .valid(let config) = session.reload() else { Issue.record("not valid"); return }
        #expect(config.reminders.snoozeMinutes == 15)
        guard case .written = session.apply([.privateMode(true)]) else { Issue.record("not written"); return }
        #expect(try contents() == "# site\n[reminders]\nsnooze_minutes = 15\nprivate = true\n")
    }

    @Test func theWindowLosesNoLineAnotherProgramAppends() throws {
        // Issue 42, item 6: the window's Preferences write through the same writer.
        try write(Self.original)
        session.reload()
        let appender = LineAppender(path: session.path)
        let thread = Thread { appender.run() }
        thread.start()
        for round in 0..<25 {
            guard case .written = session.apply([.snoozeMinutes(10 + round)]) else {
                Issue.record("round \(round) not written")
                break
            }
        }
        let count = appender.stop()
        let lines = try contents().split(separator: "\n").filter { $0.hasPrefix("# appended ") }
        #expect(count > 5)
        let missing = Set((0..<count).map { "# appended \($0)" }).subtracting(lines.map(String.init))
        #expect(missing.isEmpty && lines.count == count, "\(count) appended, \(lines.count) in the file, missing: \(missing.sorted().prefix(10))")
        #expect(try ConfigSource.load(path: session.path).config.reminders.snoozeMinutes == 34)
    }
}
