import FoundationEssentials

/// The running session as a media player shows it (MPRIS 2 "Now Playing"): what to do now as the
/// title, the workout and the detail as the artist, the next step as the album, the current phase as
/// the track (its length, and the position in it). Pure: `make` is a function of the session, the
/// engine's state and the instant; the daemon serves it on the bus.
public struct NowPlaying: Equatable, Sendable {
    public enum Status: String, Sendable {
        /// A timed phase runs.
        case playing = "Playing"
        /// Waiting for the user (a set in progress) or a paused timeline.
        case paused = "Paused"
        /// The session's timeline has run out (its completion is being shown).
        case stopped = "Stopped"
    }

    /// The session shown; nil for `idle`.
    public var session: SessionID?
    /// Names the phase, unique within the session: a new phase is a new track.
    public var track: String
    public var title: String
    public var artist: String
    public var album: String
    /// The phase's length; nil while waiting for the user.
    public var length: TimeInterval?
    public var status: Status
    /// When the phase started on the clock: the position is the time since then (or until the pause).
    public var phaseStart: Date
    /// The position stands still since then.
    public var frozenAt: Date?
    /// Next (skip) means something now: a timed phase runs.
    public var canGoNext: Bool

    /// The position in the phase at `now`, 0…length.
    public func position(at now: Date) -> TimeInterval {
        let clock = frozenAt.map { min($0, now) } ?? now
        let position = max(0, clock.timeIntervalSince(phaseStart))
        return length.map { min($0, position) } ?? (status == .playing ? position : 0)
    }

    /// No session: the player stays on the bus, stopped, with no track (only while a screen locker
    /// follows it; see `Engine`).
    public static let idle = NowPlaying(
        session: nil, track: "", title: "", artist: "", album: "", length: nil, status: .stopped, phaseStart: .distantPast, frozenAt: nil,
        canGoNext: false)

    /// What the player shows for `session` at `now`. Private mode names no workout, exercise or weight.
    public static func make(session: Session, now: Date, messages: Messages, privateMode: Bool) -> NowPlaying {
        let workout = privateMode ? PrivateMode.sessionTitle(session.kind, messages: messages) : session.title
        switch session.detail {
        case .rest:
            return NowPlaying(
                session: session.id, track: "0", title: messages("Rest"), artist: workout, album: messages("Next: your next set"),
                length: session.endsAt.timeIntervalSince(session.startedAt), status: now < session.endsAt ? .playing : .stopped,
                phaseStart: session.startedAt, frozenAt: nil, canGoNext: now < session.endsAt)
        case .steps(let progress):
            switch session.intervalPlan {
            case .hiit(let plan)?:
                return interval(
                    session, now: now, workout: workout, phases: (plan.work, plan.rest), count: plan.rounds,
                    names: (messages("Work"), messages("Rest")), counter: messages("round {n} of {count}"), messages: messages)
            case .walkRun(let plan)?:
                return interval(
                    session, now: now, workout: workout, phases: (plan.run, plan.walk), count: plan.repeats,
                    names: (messages("Run"), messages("Walk")), counter: messages("repeat {n} of {count}"), messages: messages)
            case nil: break
            }
            if let strength = session.strengthView(at: now) {
                return Self.strength(session, strength, now: now, workout: workout, messages: messages, privateMode: privateMode)
            }
            return steps(session, progress, now: now, workout: workout, messages: messages, privateMode: privateMode)
        }
    }

    /// A workout of steps: the step as the track (its label the title, its time the length), the next
    /// step as the album; a step waiting for Done is Paused, as a strength set is.
    private static func steps(
        _ session: Session, _ progress: StepProgress, now: Date, workout: String, messages: Messages, privateMode: Bool
    ) -> NowPlaying {
        guard let position = session.stepPosition(at: now), position.step < progress.steps.count else {
            return NowPlaying(
                session: session.id, track: "done", title: messages("complete").capitalizedFirst, artist: workout, album: "", length: nil,
                status: .stopped, phaseStart: session.endsAt, frozenAt: nil, canGoNext: false)
        }
        let step = progress.steps[position.step]
        let label = { (step: WorkoutStep) -> String in
            privateMode && step.isExercise ? (step.seconds.map { "\(messages("Work")) — \(DurationText.human($0))" } ?? messages("Work")) : step.label(messages)
        }
        let next = position.step + 1 < progress.steps.count
            ? messages("Next: {step}", ["step": label(progress.steps[position.step + 1])]) : messages("Next: done")
        let detail = step.position(messages)
        let waiting = !step.isTimed
        return NowPlaying(
            session: session.id, track: "\(position.step)", title: label(step),
            artist: [workout, detail].compactMap { $0 }.joined(separator: " · "), album: next, length: step.seconds,
            status: waiting || session.pausedAt != nil ? .paused : .playing, phaseStart: position.began,
            frozenAt: waiting ? nil : session.pausedAt, canGoNext: true)
    }

    private static func interval(
        _ session: Session, now: Date, workout: String, phases: (TimeInterval, TimeInterval), count: Int, names: (String, String),
        counter: String, messages: Messages
    ) -> NowPlaying {
        let cycle = phases.0 + phases.1
        let elapsed = session.elapsed(at: now)
        let origin = session.startedAt.addingTimeInterval(session.shift)
        guard cycle > 0, elapsed < Double(count) * cycle else {
            return NowPlaying(
                session: session.id, track: "done", title: messages("complete").capitalizedFirst, artist: workout, album: "", length: nil, status: .stopped,
                phaseStart: session.endsAt, frozenAt: nil, canGoNext: false)
        }
        let round = Int((elapsed / cycle).rounded(.down))
        let working = elapsed - Double(round) * cycle < phases.0
        let start = Double(round) * cycle + (working ? 0 : phases.0)
        let detail = counter.replacingAll("{n}", with: String(round + 1)).replacingAll("{count}", with: String(count))
        let next: String
        if working, phases.1 > 0 {
            next = step(names.1, phases.1, messages)
        } else if round + 1 < count {
            next = step(names.0, phases.0, messages)
        } else {
            next = messages("Next: done")
        }
        return NowPlaying(
            session: session.id, track: "\(round * 2 + (working ? 0 : 1))", title: working ? names.0 : names.1, artist: "\(workout) · \(detail)", album: next,
            length: working ? phases.0 : phases.1, status: session.pausedAt == nil ? .playing : .paused,
            phaseStart: origin.addingTimeInterval(start), frozenAt: session.pausedAt, canGoNext: true)
    }

    private static func strength(
        _ session: Session, _ progress: StrengthView, now: Date, workout: String, messages: Messages, privateMode: Bool
    ) -> NowPlaying {
        guard let next = progress.nextSet else {
            return NowPlaying(
                session: session.id, track: "done", title: messages("complete").capitalizedFirst, artist: workout, album: "", length: nil, status: .stopped,
                phaseStart: session.startedAt, frozenAt: nil, canGoNext: false)
        }
        let setLine = privateMode
            ? messages("Set {n} of {count}", ["n": String(progress.totalSetsDone + 1), "count": String(progress.totalSets)])
            : next.heading(messages)
        let load = privateMode ? nil : next.load(messages)
        if let until = progress.restUntil, until > now {
            let start = progress.restStartedAt ?? session.startedAt
            return NowPlaying(
                session: session.id, track: "\(progress.totalSetsDone * 2 - 1)", title: messages("Rest"), artist: workout,
                album: messages("Next: {step}", ["step": [setLine, load].compactMap { $0 }.joined(separator: ", ")]),
                length: until.timeIntervalSince(start), status: .playing, phaseStart: start, frozenAt: nil, canGoNext: true)
        }
        let after = progress.restAfterNextSet.map { step(messages("Rest"), $0, messages) } ?? messages("Next: done")
        return NowPlaying(
            session: session.id, track: "\(progress.totalSetsDone * 2)", title: setLine, artist: [workout, load].compactMap { $0 }.joined(separator: " · "),
            album: after, length: nil, status: .paused, phaseStart: progress.phaseStart, frozenAt: nil,
            canGoNext: true)  // Next is Set done, as on every step by reps
    }

    /// "Next: Rest 90 s".
    private static func step(_ name: String, _ seconds: TimeInterval, _ messages: Messages) -> String {
        messages("Next: {step}", ["step": "\(name) \(DurationText.format(seconds))"])
    }
}
