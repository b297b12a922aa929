import FoundationEssentials

/// When reminders' sounds are kept ready to play. A sound server's client (libcanberra, libpulse and
/// their codecs) costs a few megabytes for as long as it is held, and connecting and caching the sound
/// takes tens of milliseconds: so it is held from shortly before a sound is due until no sound is
/// near, and not at all while nothing is planned (issue 16). A session's sounds come at most a
/// minute apart and keep it; a daily reminder has it made ready ahead, so no sound is late for it.
public enum SoundReadiness: Equatable, Sendable {
    /// No sound is expected: let it go once what is playing has ended.
    case released
    /// A sound is due soon: make it ready now and keep it.
    case ready
    /// The next sound is further away: let it go now, make it ready again at this instant.
    case readyAt(Date)

    /// How long before a sound it is made ready: far more than connecting and caching take.
    public static let lead: TimeInterval = 10
    /// While the next sound is at most this far away, it stays ready (a session's reminders).
    public static let keep: TimeInterval = 60

    /// `nextSound`: the earliest instant a reminder can fall due (nil: nothing planned).
    public init(nextSound: Date?, now: Date, enabled: Bool) {
        guard enabled, let nextSound else {
            self = .released
            return
        }
        self = nextSound.timeIntervalSince(now) <= Self.keep ? .ready : .readyAt(nextSound.addingTimeInterval(-Self.lead))
    }
}
