import FoundationEssentials

/// Seed 002's paused workout: a running session without progress for `pauseAfter` gets a reminder,
/// once more 24 h after its last progress, and is abandoned `pauseAfter` after that second reminder
/// (the same time to answer as the first had). With `pauseAfter` 0 there are no reminders and the
/// session is abandoned 24 h after its last progress.
///
/// Pure: what to do next follows from the last progress, how many reminders were shown and `now`.
public struct PauseRule: Equatable, Sendable {
    /// 0 turns the reminders off.
    public var pauseAfter: TimeInterval

    /// The second reminder comes this long after the last progress.
    public static let secondReminderAfter: TimeInterval = 24 * 3600

    public init(pauseAfter: TimeInterval) { self.pauseAfter = pauseAfter }

    public init(settings: DailyReminderSettings) { self.init(pauseAfter: settings.pauseAfter) }

    public var isEnabled: Bool { pauseAfter > 0 }

    /// When reminder `number` (1 or 2) is due.
    public func reminderDue(number: Int, lastProgressAt: Date) -> Date? {
        guard isEnabled else { return nil }
        switch number {
        case 1: return lastProgressAt.addingTimeInterval(pauseAfter)
        case 2: return lastProgressAt.addingTimeInterval(Self.secondReminderAfter)
        default: return nil
        }
    }

    /// When the session counts as abandoned.
    public func abandonAt(lastProgressAt: Date) -> Date {
        lastProgressAt.addingTimeInterval(Self.secondReminderAfter + pauseAfter)
    }

    /// What comes next for a running session. A reminder that a later one has overtaken while nobody
    /// was looking (daemon off, machine asleep) is skipped: the later one is due instead.
    public func next(lastProgressAt: Date, alreadySent: Int, now: Date) -> PauseStep {
        let abandonAt = abandonAt(lastProgressAt: lastProgressAt)
        guard now < abandonAt else { return PauseStep(reminder: nil, abandonAt: abandonAt) }
        let unsent = [1, 2].filter { $0 > alreadySent }.compactMap { number in
            reminderDue(number: number, lastProgressAt: lastProgressAt).map { PauseStep.Reminder(number: number, due: $0) }
        }
        let reminder = unsent.last { $0.due <= now } ?? unsent.first
        return PauseStep(reminder: reminder, abandonAt: abandonAt)
    }

    /// The next step for a history entry; nil unless it is still running.
    public func next(for entry: HistoryEntry, alreadySent: Int, now: Date) -> PauseStep? {
        guard entry.outcome == .running else { return nil }
        return next(lastProgressAt: entry.lastProgressAt, alreadySent: alreadySent, now: now)
    }

    /// The reminder for `session`; its id names the session and the reminder's number.
    public func reminder(_ step: PauseStep.Reminder, for session: Session) -> Reminder {
        var position: (Int, Int)?
        if let strength = session.strengthView(at: step.due), strength.exercises > 0 {
            position = (strength.exercise, strength.exercises)
        }
        return Reminder(
            id: ReminderID("\(session.id)-paused-\(step.number)"), kind: .pausedWorkout, due: step.due,
            content: .pausedWorkout(workout: session.title, position: position?.0, of: position?.1), sessionID: session.id)
    }
}

/// The next thing the paused-workout rule does.
public struct PauseStep: Equatable, Sendable {
    public struct Reminder: Equatable, Sendable {
        /// 1 (after `pause_after`) or 2 (24 h after the last progress). Store it as `alreadySent` once shown.
        public var number: Int
        /// May lie before `now`: then it is due at once.
        public var due: Date
    }

    /// The reminder to arm; nil when none is left (or the rule is off).
    public var reminder: Reminder?
    /// When the session counts as abandoned; at or before `now` it is abandoned now.
    public var abandonAt: Date
}
