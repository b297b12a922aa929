import FoundationEssentials
import TOML

/// `[attention]`: what gymbell does while the person is busy (Do Not Disturb), away or has locked the
/// screen, and whether a running workout keeps the screen on.
public struct AttentionSettings: Equatable, Sendable {
    /// Daily, snoozed and smart reminders due while Do Not Disturb is on wait until it is off.
    public var holdDuringDoNotDisturb = true
    /// … while the screen is locked, until it is unlocked.
    public var holdWhileLocked = true
    /// … while the person is away (no input for `awayAfter`), until they are back.
    public var holdWhileAway = true
    /// How long without keyboard or pointer input counts as away (where the desktop tells it: GNOME).
    public var awayAfter: TimeInterval = 5 * 60
    /// Rest and interval reminders of a running session go through Do Not Disturb: shown and heard
    /// (critical where the server lets only critical through). false: sent as usual and silent, for
    /// the server to hide.
    public var sessionThroughDoNotDisturb = true
    /// While a session runs (not paused, not beyond `pause_after`), the desktop is asked not to blank or
    /// lock the screen.
    public var keepScreenOn = true

    public init() {}
}

extension SettingsDecoding {
    static let attentionKeys = ["hold_during_dnd", "hold_while_locked", "hold_while_away", "away_after", "session_through_dnd", "keep_screen_on"]

    /// `[attention]`: flags and the away threshold (10 s to 12 h).
    static func decodeAttention(_ table: [String: TOMLValue], reader: inout ConfigReader) -> AttentionSettings {
        let path: TOMLPath = [.key("attention")]
        reader.rejectUnknownKeys(of: table, at: path, known: attentionKeys, elsewhere: ConfigParser.sectionHolding)
        var settings = AttentionSettings()
        let flags: [(String, WritableKeyPath<AttentionSettings, Bool>)] = [
            ("hold_during_dnd", \.holdDuringDoNotDisturb), ("hold_while_locked", \.holdWhileLocked), ("hold_while_away", \.holdWhileAway),
            ("session_through_dnd", \.sessionThroughDoNotDisturb), ("keep_screen_on", \.keepScreenOn),
        ]
        for (key, field) in flags {
            if let value = table[key], let flag = reader.bool(value, at: path.appending(key)) { settings[keyPath: field] = flag }
        }
        if let value = table["away_after"],
           let away = reader.duration(value, at: path.appending("away_after"), in: DurationRange(lowerBound: 10, upperBound: 12 * 3600)) {
            settings.awayAfter = away
        }
        return settings
    }
}
