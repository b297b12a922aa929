import Foundation

/// The time zone a `TZ` value or a zone file names, read the way glibc reads it, as a Foundation
/// `TimeZone`: `Area/City`, `:Area/City`, `:/usr/share/zoneinfo/Area/City` (or any zone file), and
/// POSIX rules such as `CET-1CEST,M3.5.0,M10.5.0/3`. Core reads no files: the caller says what a
/// zone file is (`ZoneFile`).
public enum TimeZoneSetting {
    /// What the caller found at a zone file's path.
    public struct ZoneFile: Equatable, Sendable {
        /// The path with symbolic links resolved.
        public var resolvedPath: String
        /// The POSIX rule on the last line of a TZif file (version 2 and later), if it has one.
        public var footer: String?

        public init(resolvedPath: String, footer: String?) {
            self.resolvedPath = resolvedPath
            self.footer = footer
        }
    }

    /// The zone for the value of `TZ`. Like glibc: a leading `:` is dropped; an absolute path is a zone
    /// file, a relative one a name in the tz database (`zoneDirectory`); a value that names no zone is
    /// read as a POSIX rule; what is neither is UTC. `reference` is about now: a rule is matched to a
    /// tz database zone that follows it around then.
    public static func zone(
        forTZ value: String, zoneDirectory: String = "/usr/share/zoneinfo", reference: Date,
        zoneFile: (String) -> ZoneFile?
    ) -> TimeZone {
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        guard !name.isEmpty else { return utc }
        if name.hasPrefix("/") {
            if let file = zoneFile(name), let zone = zone(of: file, reference: reference) { return zone }
        } else if let zone = TimeZone(identifier: name) {
            return zone
        } else if !name.contains(".."), let file = zoneFile(zoneDirectory + "/" + name),
                  let zone = zone(of: file, reference: reference) {
            return zone
        }
        return rule(name, reference: reference) ?? utc
    }

    /// The zone a zone file holds (`/etc/localtime`, or a path in `TZ`): the tz database name in its
    /// resolved path, else the rule of its footer. Nil when it says neither.
    public static func zone(of file: ZoneFile, reference: Date) -> TimeZone? {
        if let identifier = identifier(fromZoneFilePath: file.resolvedPath), let zone = TimeZone(identifier: identifier) {
            return zone
        }
        return file.footer.flatMap { rule($0, reference: reference) }
    }

    /// `/usr/share/zoneinfo/Europe/Berlin` → `Europe/Berlin`; the `posix/` and `right/` trees hold the
    /// same zones (`right/` counts leap seconds, which civil time here ignores).
    public static func identifier(fromZoneFilePath path: String) -> String? {
        guard let range = path.range(of: "/zoneinfo/", options: .backwards) else { return nil }
        var identifier = String(path[range.upperBound...])
        for tree in ["posix/", "right/"] where identifier.hasPrefix(tree) { identifier.removeFirst(tree.count) }
        return identifier.isEmpty ? nil : identifier
    }

    /// A POSIX rule as a zone; one whose daylight saving no tz database zone follows keeps its
    /// standard offset all year (the nearest `TimeZone` can say).
    private static func rule(_ text: String, reference: Date) -> TimeZone? {
        guard let rule = PosixTimeZoneRule(parsing: text) else { return nil }
        return rule.zone(around: reference) ?? TimeZone(secondsFromGMT: rule.standardSecondsFromGMT)
    }

    private static let utc = TimeZone(secondsFromGMT: 0)!
}
