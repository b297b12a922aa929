import GymbellControl
import GymbellCore
import GymbellPlatform

/// The live screen's actions that ask first or can be taken back (issue 46): Fewer reps asks how many
/// were done; End workout shows Today at once and stops the workout only when its toast's Undo has not
/// been pressed for five seconds.
final class SessionActions {
    static let undoSeconds = 5.0
    private unowned let owner: MainWindow
    /// A workout ended on the live screen: stopped when the toast's Undo is not pressed in time.
    private(set) var ending: (session: String, timer: SourceToken)?

    init(owner: MainWindow) { self.owner = owner }

    private var loop: MainLoop { owner.loop }
    private var text: TodayText { owner.text }
    private var currentState: DaemonLink.State { owner.currentState }
    private func send<Reply: Sendable>(_ command: @escaping @Sendable (GymbellClient) throws(ClientError) -> Reply) { owner.send(command) }

    /// "How many reps did you do?" with a spin button (the planned reps less one to start from, when
    /// the set says them); Log set logs the set as failed with that many.
    func askRepsDone() {
        guard case .running(let snapshot) = currentState, let session = snapshot.status.session else { return }
        let messages = text.messages
        let planned = Self.plannedReps(session.phase)
        let reps = SpinButton(messages("Reps done"), 0...(max(planned ?? 0, 100)))
        reps.show(max(0, (planned ?? 1) - 1))
        MessageDialog.ask(
            over: owner.window, heading: messages("How many reps did you do?"),
            body: messages("The set is logged as not done in full, with this many reps."),
            responses: [.init(answer: RepsAnswer.cancel, label: messages("Cancel")),
                        .init(answer: .log, label: messages("Log set"), appearance: .suggested)],
            defaultResponse: .log, close: .cancel, extra: reps
        ) { [weak self] answer in
            guard let self, answer == .log else { return }
            let done = reps.value
            send { client throws(ClientError) in try client.setDone(as: SetCorrection(reps: done, failed: true)) }
        }
    }

    enum RepsAnswer: String { case cancel, log }

    /// The reps in "Bench Press — set 1 of 2, 8 reps" (what the daemon's phase says of a set).
    static func plannedReps(_ phase: String) -> Int? {
        let words = phase.split(whereSeparator: { $0 == " " || $0 == "," })
        guard let index = words.firstIndex(where: { $0 == "reps" }), index > 0 else { return nil }
        return Int(words[index - 1])
    }

    /// The window is going (closed, Ctrl+Q) while an end is in its undo time: the workout is stopped now,
    /// as the person asked — never left running behind a closed window. Blocks (the process is ending).
    func endPendingNow() {
        guard let ending else { return }
        loop.cancel(ending.timer)
        self.ending = nil
        do throws(ClientError) {
            let client = try GymbellClient(timeoutMilliseconds: 5_000)
            if try client.status().session?.id == ending.session { _ = try client.stop() }
        } catch {
            CurrentProcess.printToStandardError("gymbell-window: the workout could not be ended: \(error)")
        }
    }

    /// Today at once, with a toast "Workout ended" and Undo; the stop goes to the daemon when the
    /// undo time is over (and only if that workout still runs).
    func endWithUndo() {
        guard case .running(let snapshot) = currentState, let session = snapshot.status.session else { return }
        let id = session.id
        let timer = loop.after(seconds: Self.undoSeconds) { [weak self] in
            guard let self, ending?.session == id else { return }
            ending = nil
            if case .running(let now) = currentState, now.status.session?.id == id {
                send { client throws(ClientError) in _ = try client.stop() }
            }
        }
        ending = (id, timer)
        let toast = Toast(text.messages("Workout ended"), timeout: UInt32(Self.undoSeconds))
        toast.button(text.messages("Undo")) { [weak self] in
            guard let self, let ending, ending.session == id else { return }
            loop.cancel(ending.timer)
            self.ending = nil
            owner.refreshPage()
        }
        owner.showToast(toast)
        owner.refreshPage()
    }
}
