import FoundationEssentials

/// The reminders that stand on their own (daily, snoozed, paused workout, advice, records, storage):
/// rendered here for the server on the bus, one daily-type reminder on screen at a time, and those
/// no server took kept until one appears. The daemon only shows what it is given and says whether a
/// server took it (`Event.delivered`, `Event.notShown`).
enum StandaloneNotices {
    /// Shows `reminder` (as it is to be read: private mode already applied). `tracked`: it is in the
    /// agenda and leaves it once a server has taken it.
    /// `held`: shown as Do Not Disturb, a lock or absence ended (kept with the daily reminder's outcome).
    static func present(_ reminder: Reminder, late: TimeInterval, tracked: Bool, held: Bool = false, _ t: inout Turn) {
        if reminder.kind == .daily || reminder.kind == .snoozed {
            t.keep(OutcomeNoting.shown(on: t.today, at: t.now, held: held, t.state.outcomes))
        }
        if reminder.kind.offersWorkoutActions {
            // One reminder offering a workout on screen at a time: the new one replaces the old.
            close(.offeringWorkout, &t)
        }
        if tracked { t.state.inFlight[reminder.id] = false }
        var notice = ReminderNotice.make(
            for: reminder, server: t.state.server, sessionRunning: t.state.session != nil,
            windowInstalled: t.context.windowInstalled, messages: t.messages)
        notice.silent = !AttentionRules.heard(notice, t)
        t.effects.append(.present(reminder, notice, late: late, tracked: tracked))
    }

    /// No server took `reminder`: it waits for the next one, the newest `maximumAwaitingServer`. The
    /// oldest beyond that is dropped for good (and leaves the agenda), so that the agenda and what
    /// waits never disagree.
    static func notShown(_ reminder: Reminder, _ t: inout Turn) {
        let tracked = t.state.inFlight.removeValue(forKey: reminder.id) != nil
        guard tracked || t.state.agenda[reminder.id] == nil else { return }  // answered or dropped meanwhile
        t.state.awaitingServer.removeAll { $0.reminder.id == reminder.id }
        t.state.awaitingServer.append(EngineState.AwaitingServer(reminder: reminder, tracked: tracked))
        t.log(.warning, "no notification server took the reminder; it waits for one", ["id": "\(reminder.id)", "kind": reminder.kind.rawValue])
        let excess = t.state.awaitingServer.count - EngineState.maximumAwaitingServer
        guard excess > 0 else { return }
        let dropped = t.state.awaitingServer.prefix(excess)
        t.state.awaitingServer.removeFirst(excess)
        for waiting in dropped {
            t.log(.warning, "dropped a reminder that waited too long for a notification server", ["id": "\(waiting.reminder.id)"])
        }
        t.write(.remove(dropped.filter(\.tracked).map(\.reminder.id)))
    }

    /// A server appeared: what waited for one is shown now, as this server shows it.
    static func serverAppeared(_ t: inout Turn) {
        let waiting = t.state.awaitingServer
        t.state.awaitingServer.removeAll()
        for entry in waiting { present(entry.reminder, late: 0, tracked: entry.tracked, &t) }
    }

    /// Closes the reminders on screen that match; those waiting for a server are dropped on purpose
    /// (and leave the agenda as if shown).
    static func close(_ filter: NoticeFilter, _ t: inout Turn) {
        t.effects.append(.close(filter))
        guard !t.state.awaitingServer.isEmpty else { return }
        let dropped = t.state.awaitingServer.filter { filter.matches($0.reminder) }
        guard !dropped.isEmpty else { return }
        t.state.awaitingServer.removeAll { filter.matches($0.reminder) }
        t.write(.remove(dropped.filter(\.tracked).map(\.reminder.id)))
    }
}
