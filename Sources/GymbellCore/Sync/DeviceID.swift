import FoundationEssentials

/// This computer's name in a synced folder (issue 48): 16 lowercase hexadecimal digits, made once from
/// random bytes the daemon gives and kept beside the state (`$XDG_STATE_HOME/gymbell/device-id`), not
/// in it — a backup restored on another computer must not make two computers write one journal.
public struct DeviceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// nil unless `text` is 16 lowercase hexadecimal digits.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        rawValue = String(decoding: bytes, as: UTF8.self)
    }

    /// The id of the first 8 of `random` bytes (the daemon's `getrandom`).
    public init(random: [UInt8]) {
        let bytes = Array(random.prefix(8))
        rawValue = Hex.lowercase(bytes + Array(repeating: 0, count: 8 - bytes.count))
    }

    public var description: String { rawValue }

    public static func < (a: DeviceID, b: DeviceID) -> Bool { a.rawValue < b.rawValue }
}

/// The names of journals in a synced folder: `gymbell-<device>.jsonl`, and the copies Syncthing makes
/// when two computers changed one file (`gymbell-<device>.sync-conflict-20261201-232531-G7FR3MB.jsonl`),
/// which are journals like any other. Syncthing's temporary names (`.syncthing.….tmp`) are none.
public enum JournalName {
    public static let prefix = "gymbell-"
    public static let suffix = ".jsonl"

    /// The journal this computer writes.
    public static func own(_ device: DeviceID) -> String { prefix + device.rawValue + suffix }

    /// The device whose journal (or a conflict copy of it) `name` is; nil for any other file.
    public static func device(of name: String) -> DeviceID? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.utf8.count <= 255 else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard let device = DeviceID(middle.prefix(16)) else { return nil }
        let rest = middle.dropFirst(16)
        if rest.isEmpty { return device }
        guard rest.hasPrefix(".sync-conflict-"), !rest.contains("/") else { return nil }
        return device
    }
}
