import FoundationEssentials
import Testing
@testable import GymbellCore

/// Issue 44, "the log knows them": timed sets, warm-up sets and RPE in the log's model — their texts,
/// their codings, their bounds, their corrections, and what records, volume and overload make of them.
@Suite("Timed sets, warm-ups and RPE in the log")
struct TimedSetTests {
    static let at = instant("2026-03-02T18:00:00Z")

    static func set(
        _ session: String, _ exercise: String, reps: Int? = nil, weight: Double? = nil, seconds: Int? = nil, warmUp: Bool = false,
        rpe: Double? = nil, minute: Int = 0, number: Int = 1
    ) -> LoggedSet {
        LoggedSet(
            session: SessionID(session), exercise: exercise, setNumber: number, reps: reps, weight: weight,
            at: at.addingTimeInterval(Double(minute * 60)), seconds: seconds, warmUp: warmUp, rpe: rpe)
    }

    @Test(arguments: [
        (set("s", "Plank", seconds: 45), "45 s"), (set("s", "Plank", seconds: 90), "1 min 30 s"), (set("s", "Plank", seconds: 60), "1 min"),
        (set("s", "Plank", seconds: 3900), "1 h 5 min"), (set("s", "Plank", seconds: 0), "0 s"),
        (set("s", "Weighted plank", weight: 10, seconds: 45), "45 s × 10 kg"),
        (set("s", "Farmer walk", reps: 2, weight: 24, seconds: 40), "2 × 24 kg, 40 s"), (set("s", "Hollow", reps: 8, seconds: 30), "8 reps, 30 s"),
        (set("s", "Bench", reps: 8, weight: 80), "8 × 80 kg"), (set("s", "Dips", reps: 8), "8 reps"), (set("s", "Nothing"), "—"),
    ])
    func loadTexts(_ set: LoggedSet, _ text: String) {
        #expect(set.loadText == text)
    }

    @Test func rpeText() {
        #expect(Self.set("s", "Bench", reps: 5, weight: 80, rpe: 8).rpeText == "RPE 8")
        #expect(Self.set("s", "Bench", reps: 5, weight: 80, rpe: 7.5).rpeText == "RPE 7.5")
        #expect(Self.set("s", "Bench", reps: 5, weight: 80).rpeText == nil)
    }

    static let mixed = [
        LoggedSet(session: SessionID("a"), workout: "home", exercise: "Plank", setNumber: 1, reps: nil, weight: nil, at: at, id: 7,
                  seconds: 45, warmUp: true, rpe: 7.5),
        LoggedSet(session: SessionID("a"), exercise: "Wall sit", setNumber: 2, reps: 0, weight: 10, unit: .lb, failed: true, at: at,
                  seconds: 86_400, rpe: 0),
        LoggedSet(session: SessionID("a"), exercise: "Bench", setNumber: 3, reps: 5, weight: 80, at: at, rpe: 10),
    ]

    @Test func jsonWrittenByteByByteAsJSONEncoderAndBack() throws {
        #expect(LoggedSet.jsonText(Self.mixed) == ISO8601.jsonText(Self.mixed, orElse: "[]"))
        #expect(try LoggedSet.decode(jsonText: LoggedSet.jsonText(Self.mixed)) == Self.mixed)
        let text = LoggedSet.jsonText([Self.mixed[0]])
        #expect(text.contains("\"rpe\":7.5,\"seconds\":45,") && text.contains("\"warm_up\":true,"))
    }

    @Test func jsonOfAnOlderGymbellReadsAsWorkingSetsOfReps() throws {
        let old = #"[{"at":"2026-03-02T18:00:00.000Z","exercise":"Bench","failed":false,"planned_reps":null,"reps":5,"session":"a","set":1,"unit":"kg","weight":80,"workout":null}]"#
        let sets = try LoggedSet.decode(jsonText: old)
        #expect(sets.count == 1 && sets[0].seconds == nil && !sets[0].warmUp && sets[0].rpe == nil)
    }

    @Test func rowsRoundTripAndRefuseBadMarks() throws {
        #expect(try LoggedSet.decode(rowsText: LoggedSet.rowsText(Self.mixed)) == Self.mixed)
        let good = LoggedSet.rowsText([Self.mixed[0]]).dropLast()
        var fields = good.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        fields[12] = "2"
        #expect(throws: LogRows.Malformed.self) { try LoggedSet.decode(rowsText: fields.joined(separator: "\t")) }
        fields[12] = "1"
        fields[11] = "45s"
        #expect(throws: LogRows.Malformed.self) { try LoggedSet.decode(rowsText: fields.joined(separator: "\t")) }
    }

    @Test(arguments: [
        (set("s", "Plank", seconds: -1), "seconds -1 is not 0 to 86400"), (set("s", "Plank", seconds: 86_401), "seconds 86401 is not 0 to 86400"),
        (set("s", "Plank", seconds: Int.max), "seconds \(Int.max) is not 0 to 86400"),
        (set("s", "Bench", reps: 5, rpe: 10.5), "rpe 10.5 is not an RPE of 0 to 10"), (set("s", "Bench", reps: 5, rpe: -1), "rpe -1 is not an RPE of 0 to 10"),
        (set("s", "Bench", reps: 5, rpe: .nan), "rpe nan is not an RPE of 0 to 10"),
        (set("s", "Bench", reps: 5, rpe: .infinity), "rpe inf is not an RPE of 0 to 10"),
    ])
    func boundsRefuseHostileValues(_ set: LoggedSet, _ reason: String) {
        #expect(throws: RecordBounds.Violation.self) { try RecordBounds.checked(set) }
        do { _ = try RecordBounds.checked(set) } catch { #expect(error.description == reason) }
    }

    @Test func boundsKeepWhatPeopleLog() throws {
        for set in Self.mixed { #expect(try RecordBounds.checked(set) == set) }
    }

    @Test func aCorrectionOfSecondsRPEAndWarmUp() {
        let plank = Self.set("s", "Plank", seconds: 45)
        let edit = SetEdit(seconds: 50)
        #expect(!edit.isEmpty && edit.problem == nil)
        #expect(edit.applied(to: plank).seconds == 50 && edit.applied(to: plank).loadText == "50 s")
        let marked = SetEdit(rpe: 8.5, warmUp: true).applied(to: plank)
        #expect(marked.rpe == 8.5 && marked.warmUp && marked.seconds == 45)
        #expect(SetEdit(warmUp: false).applied(to: marked).warmUp == false)
        #expect(SetEdit(seconds: 86_401).problem == "seconds must be 0 to 86400, not 86401")
        #expect(SetEdit(seconds: -5).problem == "seconds must be 0 to 86400, not -5")
        #expect(SetEdit(rpe: 11).problem == "an RPE must be 0 to 10, not 11")
        #expect(SetEdit(rpe: .nan).problem != nil)
    }

    @Test func warmUpsCountForNoRecordNoVolumeNoBest() {
        let sets = [
            Self.set("a", "Bench", reps: 5, weight: 100, minute: 0),
            Self.set("b", "Bench", reps: 5, weight: 140, warmUp: true, minute: 3000),
            Self.set("b", "Bench", reps: 5, weight: 100, minute: 3003),
        ]
        #expect(PersonalRecords.timeline(sets, minPercent: 2).isEmpty)
        #expect(PersonalRecords.bests(sets).first?.heaviest.weight == 100)
        #expect(sets.volumeKilograms == 1000)
        #expect(ProgressSummary(sets).volumeKilograms == 1000)
        #expect(ProgressSummary(sets).bests.first?.heaviest.weight == 100)
    }

    @Test func theLongestHoldIsARecordPerTimedExercise() throws {
        let sets = [
            Self.set("a", "Plank", seconds: 60, minute: 0), Self.set("a", "Plank", seconds: 45, minute: 2, number: 2),
            Self.set("b", "Plank", seconds: 200, warmUp: true, minute: 3000),
            Self.set("b", "Plank", seconds: 90, minute: 3002, number: 2),
            Self.set("c", "Plank", seconds: 91, minute: 6000),  // not 2 % longer than 90
            Self.set("c", "Wall sit", seconds: 30, minute: 6002),
        ]
        let timeline = PersonalRecords.timeline(sets, minPercent: 2)
        #expect(timeline.map(\.kind) == [.longestHold])
        #expect(timeline.first.map { "\($0.set.loadText) (before: \($0.previous.loadText))" } == "1 min 30 s (before: 1 min)")
        #expect(PersonalRecords.holds(sets).map { "\($0.exercise) — \($0.loadText)" } == ["Plank — 1 min 31 s", "Wall sit — 30 s"])
        // The summary kept set by set gives the same, as does its timeline of what each session beat.
        let (summary, closed) = ProgressSummary.rebuilt(from: sets)
        #expect(summary.holds == PersonalRecords.holds(sets))
        #expect(summary.timeline(earlier: closed, minPercent: 2) == timeline)
        #expect(summary.bests.isEmpty, "no lift among them")
        let report = RecordsReport(bests: summary.bests, records: timeline, holds: summary.holds)
        #expect(try RecordsReport.decode(jsonText: report.jsonText()) == report)
    }

    @Test func overloadLooksPastWarmUps() {
        let bench = Exercise(name: "Bench Press", sets: 3, reps: 8, weight: 100, unit: "kg", rest: [90, 90, 90])
        var sets: [LoggedSet] = []
        for (day, name) in ["a", "b", "c"].enumerated() {
            sets.append(Self.set(name, "Bench Press", reps: 10, weight: 40, warmUp: true, minute: day * 3000))
            for n in 1...3 { sets.append(Self.set(name, "Bench Press", reps: 8, weight: 100, minute: day * 3000 + n * 3, number: n + 1)) }
        }
        let suggestions = OverloadRule.suggestions(after: SessionID("c"), exercises: [bench], sets: sets, dismissedAt: [:], settings: ProgressSettings())
        #expect(suggestions.map(\.next) == [102.5])
        // A warm-up alone is no session of the exercise.
        let onlyWarmUp = sets.filter { $0.session != SessionID("c") } + [Self.set("c", "Bench Press", reps: 10, weight: 40, warmUp: true, minute: 9000)]
        #expect(OverloadRule.suggestions(after: SessionID("c"), exercises: [bench], sets: onlyWarmUp, dismissedAt: [:], settings: ProgressSettings()).isEmpty)
    }
}
