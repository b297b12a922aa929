/// The few string and path helpers full Foundation gave (`trimmingCharacters`, `NSString` paths),
/// in plain Swift so that no module needs more than FoundationEssentials.
extension StringProtocol {
    /// Every occurrence of `target` replaced, left to right, compared as UTF-8 bytes as Foundation's
    /// `replacingOccurrences` compared code units (not the standard library's `replacing`, whose String
    /// overload builds a `Regex` and links the regex parser). Linear: the introspection XML is built
    /// with it at every start.
    public func replacingAll(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard let first = needle.first else { return String(self) }
        let haystack = Array(utf8)
        guard haystack.count >= needle.count else { return String(self) }
        let insert = Array(replacement.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(haystack.count)
        var index = 0
        while index < haystack.count {
            if haystack[index] == first, index + needle.count <= haystack.count,
               haystack[index..<index + needle.count].elementsEqual(needle) {
                result += insert
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Every UTF-8 byte but RFC 3986's unreserved characters (letters, digits, `-._~`) and the ASCII
    /// characters of `kept` as `%XX`: an iCalendar UID's name, a `file:` URI's path (keeping "/").
    public func percentEncoded(keeping kept: String = "") -> String {
        let unreserved = Set("-._~".utf8).union(kept.utf8)
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var result = ""
        for byte in utf8 {
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte < 0x80 && unreserved.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }

    /// Where the last occurrence of `target` starts, if it occurs.
    public func lastIndex(ofText target: String) -> Index? {
        guard !target.isEmpty else { return nil }
        return indices.last { self[$0...].hasPrefix(target) }
    }

    /// Without the spaces, tabs and line breaks at either end.
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}

/// Slash-separated file paths, as POSIX reads them.
public enum FilePath {
    /// `/a/b/c.db` → `/a/b`; `/c.db` → `/`; `c.db` → `` (the current directory).
    public static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = trimmed[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    /// `/a/b/c.db` → `c.db`.
    public static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/"), trimmed != "/" else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
