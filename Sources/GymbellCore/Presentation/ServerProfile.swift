/// What the notification server on the bus does with the parts of a notification gymbell relies on,
/// from its GetServerInformation name, vendor and version and its GetCapabilities. One table, observed
/// on the real servers (../shared/DESKTOPS.md, tests/desktops) and read in their sources: the
/// presentation rules read it, nothing else guesses.
public struct ServerProfile: Equatable, Sendable {
    /// The servers people run. The raw value is the name the log and the tests use.
    public enum Family: String, Sendable, CaseIterable {
        case gnomeShell = "gnome-shell"
        /// plasmashell, in its X11 and its Wayland session alike (tests/desktops: server_plasma, server_plasma_wayland)
        case plasma = "Plasma"
        case xfce = "xfce4-notifyd"
        case notificationDaemon = "notification-daemon"
        case mate = "mate-notification-daemon"
        case mako = "mako"
        case dunst = "dunst"
        case cinnamon = "cinnamon"
        case lxqt = "lxqt-notificationd"
        case budgie = "budgie"
        case swaync = "swaync"
        case other = ""

        /// The family of the server that answers GetServerInformation so (name, vendor): the names as
        /// these servers send them; MATE's daemon calls itself "Notification Daemon" like GNOME's
        /// notification-daemon, its vendor ("MATE", GNOME's says "GNOME") tells them apart.
        public init(serverName name: String, vendor: String) {
            self = switch name {
            case "gnome-shell": .gnomeShell
            case "Plasma": .plasma
            case "Xfce Notify Daemon": .xfce
            case "Notification Daemon": vendor == "MATE" ? .mate : .notificationDaemon
            case "mako": .mako
            case "dunst": .dunst
            case "cinnamon": .cinnamon
            case "lxqt-notificationd": .lxqt
            case "Budgie Notification Server": .budgie
            case "SwayNotificationCenter": .swaync
            default: .other
            }
        }
    }

    public let family: Family
    /// As the server reports it ("5.6.8"). The rules below hold for every release of a family seen so far
    /// (the sources of later Budgie, LXQt and Cinnamon releases keep the behaviour they describe).
    public let version: String
    public let capabilities: Set<String>

    public init(serverName: String, vendor: String = "", version: String = "", capabilities: Set<String>) {
        family = Family(serverName: serverName, vendor: vendor)
        self.version = version
        self.capabilities = capabilities
    }

    /// Before the server has answered: assume the common case, a server with buttons.
    public static let unknown = ServerProfile(serverName: "", capabilities: ["actions", "body"])

    /// Buttons can be offered. Without them the body says how to act from the command line.
    public var hasActions: Bool { capabilities.contains("actions") }

    // MARK: Buttons

    /// Where the click on the notification itself (the `default` action) goes among the actions.
    public enum ClickPlacement: Sendable {
        /// First, labelled (dunst lists the label in its menu; the others show no button for it).
        case first
        /// After the buttons: Budgie 10.7 skips the action that follows a `default` (its button loop
        /// steps over one pair too many), so a `default` sent first took Start Workout away.
        case last
        /// On the button that does the same: xfce4-notifyd and lxqt-notificationd draw a labelled
        /// `default` as a button of its own (a second "Start Workout"), and libnotify refuses an empty
        /// label. There the button that does what the click does is sent as `default`; a click on an
        /// lxqt-notificationd bubble then does the same as that button (on xfce4-notifyd 0.7 it only
        /// closes the bubble). A notice whose click only dismisses has no
        /// `default` there: xfce4-notifyd closes a bubble clicked without one, lxqt-notificationd
        /// leaves it (its × closes it).
        case onButton
    }

    public var clickPlacement: ClickPlacement {
        switch family {
        case .budgie: .last
        case .xfce, .lxqt: .onButton
        default: .first
        }
    }

    /// How many actions are drawn as buttons: lxqt-notificationd 1.2 turns four or more into a
    /// drop-down with an OK button. nil: more than gymbell ever sends.
    public var buttonLimit: Int? { family == .lxqt ? 3 : nil }

    /// How many characters a button's label may have when `count` buttons share the row, before the
    /// server cuts it: lxqt-notificationd gives its buttons a 186 px row of a 300 px popup and elides
    /// what does not fit its share ("Start …", "Snooz…"). nil: labels are shown whole.
    public func labelLimit(buttons count: Int) -> Int? {
        guard family == .lxqt, count > 0 else { return nil }
        return [24, 10, 6][min(count, 3) - 1]
    }

    /// The actions to send this server. `click`: what a click on the notification does, labelled (nil:
    /// nothing but closing it); `sameAs`: the key of the button that does the same. `buttons` in
    /// order, the secondary ones (dropped first where the server shows fewer) marked.
    public func actions(click: (label: String, sameAs: String?)?, buttons: [ReminderAction]) -> [ReminderAction] {
        guard hasActions else { return [] }
        var shown = buttons
        if let limit = buttonLimit {
            while shown.count > limit, let secondary = shown.lastIndex(where: \.isSecondary) { shown.remove(at: secondary) }
            shown = Array(shown.prefix(limit))
        }
        if let limit = labelLimit(buttons: shown.count) {
            shown = shown.map { $0.label.count > limit ? $0.shortened : $0 }
        }
        guard let click else { return shown }
        let clicked = ReminderAction(key: ReminderAction.defaultClick.key, label: click.label)
        switch clickPlacement {
        case .first: return [clicked] + shown
        case .last: return shown + [clicked]
        case .onButton:
            return shown.map { $0.key == click.sameAs ? ReminderAction(key: ReminderAction.defaultClick.key, label: $0.label) : $0 }
        }
    }

    /// A click on the body of a reminder that offers a workout (daily, snoozed, streak at risk) opens
    /// gymbell's window on Today, where the servers draw Start Workout as a button of its own beside the
    /// body: GNOME Shell, Plasma, Cinnamon, notification-daemon, MATE and swaync do not draw the
    /// `default` action; Budgie 10.7 does not either when it goes last; xfce4-notifyd and
    /// lxqt-notificationd draw it as one more button ("Open gymbell"), which opens the window (a click
    /// on an xfce4-notifyd 0.7 bubble only closes it: there the button is the way).
    /// mako and dunst draw no buttons: there a click on the body is how the workout starts, and stays so
    /// (dunst's menu and `makoctl` reach the other actions). A server gymbell does not know keeps the
    /// click on Start Workout: whether it draws buttons is not known.
    public var clickOpensWindow: Bool {
        switch family {
        case .gnomeShell, .plasma, .xfce, .notificationDaemon, .mate, .cinnamon, .lxqt, .budgie, .swaync: hasActions
        case .mako, .dunst, .other: false
        }
    }

    // MARK: Updates in place

    /// A notification updated in place (`replaces_id`) stays whole. GNOME Shell 43 loses the buttons of
    /// a banner it is showing, adds one more "default" handler per update (a click then acts once per
    /// update so far), and hides a banner at once whose urgency drops from critical: there every change
    /// is a new notification in place of the old.
    public var updatesInPlace: Bool { family != .gnomeShell }

    /// lxqt-notificationd 1.2 makes a notification's buttons at its first Notify and keeps them through
    /// every update (a completion went on showing Stop): there a notice whose buttons change is shown
    /// as a new notification in place of the old.
    public func updatesInPlace(changingButtons: Bool) -> Bool {
        updatesInPlace && !(changingButtons && family == .lxqt)
    }

    /// CloseNotification takes the bubble off the screen. notification-daemon 3.20 reports it closed
    /// but leaves the bubble showing (and the queue behind it waiting) until the user clicks it: there
    /// a notification is retired by replacing it with one that expires at once.
    public var closeRemovesBubble: Bool { family != .notificationDaemon }

    // MARK: How long a notification stays

    /// What the server does with `expire_timeout`.
    public enum Expiry: Equatable, Sendable {
        /// As the spec says: gone after it (0: until closed).
        case honoured
        /// GNOME Shell: a normal banner goes to the message list after a few seconds whatever it is
        /// sent, only a critical one stays.
        case ignored
        /// Cinnamon 5.6: nothing expires while its `remove-old` setting is off (the default); a normal
        /// banner hides after 4 s into the notification applet, where it stays until cleared.
        case never
        /// lxqt-notificationd 1.2: the countdown pauses under the pointer and resumes with the time
        /// already gone by as what is left, so a bubble goes the moment the pointer leaves it.
        case endsEarly
        /// Budgie 10.7: clamped to 6–12 s (0 too, under the pointer after an update too), and Raven
        /// keeps every notification that expired.
        case clamped(ClosedRange<Int32>)
    }

    public var expiry: Expiry {
        switch family {
        case .gnomeShell: .ignored
        case .cinnamon: .never
        case .lxqt: .endsEarly
        case .budgie: .clamped(6_000...12_000)
        default: .honoured
        }
    }

    /// `expire_timeout` is honoured; 0 keeps a notification until it is closed.
    public var honoursExpiry: Bool { expiry == .honoured }

    /// A normal banner leaves the screen on its own whatever it was sent (GNOME Shell: to the message
    /// list; Cinnamon: to its applet after 4 s; swaync 0.7.3: to its control centre after its 10 s,
    /// an `expire_timeout` of 0 too — seen on the real server), only a critical one stays until it is
    /// answered: the running session's notification, whose buttons are wanted at the instant, goes as
    /// critical there.
    public var keepsOnlyCriticalBanners: Bool { family == .gnomeShell || family == .cinnamon || family == .swaync }

    /// How a notification meant to stay `intended` ms (0: until answered) stays so on this server: what
    /// it is sent, when gymbell closes it itself (where the server would keep it, or expire it at the
    /// wrong moment) and when gymbell sends it again in place (where the server would drop it first).
    public func lifetime(_ intended: Int32) -> Notice.Lifetime {
        switch expiry {
        case .honoured, .ignored:
            return Notice.Lifetime(expireTimeout: intended)
        case .never, .endsEarly:
            return Notice.Lifetime(expireTimeout: 0, closeAfter: intended > 0 ? intended : nil)
        case .clamped(let range):
            // Sent the longest the server allows, closed by gymbell before that (an expired one would
            // stay in Raven), renewed in place a little before it runs out while it is to stay longer.
            let renew = range.upperBound - Self.renewalMargin
            let staysLonger = intended == 0 || intended > renew
            return Notice.Lifetime(
                expireTimeout: range.upperBound, closeAfter: intended > 0 ? intended : nil, renewAfter: staysLonger ? renew : nil)
        }
    }

    /// How long before the server would drop a notification gymbell sends it again (Budgie).
    static let renewalMargin: Int32 = 2_000

    // MARK: Body

    /// A `value` hint is drawn as a bar beside the text (dunst, mako). xfce4-notifyd instead turns the
    /// whole bubble into a gauge (icon and bar, no text, no buttons); the others ignore it.
    public var drawsProgressBeside: Bool { family == .dunst || family == .mako }

    /// Plasma 5.27 sizes a new popup for its body as the lines it was given, before it wraps them: a
    /// body it has to wrap pushes the buttons below the popup's edge, out of sight and out of reach
    /// (tests/desktops). There the body comes with its lines already broken to fit the popup's text
    /// column (about 36 characters). lxqt-notificationd 1.2 measures a body it wraps a little wider
    /// than it draws it: a line that wraps once more than measured clipped the body's last line (its
    /// column holds about 29 characters). swaync 0.7 and Budgie 10.7 break a line where their column
    /// ends, inside a word if need be ("<b>Bench</" / "b>"): there lines are broken between words first
    /// (swaync's column holds about 47 letters, Budgie's 40; fewer of `<`, `>`, `&`).
    public var bodyLineLimit: Int? {
        switch family {
        case .plasma: 34
        case .lxqt: 26
        case .swaync: 36
        case .budgie: 32
        default: nil
        }
    }

    /// `body` as this server shows it whole: lines broken between words where it would wrap them badly.
    public func fitting(_ body: String) -> String {
        guard let limit = bodyLineLimit else { return body }
        return body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextWrap.lines(of: String($0), width: limit).joined(separator: "\n") }
            .joined(separator: "\n")
    }

    /// The body is read as markup (`body-markup`; every server of the matrix announces it): a bare
    /// `&` makes it invalid (shown raw, or not at all) and `<b>…</b>` in a name is drawn bold. Servers
    /// without it show the body as sent, so there it goes as it is.
    public var parsesBodyMarkup: Bool { capabilities.contains("body-markup") }

    /// The summary is shown as it is sent. Budgie 10.7 escapes a summary's `&` and `<` as if it were
    /// markup and then shows it as plain text ("Push &amp; Pull &lt;Heavy>"): there a summary with
    /// either is not shown as typed.
    public func showsSummaryAsTyped(_ summary: String) -> Bool {
        family != .budgie || !summary.contains { $0 == "&" || $0 == "<" }
    }

    /// The one way a notification's body text becomes what this server is sent: fitted to it, then
    /// escaped where it parses markup, so that "Push & Pull <Heavy>" reads as typed on every server.
    /// Only bodies: a summary is plain text on every server (freedesktop spec), never escaped.
    public func body(_ text: String) -> String {
        let fitted = fitting(text)  // broken by the characters a person sees, before any escaping
        return parsesBodyMarkup ? BodyMarkup.escape(fitted) : fitted
    }
}
