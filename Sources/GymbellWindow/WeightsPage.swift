import CAdw
import FoundationEssentials
import GymbellControl
import GymbellCore

/// The Weights page, the window's face of `gymbell weights`: the weight each exercise is planned with
/// next time against the config's, and a reset to the config's weight where "Next time" (or
/// `gymbell weights --set`) raised it.
final class WeightsPage {
    let page: Widget
    private unowned let owner: ProgrammeWindow
    private let list: Widget
    private var resetAll: Widget!
    private var rows: [Widget] = []

    init(owner: ProgrammeWindow) {
        self.owner = owner
        let messages = owner.messages
        page = adw_preferences_page_new()!
        adw_preferences_page_set_title(cast(page), messages("Weights"))
        adw_preferences_page_set_icon_name(cast(page), "go-up-symbolic")
        list = Rows.group(messages("Planned weights"),
                          description: messages("The weight each exercise is planned with next time, and the one in your config."))
        resetAll = Build.button(messages("Reset all")) { [unowned self] in reset([]) }
        adw_preferences_group_set_header_suffix(cast(list), resetAll)
        adw_preferences_page_add(cast(page), cast(list))
    }

    /// Asks the daemon for the planned weights and shows them.
    func refresh() {
        owner.ask({ client throws(ClientError) in try client.weights() }) { [weak self] weights in self?.show(weights) }
    }

    private func show(_ weights: [PlannedWeight]) {
        for row in rows { adw_preferences_group_remove(cast(list), row) }
        rows = []
        let messages = owner.messages
        for planned in weights {
            let weight = planned.weight.map(planned.unit.text) ?? messages("no weight")
            let configured = planned.configured.map(planned.unit.text) ?? messages("no weight")
            let raised = planned.raisedAt != nil
            let subtitle = raised ? messages("Next time {weight}; the config says {configured}", ["weight": weight, "configured": configured])
                : messages("Next time {weight}, as configured", ["weight": weight])
            var suffixes: [Widget] = []
            if raised {
                suffixes.append(Build.button(messages("Reset"), accessibleName: messages("Reset {exercise}", ["exercise": planned.exercise])) {
                    [unowned self] in reset([planned.exercise])
                })
            }
            let row = Rows.action(planned.exercise, subtitle: subtitle, suffixes: suffixes)
            adw_preferences_group_add(cast(list), row)
            rows.append(row)
        }
        if weights.isEmpty {
            let row = Rows.action(messages("No exercise has a weight yet"), subtitle: messages("Give an exercise a weight in its workout."))
            adw_preferences_group_add(cast(list), row)
            rows.append(row)
        }
        resetAll.setVisible(weights.contains { $0.raisedAt != nil })
    }

    private func reset(_ exercises: [String]) {
        owner.ask({ client throws(ClientError) in try client.resetWeights(exercises) }) { [weak self] message in
            self?.owner.toast(message)
            self?.refresh()
        }
    }
}
