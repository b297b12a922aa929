import FoundationEssentials
import GymbellCore
import GymbellNotify
import GymbellSound
import Logging

/// What the two kinds of notices share: the notifier, what the server on the bus does, the app icon
/// and the sound that comes with a reminder.
final class NoticeOutput {
    let notifier: Notifier
    let logger: Logger
    private let sounds: SoundPlayer
    private var sound: SoundSettings
    /// app_icon: the installed icon's file where there is one, else its name in the theme.
    private let icon: String
    /// What the server on the bus does with our notifications; `.unknown` until it has answered.
    var server = ServerProfile.unknown

    static let desktopEntry = "io.github.gymbell.Gymbell"

    init(notifier: Notifier, sounds: SoundPlayer, sound: SoundSettings, icon: String?, logger: Logger) {
        self.notifier = notifier
        self.sounds = sounds
        self.sound = sound
        self.icon = icon ?? Self.desktopEntry
        self.logger = logger
    }

    func apply(sound: SoundSettings) {
        guard sound != self.sound else { return }
        self.sound = sound
        if sounds.isHeld, sound.enabled { sounds.hold(currentSound) }  // the new sound cached
    }

    /// Carries out the engine's SoundReadiness: the sound server's connection is held only near a sound.
    func prepareSound(_ readiness: SoundReadiness, now: Date) {
        switch readiness {
        case .released: sounds.release()
        case .ready: sounds.hold(currentSound)
        case .readyAt(let instant):
            sounds.release()
            sounds.hold(currentSound, inSeconds: instant.timeIntervalSince(now))
        }
    }

    func playSound() {
        if sound.enabled { sounds.play(currentSound) }
    }

    /// Takes a notification off the screen, on every server.
    func retire(_ handle: NotificationHandle, _ request: NotificationRequest) {
        if !server.closeRemovesBubble {
            var gone = request
            gone.expireTimeout = 1
            notifier.update(handle, with: gone, reshow: false)
        }
        notifier.close(handle)
    }

    /// The only way a request is made: its body is the notice's, already what the server is to be sent
    /// (escaped where it reads markup: ServerProfile.body in Core); nothing here changes a text.
    func request(for notice: Notice) -> NotificationRequest {
        let urgency: NotificationRequest.Urgency = switch notice.urgency {
        case .low: .low
        case .normal: .normal
        case .critical: .critical
        }
        return NotificationRequest(
            summary: notice.title, body: notice.body, actions: notice.actions.map { (key: $0.key, label: $0.label) },
            category: notice.category, desktopEntry: Self.desktopEntry, urgency: urgency,
            expireTimeout: notice.expireTimeout, progressValue: notice.progress, icon: icon)
    }

    private var currentSound: SoundPlayer.Sound { sound.file.map { .file($0) } ?? .themed(sound.name) }
}
