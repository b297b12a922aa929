import FoundationEssentials
import GymbellControl
import GymbellCore

/// The Weights page, the window's face of `gymbell weights`: the weight each exercise is planned with
/// next time against the config's, and a reset to the config's weight where "Next time" (or
/// `gymbell weights --set`) raised it.
final class WeightsPage {
    /// What the page may do.
    struct Actions {
        let daemon: DaemonQuestions
        let toast: (String) -> Void
    }

    let page: PreferencesPage
    private let messages: Messages
    private let actions: Actions
    private let list: PreferencesGroup
    private let resetAll: Button
    private var rows: [ActionRow] = []
    /// Whether the daemon runs: the resets are pressed only then.
    var daemonRunning = true {
        didSet { list.isSensitive = daemonRunning }
    }

    init(messages: Messages, actions: Actions) {
        self.messages = messages
        self.actions = actions
        page = PreferencesPage(title: messages("Weights"), icon: "go-up-symbolic")
        list = PreferencesGroup(messages("Planned weights"),
                                description: messages("The weight each exercise is planned with next time, and the one in your config."))
        resetAll = Button(messages("Reset all"))
        list.setHeaderSuffix(resetAll)
        page.add(list)
        resetAll.onClicked { [unowned self] in reset([]) }
    }

    /// Asks the daemon for the planned weights and shows them.
    func refresh() {
        actions.daemon.ask({ client throws(ClientError) in try client.weights() }) { [weak self] weights in self?.show(weights) }
    }

    private func show(_ weights: [PlannedWeight]) {
        list.remove(rows)
        rows = weights.map { planned in
            let weight = planned.weight.map(planned.unit.text) ?? messages("no weight")
            let configured = planned.configured.map(planned.unit.text) ?? messages("no weight")
            let raised = planned.raisedAt != nil
            let subtitle = raised ? messages("Next time {weight}; the config says {configured}", ["weight": weight, "configured": configured])
                : messages("Next time {weight}, as configured", ["weight": weight])
            let resetButton = raised ? [Button(messages("Reset"), accessibleName: messages("Reset {exercise}", ["exercise": planned.exercise])) {
                [unowned self] in reset([planned.exercise])
            }] : []
            return ActionRow(planned.exercise, subtitle: subtitle, suffixes: resetButton)
        }
        if weights.isEmpty {
            rows = [ActionRow(messages("No exercise has a weight yet"), subtitle: messages("Give an exercise a weight in its workout."))]
        }
        list.add(rows)
        resetAll.isVisible = weights.contains { $0.raisedAt != nil }
    }

    private func reset(_ exercises: [String]) {
        actions.daemon.ask({ client throws(ClientError) in try client.resetWeights(exercises) }) { [weak self] message in
            self?.actions.toast(message)
            self?.refresh()
        }
    }
}
