/// Writing values and keys as TOML text, in the style of what they replace where that is possible.
public struct TOMLLiteral {
    /// The keys of an inline table, written in this order first (the others after them, sorted).
    var keyOrder: [String] = []

    /// `value` as TOML; `old` is the text of the value it replaces (empty for a new key), whose quotes
    /// and list layout it keeps.
    func write(_ value: TOMLValue, replacing old: ArraySlice<UInt8>, newline: [UInt8]) -> [UInt8] {
        switch value {
        case .string(let text):
            return Array(Self.string(text, literalQuotes: old.first == .apostrophe && !Self.isMultilineString(old)).utf8)
        case .integer(let number): return Array(String(number).utf8)
        case .float(let number): return Array(Self.float(number).utf8)
        case .boolean(let flag): return Array((flag ? "true" : "false").utf8)
        case .time(let hour, let minute, let second, _):
            let pad = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
            return Array("\(pad(hour)):\(pad(minute)):\(pad(second))".utf8)
        case .array(let elements):
            return array(elements, replacing: old, newline: newline)
        case .date(let text), .dateTime(let text): return Array(text.utf8)
        case .table(let entries): return inlineTable(entries, newline: newline)
        }
    }

    /// `{ name = "Squat", sets = 3, rest = "2m" }`, its keys in `keyOrder`.
    private func inlineTable(_ entries: [String: TOMLValue], newline: [UInt8]) -> [UInt8] {
        guard !entries.isEmpty else { return Array("{}".utf8) }
        let ordered = entries.sorted { left, right in
            let l = keyOrder.firstIndex(of: left.key) ?? keyOrder.count
            let r = keyOrder.firstIndex(of: right.key) ?? keyOrder.count
            return l != r ? l < r : left.key < right.key
        }
        let parts = ordered.map { Self.key($0.key) + " = " + String(decoding: write($0.value, replacing: [], newline: newline), as: UTF8.self) }
        return Array(("{ " + parts.joined(separator: ", ") + " }").utf8)
    }

    /// A basic string with TOML's escapes, or a 'literal' one when asked and the text allows it.
    public static func string(_ text: String, literalQuotes: Bool = false) -> String {
        let literalPossible = text.unicodeScalars.allSatisfy {
            $0 != "'" && ($0 == "\t" || !($0.value < 0x20 || $0.value == 0x7F)) && !TOMLText.isBidiControl($0)
        }
        if literalQuotes, literalPossible { return "'" + text + "'" }
        return TOMLText.basicString(text) { $0.value < 0x20 || $0.value == 0x7F || TOMLText.isBidiControl($0) }
    }

    /// A key part: bare when TOML allows it, else a basic string.
    public static func key(_ name: String) -> String { TOMLPath.isBare(name) ? name : string(name) }

    /// Dotted key parts, or nil when the path has a list index (no key can name a list element).
    static func dottedKey(_ components: ArraySlice<TOMLPath.Component>) -> String? {
        var parts: [String] = []
        for component in components {
            guard case .key(let name) = component else { return nil }
            parts.append(key(name))
        }
        return parts.joined(separator: ".")
    }

    /// A float as TOML writes it: `2.5`, `1e-05`, `inf`, `nan`; a whole number keeps a `.0`.
    static func float(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        let text = "\(number)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    private static func isMultilineString(_ old: ArraySlice<UInt8>) -> Bool {
        old.count >= 3 && old.prefix(3).allSatisfy { $0 == old.first }
    }

    /// `[…]` laid out as the old list was: on one line with its spacing, or one element a line with its
    /// indentation, trailing comma and comments (`TOMLListLayout`).
    private func array(_ elements: [TOMLValue], replacing old: ArraySlice<UInt8>, newline: [UInt8]) -> [UInt8] {
        let blanks: Set<UInt8> = [.space, .tab, .newline, .carriageReturn]
        let literalQuotes = old.dropFirst().first { !blanks.contains($0) } == .apostrophe
        let items = elements.map { element -> [UInt8] in
            if case .string(let text) = element { return Array(Self.string(text, literalQuotes: literalQuotes).utf8) }
            return write(element, replacing: [], newline: newline)
        }
        guard old.first == .openBracket, old.contains(.newline) else {
            let padded = old.dropFirst().first == .space && !items.isEmpty
            let tight = old.contains(.comma) && !old.indices.contains { old[$0] == .comma && $0 + 1 < old.endIndex && old[$0 + 1] == .space }
            let inner = Array(items.joined(separator: tight ? [.comma] : [.comma, .space]))
            return padded ? [.openBracket, .space] + inner + [.space, .closeBracket] : [.openBracket] + inner + [.closeBracket]
        }
        // One element a line: the indentation of the first element's line and of the closing bracket's.
        let lines = old.split(separator: .newline, omittingEmptySubsequences: false)
        let elementLine = lines.dropFirst().first { line in
            guard let first = line.first(where: { $0 != .space && $0 != .tab && $0 != .carriageReturn }) else { return false }
            return first != .hash && first != .closeBracket
        }
        let indent = elementLine.map { Array($0.prefix { $0 == .space || $0 == .tab }) } ?? [.space, .space]
        let closing = Array(lines.last?.prefix { $0 == .space || $0 == .tab } ?? [])
        let layout = TOMLListLayout(Array(old)) ?? TOMLListLayout([.openBracket, .closeBracket])
        return layout?.write(Array(zip(elements, items)).map { (value: $0.0, text: $0.1) }, indent: indent, closingIndent: closing,
                             newline: newline) ?? []
    }
}
