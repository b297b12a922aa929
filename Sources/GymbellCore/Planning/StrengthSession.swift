import FoundationEssentials

/// Where a strength workout stands: which set of which exercise comes next (seeds 001/002:
/// set → rest → next set). Pure value; stored with the session so a restart continues it.
public struct StrengthProgress: Codable, Hashable, Sendable {
    public var workoutName: String
    public var exercises: [Exercise]
    /// Index of the exercise whose next set is due.
    public var exerciseIndex: Int
    /// Sets of that exercise already done.
    public var setsDone: Int
    /// Sets done in the whole workout.
    public var totalSetsDone: Int
    /// The end of the rest that is running, if one is.
    public var restUntil: Date?
    /// When that rest started (absent in workouts stored before it was kept).
    public var restStartedAt: Date?

    public init(workoutName: String, exercises: [Exercise]) {
        self.workoutName = workoutName
        self.exercises = exercises
        exerciseIndex = 0
        setsDone = 0
        totalSetsDone = 0
        restUntil = nil
        restStartedAt = nil
    }

    /// The rest after the set that comes next (nil when it is the last).
    public var restAfterNextSet: TimeInterval? {
        guard !isComplete else { return nil }
        let exercise = exercises[exerciseIndex]
        if exerciseIndex == exercises.count - 1, setsDone == exercise.sets - 1 { return nil }
        return exercise.rest(after: setsDone)
    }

    /// Rest still planned after the set that comes next, to the end of the workout.
    public var remainingPlannedRest: TimeInterval {
        guard !isComplete else { return 0 }
        var total = 0.0
        for index in exerciseIndex..<exercises.count {
            let exercise = exercises[index]
            let firstSet = index == exerciseIndex ? setsDone : 0
            for set in firstSet..<exercise.sets where !(index == exercises.count - 1 && set == exercise.sets - 1) {
                total += exercise.rest(after: set)
            }
        }
        return total
    }

    public var totalSets: Int { exercises.reduce(0) { $0 + $1.sets } }
    public var isComplete: Bool { exerciseIndex >= exercises.count }

    /// "Bench Press — set 3 of 4, 8 × 80 kg" for the set that comes next; nil when complete.
    public var nextSetDescription: String? { nextSetDescription(.english) }

    public func nextSetDescription(_ messages: Messages) -> String? { nextSet?.description(messages) }

    /// The set that comes next; nil when complete.
    public var nextSet: NextSet? {
        guard !isComplete else { return nil }
        let exercise = exercises[exerciseIndex]
        return NextSet(
            exercise: exercise.name, set: setsDone + 1, sets: exercise.sets, reps: exercise.reps, weight: exercise.weight,
            unit: exercise.weight == nil ? nil : exercise.weightUnit.rawValue,  // kg when the config names none
            plates: exercise.platesPerSide)
    }

    /// Records the set just finished; returns the rest that follows it (nil after the last set).
    public mutating func recordSet() -> TimeInterval? {
        guard !isComplete else { return nil }
        let exercise = exercises[exerciseIndex]
        let rest = exercise.rest(after: setsDone)
        setsDone += 1
        totalSetsDone += 1
        if setsDone >= exercise.sets {
            exerciseIndex += 1
            setsDone = 0
        }
        return isComplete ? nil : rest
    }
}

/// Plans the steps of a strength session: each finished set starts a rest whose end says what comes next.
public enum StrengthPlanner {
    /// The session's end is unknown until its last set: it is estimated as the rests still planned.
    public static func start(id: SessionID, workout: WorkoutDefinition, exercises: [Exercise], at now: Date) -> (Session, StrengthProgress) {
        let progress = StrengthProgress(workoutName: workout.name, exercises: exercises)
        let session = Session(
            id: id, kind: .strength, title: workout.title, startedAt: now, endsAt: now.addingTimeInterval(progress.remainingPlannedRest),
            detail: .strength(progress))
        return (session, progress)
    }

    /// The reminders after a set is recorded at `now`: the rest (with its warning) or, after the last
    /// set, the completion shown at once.
    public static func afterSet(
        session: Session, progress: StrengthProgress, rest: TimeInterval?, warnBefore: TimeInterval, at now: Date
    ) -> [Reminder] {
        guard let rest else {
            return [Reminder(
                id: ReminderID("\(session.id)-complete"), kind: .workoutComplete, due: now,
                content: .workoutComplete(workout: session.title, sets: progress.totalSetsDone), sessionID: session.id)]
        }
        return restReminders(
            of: session, id: SessionID("\(session.id)-set\(progress.totalSetsDone)"), seconds: rest, warnBefore: warnBefore,
            next: progress.nextSet, at: now)
    }

    /// A rest within the workout `session` from `now`: its reminders (the warning, "Rest over" saying
    /// which set is `next`) belong to the session; `id` names the rest.
    public static func restReminders(
        of session: Session, id: SessionID, seconds: TimeInterval, warnBefore: TimeInterval, next: NextSet?, at now: Date
    ) -> [Reminder] {
        SessionPlanner.rest(id: id, seconds: seconds, startingAt: now, warnBefore: warnBefore, next: next).reminders.map { reminder in
            var reminder = reminder
            reminder.sessionID = session.id
            return reminder
        }
    }
}
