import FoundationEssentials
import GymbellCore

/// The running session, to be read from the mat: what to do now, a countdown large enough for three
/// metres, what comes next, and big buttons.
final class SessionPage {
    enum Request { case setDone, fewerReps, pause, resume, skip, end }

    let widget: Scrolled
    private let title = Label("", classes: ["title-2", "dim-label"])
    private let phase = Label("", classes: ["title-1"])
    private let countdown = Label("", classes: ["gymbell-countdown", "numeric"], wrap: false)
    private let next = Label("", classes: ["title-4"])
    private let setDone: Button
    private let fewerReps: Button
    private let pause: Button
    private let skip: Button
    private let messages: Messages
    private var paused = false
    /// The instant the countdown counts down to, ticking locally (the daemon signals every change).
    private(set) var countdownTarget: Date?

    init(messages: Messages, onRequest: @escaping (Request) -> Void) {
        self.messages = messages
        let big = ["pill", "gymbell-big"]
        setDone = Button(messages("Set done"), classes: ["suggested-action"] + big) { onRequest(.setDone) }
        fewerReps = Button(messages("Fewer reps"), classes: big, accessibleName: messages("Set done with fewer reps")) { onRequest(.fewerReps) }
        pause = Button(messages("Pause"), classes: big)  // Pause or Resume: connected below, when self is whole
        skip = Button(messages("Skip"), classes: big, accessibleName: messages("Skip to the next phase")) { onRequest(.skip) }
        let end = Button(messages("End workout"), classes: ["destructive-action"] + big) { onRequest(.end) }
        let buttons = Box(.vertical, spacing: 12, [setDone, fewerReps, pause, skip, end]).centered().marginTop(24)
        let column = Box(.vertical, spacing: 12, [title, phase, countdown, next, buttons])
        widget = Scrolled(column.margins(12).centered())
        pause.onClicked { [unowned self] in onRequest(paused ? .resume : .pause) }
    }

    func show(_ snapshot: DaemonLink.Snapshot, now: Date) {
        guard let session = snapshot.status.session else { return }
        let strength = session.kind == "strength"
        let interval = session.kind == "hiit" || session.kind == "walkrun"
        title.text = session.title
        phase.text = session.paused ? messages("Paused") : session.phase
        phase.isVisible = session.paused || session.phase.lowercased() != session.title.lowercased()
        paused = session.paused
        let step = TodayText.nextStep(snapshot)
        countdownTarget = session.paused ? nil : (step?.due ?? (session.kind == "rest" ? session.endsAt : nil))
        if let step {
            next.text = messages("Next: {what}", ["what": step.title])  // its body repeats the phase
        } else {
            next.text = strength ? messages("Press Set done when the set is finished.") : ""
        }
        setDone.isVisible = strength
        fewerReps.isVisible = strength
        pause.isVisible = interval
        pause.label = session.paused ? messages("Resume") : messages("Pause")
        skip.isVisible = interval || session.kind == "rest"
        tick(now: now)
    }

    /// Redraws the countdown; called every second while the page shows one.
    func tick(now: Date) {
        if let countdownTarget {
            countdown.text = TodayText.countdown(until: countdownTarget, now: now)
            countdown.isVisible = true
        } else {
            countdown.isVisible = false
        }
    }
}
