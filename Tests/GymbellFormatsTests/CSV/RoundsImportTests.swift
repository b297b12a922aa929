import Foundation
import Testing
@testable import GymbellCore
@testable import GymbellFormats

/// Issue 44: a circuit's and an AMRAP's rounds in gymbell's own CSV — exported with the session, an AMRAP
/// (which logs no set) as a row of its own, read back unchanged, and hostile values skipped with their line.
@Suite("CSV: rounds of circuits and AMRAPs")
struct RoundsImportTests {
    func read(_ text: String) throws -> TrainingImport {
        try TrainingImport.read(text, options: .init(timeZone: .utc, now: instant("2030-01-01T00:00:00Z")))
    }

    static let amrap = HistoryEntry(
        id: SessionID("a1"), workout: "amrap", title: "AMRAP 10", kind: .circuit, startedAt: instant("2026-11-20T07:00:00Z"),
        endedAt: instant("2026-11-20T07:10:00Z"), outcome: .completed, setsDone: 0, lastProgressAt: instant("2026-11-20T07:10:00Z"),
        rounds: 7, amrap: true)
    static let circuit = HistoryEntry(
        id: SessionID("c1"), workout: "body", title: "Full body", kind: .circuit, startedAt: instant("2026-11-21T07:00:00Z"),
        endedAt: instant("2026-11-21T07:05:00Z"), outcome: .completed, setsDone: 2, lastProgressAt: instant("2026-11-21T07:05:00Z"),
        rounds: 1)
    static let sets = [
        LoggedSet(session: SessionID("c1"), workout: "body", exercise: "Push-ups", setNumber: 1, reps: 10, plannedReps: 10, weight: nil,
                  at: instant("2026-11-21T07:01:00Z")),
        LoggedSet(session: SessionID("c1"), workout: "body", exercise: "Plank", setNumber: 1, reps: nil, weight: nil,
                  at: instant("2026-11-21T07:05:00Z"), seconds: 30),
    ]

    @Test func theExportReadsBackWithItsRounds() throws {
        let text = SetLogCSV.text(Self.sets, sessions: [Self.amrap, Self.circuit])
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasSuffix(",session_rounds,session_amrap"))
        #expect(lines[1] == "a1,AMRAP 10,2026-11-20T07:00:00.000Z,2026-11-20T07:10:00.000Z,amrap,,,,,,,,2026-11-20T07:10:00.000Z,,,,7,true")
        #expect(lines[2].hasSuffix(",1,false"))
        let log = try read(text)
        #expect(log.skipped.isEmpty)
        #expect(log.setCount == 2)
        #expect(log.workoutCount == 2)
        let byID = Dictionary(uniqueKeysWithValues: log.sessions.map { ($0.entry.id, $0) })
        #expect(byID[SessionID("a1")]?.entry == Self.amrap)
        #expect(byID[SessionID("a1")]?.sets == [])
        #expect(byID[SessionID("c1")]?.entry.rounds == 1 && byID[SessionID("c1")]?.entry.amrap == false)
        #expect(byID[SessionID("c1")]?.entry.kind == .circuit)
        #expect(byID[SessionID("c1")]?.sets == Self.sets)
        // Exported again from what was read: the same text.
        #expect(SetLogCSV.text(log.sessions.flatMap(\.sets), sessions: log.sessions.map(\.entry)) == text)
    }

    @Test func hostileRoundsAreSkippedWithTheirLine() throws {
        let header = SetLogCSV.header.joined(separator: ",")
        func row(_ id: String, rounds: String, amrap: String = "true") -> String {
            "\(id),AMRAP,2026-11-20T07:00:00Z,2026-11-20T07:10:00Z,amrap,,,,,,,,2026-11-20T07:10:00Z,,,,\(rounds),\(amrap)"
        }
        let log = try read([
            header, row("ok", rounds: "5"), row("neg", rounds: "-3"), row("huge", rounds: "1e18"), row("big", rounds: "99999999999999999999"),
            row("nul", rounds: "4\u{0}"), row("frac", rounds: "7.5"), row("over", rounds: "10001"), row("flag", rounds: "3", amrap: "maybe"),
            row("bare", rounds: "", amrap: "true"),
        ].joined(separator: "\n"))
        #expect(log.sessions.map(\.entry.id) == [SessionID("ok")])
        #expect(log.skipped.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 10])
        #expect(log.skipped.map(\.reason) == [
            #"session_rounds "-3" is not a count of rounds (0 to 10000)"#, #"session_rounds "1e18" is not a count of rounds (0 to 10000)"#,
            #"session_rounds "99999999999999999999" is not a count of rounds (0 to 10000)"#,
            #"session_rounds "4\u{0}" is not a count of rounds (0 to 10000)"#, #"session_rounds "7.5" is not a count of rounds (0 to 10000)"#,
            #"session_rounds "10001" is not a count of rounds (0 to 10000)"#, #"session_amrap "maybe" is neither true nor false"#,
            "session_amrap is true without session_rounds",
        ])
    }
}
