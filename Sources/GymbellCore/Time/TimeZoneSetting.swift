import FoundationEssentials

/// The time zone a `TZ` value or a zone file names, read the way glibc reads it, as a `Zone`:
/// `Area/City`, `:Area/City`, `:/usr/share/zoneinfo/Area/City` (or any zone file), and POSIX rules such
/// as `CET-1CEST,M3.5.0,M10.5.0/3`. Core reads no files and knows no zone database: the caller says
/// what a zone file is (`ZoneFile`) and which zone a tz database name is (`named`).
public enum TimeZoneSetting {
    /// The tz database: the zone a name such as `Europe/Berlin` stands for, nil for no such zone.
    public typealias ZoneDatabase = (String) -> Zone?

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
    /// read as a POSIX rule; what is neither is UTC.
    public static func zone(
        forTZ value: String, zoneDirectory: String = "/usr/share/zoneinfo", named: ZoneDatabase,
        zoneFile: (String) -> ZoneFile?
    ) -> Zone {
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        guard !name.isEmpty else { return .utc }
        if name.hasPrefix("/") {
            if let file = zoneFile(name), let zone = zone(of: file, named: named) { return zone }
        } else if let zone = named(name) {
            return zone
        } else if !name.contains(".."), let file = zoneFile(zoneDirectory + "/" + name),
                  let zone = zone(of: file, named: named) {
            return zone
        }
        return PosixTimeZoneRule(parsing: name).map(Zone.init) ?? .utc
    }

    /// The zone a zone file holds (`/etc/localtime`, or a path in `TZ`): the tz database name in its
    /// resolved path, else the rule of its footer. Nil when it says neither.
    public static func zone(of file: ZoneFile, named: ZoneDatabase) -> Zone? {
        if let identifier = identifier(fromZoneFilePath: file.resolvedPath), let zone = named(identifier) {
            return zone
        }
        return file.footer.flatMap(PosixTimeZoneRule.init(parsing:)).map(Zone.init)
    }

    /// `/usr/share/zoneinfo/Europe/Berlin` → `Europe/Berlin`; the `posix/` and `right/` trees hold the
    /// same zones (`right/` counts leap seconds, which civil time here ignores).
    public static func identifier(fromZoneFilePath path: String) -> String? {
        let marker = "/zoneinfo/"
        guard let start = path.lastIndex(ofText: marker) else { return nil }
        var identifier = String(path[path.index(start, offsetBy: marker.count)...])
        for tree in ["posix/", "right/"] where identifier.hasPrefix(tree) { identifier.removeFirst(tree.count) }
        return identifier.isEmpty ? nil : identifier
    }
}
