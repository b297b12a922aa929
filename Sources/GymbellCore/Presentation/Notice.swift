/// One notification as gymbell means it to be seen on the server on the bus: texts, buttons, how
/// urgent, how long it stays. Plain values; the daemon hands them to libnotify. gymbell plays the
/// sound itself (libcanberra) and always asks the server not to, so a server that can play does not
/// double it and one that cannot is not silent.
public struct Notice: Equatable, Sendable {
    public enum Urgency: String, Sendable { case low, normal, critical }

    /// Plain text on every server (the spec's summary): never escaped.
    public var title: String
    /// As the server on the bus is sent it (ServerProfile.body): given as plain text to `init`.
    public private(set) var body: String
    /// Keys and translated labels, in order; the key "default" is a click on the notification itself.
    public var actions: [ReminderAction]
    /// The freedesktop `category` hint.
    public var category: String
    public var urgency: Urgency
    /// Milliseconds; 0 keeps it until it is replaced or closed; nil leaves it to the server.
    public var expireTimeout: Int32?
    /// 0…100 as a bar (`value` hint), where the server draws one beside the text.
    public var progress: Int?

    /// `body` is plain text, made what `server` is to be sent here and nowhere else: fitted to its
    /// width and, where it reads bodies as markup, escaped (ServerProfile.body).
    public init(
        title: String, body: String, on server: ServerProfile, actions: [ReminderAction], category: String,
        urgency: Urgency = .normal, expireTimeout: Int32? = nil, progress: Int? = nil
    ) {
        self.title = title
        self.body = server.body(body)
        self.actions = actions
        self.category = category
        self.urgency = urgency
        self.expireTimeout = expireTimeout
        self.progress = progress
    }

    /// How long a notification that has said what it had to say stays on screen (completion, advice).
    public static let glanceTimeout: Int32 = 10_000
}

extension ReminderAction {
    /// The click on the notification itself, labelled for servers that list it (dunst's menu) and
    /// unlabelled where a labelled default becomes a second button (xfce4-notifyd).
    static func click(_ label: String, on server: ServerProfile) -> ReminderAction {
        ReminderAction(key: ReminderAction.defaultClick.key, label: server.showsDefaultAsButton ? "" : label)
    }
}
