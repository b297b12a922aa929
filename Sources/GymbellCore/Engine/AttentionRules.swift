import FoundationEssentials

/// Why reminders that can wait are held now (`gymbell status` names them).
public enum HoldReason: String, Sendable, CaseIterable, Codable {
    case doNotDisturb = "do_not_disturb"
    case screenLocked = "screen_locked"
    case away
    /// The desktop has not answered yet whether one of the above holds (its service is asked again):
    /// what can wait waits a little (AttentionRules.unknownWait) rather than ringing into Do Not Disturb.
    case notYetKnown = "not_yet_known"
}

/// The person's attention (issue 31): reminders that can wait (daily, snoozed, smart) are held while
/// Do Not Disturb is on, the screen is locked or the person is away, and shown as one notification,
/// with its sound, when they are back; the transitions of a session they started go through; nothing
/// rings that the server will not show; a running session keeps the screen on.
enum AttentionRules {
    /// The rule for a desktop that has not answered yet (issue 50): a reminder that can wait, due while
    /// a fact it would be held for is unknown (its source asked and not answered: a service slow under
    /// load), waits until every such fact is known — held if one holds, else shown as it is, not as
    /// held — but at most this long after the desktop's silence began (the daemon's start, a source's
    /// service appearing): then it is shown. Session transitions never wait (the person started them).
    static let unknownWait: TimeInterval = 10

    /// What holds reminders now, as `[attention]` allows.
    static func reasons(_ t: Turn) -> [HoldReason] {
        let state = t.state, settings = t.config.attention
        var reasons: [HoldReason] = []
        if state.doNotDisturb, settings.holdDuringDoNotDisturb { reasons.append(.doNotDisturb) }
        if state.screenLocked, settings.holdWhileLocked { reasons.append(.screenLocked) }
        if state.away, settings.holdWhileAway { reasons.append(.away) }
        if reasons.isEmpty, waitsForTheDesktop(t) { reasons.append(.notYetKnown) }
        return reasons
    }

    /// Whether a fact that would hold reminders is not known yet, within `unknownWait` of the silence's start.
    static func waitsForTheDesktop(_ t: Turn) -> Bool {
        guard let until = t.state.attentionUnknownUntil, t.now < until else { return false }
        let settings = t.config.attention
        return t.state.attentionUnknown.contains { fact in
            switch fact {
            case .doNotDisturb: settings.holdDuringDoNotDisturb
            case .screenLocked: settings.holdWhileLocked
            case .away: settings.holdWhileAway
            case .notYetKnown: false
            }
        }
    }

    /// The daemon says which facts the desktop has not answered yet (empty: all known).
    static func unknown(_ facts: Set<HoldReason>, _ t: inout Turn) {
        let before = t.state.attentionUnknown
        t.state.attentionUnknown = facts
        if facts.isEmpty {
            t.state.attentionUnknownUntil = nil
        } else if before.isEmpty {
            t.state.attentionUnknownUntil = t.now.addingTimeInterval(unknownWait)
        }
        if facts != before {
            t.log(.debug, "the desktop's answers", ["unknown": facts.map(\.rawValue).sorted().joined(separator: ","), "since": ISO8601.format(t.now)])
        }
        changed(&t)
        Agenda.arm(&t)
    }

    /// At a tick: the wait for an unanswered desktop is over once `unknownWait` has passed.
    static func unknownWaitOver(_ t: inout Turn) {
        guard let until = t.state.attentionUnknownUntil, until <= t.now else { return }
        t.state.attentionUnknownUntil = nil
        t.log(.info, "the desktop did not say in time whether you are busy; reminders are not held for it",
              ["unknown": t.state.attentionUnknown.map(\.rawValue).sorted().joined(separator: ",")])
        changed(&t)
    }

    /// Reminders that can wait for the person: not a session's transitions (their own timer), not a
    /// storage problem (told once, never stored).
    static func canWait(_ kind: ReminderKind) -> Bool { !kind.isSessionTransition && kind != .storageProblem }

    /// Holds `reminder`, due now, when it can wait and something holds it; true when held. It stays in
    /// (or goes into) the agenda at its due instant, so a restart holds it again or shows it.
    static func hold(_ reminder: Reminder, _ t: inout Turn) -> Bool {
        let reasons = reasons(t)
        guard canWait(reminder.kind), !reasons.isEmpty else { return false }
        if reasons != [.notYetKnown] { t.state.heldForThePerson = true }
        if t.state.agenda[reminder.id] == nil { t.write(.add(reminder)) }
        t.state.held.removeAll { $0.id == reminder.id }
        t.state.held.append(reminder)
        t.state.held.sort(by: Reminder.dueOrder)
        t.log(.info, "reminder held", ["id": "\(reminder.id)", "why": reasons.map(\.rawValue).joined(separator: ",")])
        return true
    }

    /// The person's state changed: once nothing holds them, the held reminders are shown.
    static func changed(_ t: inout Turn) {
        guard !t.state.held.isEmpty else { return }
        let reasons = reasons(t)
        if reasons.isEmpty { return release(&t) }
        if reasons != [.notYetKnown] { t.state.heldForThePerson = true }
    }

    /// Shows what was held as one notification: the newest that offers a workout (else the newest),
    /// saying when it was due, with the others named in its body (they leave the agenda with it shown).
    /// `late_grace` applies as at any late showing: one held longer is dropped.
    static func release(_ t: inout Turn) {
        let held = stillHeld(t)  // not those taken back meanwhile (skip-today, a workout started)
        t.state.held.removeAll()
        guard t.state.heldForThePerson else {
            // Held only while the desktop had not answered: shown as they would have been, at once.
            for reminder in held { Agenda.deliver(reminder, &t) }
            return
        }
        t.state.heldForThePerson = false
        let (show, drop) = LatePolicy(dailyGrace: t.config.reminders.lateGrace).partition(due: held, at: t.now)
        for reminder in drop {
            t.log(.info, "skipped held reminder: too late", ["id": "\(reminder.id)", "due": ISO8601.format(reminder.due)])
        }
        t.write(.remove(drop.map(\.id)))
        guard let primary = show.last(where: { $0.kind.offersWorkoutActions }) ?? show.last else { return }
        let others = show.filter { $0.id != primary.id }
        t.write(.remove(others.map(\.id)))  // said in the primary's body
        if case .overload(let suggestions) = primary.content { t.state.overloadOffers[primary.id] = suggestions }
        t.log(.info, "held reminders shown", ["id": "\(primary.id)", "count": "\(show.count)"])
        StandaloneNotices.present(summary(primary, others: others, t), late: max(0, t.now.timeIntervalSince(primary.due)), tracked: true, held: true, &t)
    }

    /// The held reminders still in the agenda.
    static func stillHeld(_ t: Turn) -> [Reminder] { t.state.held.filter { t.state.agenda[$0.id] != nil } }

    /// `primary` saying when it was due, and naming the others with theirs.
    static func summary(_ primary: Reminder, others: [Reminder], _ t: Turn) -> Reminder {
        func text(_ reminder: Reminder) -> Messages.Text {
            (t.config.reminders.privateMode ? PrivateMode.redacted(reminder, messages: t.messages) : reminder).text(t.messages)
        }
        let main = text(primary)
        var lines = main.body.isEmpty ? [] : [main.body]
        lines.append(t.messages("Due at {time}", ["time": clock(primary.due, t.timeZone)]))
        for other in others {
            lines.append(t.messages("Also: {title} (due at {time})", ["title": text(other).title, "time": clock(other.due, t.timeZone)]))
        }
        var shown = primary
        shown.content = .fixed(title: main.title, body: lines.joined(separator: "\n"))
        return shown
    }

    /// "18:00": the local time of `instant`.
    static func clock(_ instant: Date, _ zone: Zone) -> String {
        let local = instant.wholeSecondsSince1970 + zone.secondsFromGMT(for: instant)
        let seconds = ((local % 86_400) + 86_400) % 86_400
        return LocalTime(hour: seconds / 3600, minute: seconds % 3600 / 60)?.description ?? ""
    }

    // MARK: Never ring into silence

    /// Whether a notice is heard now: under Do Not Disturb only one the server still shows (critical, where
    /// it lets critical through).
    static func heard(_ notice: Notice, _ t: Turn) -> Bool {
        guard t.state.doNotDisturb else { return true }
        return notice.urgency == .critical && (t.state.criticalShownDuringDoNotDisturb ?? t.state.server.showsCriticalDuringDoNotDisturb)
    }

    /// The session's notice under Do Not Disturb: critical, so that it goes through where a server lets
    /// only critical through (`session_through_dnd`), and silent where it would not be shown.
    static func sessionNotice(_ notice: inout Notice, audible: inout Bool, _ t: Turn) {
        guard t.state.doNotDisturb else { return }
        if t.config.attention.sessionThroughDoNotDisturb { notice.urgency = .critical }
        audible = audible && heard(notice, t)
    }

    // MARK: Keeping the screen on

    /// A running session, not paused and not beyond `pause_after` without progress, keeps the screen on.
    static func keepsScreenOn(_ t: Turn) -> Bool {
        guard t.config.attention.keepScreenOn, let active = t.state.session, active.session.pausedAt == nil else { return false }
        let pauseAfter = t.config.reminders.pauseAfter
        return pauseAfter <= 0 || t.now < active.lastProgressAt.addingTimeInterval(pauseAfter)
    }
}

extension ServerProfile {
    /// Whether a critical notification is still shown while the server's Do Not Disturb is on: GNOME
    /// (show-banners), Plasma (Inhibited) and xfce4-notifyd let critical through; dunst's pause holds
    /// everything and mako's do-not-disturb mode is the user's own criteria (usually `invisible=1`;
    /// MakoConfig reads them, EngineState.criticalShownDuringDoNotDisturb).
    public var showsCriticalDuringDoNotDisturb: Bool { family != .dunst && family != .mako }
}

/// `gymbell status`'s `held`: why reminders are held now, and which.
public struct HeldEntry: Codable, Equatable, Sendable {
    /// `do_not_disturb`, `screen_locked`, `away` (HoldReason).
    public var why: [String]
    /// The ids of the reminders held, in due order (they are also among `pending`).
    public var reminders: [String]
    /// One sentence for the terminal.
    public var message: String

    public init(why: [String], reminders: [String], message: String) {
        self.why = why
        self.reminders = reminders
        self.message = message
    }
}

extension AttentionRules {
    static func heldEntry(_ t: Turn) -> HeldEntry? {
        let reasons = reasons(t)
        guard reasons.contains(where: { $0 != .notYetKnown }) || !stillHeld(t).isEmpty else { return nil }
        let why = reasons.map { reason in
            switch reason {
            case .doNotDisturb: t.messages("Do Not Disturb is on")
            case .screenLocked: t.messages("the screen is locked")
            case .away: t.messages("you are away")
            case .notYetKnown: t.messages("the desktop has not said yet whether you are busy")
            }
        }.joined(separator: ", ")
        let held = stillHeld(t)
        let count = held.count
        let message = t.messages(
            "{n} reminder held until you are back ({why})", plural: "{n} reminders held until you are back ({why})", count: count,
            ["n": String(count), "why": why])
        return HeldEntry(why: reasons.map(\.rawValue), reminders: held.map(\.id.rawValue), message: message)
    }
}
