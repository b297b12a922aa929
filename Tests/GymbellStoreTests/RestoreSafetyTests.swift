import Foundation
import Glibc
import GymbellCore
import Testing

@testable import GymbellStore

/// Restores and backups that cannot lose what they replace (issue 42, item 3), on real files: one kept-aside
/// copy per restore, only regular files read or replaced, no backup onto the state, leftovers of a killed
/// transfer removed at the next start, a backup holding far less than the history asked for first.
@Suite("Restore and backup: nothing they replace is lost")
struct RestoreSafetyTests {
    static let day = Date(timeIntervalSince1970: 1_795_539_600)  // 2026-11-24 17:00 UTC

    func session(_ id: String, daysAgo: Double, sets: Int = 1) -> ImportedSession {
        let start = Self.day.addingTimeInterval(-daysAgo * 86_400)
        let logged = (0..<sets).map { index in
            LoggedSet(session: SessionID(id), exercise: "Squat", setNumber: index + 1, reps: 5, weight: 100, at: start.addingTimeInterval(Double(index + 1) * 60))
        }
        let end = logged.last?.at ?? start
        return ImportedSession(
            entry: HistoryEntry(id: SessionID(id), title: "Imported \(id)", kind: .strength, startedAt: start, endedAt: end, outcome: .completed,
                                setsDone: logged.count, lastProgressAt: end),
            sets: logged)
    }

    /// A store with `sessions` sessions of one set each, and a folder outside its directory.
    func store(_ purpose: String, sessions: Int) throws -> (StateStore, String, String) {
        let path = temporaryDatabasePath(purpose)
        let store = try StateStore(path: path)
        _ = try store.transfer.importSessions((0..<sessions).map { session("s\($0)", daysAgo: Double($0 + 1)) })
        let outside = FilePath.directory(of: temporaryDatabasePath(purpose + "-outside"))
        return (store, path, outside)
    }

    func names(in directory: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }

    @Test func tenRestoresInOneSecondKeepTenCopiesEachHoldingWhatItReplaced() throws {
        let (store, path, outside) = try store("ten-restores", sessions: 1)
        let directory = FilePath.directory(of: path)
        let backup = outside + "/backup.sqlite"
        _ = try store.transfer.backup(to: backup)
        var kept: [String] = []
        for trial in 0..<10 {
            _ = try store.transfer.importSessions([session("added-\(trial)", daysAgo: 0.5)])
            let report = try store.transfer.restore(from: backup, keepingAsideIn: directory, at: Self.day)
            #expect(report.before == StateCounts(sessions: 2, sets: 2) && report.after == StateCounts(sessions: 1, sets: 1))
            kept.append(report.keptAside)
        }
        #expect(Set(kept).count == 10)
        #expect(kept.first == directory + "/replaced-20261124T170000.sqlite")
        #expect(kept.last == directory + "/replaced-20261124T170000-10.sqlite")
        for (trial, copy) in kept.enumerated() {
            let aside = try StateStore(path: copy)
            #expect(try aside.history().map(\.id.rawValue).sorted() == ["added-\(trial)", "s0"])
            aside.close()
            #expect((stat(copy)?.st_mode ?? 0) & 0o777 == 0o600)
        }
        #expect(try names(in: directory).filter { $0.hasPrefix("restoring-") }.isEmpty)
    }

    func stat(_ path: String) -> Glibc.stat? { StoreFile.linkStatus(path) }

    @Test(arguments: ["fifo", "directory", "device", "fifo behind a link", "wal fifo beside it"])
    func aSourceThatIsNoRegularFileIsRefusedAtOnce(kind: String) throws {
        let (store, path, outside) = try store("source-\(kind.replacingAll(" ", with: "-"))", sessions: 2)
        let source: String
        let expected: String
        switch kind {
        case "fifo":
            source = outside + "/pipe.sqlite"
            #expect(mkfifo(source, 0o600) == 0)
            expected = "\(source) is a named pipe (FIFO), not a backup file"
        case "directory":
            source = outside
            expected = "\(source) is a directory, not a backup file"
        case "device":
            source = "/dev/zero"
            expected = "/dev/zero is a character device, not a backup file"
        case "fifo behind a link":
            #expect(mkfifo(outside + "/pipe", 0o600) == 0)
            source = outside + "/link.sqlite"
            #expect(symlink(outside + "/pipe", source) == 0)
            expected = "\(source) is a named pipe (FIFO), not a backup file"
        default:
            source = outside + "/backup.sqlite"
            _ = try store.transfer.backup(to: source)
            #expect(mkfifo(source + "-wal", 0o600) == 0)
            expected = "\(source)-wal beside the backup is a named pipe (FIFO)"
        }
        let began = Date()
        #expect {
            try store.transfer.restore(from: source, keepingAsideIn: FilePath.directory(of: path), at: Self.day)
        } throws: { error in
            "\(error)".hasPrefix(expected) && "\(error)".hasSuffix("nothing was changed")
        }
        #expect(Date().timeIntervalSince(began) < 2)
        #expect(try store.transfer.counts() == StateCounts(sessions: 2, sets: 2))
        #expect(try names(in: FilePath.directory(of: path)).filter { $0.hasPrefix("replaced-") || $0.hasPrefix("restoring-") }.isEmpty)
    }

    @Test(arguments: ["state file", "wal", "shm", "inside the state directory", "dot-dot into it", "link into it", "hard link to the state",
                      "fifo", "directory", "dangling link"])
    func aBackupTargetOnTheStateOrNoRegularFileIsRefused(kind: String) throws {
        let (store, path, outside) = try store("target-\(kind.replacingAll(" ", with: "-"))", sessions: 3)
        let directory = FilePath.directory(of: path)
        let target: String
        let expected: String
        switch kind {
        case "state file": (target, expected) = (path, "is gymbell's own state database:")
        case "wal": (target, expected) = (path + "-wal", "is gymbell's own state database's write-ahead log:")
        case "shm": (target, expected) = (path + "-shm", "is gymbell's own state database's shared-memory file:")
        case "inside the state directory": (target, expected) = (directory + "/my-backup.sqlite", "is inside gymbell's state directory")
        case "dot-dot into it":
            target = outside + "/../" + FilePath.lastComponent(of: directory) + "/state.sqlite-wal"
            expected = "is gymbell's own state database's write-ahead log:"
        case "link into it":
            target = outside + "/backup.sqlite"
            #expect(symlink(path + "-wal", target) == 0)
            expected = "is gymbell's own state database's write-ahead log:"
        case "hard link to the state":
            target = outside + "/backup.sqlite"
            #expect(link(path, target) == 0)
            expected = "is another name for gymbell's own state database"
        case "fifo":
            target = outside + "/pipe.sqlite"
            #expect(mkfifo(target, 0o600) == 0)
            expected = "is a named pipe (FIFO), not a regular file"
        case "directory": (target, expected) = (outside, "is a directory, not a regular file")
        default:
            target = outside + "/dangling.sqlite"
            #expect(symlink(outside + "/nowhere/x.sqlite", target) == 0)
            expected = "is a symbolic link to \(outside)/nowhere/x.sqlite, which cannot be followed"
        }
        let before = try names(in: directory)
        let outsideBefore = try names(in: outside)
        #expect {
            try store.transfer.backup(to: target)
        } throws: { error in
            "\(error)".hasPrefix(target) && "\(error)".contains(expected) && "\(error)".hasSuffix("nothing was written")
        }
        #expect(try names(in: directory) == before)
        #expect(try names(in: outside) == outsideBefore)
        #expect(try store.transfer.counts() == StateCounts(sessions: 3, sets: 3))
        store.close()
        #expect(try StateStore(path: path).transfer.counts() == StateCounts(sessions: 3, sets: 3))
    }

    @Test func aSymbolicLinkTargetIsFollowedAndTheLinkKept() throws {
        let (store, _, outside) = try store("target-link", sessions: 2)
        try FileManager.default.createDirectory(atPath: outside + "/real", withIntermediateDirectories: true)
        let link = outside + "/latest.sqlite"
        #expect(symlink("real/backup.sqlite", link) == 0)
        try Data("old".utf8).write(to: URL(fileURLWithPath: outside + "/real/backup.sqlite"))
        #expect(try store.transfer.backup(to: link) == StateCounts(sessions: 2, sets: 2))
        #expect(StoreFile.isSymbolicLink(StoreFile.linkStatus(link)!))
        #expect(StoreFile.target(of: link) == "real/backup.sqlite")
        #expect(try StateStore(path: outside + "/real/backup.sqlite").transfer.counts() == StateCounts(sessions: 2, sets: 2))
        #expect(try names(in: outside) == ["latest.sqlite", "real"])
        #expect(try names(in: outside + "/real") == ["backup.sqlite"])
    }

    @Test func whatAKilledTransferLeftIsRemovedAtTheNextStartButNoKeptCopy() throws {
        let path = temporaryDatabasePath("leftovers")
        let directory = FilePath.directory(of: path)
        let outside = FilePath.directory(of: temporaryDatabasePath("leftovers-outside"))
        for name in ["restoring-4242.sqlite", "restoring-4242.sqlite-journal", "restoring-4242-replaced.sqlite", "replaced-20261124T170000.sqlite",
                     "replaced-20261124T170000-2.sqlite", "state.sqlite"] {
            FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("x".utf8))
        }
        let partial = outside + "/backup.sqlite.partial-4242"
        FileManager.default.createFile(atPath: partial, contents: Data("half".utf8))
        FileManager.default.createFile(atPath: partial + "-journal", contents: Data("j".utf8))
        FileManager.default.createFile(atPath: outside + "/keep.sqlite", contents: Data("mine".utf8))
        FileManager.default.createFile(atPath: directory + "/backup-partial-4242.note", contents: Data((partial + "\n").utf8))
        // A note naming a file no backup makes is removed without touching that file.
        FileManager.default.createFile(atPath: directory + "/backup-partial-4243.note", contents: Data((outside + "/keep.sqlite\n").utf8))
        // What a transfer running now holds stays.
        let running = try TransferFiles.Scratch(directory + "/restoring-99.sqlite")
        let cleaning = StateTransfer.cleanLeftovers(besideDatabase: path)
        #expect(cleaning.problems.isEmpty)
        #expect(Set(cleaning.removed) == Set([
            "restoring-4242.sqlite", "restoring-4242.sqlite-journal", "restoring-4242-replaced.sqlite", "backup-partial-4242.note",
            "backup-partial-4243.note",
        ].map { directory + "/" + $0 } + [partial, partial + "-journal"]))
        #expect(cleaning.keptAside == ["replaced-20261124T170000-2.sqlite", "replaced-20261124T170000.sqlite"].map { directory + "/" + $0 })
        #expect(try names(in: directory) == ["replaced-20261124T170000-2.sqlite", "replaced-20261124T170000.sqlite", "restoring-99.sqlite", "state.sqlite"])
        #expect(try names(in: outside) == ["keep.sqlite"])
        running.remove()
        #expect(try names(in: directory).filter { $0.hasPrefix("restoring-") }.isEmpty)
    }

    @Test func aBackupWrittenLeavesNoNoteOrPartialAndIsPrivate() throws {
        let (store, path, outside) = try store("backup-clean", sessions: 2)
        let target = outside + "/b.sqlite"
        FileManager.default.createFile(atPath: target, contents: Data("an older backup".utf8))
        #expect(try store.transfer.backup(to: target) == StateCounts(sessions: 2, sets: 2))
        #expect(try names(in: outside) == ["b.sqlite"])
        #expect(try names(in: FilePath.directory(of: path)).filter { !$0.hasPrefix("state.sqlite") }.isEmpty)
        #expect((stat(target)!.st_mode & 0o777) == 0o600)
    }

    @Test(arguments: [
        // backup, current, no tables → asks first
        (StateCounts(sessions: 0, sets: 0), StateCounts(sessions: 0, sets: 0), true, false),  // nothing to lose
        (StateCounts(sessions: 0, sets: 0), StateCounts(sessions: 1, sets: 0), true, true),  // stamped, no tables
        (StateCounts(sessions: 0, sets: 0), StateCounts(sessions: 2, sets: 3), false, true),  // no sessions
        (StateCounts(sessions: 1, sets: 1), StateCounts(sessions: 4, sets: 40), false, false),  // a history under 5 sessions
        (StateCounts(sessions: 2, sets: 10), StateCounts(sessions: 5, sets: 10), false, true),  // fewer than half the sessions
        (StateCounts(sessions: 3, sets: 10), StateCounts(sessions: 5, sets: 10), false, false),
        (StateCounts(sessions: 5, sets: 4), StateCounts(sessions: 5, sets: 10), false, true),  // fewer than half the sets
        (StateCounts(sessions: 5, sets: 5), StateCounts(sessions: 5, sets: 10), false, false),
        (StateCounts(sessions: 0, sets: 0), StateCounts(sessions: 231, sets: 2000), false, true),
        (StateCounts(sessions: 300, sets: 3000), StateCounts(sessions: 231, sets: 2000), false, false),
    ])
    func theRuleOfAskingFirst(backup: StateCounts, current: StateCounts, noTables: Bool, asks: Bool) {
        #expect(RestoreCaution.asksFirst(backup: backup, current: current, backupHasNoTables: noTables) == asks)
    }

    @Test(arguments: ["no tables", "far less"])
    func aBackupHoldingFarLessAsksFirstAndIsTakenWhenConfirmed(kind: String) throws {
        let (store, path, outside) = try store("asks-\(kind.replacingAll(" ", with: "-"))", sessions: 6)
        let directory = FilePath.directory(of: path)
        let backup = outside + "/small.sqlite"
        if kind == "no tables" {
            let db = try StoreDatabase(path: backup)
            try db.executeScript("PRAGMA application_id = \(StoreOwnership.applicationID); VACUUM")
            db.close()
        } else {
            let small = try StateStore(path: temporaryDatabasePath("asks-small"))
            _ = try small.transfer.importSessions([session("s0", daysAgo: 1), session("s1", daysAgo: 2)])
            _ = try small.transfer.backup(to: backup)
            small.close()
        }
        var question: StateTransfer.RestoreNeedsConfirmation?
        do {
            _ = try store.transfer.restore(from: backup, keepingAsideIn: directory, at: Self.day)
        } catch let asked as StateTransfer.RestoreNeedsConfirmation {
            question = asked
        }
        #expect(question?.current == StateCounts(sessions: 6, sets: 6))
        if kind == "no tables" {
            #expect(question?.description == "\(backup) is stamped as gymbell's but holds no tables at all: restoring it would replace your "
                + "history (6 sessions, 6 sets) with nothing; nothing was changed")
        } else {
            #expect(question?.description == "\(backup) holds 2 sessions, 2 sets, far less than your history now (6 sessions, 6 sets): "
                + "restoring it would replace that history; nothing was changed")
        }
        #expect(try store.transfer.counts() == StateCounts(sessions: 6, sets: 6))
        #expect(try names(in: directory).filter { $0.hasPrefix("replaced-") || $0.hasPrefix("restoring-") }.isEmpty)
        let report = try store.transfer.restore(from: backup, keepingAsideIn: directory, at: Self.day, confirmed: true)
        #expect(report.after == (kind == "no tables" ? StateCounts(sessions: 0, sets: 0) : StateCounts(sessions: 2, sets: 2)))
        #expect(try StateStore(path: report.keptAside).transfer.counts() == StateCounts(sessions: 6, sets: 6))
    }

    @Test func aBackupHoldingAValueGymbellCannotKeepIsRefusedNamingIt() throws {
        let (store, path, outside) = try store("hostile", sessions: 2)
        let backup = outside + "/hostile.sqlite"
        _ = try store.transfer.backup(to: backup)
        let db = try StoreDatabase(path: backup)
        try db.executeScript("UPDATE set_log SET weight = 1e308")
        db.close()
        #expect {
            try store.transfer.restore(from: backup, keepingAsideIn: FilePath.directory(of: path), at: Self.day, confirmed: true)
        } throws: { error in
            "\(error)".hasPrefix("\(backup) holds a value gymbell cannot keep: table set_log, row id ") && "\(error)".contains("weight is 1")
                && "\(error)".hasSuffix("; nothing was changed")
        }
        #expect(try store.transfer.counts() == StateCounts(sessions: 2, sets: 2))
        #expect(try names(in: FilePath.directory(of: path)).filter { $0.hasPrefix("replaced-") || $0.hasPrefix("restoring-") }.isEmpty)
    }
}
