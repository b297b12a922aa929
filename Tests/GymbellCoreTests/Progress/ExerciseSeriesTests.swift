import Foundation
import Testing
@testable import GymbellCore

/// A set of `exercise` in session `session` at an ISO 8601 instant.
private func set(
    _ session: String, _ at: String, _ exercise: String = "Bench Press", reps: Int? = 8, weight: Double? = 100, unit: WeightUnit = .kg,
    seconds: Int? = nil, failed: Bool = false, warmUp: Bool = false
) -> LoggedSet {
    LoggedSet(session: SessionID(session), exercise: exercise, setNumber: 1, reps: reps, weight: weight, unit: unit, failed: failed,
              at: instant(at), seconds: seconds, warmUp: warmUp)
}

@Suite("Exercise series and the training heat map")
struct ExerciseSeriesTests {
    static let now = instant("2026-04-01T12:00:00Z")  // a Wednesday

    @Test func eachSessionsBestEstimateIsEpleysAsTheRecordsUseIt() {
        let sets = [
            set("a", "2026-03-02T18:00:00Z", reps: 8, weight: 100), set("a", "2026-03-02T18:05:00Z", reps: 5, weight: 110),
            set("a", "2026-03-02T18:10:00Z", reps: 1, weight: 140, warmUp: true),  // a warm-up counts for nothing
            set("b", "2026-03-09T18:00:00Z", reps: 3, weight: 150, failed: true),  // nor does a failed set
            set("b", "2026-03-09T18:05:00Z", reps: 5, weight: 242.5, unit: .lb),
            set("b", "2026-03-09T18:06:00Z", "Squat", reps: 5, weight: 200),
        ]
        let series = ExerciseSeries(exercise: "Bench Press", sets: sets, now: Self.now, timeZone: berlin)
        #expect(series.measure == .estimatedOneRepMax)
        #expect(series.points.map(\.session) == [SessionID("a"), SessionID("b")])
        #expect(series.points[0].value == PersonalRecords.estimatedOneRepMax(kilograms: 110, reps: 5))
        #expect(abs(series.points[1].value - 242.5 * 0.45359237 * (1 + 5.0 / 30)) < 1e-9)
        #expect(series.points[0].at == instant("2026-03-02T18:00:00Z"))
    }

    @Test func bodyWeightDrawsRepsAndTimedSetsTheLongestHold() {
        let sets = [
            set("a", "2026-03-02T18:00:00Z", "Push-up", reps: 12, weight: nil),
            set("a", "2026-03-02T18:02:00Z", "Push-up", reps: 9, weight: nil, failed: true),
            set("b", "2026-03-04T18:00:00Z", "Push-up", reps: 14, weight: nil, failed: true),  // 14 done, though fewer than planned
            set("a", "2026-03-02T18:05:00Z", "Plank", reps: nil, weight: nil, seconds: 45),
            set("b", "2026-03-04T18:05:00Z", "Plank", reps: nil, weight: nil, seconds: 70),
            set("b", "2026-03-04T18:07:00Z", "Plank", reps: nil, weight: nil, seconds: 30),
        ]
        let pushUps = ExerciseSeries(exercise: "Push-up", sets: sets, now: Self.now, timeZone: berlin)
        #expect(pushUps.measure == .reps)
        #expect(pushUps.points.map(\.value) == [12, 14])
        let plank = ExerciseSeries(exercise: "Plank", sets: sets, now: Self.now, timeZone: berlin)
        #expect(plank.measure == .hold)
        #expect(plank.points.map(\.value) == [45, 70])
        #expect(plank.weekly.last(where: { $0.sets > 0 })?.amount(.hold) == 145, "2 and 4 March are one week: 45 + 70 + 30 s")
        #expect(ExerciseSeries.exercises(in: sets + [set("w", "2026-03-02T17:00:00Z", "Curl", warmUp: true)]) == ["Plank", "Push-up"])
    }

    @Test func twelveWeeksOfVolumeEndWithTheCurrentWeekFromThePersonsWeekStart() {
        let sets = [
            set("a", "2026-03-30T18:00:00+02:00", reps: 10, weight: 50),  // Monday of the current week: 500 kg
            set("b", "2026-01-05T18:00:00+01:00", reps: 10, weight: 50),  // 13 weeks back: outside
            set("c", "2026-04-02T18:00:00+02:00", reps: 10, weight: 50),  // after now: not yet
        ]
        let monday = ExerciseSeries(exercise: "Bench Press", sets: sets, now: Self.now, timeZone: berlin)
        #expect(monday.weekly.count == 12)
        #expect(monday.weekly.first?.start == day("2026-01-12") && monday.weekly.last?.start == day("2026-03-30"))
        #expect(monday.weekly.map(\.volumeKilograms) == Array(repeating: 0, count: 11) + [500])
        let sunday = ExerciseSeries(exercise: "Bench Press", sets: sets, now: Self.now, timeZone: berlin, weekStart: .sun)
        #expect(sunday.weekly.last?.start == day("2026-03-29"))
        #expect(sunday.weekly.first?.start == day("2026-01-11"))
        #expect(sunday.weekly.last?.volumeKilograms == 500)
        #expect(monday.points.count == 2, "the 13-week-old session is still on the line; only the bars are 12 weeks")
    }

    /// Europe/Berlin springs forward on Sunday 29 March 2026, New York on Sunday 8 March: a set late on
    /// the Sunday is in the week the person's clock says, not UTC's.
    @Test func dstWeeksAreLocalWeeks() {
        let lateSundayNewYork = set("ny", "2026-03-08T23:30:00-04:00", reps: 10, weight: 40)  // Monday 03:30 UTC
        let ny = ExerciseSeries(exercise: "Bench Press", sets: [lateSundayNewYork], now: Self.now, timeZone: newYork)
        #expect(ny.weekly.first { $0.sets > 0 }?.start == day("2026-03-02"))
        let utc = ExerciseSeries(exercise: "Bench Press", sets: [lateSundayNewYork], now: Self.now, timeZone: .utc)
        #expect(utc.weekly.first { $0.sets > 0 }?.start == day("2026-03-09"))
        let berlinDST = [set("x", "2026-03-29T00:30:00+01:00"), set("y", "2026-03-29T23:30:00+02:00")]
        let sunday = ExerciseSeries(exercise: "Bench Press", sets: berlinDST, now: Self.now, timeZone: berlin, weekStart: .sun)
        #expect(sunday.weekly.last?.sets == 2, "both ends of the 23-hour Sunday open the week")
        let map = TrainingHeatMap(history: [entry("2026-03-29T00:30:00+01:00"), entry("2026-03-29T23:30:00+02:00")],
                                  now: Self.now, timeZone: berlin, weekStart: .sun)
        #expect(map.weeks.last?.first?.day == day("2026-03-29"))
        #expect(map.weeks.last?.first?.workouts == 2)
    }

    @Test func theHeatMapCountsWorkoutsPerLocalDay() {
        let history = [
            entry("2026-03-30T07:00:00+02:00"), entry("2026-03-30T19:00:00+02:00"),  // two on Monday
            entry("2026-03-31T18:00:00+02:00", kind: .rest),  // a rest timer is no workout
            entry("2026-03-31T19:00:00+02:00", outcome: .abandoned),
            entry("2026-03-18T18:00:00+01:00", kind: .hiit, workout: "hiit20"),
            entry("2025-12-01T18:00:00+01:00"),  // before the map
        ]
        let map = TrainingHeatMap(history: history, weeks: 4, now: Self.now, timeZone: berlin)
        #expect(map.weeks.count == 4 && map.weeks.allSatisfy { $0.count == 7 })
        #expect(map.weeks.map { $0.first?.day } == [day("2026-03-09"), day("2026-03-16"), day("2026-03-23"), day("2026-03-30")])
        #expect(map.weeks[3].map(\.workouts) == [2, 0, 0, 0, 0, 0, 0])
        #expect(map.weeks[1][2].workouts == 1)
        #expect(map.weeks[3].map(\.isFuture) == [false, false, false, true, true, true, true])
        #expect((map.workouts, map.activeDays, map.busiestDay) == (3, 2, 2))
    }

    @Test func emptyHistoryDrawsNothingButKeepsTheWeeks() {
        let series = ExerciseSeries(exercise: "Bench Press", sets: [], now: Self.now, timeZone: berlin)
        #expect(series.points.isEmpty)
        #expect(series.weekly.count == 12 && series.weekly.allSatisfy { $0.sets == 0 && $0.volumeKilograms == 0 })
        #expect(ExerciseSeries.exercises(in: []).isEmpty)
        let map = TrainingHeatMap(history: [], now: Self.now, timeZone: kolkata)
        #expect(map.isEmpty && map.weeks.count == 12 && map.activeDays == 0 && map.busiestDay == 0)
    }
}
