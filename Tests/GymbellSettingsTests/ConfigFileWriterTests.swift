import Foundation
import Glibc
import GymbellCore
import GymbellPlatform
@testable import GymbellSettings
import TOML
import Testing

/// The config file writer on real files in a temporary directory.
@Suite("Config file writer")
final class ConfigFileWriterTests {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gymbell-writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    static let original = "# mine\n[reminders]\ntime = \"18:00\"  # evening\n"

    func file(_ text: String?, mode: Int = 0o644) throws -> String {
        let path = directory + "/gymbell/config.toml"
        if let text {
            try FileManager.default.createDirectory(atPath: directory + "/gymbell", withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
        return path
    }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    static let laterTime: [ConfigTextEdit] = [.set(TOMLPath(keys: "reminders", "time"), .timeOfDay(LocalTime(hour: 19, minute: 30)!))]

    @Test func anEditReplacesTheFileWholeAndReadsBackAfterARestart() throws {
        let path = try file(Self.original)
        let before = try #require(FileReplacement.stamp(of: path))
        let edited = try ConfigFileWriter.apply(Self.laterTime, toFileAt: path)
        #expect(try contents(path) == "# mine\n[reminders]\ntime = \"19:30\"  # evening\n")
        #expect(edited.config.reminders.time == LocalTime(hour: 19, minute: 30))
        // Renamed over it (a new inode), and no temporary file is left beside it.
        #expect(FileReplacement.stamp(of: path)?.inode != before.inode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/gymbell") == ["config.toml"])
        // What a restarted daemon reads.
        #expect(try ConfigSource.load(path: path).config.reminders.time == LocalTime(hour: 19, minute: 30))
    }

    @Test func theFileKeepsItsMode() throws {
        let path = try file(Self.original, mode: 0o600)
        try ConfigFileWriter.apply(Self.laterTime, toFileAt: path)
        #expect(FileReplacement.stamp(of: path)?.mode == 0o600)
    }

    @Test func aFileChangedOnDiskIsNotOverwritten() throws {
        let path = try file(Self.original)
        let snapshot = try ConfigFileWriter.read(path: path)
        let edited = try ConfigEditor.apply(Self.laterTime, to: try #require(snapshot.text), path: path)
        // Not only appended to (what is appended is carried, below): rewritten.
        let theirs = Self.original.replacingOccurrences(of: "# mine", with: "# mine, and theirs") + "\n[rest]\ndefault = 60\n"
        try Data(theirs.utf8).write(to: URL(fileURLWithPath: path))
        #expect(ConfigFileWriter.hasChanged(since: snapshot))
        #expect(throws: ConfigWriteError.changedOnDisk(path: path)) { try ConfigFileWriter.write(edited.text, over: snapshot) }
        #expect(try contents(path) == theirs)
        // Read again and redone: both changes are in the file.
        let again = try ConfigFileWriter.read(path: path)
        #expect(!ConfigFileWriter.hasChanged(since: again))
        try ConfigFileWriter.write(try ConfigEditor.apply(Self.laterTime, to: try #require(again.text), path: path).text, over: again)
        #expect(try contents(path) == "# mine, and theirs\n[reminders]\ntime = \"19:30\"  # evening\n\n[rest]\ndefault = 60\n")
    }

    @Test func linesAppendedMeanwhileAreKeptAfterTheEdit() throws {
        let path = try file(Self.original)
        let snapshot = try ConfigFileWriter.read(path: path)
        let edited = try ConfigEditor.apply(Self.laterTime, to: try #require(snapshot.text), path: path)
        let appended = "# a note appended by another program\n[rest]\ndefault = 60\n"
        try Data((Self.original + appended).utf8).write(to: URL(fileURLWithPath: path))
        let written = try ConfigFileWriter.write(edited.text, over: snapshot)
        #expect(try contents(path) == edited.text + appended)
        #expect(written.text == edited.text + appended)
        // An appended line that would make the whole invalid is not carried: the edit is refused, the file kept.
        let broken = try contents(path) + "default = 61\n"
        try Data(broken.utf8).write(to: URL(fileURLWithPath: path))
        let later = try ConfigEditor.apply([.set(TOMLPath(keys: "reminders", "time"), .timeOfDay(LocalTime(hour: 6, minute: 0)!))],
                                           to: try #require(written.text), path: path)
        #expect(throws: ConfigWriteError.changedOnDisk(path: path)) { try ConfigFileWriter.write(later.text, over: written) }
        #expect(try contents(path) == broken)
    }

    @Test func theGuardedReplacementComparesContentNotTime() throws {
        let path = try file("a = 1\n")
        // Same size and (on a coarse clock) the same time: only the content tells.
        try Data("b = 1\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try GuardedFileReplacement.replace(path, with: Array("c = 1\n".utf8), ifStillHolding: Array("a = 1\n".utf8)) == .changedBefore)
        #expect(try contents(path) == "b = 1\n")
        #expect(try GuardedFileReplacement.replace(path, with: Array("c = 1\n".utf8), ifStillHolding: Array("b = 1\n".utf8))
            == .replaced(written: Array("c = 1\n".utf8)))
        #expect(try contents(path) == "c = 1\n")
        // Expecting no file: one that exists is not replaced.
        #expect(try GuardedFileReplacement.replace(path, with: Array("d\n".utf8), ifStillHolding: nil) == .changedBefore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/gymbell") == ["config.toml"])
    }

    @Test func aChangePutBackKeepsWhatWasAppendedToTheNewFile() throws {
        // In the instant of a swap another program's version was displaced, and a line appended to ours:
        // theirs comes back, with that line after it.
        let path = try file("# ours\n# appended after the swap\n")
        try ConfigFileWriter.putBack(Array("# theirs\n".utf8), replacedBy: Array("# ours\n".utf8), at: path)
        #expect(try contents(path) == "# theirs\n# appended after the swap\n")
        // Ours rewritten meanwhile too: theirs is kept beside it, named in the error.
        #expect(throws: ConfigWriteError.self) {
            try ConfigFileWriter.putBack(Array("# theirs\n".utf8), replacedBy: Array("# something else\n".utf8), at: path)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory + "/gymbell").filter { $0.hasPrefix("config.toml.displaced-") }
        #expect(kept.count == 1)
        #expect(try contents(directory + "/gymbell/" + kept[0]) == "# theirs\n")
    }

    @Test func configSetLosesNoLineAnotherProgramAppends() throws {
        try linesSurviveEdits(path: try file(Self.original)) { path, round in
            let minute = round % 60
            try ConfigFileWriter.apply(
                [.set(TOMLPath(keys: "reminders", "time"), .timeOfDay(LocalTime(hour: 19, minute: minute)!))], toFileAt: path)
        }
        #expect(try ConfigSource.load(path: directory + "/gymbell/config.toml").config.reminders.time == LocalTime(hour: 19, minute: 24))
    }

    /// Runs 25 `edit`s while another thread appends a numbered comment every 10 ms; then every line it
    /// appended is in the file exactly once.
    func linesSurviveEdits(path: String, _ edit: (String, Int) throws -> Void) throws {
        let appender = LineAppender(path: path)
        let thread = Thread { appender.run() }
        thread.start()
        for round in 0..<25 { try edit(path, round) }
        let count = appender.stop()
        let lines = try contents(path).split(separator: "\n").filter { $0.hasPrefix("# appended ") }
        #expect(count > 5)
        let missing = Set((0..<count).map { "# appended \($0)" }).subtracting(lines.map(String.init))
        #expect(missing.isEmpty && lines.count == count, "\(count) appended, \(lines.count) in the file, missing: \(missing.sorted().prefix(10))")
    }

    @Test func aFileThatDoesNotParseIsNeverOverwritten() throws {
        let broken = "[reminders]\ntime = \"25:00\"\n"
        let path = try file(broken)
        let snapshot = try ConfigFileWriter.read(path: path)
        #expect(throws: ConfigWriteError.invalidOnDisk(ConfigErrors(diagnostics: [ConfigDiagnostic(
            path: path, line: 2, column: 8,
            message: "reminders.time: \"25:00\" is not a time of day; write \"HH:MM\" or \"HH:MM:SS\", e.g. \"18:00\", or \"auto\"")]))) {
            try ConfigFileWriter.write("[reminders]\ntime = \"18:00\"\n", over: snapshot)
        }
        #expect(try contents(path) == broken)
    }

    @Test func invalidTextIsNotWritten() throws {
        let path = try file(Self.original)
        let snapshot = try ConfigFileWriter.read(path: path)
        #expect(throws: ConfigWriteError.self) { try ConfigFileWriter.write("[reminders]\nsnooze_minutes = 0\n", over: snapshot) }
        #expect(try contents(path) == Self.original)
    }

    @Test func aFirstRunCreatesTheDirectoryAndTheFile() throws {
        let path = try file(nil)
        let snapshot = try ConfigFileWriter.read(path: path)
        #expect(snapshot.text == nil)
        let made = try FirstRunConfig.make(FirstRunChoices(days: [.tue], time: .at(LocalTime(hour: 7, minute: 0)!), template: .legs))
        try ConfigFileWriter.write(made.text, over: snapshot)
        #expect(try contents(path) == made.text)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/gymbell")
        #expect(attributes[.posixPermissions] as? Int == 0o700)
        #expect(try ConfigSource.load(path: path).config.program == [.tue: "legs"])
        // A file that appeared meanwhile is not overwritten by a first run.
        #expect(throws: ConfigWriteError.changedOnDisk(path: path)) { try ConfigFileWriter.write(made.text, over: snapshot) }
    }

    @Test func withoutAFileOfOnesOwnEditsStartFromTheSystemFile() throws {
        let system = directory + "/etc"
        try FileManager.default.createDirectory(atPath: system + "/gymbell", withIntermediateDirectories: true)
        let systemText = "# the admin's\n[reminders]\ntime = \"07:00\"\n"
        try Data(systemText.utf8).write(to: URL(fileURLWithPath: system + "/gymbell/config.toml"))
        let environment = ["HOME": directory, "XDG_CONFIG_HOME": directory + "/home", "XDG_CONFIG_DIRS": system]
        let paths = XDGPaths { environment[$0] }
        let snapshot = try ConfigFileWriter.read(path: paths.userConfigFile)
        #expect(ConfigFileWriter.startingText(of: snapshot, paths: paths) == systemText)
        try ConfigFileWriter.apply(Self.laterTime, toFileAt: paths.userConfigFile,
                                   startingFrom: ConfigFileWriter.startingText(of: snapshot, paths: paths))
        #expect(try contents(paths.userConfigFile) == "# the admin's\n[reminders]\ntime = \"19:30\"\n")
        #expect(try contents(system + "/gymbell/config.toml") == systemText)
        // With neither, the built-in default.
        let bare = XDGPaths { ["HOME": directory, "XDG_CONFIG_HOME": directory + "/other", "XDG_CONFIG_DIRS": directory + "/none"][$0] }
        #expect(ConfigFileWriter.startingText(of: try ConfigFileWriter.read(path: bare.userConfigFile), paths: bare) == ConfigParser.defaultText)
    }

    @Test func aSymbolicLinkKeepsPointingAtItsFile() throws {
        let target = directory + "/dotfiles.toml"
        try Data(Self.original.utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createDirectory(atPath: directory + "/gymbell", withIntermediateDirectories: true)
        let link = directory + "/gymbell/config.toml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try ConfigFileWriter.apply(Self.laterTime, toFileAt: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try contents(target).contains("time = \"19:30\""))
    }
}

/// Another program: appends "# appended N" (open, write, close) every 10 ms until stopped.
final class LineAppender: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var stopped = false
    private var count = 0
    private let done = DispatchSemaphore(value: 0)

    init(path: String) { self.path = path }

    func run() {
        while true {
            lock.lock()
            if stopped {
                lock.unlock()
                break
            }
            lock.unlock()
            let descriptor = open(path, O_WRONLY | O_APPEND)
            if descriptor >= 0 {
                let line = Array("# appended \(count)\n".utf8)
                _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                count += 1
            }
            usleep(10_000)
        }
        done.signal()
    }

    /// Stops it; how many lines it appended.
    func stop() -> Int {
        lock.lock()
        stopped = true
        lock.unlock()
        done.wait()
        return count
    }
}
