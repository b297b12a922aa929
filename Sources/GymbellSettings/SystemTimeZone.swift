import FoundationEssentials
import GymbellCore
import GymbellPlatform

/// The time zone in force, as glibc (and so `date`) sees it: `TZ` in any form glibc accepts, else the
/// zone `/etc/localtime` holds, read afresh on every call (a `timedatectl set-timezone` while the daemon
/// runs is seen), with the tz database read through GLib (`SystemZones`). The daemon and every CLI output use this
/// (here, in the module both import, so that the CLI shows instants in the zone the daemon plans in).
public struct SystemTimeZone: Sendable {
    /// The localtime link; `GYMBELL_LOCALTIME` replaces it where /etc cannot be touched (tests, containers).
    public let localtimePath: String
    /// The zone `TZ` names, resolved once: the environment does not change while the process runs.
    private let fromTZ: Zone?

    public init(environment: (String) -> String? = CurrentProcess.environmentVariable) {
        localtimePath = environment("GYMBELL_LOCALTIME").flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/localtime"
        // Unset TZ means /etc/localtime; set but empty means UTC (glibc's reading).
        fromTZ = environment("TZ").map { tz in
            TimeZoneSetting.zone(
                forTZ: tz, zoneDirectory: environment("TZDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo",
                named: SystemZones.named, zoneFile: Self.zoneFile)
        }
    }

    /// Whether the zone follows the localtime link (and so can change while running).
    public var followsLocaltime: Bool { fromTZ == nil }

    public func current() -> Zone {
        if let fromTZ { return fromTZ }
        if let file = Self.zoneFile(at: localtimePath), let zone = TimeZoneSetting.zone(of: file, named: SystemZones.named) {
            return zone
        }
        return .utc
    }

    /// What is at a zone file's path: where its links lead, and the rule on its last line.
    @Sendable static func zoneFile(at path: String) -> TimeZoneSetting.ZoneFile? {
        guard BoundedFileReader.entryExists(atPath: path) else { return nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        // A TZif file (a few kB) ends in "\n<rule>\n". Read whatever the path is: TimeZoneSetting asks the
        // zone database (GLib, which parses the whole file) once, and only falls back to this rule.
        let footer = (try? BoundedFileReader.read(path: path, limit: 1 << 20)).flatMap { bytes -> String? in
            guard bytes.starts(with: Array("TZif".utf8)), bytes.last == UInt8(ascii: "\n") else { return nil }
            let body = bytes.dropLast()
            guard let newline = body.lastIndex(of: UInt8(ascii: "\n")) else { return nil }
            return String(validating: body[(newline + 1)...], as: UTF8.self)
        }
        return TimeZoneSetting.ZoneFile(resolvedPath: resolved, footer: footer)
    }
}
