import Foundation
@testable import GymbellCore
@testable import GymbellFormats
import Testing

/// The report made from the weeks' sets and the progress summary (what the daemon keeps) says what the
/// report made from the whole log says: the whole log's records and bests.
@Suite("Training report: from the summary as from the log")
struct ReportFromSummaryTests {
    /// A seeded log of strength sessions every other day, some in pounds, some failed.
    static func log(seed: UInt64, sessions: Int) -> [LoggedSet] {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let exercises = ["Bench Press", "Squat", "Deadlift", "Dips"]
        var sets: [LoggedSet] = []
        for s in 0..<sessions {
            let start = Date(timeIntervalSince1970: 1_750_000_000 + Double(s) * 86_400 * 2)
            var minute = 0
            for exercise in exercises where next(3) > 0 {
                for number in 1...(1 + next(4)) {
                    let unit: WeightUnit = next(5) == 0 ? .lb : .kg
                    let weight: Double? = exercise == "Dips" ? nil : Double(60 + 5 * next(12)) / 2 * 2
                    sets.append(LoggedSet(
                        session: SessionID("s\(s)"), workout: "w", exercise: exercise, setNumber: number, reps: [1, 3, 5, 8, 8, 10][next(6)],
                        plannedReps: 8, weight: weight, unit: unit, failed: next(8) == 0, at: start.addingTimeInterval(Double(minute * 60))))
                    minute += 1 + next(3)
                }
            }
        }
        return sets
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theReportFromTheSummaryIsTheReportFromTheLog(seed: UInt64) {
        let sets = Self.log(seed: seed, sessions: 60)
        let (summary, closed) = ProgressSummary.rebuilt(from: sets)
        let now = sets.last!.at.addingTimeInterval(3600)
        let zone = berlin
        let fromLog = TrainingReport(history: [], sets: sets, program: [:], weeks: 4, now: now, timeZone: zone)
        let weeks = sets.filter { $0.at >= now.addingTimeInterval(-35 * 86_400) }
        let fromSummary = TrainingReport(
            history: [], setsInWeeks: weeks, records: RecordsReport(bests: summary.bests, records: summary.timeline(earlier: closed, minPercent: 2)),
            volumeKilograms: summary.volumeKilograms, program: [:], weeks: 4, now: now, timeZone: zone)
        #expect(fromSummary.days == fromLog.days)
        #expect(fromSummary.weekly == fromLog.weekly)
        #expect(fromSummary.exercises.map(\.records) == fromLog.exercises.map(\.records))
        #expect(fromSummary.exercises.map(\.heaviest) == fromLog.exercises.map(\.heaviest))
        #expect(fromSummary.exercises.map(\.setsInRange) == fromLog.exercises.map(\.setsInRange))
    }
}
