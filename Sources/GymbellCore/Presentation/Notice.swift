/// One notification as gymbell means it to be seen on the server on the bus: texts, buttons, how
/// urgent, how long it stays. Plain values; the daemon hands them to libnotify. gymbell plays the
/// sound itself (libcanberra) and always asks the server not to, so a server that can play does not
/// double it and one that cannot is not silent.
public struct Notice: Equatable, Sendable {
    public enum Urgency: String, Sendable { case low, normal, critical }

    /// How long a notification stays, as the server on the bus is to be asked and helped
    /// (ServerProfile.lifetime): what it is sent, and what gymbell does itself where the server
    /// would keep it for good or drop it too soon.
    public struct Lifetime: Equatable, Sendable {
        /// Milliseconds sent as `expire_timeout`; 0 keeps it until it is replaced or closed.
        public var expireTimeout: Int32
        /// gymbell closes it itself this many ms after it was sent (replaced meanwhile: from then).
        public var closeAfter: Int32?
        /// gymbell sends it again in place this many ms after it was sent, and so on while it is shown.
        public var renewAfter: Int32?

        public init(expireTimeout: Int32, closeAfter: Int32? = nil, renewAfter: Int32? = nil) {
            self.expireTimeout = expireTimeout
            self.closeAfter = closeAfter
            self.renewAfter = renewAfter
        }
    }

    /// Plain text on every server (the spec's summary): never escaped.
    public var title: String
    /// As the server on the bus is sent it (ServerProfile.body): given as plain text to `init`.
    public private(set) var body: String
    /// Keys and translated labels, in order, as the server is sent them (ServerProfile.actions); the
    /// key "default" is a click on the notification itself.
    public var actions: [ReminderAction]
    /// The freedesktop `category` hint.
    public var category: String
    public var urgency: Urgency
    /// How long it stays on this server; nil leaves it to the server.
    public var lifetime: Lifetime?
    /// It says its piece and goes: the `transient` hint, so that servers that keep notifications after
    /// they left the screen (GNOME's message list, Plasma's history, swaync's control centre,
    /// xfce4-notifyd's log) do not keep it.
    public var transient: Bool
    /// 0…100 as a bar (`value` hint), where the server draws one beside the text.
    public var progress: Int?
    /// gymbell plays no sound with it: the server will not show it now (Do Not Disturb, AttentionRules).
    public var silent = false
    /// Which sound comes with it (a workout of steps tells work, rest and the last seconds apart).
    public var cue: SoundCue = .standard

    /// Milliseconds sent as `expire_timeout`; 0 keeps it until it is replaced or closed; nil leaves it
    /// to the server.
    public var expireTimeout: Int32? { lifetime?.expireTimeout }

    /// `body` is plain text, made what `server` is to be sent here and nowhere else: fitted to its
    /// width and, where it reads bodies as markup, escaped (ServerProfile.body). `stays`: how long it is
    /// meant to stay in ms (0: until answered), made what `server` needs (ServerProfile.lifetime).
    /// `plainTitle`: the title to show where the server would not show `title` as typed
    /// (ServerProfile.showsSummaryAsTyped); `title` then opens the body, which reads it as typed.
    public init(
        title: String, body: String, on server: ServerProfile, actions: [ReminderAction], category: String,
        urgency: Urgency = .normal, stays: Int32? = nil, transient: Bool = false, progress: Int? = nil, plainTitle: String? = nil
    ) {
        if let plainTitle, !server.showsSummaryAsTyped(title) {
            self.title = plainTitle
            self.body = server.body(title + "\n" + body)
        } else {
            self.title = title
            self.body = server.body(body)
        }
        self.actions = actions
        self.category = category
        self.urgency = urgency
        self.lifetime = stays.map(server.lifetime)
        self.transient = transient
        self.progress = progress
    }

    /// How long a notification that has said what it had to say stays on screen (completion, advice).
    public static let glanceTimeout: Int32 = 10_000
}

/// The sound a notice comes with: the configured one, or in a workout of steps (`[sound] cues`) a
/// distinct one where work starts and a tick for its last seconds (`[sound] countdown`).
public enum SoundCue: String, Sendable {
    case standard, work, rest, countdown

    /// The freedesktop sound theme's name for it; nil: the configured sound (`[sound] name` or `file`).
    public func themeName(_ settings: SoundSettings) -> String? {
        guard settings.cues else { return nil }
        switch self {
        case .standard, .rest: return nil
        case .work: return "bell"
        case .countdown: return "audio-volume-change"
        }
    }
}
