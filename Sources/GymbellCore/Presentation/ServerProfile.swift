/// What the notification server on the bus does with the parts of a notification gymbell relies on,
/// from its GetServerInformation name and GetCapabilities. One table, observed on the real servers
/// (../shared/DESKTOPS.md, tests/desktops): the presentation rules read it, nothing else guesses.
public struct ServerProfile: Equatable, Sendable {
    /// The servers people run, as their GetServerInformation name says.
    public enum Family: String, Sendable, CaseIterable {
        case gnomeShell = "gnome-shell"
        case plasma = "Plasma"
        case xfce = "Xfce Notify Daemon"
        case notificationDaemon = "Notification Daemon"
        case mako = "mako"
        case dunst = "dunst"
        case other = ""
    }

    public let family: Family
    public let capabilities: Set<String>

    public init(serverName: String, capabilities: Set<String>) {
        family = Family(rawValue: serverName) ?? .other
        self.capabilities = capabilities
    }

    /// Before the server has answered: assume the common case, a server with buttons.
    public static let unknown = ServerProfile(serverName: "", capabilities: ["actions", "body"])

    /// Buttons can be offered. Without them the body says how to act from the command line.
    public var hasActions: Bool { capabilities.contains("actions") }

    /// `expire_timeout` is honoured; 0 keeps a notification until it is closed. GNOME Shell ignores it:
    /// a normal banner goes to the tray after a few seconds, only a critical one stays.
    public var honoursExpiry: Bool { family != .gnomeShell }

    /// A `value` hint is drawn as a bar beside the text (dunst, mako). xfce4-notifyd instead turns the
    /// whole bubble into a gauge (icon and bar, no text, no buttons); GNOME, Plasma and
    /// notification-daemon ignore it.
    public var drawsProgressBeside: Bool { family == .dunst || family == .mako }

    /// A notification updated in place (`replaces_id`) stays whole. GNOME Shell 43 loses the buttons of
    /// a banner it is showing, adds one more "default" handler per update (a click then acts once per
    /// update so far), and hides a banner at once whose urgency drops from critical: there every change
    /// is a new notification in place of the old.
    public var updatesInPlace: Bool { family != .gnomeShell }

    /// CloseNotification takes the bubble off the screen. notification-daemon 3.20 reports it closed
    /// but leaves the bubble showing (and the queue behind it waiting) until the user clicks it: there
    /// a notification is retired by replacing it with one that expires at once.
    public var closeRemovesBubble: Bool { family != .notificationDaemon }

    /// Plasma 5.27 sizes a new popup for its body as the lines it was given, before it wraps them: a
    /// body it has to wrap pushes the buttons below the popup's edge, out of sight and out of reach
    /// (tests/desktops). There the body comes with its lines already broken to fit the popup's text
    /// column (about 36 characters).
    public var bodyLineLimit: Int? { family == .plasma ? 34 : nil }

    /// `body` as this server shows it whole: lines broken between words where it would wrap them badly.
    public func fitting(_ body: String) -> String {
        guard let limit = bodyLineLimit else { return body }
        return body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextWrap.lines(of: String($0), width: limit).joined(separator: "\n") }
            .joined(separator: "\n")
    }

    /// The body is read as markup (`body-markup`; all six servers of the matrix announce it): a bare
    /// `&` makes it invalid (shown raw, or not at all) and `<b>…</b>` in a name is drawn bold. Servers
    /// without it show the body as sent, so there it goes as it is.
    public var parsesBodyMarkup: Bool { capabilities.contains("body-markup") }

    /// The one way a notification's body text becomes what this server is sent: fitted to it, then
    /// escaped where it parses markup, so that "Push & Pull <Heavy>" reads as typed on every server.
    /// Only bodies: a summary is plain text on every server (freedesktop spec), never escaped.
    public func body(_ text: String) -> String {
        let fitted = fitting(text)  // broken by the characters a person sees, before any escaping
        return parsesBodyMarkup ? BodyMarkup.escape(fitted) : fitted
    }

    /// A labelled `default` action is shown as a button of its own (xfce4-notifyd), doubling the button
    /// that carries the same action: there the default action goes without a label.
    public var showsDefaultAsButton: Bool { family == .xfce }
}
