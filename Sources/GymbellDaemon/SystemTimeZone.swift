import Foundation

/// The time zone in force, read afresh on every call: `TZ` when set, else the zone `/etc/localtime`
/// points at. Foundation's `TimeZone.current` is read once per process, so it would miss a change
/// made while the daemon runs (a trip, `timedatectl set-timezone`).
struct SystemTimeZone {
    /// The localtime link; `GYMBELL_LOCALTIME` replaces it where /etc cannot be touched (tests, containers).
    let localtimePath: String
    private let tz: String?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        tz = environment["TZ"].flatMap { $0.isEmpty ? nil : $0 }
        localtimePath = environment["GYMBELL_LOCALTIME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/localtime"
    }

    /// Whether the zone follows the localtime link (and so can change while running).
    var followsLocaltime: Bool { tz == nil }

    func current() -> TimeZone {
        if let tz {
            let identifier = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            return TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtimePath),
            let range = target.range(of: "zoneinfo/"),
            let zone = TimeZone(identifier: String(target[range.upperBound...]))
        {
            return zone
        }
        return TimeZone.current
    }
}
