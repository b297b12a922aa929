import FoundationEssentials

/// What a click on one of gymbell's notifications does.
enum Actions {
    static func invoked(on target: NoticeTarget, key: String, _ t: inout Turn) {
        switch target {
        case .session(let id):
            t.log(.info, "session action invoked", ["action": key])
            // A lingering notification of a session that has ended acts on nothing.
            guard let session = t.state.running(id)?.session else { return }
            switch key {
            case SessionNotice.setDoneAction: attempt(&t) { try Commands.setDone(.asPlanned, &$0) }
            case SessionNotice.fewerRepsAction: attempt(&t) { try Commands.setDone(.fewerReps, &$0) }
            case ReminderAction.defaultClick.key where session.kind == .strength || session.currentStep(at: t.now).map({ !$0.isTimed || $0.countsRounds }) == true:
                attempt(&t) { try Commands.setDone(.asPlanned, &$0) }
            case SessionNotice.stopAction: _ = Commands.stop(&t)
            default: break
            }
        case .reminder(let reminder) where reminder.kind == .pausedWorkout:
            t.log(.info, "action invoked", ["id": "\(reminder.id)", "action": key])
            // Its buttons act on the workout it is about, never on one started since.
            guard reminder.sessionID != nil, t.state.session?.session.id == reminder.sessionID else {
                t.close(.reminder(reminder.id))
                return
            }
            switch key {
            case ReminderAction.resume.key, ReminderAction.defaultClick.key: attempt(&t) { try Commands.resume(&$0) }
            case ReminderAction.endWorkout.key: _ = Commands.stop(&t)
            default: return
            }
            t.close(.reminder(reminder.id))
        case .reminder(let reminder) where reminder.kind == .personalRecord:
            t.log(.info, "action invoked", ["id": "\(reminder.id)", "action": key])
            guard key == ReminderAction.details.key || key == ReminderAction.defaultClick.key else { return }
            // Private mode's text names no lift: then the report opens at its top.
            let exercise: String? = if case .personalRecords(let records) = reminder.content { records.first?.exercise } else { nil }
            t.effects.append(.openReport(exercise: exercise))
            t.close(.reminder(reminder.id))
        case .reminder(let reminder) where reminder.kind == .overloadSuggestion:
            t.log(.info, "action invoked", ["id": "\(reminder.id)", "action": key])
            let suggestions = t.state.overloadOffers[reminder.id] ?? []
            switch key {
            case ReminderAction.nextTime.key: SmartRules.acceptOverload(suggestions, &t)
            case ReminderAction.dismiss.key: SmartRules.dismissOverload(suggestions, &t)
            default: return  // a click on the text answers nothing
            }
            t.state.overloadOffers[reminder.id] = nil
            t.close(.reminder(reminder.id))
        case .reminder(let reminder) where reminder.kind == .weeklySummary:
            WeeklySummaryRule.clicked(reminder, key: key, &t)
        case .reminder(let reminder):
            t.log(.info, "action invoked", ["id": "\(reminder.id)", "action": key])
            if key == ReminderAction.defaultClick.key, t.state.lastAnswered == reminder.id { return }
            if key != ReminderAction.defaultClick.key { t.state.lastAnswered = reminder.id }
            switch key {
            case ReminderAction.snooze.key:
                attempt(&t) { try DailyRules.snooze(minutes: nil, &$0) }
            case ReminderAction.start.key:
                attempt(&t) { try DailyRules.startWorkout(named: nil, &$0) }
            case let key where ReminderAction.workout(startedBy: key) != nil && reminder.content.alsoPlanned.contains { ReminderAction.startKey($0.workout) == key }:
                // "Start Easy Run" on a day two programmes share: only a workout the reminder offered.
                let workout = ReminderAction.workout(startedBy: key)
                attempt(&t) { try DailyRules.startWorkout(named: workout, &$0) }
            case ReminderAction.defaultClick.key where reminder.kind.offersWorkoutActions && t.clickOpensWindow:
                // The server draws Start Workout as a button of its own: a click on the body opens the window.
                t.effects.append(.openWindow(.today))
            case ReminderAction.defaultClick.key:
                // A click on the reminder starts the workout, unless one is already under way.
                if t.state.session == nil { attempt(&t) { try DailyRules.startWorkout(named: nil, &$0) } }
            default:
                return
            }
            t.close(.reminder(reminder.id))
        }
    }

    /// Does what a click asked; what cannot be done now is logged (a click answers nobody).
    private static func attempt<T>(_ t: inout Turn, _ body: (inout Turn) throws -> T) {
        do {
            _ = try body(&t)
        } catch {
            t.log(.warning, "action not carried out", ["reason": "\(error)"])
        }
    }
}
