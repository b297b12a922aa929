/// A line and column in a config file, both 1-based; columns count Unicode scalars, as toml++ does.
struct SourcePosition: Equatable, Sendable {
    var line: Int
    var column: Int

    static let start = SourcePosition(line: 1, column: 1)
}

/// Where each key and value of a TOML document is written, so diagnostics can point at them:
/// TOMLKit reports positions only for syntax errors.
///
/// A small scanner, not a parser: it reads text that toml++ has already accepted and understands just
/// enough of TOML to follow keys — `[table]`, `[a."b"]` and `[[array]]` headers, dotted and quoted keys,
/// comments, every string form, multi-line arrays and inline tables.
struct ConfigSourceMap: Sendable {
    private var keyPositions: [ConfigPath: SourcePosition] = [:]
    private var valuePositions: [ConfigPath: SourcePosition] = [:]

    init(text: String) {
        var scanner = Scanner(text: text)
        scanner.scanDocument(into: &self)
    }

    /// Where the key of `path` is written: the key of `key = value`, or the table's name in its header.
    /// A path that is not written (a missing key, a table only implied by `[a.b]`) falls back to the
    /// nearest enclosing table or value that is; the root is line 1, column 1.
    func keyPosition(of path: ConfigPath) -> SourcePosition {
        var path = path
        while !path.isRoot {
            if let position = keyPositions[path] ?? valuePositions[path] { return position }
            path = path.parent
        }
        return .start
    }

    /// Where the value of `path` starts (the `[` of a header for a table), else where its key is.
    func valuePosition(of path: ConfigPath) -> SourcePosition {
        valuePositions[path] ?? keyPosition(of: path)
    }

    /// Where `scalar` first occurs in `text`, counted the same way as keys and values.
    static func position(ofFirst scalar: Unicode.Scalar, in text: String) -> SourcePosition? {
        var position = SourcePosition.start
        for next in text.unicodeScalars {
            if next == scalar { return position }
            if next == "\n" {
                position.line += 1
                position.column = 1
            } else {
                position.column += 1
            }
        }
        return nil
    }

    /// Deeper paths, and elements of a list past this index, are not recorded: no message names them,
    /// and recording them would make deep nesting or a huge list cost more than its length.
    fileprivate static let recordedDepth = 8
    fileprivate static let recordedElements = 256

    private static func isRecorded(_ path: ConfigPath) -> Bool {
        path.components.count <= recordedDepth && path.components.allSatisfy {
            if case .index(let index) = $0 { return index < recordedElements }
            return true
        }
    }

    fileprivate mutating func recordKey(_ path: ConfigPath, at position: SourcePosition, replacing: Bool) {
        guard Self.isRecorded(path) else { return }
        if replacing || keyPositions[path] == nil { keyPositions[path] = position }
    }

    fileprivate mutating func recordValue(_ path: ConfigPath, at position: SourcePosition) {
        guard Self.isRecorded(path) else { return }
        valuePositions[path] = position
    }
}

private struct Scanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    private var arrayTableCounts: [ConfigPath: Int] = [:]

    init(text: String) { scalars = Array(text.unicodeScalars) }

    mutating func scanDocument(into map: inout ConfigSourceMap) {
        var table = ConfigPath.root
        while true {
            skipBlankLinesAndComments()
            guard let scalar = current else { return }
            let start = index
            if scalar == "[" {
                table = scanHeader(into: &map) ?? table
            } else if isKeyStart(scalar) {
                scanKeyValue(in: table, into: &map)
            }
            skipRestOfLine()
            if index == start { advance() }
        }
    }

    // MARK: Headers and keys

    /// `path` + `component`, except that a path past the recorded depth grows no further (its
    /// positions are not kept), so a deep key or value costs constant work per part.
    private static func child(of path: ConfigPath, _ component: ConfigPath.Component) -> ConfigPath {
        path.components.count > ConfigSourceMap.recordedDepth ? path : ConfigPath(path.components + [component])
    }

    private static func descendant(of path: ConfigPath, _ keys: [String]) -> ConfigPath {
        keys.reduce(path) { child(of: $0, .key($1)) }
    }

    /// `[a.b]` or `[[a.b]]`; returns the table the following keys belong to.
    private mutating func scanHeader(into map: inout ConfigSourceMap) -> ConfigPath? {
        let headerStart = position
        advance()
        let isArrayOfTables = current == "["
        if isArrayOfTables { advance() }
        let keys = scanKey()
        guard let last = keys.last else { return nil }
        skipSpaces()
        if current == "]" { advance() }
        if isArrayOfTables, current == "]" { advance() }

        recordImplicitTables(of: keys, under: .root, into: &map)
        var path = Self.descendant(of: .root, keys.map(\.name))
        map.recordKey(path, at: last.position, replacing: !isArrayOfTables)
        if isArrayOfTables {
            let elementIndex = arrayTableCounts[path, default: 0]
            arrayTableCounts[path] = elementIndex + 1
            path = Self.child(of: path, .index(elementIndex))
            map.recordKey(path, at: last.position, replacing: true)
        }
        map.recordValue(path, at: headerStart)
        return path
    }

    /// `key = value`, where key may be dotted; `table` is where the key is written.
    private mutating func scanKeyValue(in table: ConfigPath, into map: inout ConfigSourceMap) {
        let keys = scanKey()
        guard let last = keys.last else { return }
        recordImplicitTables(of: keys, under: table, into: &map)
        let path = Self.descendant(of: table, keys.map(\.name))
        map.recordKey(path, at: last.position, replacing: true)
        skipSpaces()
        guard current == "=" else { return }
        advance()
        skipSpaces()
        scanValue(at: path, into: &map)
    }

    /// `a.b.c`: `a` and `a.b` are tables too; the first place that names them is where they are.
    private func recordImplicitTables(
        of keys: [(name: String, position: SourcePosition)], under table: ConfigPath, into map: inout ConfigSourceMap
    ) {
        var path = table
        for key in keys.dropLast() {
            path = Self.child(of: path, .key(key.name))
            map.recordKey(path, at: key.position, replacing: false)
        }
    }

    /// A possibly dotted key: bare, "basic" or 'literal' parts separated by dots.
    private mutating func scanKey() -> [(name: String, position: SourcePosition)] {
        var keys: [(name: String, position: SourcePosition)] = []
        while true {
            skipSpaces()
            let start = position
            guard let scalar = current else { break }
            if scalar == "\"" {
                keys.append((scanBasicString(), start))
            } else if scalar == "'" {
                keys.append((scanLiteralString(), start))
            } else if isBareKeyScalar(scalar) {
                var name = ""
                while let next = current, isBareKeyScalar(next) {
                    name.unicodeScalars.append(next)
                    advance()
                }
                keys.append((name, start))
            } else {
                break
            }
            skipSpaces()
            guard current == "." else { break }
            advance()
        }
        return keys
    }

    // MARK: Values

    private mutating func scanValue(at path: ConfigPath, into map: inout ConfigSourceMap) {
        map.recordValue(path, at: position)
        guard let scalar = current else { return }
        switch scalar {
        case "\"":
            if peek(1) == "\"", peek(2) == "\"" { skipMultilineString(quote: "\"") } else { _ = scanBasicString() }
        case "'":
            if peek(1) == "'", peek(2) == "'" { skipMultilineString(quote: "'") } else { _ = scanLiteralString() }
        case "[":
            scanArray(at: path, into: &map)
        case "{":
            scanInlineTable(at: path, into: &map)
        default:
            // Numbers, booleans, dates and times; a date-time may contain one space.
            while let next = current, !",]}#\n".unicodeScalars.contains(next) { advance() }
        }
    }

    private mutating func scanArray(at path: ConfigPath, into map: inout ConfigSourceMap) {
        advance()
        var elementIndex = 0
        while true {
            skipBlankLinesAndComments()
            guard let scalar = current else { return }
            switch scalar {
            case "]":
                advance()
                return
            case ",":
                advance()
            default:
                let start = index
                scanValue(at: Self.child(of: path, .index(elementIndex)), into: &map)
                elementIndex += 1
                if index == start { advance() }
            }
        }
    }

    private mutating func scanInlineTable(at path: ConfigPath, into map: inout ConfigSourceMap) {
        advance()
        while true {
            skipBlankLinesAndComments()
            guard let scalar = current else { return }
            if scalar == "}" {
                advance()
                return
            }
            let start = index
            if isKeyStart(scalar) { scanKeyValue(in: path, into: &map) }
            if index == start { advance() }
        }
    }

    // MARK: Strings

    /// A "basic" string on one line; returns its content with escapes resolved.
    private mutating func scanBasicString() -> String {
        advance()
        var content = ""
        while let scalar = current, scalar != "\n" {
            advance()
            if scalar == "\"" { return content }
            if scalar == "\\" {
                content += scanEscape()
            } else {
                content.unicodeScalars.append(scalar)
            }
        }
        return content
    }

    private mutating func scanEscape() -> String {
        guard let scalar = current else { return "" }
        advance()
        switch scalar {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "e": return "\u{1B}"
        case "u", "U":
            var hex = ""
            for _ in 0..<(scalar == "u" ? 4 : 8) {
                guard let digit = current, digit.properties.isASCIIHexDigit else { break }
                hex.unicodeScalars.append(digit)
                advance()
            }
            return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init).map { String($0) } ?? ""
        default: return String(scalar)
        }
    }

    /// A 'literal' string on one line; returns its content.
    private mutating func scanLiteralString() -> String {
        advance()
        var content = ""
        while let scalar = current, scalar != "\n" {
            advance()
            if scalar == "'" { return content }
            content.unicodeScalars.append(scalar)
        }
        return content
    }

    /// `"""…"""` or `'''…'''`, which may span lines and end with up to two extra quotes.
    private mutating func skipMultilineString(quote: Unicode.Scalar) {
        for _ in 0..<3 { advance() }
        while let scalar = current {
            if scalar == "\\", quote == "\"" {
                advance()
                advance()
            } else if scalar == quote, peek(1) == quote, peek(2) == quote {
                for _ in 0..<3 { advance() }
                for _ in 0..<2 where current == quote { advance() }
                return
            } else {
                advance()
            }
        }
    }

    // MARK: Characters

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        guard let scalar = current else { return }
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipSpaces() {
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\r" { advance() }
    }

    private mutating func skipBlankLinesAndComments() {
        while let scalar = current {
            if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" {
                advance()
            } else if scalar == "#" {
                while let next = current, next != "\n" { advance() }
            } else {
                return
            }
        }
    }

    /// After a header or a key/value: only a comment may follow on the line.
    private mutating func skipRestOfLine() {
        while let scalar = current, scalar != "\n" { advance() }
    }

    private func isKeyStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "'" || isBareKeyScalar(scalar)
    }

    private func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "-"
    }
}
