import FoundationEssentials
import GymbellCore

/// The running session, to be read from the mat: what to do now, a countdown large enough for three
/// metres, what comes next, and big buttons.
final class SessionPage {
    enum Request { case setDone, setDoneAt(rpe: Double), fewerReps, pause, resume, skip, end, adjustRest(Int32) }

    let widget: Scrolled
    private let title = Label("", classes: ["title-2", "dim-label"])
    /// The exercise and its target, readable from three metres (44 px at 1280×800).
    private let phase = Label("", classes: ["gymbell-exercise"])
    private let countdown = Label("", classes: ["gymbell-countdown", "numeric"], wrap: false)
    /// A workout of steps: the round or set, or the step's number (and an AMRAP's rounds so far).
    private let position = Label("", classes: ["title-4", "dim-label"])
    private let next = Label("", classes: ["title-3"])
    private let setDone: Button
    private let fewerReps: Button
    /// "How hard?" RPE 6 to 10: one tap logs the set done with its effort (optional: Set done logs none).
    private let effort: Box
    private let pause: Button
    private let skip: Button
    /// A rest between sets (or a rest timer): 15 s more or less, or over now.
    private let restButtons: Box
    private let messages: Messages
    private var paused = false
    /// The step shown last (its number), so that a new step waiting for Done takes the keyboard's focus.
    private var shownStep: Int?
    /// The instant the countdown counts down to, ticking locally (the daemon signals every change).
    private(set) var countdownTarget: Date?
    /// While paused: what is left of the timed step, held on screen (a pause holds the countdown, it
    /// does not take it away).
    private var held: TimeInterval?

    init(messages: Messages, onRequest: @escaping (Request) -> Void) {
        self.messages = messages
        let big = ["pill", "gymbell-big"]
        setDone = Button(messages("Set done"), classes: ["suggested-action"] + big) { onRequest(.setDone) }
        fewerReps = Button(messages("Fewer reps"), classes: big, accessibleName: messages("Set done with fewer reps")) { onRequest(.fewerReps) }
        pause = Button(messages("Pause"), classes: big)  // Pause or Resume: connected below, when self is whole
        skip = Button(messages("Skip"), classes: big, accessibleName: messages("Skip to the next phase")) { onRequest(.skip) }
        let end = Button(messages("End workout"), classes: ["destructive-action"] + big) { onRequest(.end) }
        // The rest's row in plain buttons: as pills (their wide padding) it made the window 475 px wide in
        // German ("Pause überspringen", now "Pause beenden"), past a 360 px screen: now 360 px fit.
        let less = Button(messages("−15 s"), classes: [], accessibleName: messages("Rest 15 seconds less")) { onRequest(.adjustRest(-15)) }
        let more = Button(messages("+15 s"), classes: [], accessibleName: messages("Rest 15 seconds more")) { onRequest(.adjustRest(15)) }
        let skipRest = Button(messages("Skip rest"), classes: []) { onRequest(.skip) }
        restButtons = Box(.horizontal, spacing: 12, [less, skipRest, more]).centered()
        let hard = (6...10).map { rpe in
            Button("\(rpe)", classes: ["circular"], accessibleName: messages("Set done at RPE {n}", ["n": "\(rpe)"])) { onRequest(.setDoneAt(rpe: Double(rpe))) }
        }
        // The label over the five round buttons: the row fits 360 px in German too.
        effort = Box(.vertical, spacing: 6, [Label(messages("How hard? RPE"), classes: ["dim-label"]), Box(.horizontal, spacing: 6, hard).centered()])
        let fullscreen = Button(messages("Full screen"), classes: ["pill"], accessibleName: messages("Full screen"),
                                tooltip: messages("The live screen alone, from across the room; F11 and again back"))
            .activates("app.fullscreen").followsFullscreen(on: messages("Leave full screen"), off: messages("Full screen"))
        let buttons = Box(.vertical, spacing: 12, [restButtons, setDone, effort, fewerReps, pause, skip, end, fullscreen]).centered().marginTop(24)
        let column = Box(.vertical, spacing: 12, [title, phase, position, countdown, next, buttons])
        widget = Scrolled(column.margins(12).centered())
        pause.onClicked { [unowned self] in onRequest(paused ? .resume : .pause) }
    }

    func show(_ snapshot: DaemonLink.Snapshot, now: Date) {
        guard let session = snapshot.status.session else { return }
        if let step = session.step {
            showStep(step, of: session, due: TodayText.nextStep(snapshot)?.due, now: now)
            return
        }
        shownStep = nil
        position.isVisible = false
        let strength = session.kind == "strength"
        let interval = session.kind == "hiit" || session.kind == "walkrun"
        title.text = session.title
        phase.text = session.paused ? messages("Paused") : session.phase
        phase.isVisible = session.paused || session.phase.lowercased() != session.title.lowercased()
        paused = session.paused
        let step = TodayText.nextStep(snapshot)
        countdownTarget = session.paused ? nil : (step?.due ?? (session.kind == "rest" ? session.endsAt : nil))
        held = session.paused ? step?.afterResume : nil
        if let step {
            next.text = messages("Next: {what}", ["what": step.title])  // its body repeats the phase
        } else {
            next.text = strength ? messages("Press Set done when the set is finished.") : ""
        }
        setDone.label = messages("Set done")
        setDone.isVisible = strength
        fewerReps.isVisible = strength
        effort.isVisible = strength
        pause.isVisible = interval
        pause.label = session.paused ? messages("Resume") : messages("Pause")
        let resting = countdownTarget != nil && (session.kind == "rest" || (strength && ["rest_warning", "rest_over"].contains(step?.kind ?? "")))
        restButtons.isVisible = resting
        skip.isVisible = interval
        tick(now: now)
    }

    /// A workout of steps (a circuit, named intervals, timed sets): the step in large type, its round or
    /// set, its countdown when it is timed, what comes next, and Done when it waits for the person.
    /// `due`: when the session's next step reminder falls due — a timed step's end (a paused one's if
    /// resumed now); else what the status says is left of it.
    private func showStep(_ step: StatusStep, of session: StatusReport.SessionEntry, due: Date?, now: Date) {
        title.text = session.title
        phase.text = step.label
        phase.isVisible = true
        paused = session.paused
        var place = [Self.position(step, messages) ?? messages("Step {n} of {count}", ["n": "\(step.number)", "count": "\(step.count)"])]
        if session.paused { place.insert(messages("Paused"), at: 0) }
        if let rounds = step.roundsDone {
            place.append(messages("{n} round done", plural: "{n} rounds done", count: rounds, ["n": "\(rounds)"]))
        }
        position.text = place.joined(separator: " · ")
        position.isVisible = true
        let timed = step.seconds != nil
        countdownTarget = session.paused || !timed ? nil : due ?? step.left.map { now.addingTimeInterval($0) }
        held = session.paused && timed ? step.left : nil
        next.text = step.next.map { messages("Next: {what}", ["what": $0]) } ?? messages("The last step")
        let countsRounds = step.roundsDone != nil
        let done = !timed || countsRounds
        setDone.label = countsRounds ? messages("Round done") : messages("Done")
        setDone.isVisible = done
        fewerReps.isVisible = !timed && session.kind == "strength"
        effort.isVisible = fewerReps.isVisible && step.role == "work"  // a warm-up's effort tells nothing
        pause.isVisible = timed || session.paused
        pause.label = session.paused ? messages("Resume") : messages("Pause")
        skip.isVisible = true
        restButtons.isVisible = false
        // A new step waiting for Done takes the keyboard: Space or Enter says it is done.
        if done, shownStep != step.number { setDone.grabFocus() }
        shownStep = step.number
        tick(now: now)
    }

    /// "Round 2 of 3", "Set 1 of 4" (as `WorkoutStep.position`); nil when the step has neither.
    static func position(_ step: StatusStep, _ messages: Messages) -> String? {
        if let round = step.round, let rounds = step.rounds, rounds > 1 {
            return messages("Round {n} of {count}", ["n": "\(round)", "count": "\(rounds)"])
        }
        if let set = step.set, let sets = step.sets {
            return messages("Set {n} of {count}", ["n": "\(set)", "count": "\(sets)"])
        }
        return nil
    }

    /// Redraws the countdown; called every second while the page shows one.
    func tick(now: Date) {
        if let countdownTarget {
            countdown.text = TodayText.countdown(until: countdownTarget, now: now)
            countdown.isVisible = true
        } else if let held {
            countdown.text = TodayText.countdown(until: now.addingTimeInterval(held), now: now)
            countdown.isVisible = true
        } else {
            countdown.isVisible = false
        }
    }
}
