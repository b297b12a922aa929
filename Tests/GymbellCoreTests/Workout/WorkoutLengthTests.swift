import Testing
@testable import GymbellCore

/// One length for a workout of every kind (issue 46): the Workouts list and the editor say the same.
@Suite("Workout length")
struct WorkoutLengthTests {
    static func workout(_ kind: WorkoutKind, frame: WorkoutFrame = .none) -> WorkoutDefinition {
        WorkoutDefinition(name: "w", title: "W", kind: kind, frame: frame)
    }

    @Test("strength with rests: sets by their reps (4 s a rep, at least 20 s) and every rest but the last")
    func strength() throws {
        let exercises = [Exercise(name: "Squat", sets: 3, reps: 5, rest: [120, 120, 120]), Exercise(name: "Row", sets: 2, reps: 10, rest: [90, 90])]
        let length = try #require(WorkoutLength.of(Self.workout(.strength(exercises: exercises))))
        // 3 × 20 s + 3 × 120 s + 2 × 40 s + 2 × 90 s − the last 90 s = 590 s
        #expect(length == WorkoutLength(seconds: 590, estimated: true))
        #expect(length.minutes == 10)
        #expect(WorkoutLength.text(Self.workout(.strength(exercises: exercises)), .english) == "about 10 min")
    }

    @Test("HIIT and walk/run: their plan exactly")
    func intervals() {
        let hiit = Self.workout(.hiit(HIITPlan(rounds: 8, work: 30, rest: 15)))
        #expect(WorkoutLength.of(hiit) == WorkoutLength(seconds: 360, estimated: false))
        #expect(WorkoutLength.text(hiit, .english) == "8 × (30s work + 15s rest) = 6 min")
        let walk = Self.workout(.walkRun(WalkRunPlan(run: 60, walk: 90, repeats: 8)))
        #expect(WorkoutLength.of(walk) == WorkoutLength(seconds: 1200, estimated: false))
        #expect(WorkoutLength.text(walk, .english) == "8 × (1m run + 1m30s walk) = 20 min")
    }

    @Test("a circuit by its timeline: get-ready, stations by reps estimated, rests between")
    func circuit() throws {
        let plan = CircuitPlan(rounds: 2, stations: [Station(name: "Push-ups", reps: 12), Station(name: "Plank", seconds: 40)], rest: 10, roundRest: 45)
        let length = try #require(WorkoutLength.of(Self.workout(.circuit(plan))))
        let steps = WorkoutTimeline.steps(of: Self.workout(.circuit(plan)))
        #expect(length == WorkoutLength(seconds: WorkoutTimeline.estimatedLength(steps), estimated: true))
        #expect(length.seconds > 2 * (48 + 40))
        #expect(WorkoutLength.text(Self.workout(.circuit(plan)), .english) == "about \(length.minutes) min")
    }

    @Test("an AMRAP: its cap and get-ready, exactly; a HIIT with names measured on its timeline too")
    func timed() throws {
        let amrap = Self.workout(.amrap(AmrapPlan(cap: 15 * 60, stations: [Station(name: "Swings", reps: 15)])))
        #expect(try #require(WorkoutLength.of(amrap)).estimated == false)
        #expect(WorkoutLength.text(amrap, .english) == "15 min")
        let named = Self.workout(.hiit(HIITPlan(rounds: 8, work: 20, rest: 10, exercises: [Station(name: "Burpees")])), frame: WorkoutFrame(getReady: 60))
        #expect(WorkoutLength.of(named) == WorkoutLength(seconds: 60 + 8 * 20 + 7 * 10, estimated: false))  // no rest after the last work
        #expect(WorkoutLength.text(named, .english) == "5 min")
    }

    @Test("nothing to measure yet is said so")
    func empty() {
        #expect(WorkoutLength.of(Self.workout(.strength(exercises: []))) == nil)
        #expect(WorkoutLength.text(Self.workout(.strength(exercises: [])), .english) == "no exercises yet")
        #expect(WorkoutLength.text(Self.workout(.circuit(CircuitPlan(rounds: 3, stations: [], rest: 15, roundRest: 60))), .english) == "no stations yet")
    }

    @Test("the daily reminder's preview says the length the window says, for every kind")
    func previewAgrees() throws {
        // 14 min by the estimate: said "about 15 min" in the list, the editor and the reminder alike.
        let strength = [Exercise(name: "Squat", sets: 5, reps: 5, rest: Array(repeating: 185, count: 5))]
        let plan = CircuitPlan(rounds: 3, stations: [Station(name: "Push-ups", reps: 12), Station(name: "Plank", seconds: 40)], rest: 10, roundRest: 45)
        let kinds: [WorkoutKind] = [
            .strength(exercises: strength), .hiit(HIITPlan(rounds: 8, work: 30, rest: 15)), .walkRun(WalkRunPlan(run: 60, walk: 90, repeats: 8)),
            .circuit(plan), .amrap(AmrapPlan(cap: 12 * 60, stations: [Station(name: "Swings", reps: 15)])),
        ]
        let day = try #require(LocalDay(isoDate: "2026-12-03"))
        for kind in kinds {
            let workout = Self.workout(kind)
            let length = try #require(WorkoutLength.of(workout))
            let preview = try #require(WorkoutPreview.make(workout, overrides: [:], span: nil, day: day))
            #expect(preview.minutes == length.minutes && preview.estimated == length.estimated, "\(kind)")
        }
        let seconds: Double = 840  // 5 sets of 20 s, 4 rests of 185 s
        #expect(WorkoutLength.of(Self.workout(.strength(exercises: strength)))?.seconds == seconds)
        #expect(WorkoutLength.text(Self.workout(.strength(exercises: strength)), .english) == "about 15 min")
    }
}
