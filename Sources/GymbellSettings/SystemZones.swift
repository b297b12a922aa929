import FoundationEssentials
import GymbellCore
import GymbellPlatform

/// GLib's reading of the tz database serves as Core's zone rules.
extension GLibTimeZone: ZoneRules {}

/// The tz database of this system (`TZDIR` or /usr/share/zoneinfo), read through GLib.
public enum SystemZones {
    /// The zone `identifier` names, nil when the database has none by that name.
    @Sendable public static func named(_ identifier: String) -> Zone? {
        GLibTimeZone(identifier: identifier).map(Zone.init)
    }
}
