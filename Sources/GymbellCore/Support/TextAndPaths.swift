/// The few string and path helpers full Foundation gave (`trimmingCharacters`, `NSString` paths),
/// in plain Swift so that no module needs more than FoundationEssentials.
extension StringProtocol {
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
