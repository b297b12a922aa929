import CAdw
import FoundationEssentials
import GymbellCore

/// The running session, to be read from the mat: what to do now, a countdown large enough for three
/// metres, what comes next, and big buttons.
final class SessionPage {
    enum Request { case setDone, fewerReps, pause, resume, skip, end }

    let widget: Widget
    private let title: Widget
    private let phase: Widget
    private let countdown: Widget
    private let next: Widget
    private let setDone: Widget
    private let fewerReps: Widget
    private let pause: Widget
    private let skip: Widget
    private let messages: Messages
    private var paused = false
    /// The instant the countdown counts down to, ticking locally (the daemon signals every change).
    private(set) var countdownTarget: Date?

    init(messages: Messages, onRequest: @escaping (Request) -> Void) {
        self.messages = messages
        title = Build.label("", classes: ["title-2", "dim-label"])
        phase = Build.label("", classes: ["title-1"])
        countdown = Build.label("", classes: ["gymbell-countdown", "numeric"], wrap: false)
        next = Build.label("", classes: ["title-4"])
        setDone = Build.button(messages("Set done"), classes: ["suggested-action", "pill", "gymbell-big"]) { onRequest(.setDone) }
        fewerReps = Build.button(messages("Fewer reps"), classes: ["pill", "gymbell-big"],
                                 accessibleName: messages("Set done with fewer reps")) { onRequest(.fewerReps) }
        pause = gtk_button_new_with_label(messages("Pause"))!  // Pause or Resume: connected below, when self is whole
        Build.style(pause, ["pill", "gymbell-big"])
        skip = Build.button(messages("Skip"), classes: ["pill", "gymbell-big"], accessibleName: messages("Skip to the next phase")) { onRequest(.skip) }
        let end = Build.button(messages("End workout"), classes: ["destructive-action", "pill", "gymbell-big"]) { onRequest(.end) }
        let buttons = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [setDone, fewerReps, pause, skip, end]).centered()
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [title, phase, countdown, next, buttons])
        gtk_widget_set_margin_top(buttons, 24)
        widget = Build.scrolled(column.margins(12).centered())
        onSignal(pause, "clicked") { [unowned self] in onRequest(paused ? .resume : .pause) }
    }

    func show(_ snapshot: DaemonLink.Snapshot, now: Date) {
        guard let session = snapshot.status.session else { return }
        let strength = session.kind == "strength"
        let interval = session.kind == "hiit" || session.kind == "walkrun"
        title.setText(session.title)
        phase.setText(session.paused ? messages("Paused") : session.phase)
        phase.setVisible(session.paused || session.phase.lowercased() != session.title.lowercased())
        paused = session.paused
        let step = TodayText.nextStep(snapshot)
        countdownTarget = session.paused ? nil : (step?.due ?? (session.kind == "rest" ? session.endsAt : nil))
        if let step {
            next.setText(messages("Next: {what}", ["what": step.title]))  // its body repeats the phase
        } else {
            next.setText(strength ? messages("Press Set done when the set is finished.") : "")
        }
        setDone.setVisible(strength)
        fewerReps.setVisible(strength)
        pause.setVisible(interval)
        pause.setButtonLabel(session.paused ? messages("Resume") : messages("Pause"))
        skip.setVisible(interval || session.kind == "rest")
        tick(now: now)
    }

    /// Redraws the countdown; called every second while the page shows one.
    func tick(now: Date) {
        if let countdownTarget {
            countdown.setText(TodayText.countdown(until: countdownTarget, now: now))
            countdown.setVisible(true)
        } else {
            countdown.setVisible(false)
        }
    }
}
