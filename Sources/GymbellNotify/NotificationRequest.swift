/// What to show on the freedesktop notification bus; plain Swift, no C. Every request carries
/// `suppress-sound`: gymbell plays its sounds itself (SoundPlayer), at the instant, on every server.
public struct NotificationRequest: Equatable, Sendable {
    public enum Urgency: Sendable { case low, normal, critical }

    /// Plain text.
    public var summary: String
    /// Sent as it is: markup where the server reads bodies as markup (the caller escapes).
    public var body: String
    /// (key, label) pairs; the key "default" is the click on the notification itself.
    public var actions: [(key: String, label: String)]
    public var category: String?
    public var desktopEntry: String?
    public var urgency: Urgency
    /// Milliseconds; nil leaves it to the server, 0 keeps it until closed.
    public var expireTimeout: Int32?
    /// The `transient` hint: the server keeps nothing of it once it has left the screen.
    public var transient: Bool
    /// 0…100: progress shown as a bar (the `value` hint).
    public var progressValue: Int?
    /// app_icon: an icon name from the theme, or a `file://` URI.
    public var icon: String?

    public init(
        summary: String, body: String, actions: [(key: String, label: String)] = [], category: String? = nil,
        desktopEntry: String? = nil, urgency: Urgency = .normal, expireTimeout: Int32? = nil, transient: Bool = false, progressValue: Int? = nil,
        icon: String? = nil
    ) {
        self.transient = transient
        self.icon = icon
        self.summary = summary
        self.body = body
        self.actions = actions
        self.category = category
        self.desktopEntry = desktopEntry
        self.urgency = urgency
        self.expireTimeout = expireTimeout
        self.progressValue = progressValue
    }

    /// Whether `other` has the same buttons (keys and labels, in order) as this one.
    public func sameButtons(as other: NotificationRequest) -> Bool {
        actions.map(\.key) == other.actions.map(\.key) && actions.map(\.label) == other.actions.map(\.label)
    }

    public static func == (lhs: NotificationRequest, rhs: NotificationRequest) -> Bool {
        lhs.summary == rhs.summary && lhs.body == rhs.body && lhs.sameButtons(as: rhs) && lhs.category == rhs.category
            && lhs.desktopEntry == rhs.desktopEntry && lhs.urgency == rhs.urgency && lhs.expireTimeout == rhs.expireTimeout
            && lhs.transient == rhs.transient && lhs.progressValue == rhs.progressValue && lhs.icon == rhs.icon
    }
}
