import CGLib
import FoundationEssentials

/// A zone of the tz database as GLib reads it (`GTimeZone`: the TZif file under `TZDIR` or
/// /usr/share/zoneinfo, its transitions and the POSIX rule of its footer for the years after them).
/// Immutable once made, so one may be shared across threads. GymbellControl makes it Core's
/// `ZoneRules`; Core itself never sees GLib.
public final class GLibTimeZone: @unchecked Sendable {
    private let zone: OpaquePointer
    public let identifier: String

    /// The zone named `identifier` (`Europe/Berlin`, `UTC`), nil when GLib finds no such zone.
    public init?(identifier: String) {
        guard !identifier.isEmpty, let zone = g_time_zone_new_identifier(identifier) else { return nil }
        self.zone = zone
        self.identifier = String(cString: g_time_zone_get_identifier(zone))
    }

    deinit { g_time_zone_unref(zone) }

    /// East of Greenwich is positive.
    public func secondsFromGMT(for instant: Date) -> Int {
        Int(g_time_zone_get_offset(zone, interval(at: instant)))
    }

    public func abbreviation(for instant: Date) -> String? {
        guard let name = g_time_zone_get_abbreviation(zone, interval(at: instant)) else { return nil }
        let text = String(cString: name)
        return text.isEmpty ? nil : text
    }

    public func isDaylightSavingTime(for instant: Date) -> Bool {
        g_time_zone_is_dst(zone, interval(at: instant)) != 0
    }

    /// The interval of the zone's history that holds `instant` (UTC seconds, rounded down).
    private func interval(at instant: Date) -> Int32 {
        // Clamped: an instant beyond Int64 (a hostile state file's) must not trap the conversion.
        let seconds = Int64(max(-9.0e15, min(9.0e15, instant.timeIntervalSince1970.isNaN ? 0 : instant.timeIntervalSince1970.rounded(.down))))
        return g_time_zone_find_interval(zone, G_TIME_TYPE_UNIVERSAL, gint64(seconds))
    }
}
