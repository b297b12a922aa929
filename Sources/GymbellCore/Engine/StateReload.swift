import FoundationEssentials

/// The durable state read again from the database after the daemon changed it outside the engine's
/// changes (an import, a restore): the engine takes it as at start-up (`EngineState(stored:)`, whatever
/// that keeps in memory) and keeps what only this process knows — the desktop's state, reminders with
/// the server or held while they are still pending, the running session's last word while it runs.
enum StateReload {
    static func adopt(_ stored: StoredState, _ t: inout Turn) {
        let previous = t.state
        var fresh = EngineState(stored: stored)
        let pending = { (id: ReminderID) in fresh.agenda[id] != nil }
        fresh.server = previous.server
        fresh.screenLocked = previous.screenLocked
        fresh.doNotDisturb = previous.doNotDisturb
        fresh.away = previous.away
        fresh.keepingScreenOn = previous.keepingScreenOn
        fresh.nowPlaying = previous.nowPlaying
        fresh.soundReadiness = previous.soundReadiness
        fresh.storage = previous.storage
        fresh.sync = previous.sync
        fresh.storageRetry = previous.storageRetry
        fresh.toldStorage = previous.toldStorage
        fresh.overloadOffers = previous.overloadOffers
        fresh.inFlight = previous.inFlight.filter { pending($0.key) }
        fresh.held = previous.held.filter { pending($0.id) }
        fresh.awaitingServer = previous.awaitingServer.filter { !$0.tracked || pending($0.reminder.id) }
        let sameSession = previous.session?.session.id == fresh.session?.session.id
        if sameSession { fresh.transition = previous.transition }
        t.state = fresh
        // A workout today that came in (from another computer's journal, an import, a restore) counts
        // today as trained, as one started here does: no daily reminder today (issue 48).
        if fresh.sessions.trained(on: t.today, in: t.timeZone, before: t.now) { DailyRules.quietenToday(&t) }
        Agenda.reevaluate(&t)
        // Another session runs now (a restore brought back the backup's): its notification, or none.
        if !sameSession { Agenda.refreshSessionNotice(&t) }
    }
}
