import FoundationEssentials
import GymbellCore
import GymbellNotify
import GymbellSound
import Logging

/// What the two kinds of notices share: the notifier, what the server on the bus does, the app icon,
/// the sound that comes with a reminder and what gymbell does for a notice's lifetime.
final class NoticeOutput {
    let notifier: any NotificationPosting
    let logger: Logger
    private let sounds: any SoundPlaying
    private var sound: SoundSettings
    /// app_icon as the spec has it: the installed icon's file as a `file://` URI where there is one (a
    /// bare path shows Budgie's generic envelope), else its name in the theme.
    private let icon: String
    private let lifetimes: NoticeLifetimes
    /// What the server on the bus does with our notifications; `.unknown` until it has answered.
    var server = ServerProfile.unknown
    /// A server is on the bus and has been asked what it is, and has not answered yet: the session's
    /// notification waits for the answer, so that it goes out once, as this server shows it (on
    /// Cinnamon a running session's banner must be critical from its first showing).
    var identifying = false

    static let desktopEntry = "io.github.gymbell.Gymbell"

    init(notifier: any NotificationPosting, sounds: any SoundPlaying, sound: SoundSettings, icon: String?, timers: any NoticeTimers, logger: Logger) {
        self.notifier = notifier
        self.sounds = sounds
        self.sound = sound
        self.icon = icon.map(Self.fileURI) ?? Self.desktopEntry
        lifetimes = NoticeLifetimes(timers: timers)
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

    func playSound(_ cue: SoundCue = .standard) {
        guard sound.enabled else { return }
        sounds.play(cue.themeName(sound).map { .themed($0) } ?? currentSound, duck: sound.duck)
    }

    /// Where other audio makes room (`[sound] duck`), the voice is run by the sound helper, waiting
    /// (`spd-say --wait`) so that the music stays lowered or paused until the sentence has been said.
    func speak(_ argv: [String]) -> Bool {
        guard sound.duck != .off, let program = argv.first else { return false }
        let waiting = program.hasSuffix("spd-say") ? [program, "--wait"] + argv.dropFirst() : argv
        return sounds.speak(waiting, duck: sound.duck)
    }

    /// The `file://` URI of an absolute path (spaces and other reserved characters escaped).
    static func fileURI(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// `handle` was just sent `request`, made of `notice`: its lifetime is carried out from now —
    /// `close` when gymbell is to take it away, the same request again when it is to be renewed.
    func sent(_ handle: NotificationHandle, _ request: NotificationRequest, of notice: Notice, close: @escaping () -> Void) {
        lifetimes.sent(handle, notice.lifetime, close: close) { [notifier] in notifier.update(handle, with: request, reshow: false) }
    }

    /// Nothing more is done for a notification that is gone (closed, answered, the server gone: nil).
    func gone(_ handle: NotificationHandle?) {
        if let handle { lifetimes.forget(handle) } else { lifetimes.forgetAll() }
    }

    /// Takes a notification off the screen, on every server.
    func retire(_ handle: NotificationHandle, _ request: NotificationRequest) {
        lifetimes.forget(handle)
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
            expireTimeout: notice.expireTimeout, transient: notice.transient, progressValue: notice.progress, icon: icon)
    }

    private var currentSound: SoundPlayer.Sound { sound.file.map { .file($0) } ?? .themed(sound.name) }
}
