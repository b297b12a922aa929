/// A number as a person types it: plain decimal digits, with at most one dot between digits ("82.5",
/// "12"). What Swift's own parsers also take — `0x10` (16), `1e3`, `inf`, `nan`, `+5`, spaces — is not
/// one, so that no typo is taken for a weight. The command line's numbers and `config set`'s values
/// are read by it; the config file itself speaks TOML (where `0x10` is an integer).
public enum PlainDecimal {
    /// The value of `text` when it is digits with at most one dot between them; nil for anything else.
    public static func value(of text: String) -> Double? {
        let scalars = text.unicodeScalars
        let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard scalars.count <= 64, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else { return nil }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The value of `text` when it is digits only and fits `Number`; nil for anything else.
    public static func whole<Number: FixedWidthInteger>(_ text: String, as _: Number.Type = Number.self) -> Number? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy(isDigit) else { return nil }
        return Number(text)
    }

    /// Whether `text` is digits only (however many).
    public static func isWhole(_ text: String) -> Bool { !text.isEmpty && text.unicodeScalars.allSatisfy(isDigit) }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
