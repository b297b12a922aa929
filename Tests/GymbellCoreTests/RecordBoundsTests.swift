import FoundationEssentials
import Testing

@testable import GymbellCore

/// Issue 42: one set of bounds for what a history may hold, used by every door.
@Suite("RecordBounds: what a history may hold")
struct RecordBoundsTests {
    static let at = Date(timeIntervalSince1970: 1_795_539_600)

    static func set(
        session: String = "s1", exercise: String = "Bench Press", workout: String? = "push", number: Int = 1, reps: Int? = 8,
        planned: Int? = 8, weight: Double? = 80, at: Date = at
    ) -> LoggedSet {
        LoggedSet(session: SessionID(session), workout: workout, exercise: exercise, setNumber: number, reps: reps, plannedReps: planned,
                  weight: weight, at: at)
    }

    @Test(arguments: [
        ("Bench Press", "Bench Press"), ("Bench\tPress", "Bench Press"), ("Bench\u{0}Press", "Bench Press"),
        ("  Bench \n\n Press  ", "Bench Press"), ("\u{1B}[31mSquat", "[31mSquat"), ("\u{202E}sserP hcneB", "sserP hcneB"),
        ("Kniebeuge – Ω≈ç 🏋", "Kniebeuge – Ω≈ç 🏋"), ("Row\u{85}Row", "Row Row"), ("\u{FEFF}Dip", "Dip"),
    ])
    func namesAreCleanedOfControlCharacters(_ text: String, _ cleaned: String) {
        #expect(RecordBounds.cleaned(text) == cleaned)
    }

    @Test func aNameThatIsNothingOrTooLongIsRefused() throws {
        #expect(throws: RecordBounds.Violation.self) { try RecordBounds.checkedName("\u{0}\t ", field: "exercise") }
        #expect(throws: RecordBounds.Violation.self) { try RecordBounds.checkedName(String(repeating: "x", count: 201), field: "title") }
        #expect((try? RecordBounds.checkedName(String(repeating: "x", count: 200), field: "title"))?.count == 200)
        #expect(try RecordBounds.checkedOptionalName("", field: "workout") == nil)
    }

    /// Each case: a set with one value out of bounds, and the words its refusal must hold.
    static let badSets: [(LoggedSet, String)] = [
        (set(weight: 1e308), "weight"), (set(weight: -1), "weight"), (set(weight: .nan), "weight"), (set(weight: .infinity), "weight"),
        (set(weight: 2000.5), "weight"), (set(reps: 1001), "reps"), (set(reps: -1), "reps"), (set(reps: Int.max), "reps"),
        (set(planned: -3), "planned reps"), (set(number: 0), "set number"), (set(number: 1001), "set number"),
        (set(at: Date(timeIntervalSince1970: 1e19)), "set time"), (set(at: Date(timeIntervalSince1970: -1)), "set time"),
        (set(at: Date(timeIntervalSince1970: 7_258_118_400)), "set time"), (set(session: ""), "session id"),
        (set(session: "a\u{0}b"), "session id"), (set(session: String(repeating: "a", count: 129)), "session id"),
        (set(exercise: "\u{0}"), "exercise"), (set(exercise: String(repeating: "é", count: 201)), "exercise"),
    ]

    @Test(arguments: badSets.indices)
    func aSetOutOfBoundsIsRefusedNamingTheValue(_ index: Int) {
        let (set, field) = Self.badSets[index]
        do {
            _ = try RecordBounds.checked(set)
            Issue.record("\(set) was taken")
        } catch {
            #expect(error.field == field, "\(error)")
            #expect(!error.description.unicodeScalars.contains(where: RecordBounds.isControl), "\(error)")
        }
    }

    @Test func aSetWithinBoundsIsTakenWithItsNamesCleaned() throws {
        let checked = try RecordBounds.checked(Self.set(exercise: "Bench\u{0}Press", workout: "\t"))
        #expect(checked.exercise == "Bench Press" && checked.workout == nil)
        for edge in [Self.set(reps: 0, weight: 0), Self.set(number: 1000, reps: 1000, weight: 2000), Self.set(reps: nil, weight: nil),
                     Self.set(at: Date(timeIntervalSince1970: 0)), Self.set(at: Date(timeIntervalSince1970: 7_258_118_399))] {
            #expect((try? RecordBounds.checked(edge)) != nil, "\(edge)")
        }
    }

    @Test func aSessionOutOfBoundsIsRefused() throws {
        let entry = HistoryEntry(id: SessionID("s"), title: "Push", kind: .strength, startedAt: Self.at, endedAt: Self.at.addingTimeInterval(60),
                                 outcome: .completed, setsDone: 3)
        #expect((try? RecordBounds.checked(entry)) != nil)
        var cases: [(HistoryEntry, String)] = []
        var e = entry; e.startedAt = Date(timeIntervalSince1970: 253_402_300_800); e.lastProgressAt = e.startedAt; cases.append((e, "start"))
        e = entry; e.endedAt = Self.at.addingTimeInterval(-1); cases.append((e, "end"))
        e = entry; e.title = String(repeating: "T", count: 10_000_000); cases.append((e, "title"))
        e = entry; e.id = SessionID(""); cases.append((e, "session id"))
        e = entry; e.setsDone = -1; cases.append((e, "sets done"))
        for (bad, field) in cases {
            #expect(throws: RecordBounds.Violation.self) { try RecordBounds.checked(bad) }
            #expect((try? RecordBounds.checked(bad)) == nil)
            do { _ = try RecordBounds.checked(bad) } catch { #expect(error.field == field) }
        }
    }

    @Test func theTimeCodeNeverTrapsOnAnInstantFarAway() {
        for seconds in [1e19, -1e19, .infinity, -.infinity, .nan, 9.2e18] {
            let instant = Date(timeIntervalSince1970: seconds)
            _ = LocalDay(containing: instant, in: .utc)
            _ = LocalTime(of: instant, in: .utc)
            _ = ISO8601.format(instant)
            #expect(instant.wholeSecondsSince1970 <= 9_000_000_000_000_000)
        }
    }
}
