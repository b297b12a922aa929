import FoundationEssentials

/// Plans a workout of steps (issue 44): each part that runs — a run of timed steps, or one step waiting
/// for Done — is planned from the instant it starts. Pure: the caller supplies ids and `now`.
public enum StepPlanner {
    /// The session kind a workout of `kind` is recorded as.
    public static func sessionKind(of kind: WorkoutKind) -> SessionKind {
        switch kind {
        case .strength: .strength
        case .hiit: .hiit
        case .walkRun: .walkrun
        case .circuit, .amrap: .circuit
        }
    }

    /// `workout` started at `now` as steps (`steps`: its timeline, weights as planned for today).
    public static func start(
        id: SessionID, workout: WorkoutDefinition, steps: [WorkoutStep], at now: Date, countdown: Bool = false,
        roundsToBeat: Int? = nil, warnBefore: TimeInterval = 0
    ) -> SessionPlan {
        let progress = StepProgress(workoutName: workout.name, steps: steps, startedAt: now, roundsToBeat: roundsToBeat)
        var session = Session(
            id: id, kind: sessionKind(of: workout.kind), title: workout.title, startedAt: now, endsAt: now, detail: .steps(progress))
        session.endsAt = estimatedEnd(progress, at: now)
        return SessionPlan(session: session, reminders: reminders(of: session, progress, countdown: countdown, warnBefore: warnBefore))
    }

    /// The last seconds `[sound] countdown` counts, and the shortest timed step it counts them in.
    public static let countdownSeconds = 3
    static let countdownShortest: TimeInterval = 8

    /// The reminders of the running part: one at the end of each of its timed steps saying what starts
    /// then, and the completion when the part ends the workout (at once when nothing is left). A plain
    /// strength workout's rest says "Rest over" with the set that comes next, and warns `warnBefore`
    /// seconds before its end (`[rest] warn_before`), as rests always have.
    public static func reminders(
        of session: Session, _ progress: StepProgress, countdown: Bool = false, warnBefore: TimeInterval = 0
    ) -> [Reminder] {
        let steps = progress.steps
        let end = progress.runEnd
        guard progress.index < steps.count else {
            return [completion(of: session, progress, sets: progress.setsDone, at: progress.startedAt)]
        }
        var reminders: [Reminder] = []
        var offset: TimeInterval = session.shift
        let interval = session.intervalPlan
        let strength = session.speaksAsStrength
        for step in progress.index..<end {
            offset += steps[step].seconds ?? 0
            let due = progress.startedAt.addingTimeInterval(offset)
            let next = step + 1
            if let interval {
                // Plain HIIT and walk/run say what they always said at the end of each step.
                let said = interval.said(ending: steps[step], last: next == steps.count)
                let id = next == steps.count ? "\(session.id)-complete" : "\(session.id)-s\(next)"
                reminders.append(Reminder(id: ReminderID(id), kind: said.0, due: due, content: said.1, sessionID: session.id))
                continue
            }
            if countdown, let seconds = steps[step].seconds, seconds >= countdownShortest {
                reminders.append(Reminder(
                    id: ReminderID("\(session.id)-c\(step)"), kind: .stepEnding, due: due.addingTimeInterval(-Double(countdownSeconds)),
                    content: .stepEnding(secondsLeft: countdownSeconds, next: next < steps.count ? steps[next] : nil), sessionID: session.id))
            }
            guard next < steps.count else {
                reminders.append(completion(of: session, progress, sets: progress.setsDone + progress.workSteps(progress.index..<end), at: due))
                break
            }
            if strength, steps[step].role == .rest {
                reminders += restReminders(of: session, ending: steps[step], before: next, at: due, warnBefore: warnBefore, progress)
            } else if let reminder = stepReminder(of: session, progress, starting: next, at: due) {
                reminders.append(reminder)
            }
        }
        return reminders
    }

    /// A plain strength workout's rest ending at `due`, before the step `next`: its warning and "Rest
    /// over" naming the set that comes next.
    private static func restReminders(
        of session: Session, ending rest: WorkoutStep, before next: Int, at due: Date, warnBefore: TimeInterval, _ progress: StepProgress
    ) -> [Reminder] {
        var reminders: [Reminder] = []
        if warnBefore > 0, warnBefore < rest.seconds ?? 0 {
            reminders.append(Reminder(
                id: ReminderID("\(session.id)-s\(next)-warn"), kind: .restWarning, due: due.addingTimeInterval(-warnBefore),
                content: .restWarning(secondsLeft: Int(warnBefore.rounded())), sessionID: session.id))
        }
        let set = progress.steps[next...].first(where: \.isWork).map(NextSet.init)
        reminders.append(Reminder(id: ReminderID("\(session.id)-s\(next)"), kind: .restOver, due: due, content: .restOver(next: set), sessionID: session.id))
        return reminders
    }

    /// What the step `index` says as it starts — "Rest — 15 s" / "Next: Plank — 30 s · Round 1 of 2" — the
    /// one text for a step reached by the clock (its reminder) and one begun by Done or skip (the engine
    /// shows it as said, `StepCommands`); nil past the last step.
    static func stepReminder(of session: Session, _ progress: StepProgress, starting index: Int, at due: Date) -> Reminder? {
        let steps = progress.steps
        guard index < steps.count else { return nil }
        let cue = StepCue(next: steps[index], after: index + 1 < steps.count ? steps[index + 1] : nil)
        return Reminder(id: ReminderID("\(session.id)-s\(index)"), kind: .step, due: due, content: .step(cue), sessionID: session.id)
    }

    /// "Workout complete 🎉" with the sets done (an AMRAP's rounds counted with them).
    static func completion(of session: Session, _ progress: StepProgress, sets: Int, at due: Date) -> Reminder {
        Reminder(
            id: ReminderID("\(session.id)-complete"), kind: .workoutComplete, due: due,
            content: progress.countsRounds ? roundsComplete(session, progress) : .workoutComplete(workout: session.title, sets: sets),
            sessionID: session.id)
    }

    /// An AMRAP's end as counted so far: its rounds, and the record they beat.
    static func roundsComplete(_ session: Session, _ progress: StepProgress) -> ReminderContent {
        .roundsComplete(workout: session.title, rounds: progress.roundsCounted, before: progress.roundsBeaten)
    }

    /// The end as planned: the running part's timed steps, then every timed step after it (steps by
    /// reps count nothing: how long a person takes is not known).
    public static func estimatedEnd(_ progress: StepProgress, at start: Date) -> Date {
        let after = progress.runEnd < progress.steps.count ? progress.remainingTimedLength(after: progress.runEnd) : 0
        return start.addingTimeInterval(progress.runLength + after)
    }
}

extension Session {
    /// The progress of a workout of steps; nil for the other kinds of session.
    public var stepProgress: StepProgress? {
        if case .steps(let progress) = detail { progress } else { nil }
    }

    /// A workout of steps at `now`: the current step (`steps.count` once through) and when it began.
    public func stepPosition(at now: Date) -> (step: Int, began: Date)? {
        guard let progress = stepProgress else { return nil }
        let position = progress.position(elapsed: elapsed(at: now))
        return (position.step, progress.startedAt.addingTimeInterval(shift + position.began))
    }

    /// Whether the session goes on only when the person does something (a strength workout, a step by
    /// reps): the paused-workout rule applies then. Timelines and rests run by themselves.
    public func waitsForPerson(at now: Date) -> Bool {
        switch detail {
        // A plain strength workout waits for the person through its rests too, as it always has.
        case .steps: speaksAsStrength || (currentStep(at: now).map { !$0.isTimed } ?? false)
        case .rest: false
        }
    }

    /// The step after the one current at `now`; nil after the last, or for other sessions.
    public func nextStep(at now: Date) -> WorkoutStep? {
        guard let progress = stepProgress, let position = stepPosition(at: now), position.step + 1 < progress.steps.count else { return nil }
        return progress.steps[position.step + 1]
    }

    /// The step current at `now`; nil when through, or for other sessions.
    public func currentStep(at now: Date) -> WorkoutStep? {
        guard let progress = stepProgress, let position = stepPosition(at: now), position.step < progress.steps.count else { return nil }
        return progress.steps[position.step]
    }
}
