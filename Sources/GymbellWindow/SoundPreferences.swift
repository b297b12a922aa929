import GymbellCore
import GymbellPlatform

/// The Preferences' "Sound" group: whether reminders play a sound and which, hearing it, and what other
/// audio does meanwhile — left alone, lowered (`duck = "30%"`), or its media players paused and resumed
/// after (`duck = "pause"`; issue 47). Each change goes through the Preferences' config path.
final class SoundPreferences {
    let group: PreferencesGroup
    private let messages: Messages
    private let sound = Switch()
    private let duck = Switch()
    private let pausePlayers = Switch()
    private let pauseRow: ActionRow
    private let soundName: EntryRow
    /// The share the file lowers other audio to, kept while the players are paused instead: switching
    /// back lowers to the person's share again, not the standard one.
    private var percent = SoundDucking.standardPercent

    init(messages: Messages, change: @escaping (ConfigEdit) -> Void) {
        self.messages = messages
        soundName = EntryRow(messages("Sound theme name or file"))
        pauseRow = ActionRow.toggle(
            messages("Pause media players instead"), subtitle: messages("Music and videos stop while it plays, then go on"),
            pausePlayers)
        group = PreferencesGroup(messages("Sound"))
        sound.onToggled { change(.soundEnabled($0)) }
        duck.onToggled { [unowned self] in change(.soundDuck($0 ? .lower(percent: percent) : .off)) }
        pausePlayers.onToggled { [unowned self] in change(.soundDuck($0 ? .pause : .lower(percent: percent))) }
        soundName.onApplied { text in
            let value = Editable.trimmed(text)
            if !value.isEmpty { change(.sound(value.hasPrefix("/") ? .file(value) : .theme(value))) }
        }
        let play = Button(messages("Play"), accessibleName: messages("Play the sound")) { [unowned self] in
            let value = soundName.text
            _ = try? ProcessLauncher.spawn(["canberra-gtk-play", value.hasPrefix("/") ? "-f" : "-i", value])
        }
        group.add([
            ActionRow.toggle(messages("Play a sound"), sound), soundName, ActionRow(messages("Hear it"), suffixes: [play]),
            ActionRow.toggle(messages("Lower other audio while it plays"), duck), pauseRow,
        ])
    }

    func show(_ settings: SoundSettings) {
        sound.show(settings.enabled)
        duck.show(settings.duck != .off)
        pausePlayers.show(settings.duck == .pause)
        pauseRow.isSensitive = settings.duck != .off
        if case .lower(let share) = settings.duck { percent = share }
        soundName.show(settings.file ?? settings.name)
    }
}
