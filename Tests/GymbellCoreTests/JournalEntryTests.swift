import FoundationEssentials
import Testing

@testable import GymbellCore

/// Issue 48: a synced folder's journal is data from another computer — each line decoded on its own,
/// checked like every other door, and the file names Syncthing makes read as journals.
@Suite("Synced journals: lines, names, ids")
struct JournalEntryTests {
    static let device = DeviceID("0123456789abcdef")!
    static let at = Date(timeIntervalSince1970: 1_796_000_000)

    static func session(_ id: String = "s-1", title: String = "Push Day") -> ImportedSession {
        let sets = (1...2).map { LoggedSet(session: SessionID(id), exercise: "Bench Press", setNumber: $0, reps: 8, weight: 80, at: at.addingTimeInterval(Double($0) * 60)) }
        let entry = HistoryEntry(
            id: SessionID(id), workout: "push", title: title, kind: .strength, startedAt: at, endedAt: at.addingTimeInterval(600),
            outcome: .completed, setsDone: 2, lastProgressAt: at.addingTimeInterval(120))
        return ImportedSession(entry: entry, sets: sets)
    }

    func decode(_ text: String) throws(JournalLineProblem) -> JournalEntry { try JournalEntry.decode(line: Array(text.utf8)) }

    @Test func aLineReadsBackAsWritten() throws {
        let revision = SetRevision(session: SessionID("s-1"), ordinal: 2, of: Self.session().sets[1], revisedAt: Self.at)
        for event in [JournalEvent.session(Self.session()), .revision(revision), .weight(WeightOverride(exercise: "Squat", weight: 102.5, unit: .kg, since: Self.at))] {
            let entry = JournalEntry(device: Self.device, written: Self.at, event: event)
            let line = entry.line()
            #expect(line.last == 10 && line.filter { $0 == 10 }.count == 1)
            #expect(try JournalEntry.decode(line: line.dropLast()) == entry)
        }
    }

    @Test func hostileLinesAreRefusedWithASentence() throws {
        let good = String(decoding: JournalEntry(device: Self.device, written: Self.at, event: .session(Self.session())).line().dropLast(), as: UTF8.self)
        #expect(throws: JournalLineProblem.damaged("a NUL byte")) { try decode("{\"journal\":1\u{0}}") }
        #expect(throws: JournalLineProblem.damaged("not JSON")) { try decode("garbage") }
        #expect(throws: JournalLineProblem.newerFormat(2)) { try decode(good.replacing("\"journal\":1", with: "\"journal\":2")) }
        #expect(throws: JournalLineProblem.damaged("no device id of 16 hexadecimal digits")) {
            try decode(good.replacing(Self.device.rawValue, with: "../../etc/passwd"))
        }
        #expect(throws: JournalLineProblem.damaged("no session, revision or weight")) {
            try decode(#"{"journal":1,"device":"0123456789abcdef","written":"2026-12-01T00:00:00.000Z"}"#)
        }
        let far = good.replacing("\"started_at\":\"", with: "\"started_at\":\"9999").replacing("\"started_at\":\"99992026", with: "\"started_at\":\"9999")
        #expect(throws: JournalLineProblem.self) { try decode(far) }
        let huge = Array(repeating: UInt8(ascii: " "), count: JournalEntry.lineLimit + 1)
        #expect(throws: JournalLineProblem.damaged("a line of \(huge.count) bytes")) { try JournalEntry.decode(line: huge) }
        // A weight beyond any dumbbell, a set of the wrong session: refused as an import refuses them.
        let heavy = JournalEntry(device: Self.device, written: Self.at, event: .weight(WeightOverride(exercise: "Squat", weight: 1e9, unit: .kg, since: Self.at)))
        #expect(throws: JournalLineProblem.self) { try JournalEntry.decode(line: heavy.line().dropLast()) }
        var foreign = Self.session()
        foreign.sets[0].session = SessionID("other")
        let stray = JournalEntry(device: Self.device, written: Self.at, event: .session(foreign))
        #expect(throws: JournalLineProblem.self) { try JournalEntry.decode(line: stray.line().dropLast()) }
        // A name with a line break is cleaned, not refused.
        let tab = JournalEntry(device: Self.device, written: Self.at, event: .session(Self.session(title: "Push\nDay")))
        guard case .session(let cleaned) = try JournalEntry.decode(line: tab.line().dropLast()).event else { Issue.record("not a session"); return }
        #expect(cleaned.entry.title == "Push Day")
    }

    @Test func theFolderNamesJournalsAndTheirConflictCopies() {
        #expect(JournalName.own(Self.device) == "gymbell-0123456789abcdef.jsonl")
        #expect(JournalName.device(of: "gymbell-0123456789abcdef.jsonl") == Self.device)
        #expect(JournalName.device(of: "gymbell-0123456789abcdef.sync-conflict-20261201-232531-G7FR3MB.jsonl") == Self.device)
        for other in [".syncthing.gymbell-0123456789abcdef.jsonl.tmp", "gymbell-0123456789ABCDEF.jsonl", "gymbell-0123.jsonl",
                      "gymbell-0123456789abcdef.jsonl~", "gymbell-0123456789abcdefx.jsonl", "history.jsonl", ".stfolder"] {
            #expect(JournalName.device(of: other) == nil, "\(other)")
        }
        #expect(DeviceID(random: [0xde, 0xad, 0xbe, 0xef, 0, 1, 2, 3, 99]).rawValue == "deadbeef00010203")
    }

    @Test func theLaterCorrectionWinsOnEveryComputer() {
        let set = Self.session().sets[0]
        let other = DeviceID("fedcba9876543210")!
        let early = SetRevision(session: SessionID("s-1"), ordinal: 1, of: set, revisedAt: Self.at)
        let late = SetRevision(session: SessionID("s-1"), ordinal: 1, of: set, revisedAt: Self.at.addingTimeInterval(1))
        #expect(early.wins(by: Self.device, over: nil))
        #expect(late.wins(by: Self.device, over: (Self.at, other)))
        #expect(!early.wins(by: other, over: (Self.at.addingTimeInterval(1), Self.device)))
        // The same instant: the greater device id, whichever arrives first.
        #expect(early.wins(by: other, over: (Self.at, Self.device)))
        #expect(!early.wins(by: Self.device, over: (Self.at, other)))
        #expect(!early.wins(by: Self.device, over: (Self.at, Self.device)))
    }

    @Test func syncSettingsNameAnAbsoluteFolder() throws {
        let config = try ConfigParser.parse("[sync]\nfolder = \"~/Sync/gymbell\"\n", path: "c.toml")
        #expect(config.sync?.path(home: "/home/me") == "/home/me/Sync/gymbell")
        #expect(try ConfigParser.parse("", path: "c.toml").sync == nil)
        for (text, message) in [
            ("[sync]\nfolder = \"Sync/gymbell\"\n", "c.toml:2:10: sync.folder: \"Sync/gymbell\" is not an absolute path; write it from / or from ~/ (\"~/Sync/gymbell\")"),
            ("[sync]\nfolder = \"\"\n", "c.toml:2:10: sync.folder: the folder is empty; name the synced folder or remove [sync]"),
            ("[sync]\nfoldr = \"/x\"\n", "c.toml:2:1: unknown key \"foldr\" in [sync]; did you mean \"folder\"?"),
        ] {
            let errors = #expect(throws: ConfigErrors.self) { try ConfigParser.parse(text, path: "c.toml") }
            #expect(errors?.diagnostics.map(\.description).contains(message) == true, "\(errors?.diagnostics ?? [])")
        }
    }

    @Test func aDayTrainedAnywhereIsTrained() {
        let zone = Zone.utc
        let day = LocalDay(containing: Self.at, in: zone)
        let marks = SessionMarks([.init(startedAt: Self.at, completed: true, rest: false)])
        #expect(marks.trained(on: day, in: zone, before: Self.at.addingTimeInterval(60)))
        #expect(!marks.trained(on: day, in: zone, before: Self.at.addingTimeInterval(-60)))
        #expect(!marks.trained(on: LocalDay(daysSinceEpoch: day.daysSinceEpoch + 1), in: zone, before: Self.at.addingTimeInterval(86_400)))
        #expect(!SessionMarks([.init(startedAt: Self.at, completed: true, rest: true)]).trained(on: day, in: zone, before: Self.at.addingTimeInterval(60)))
    }
}
