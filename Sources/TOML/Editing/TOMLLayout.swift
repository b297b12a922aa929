/// Where the statements of a TOML text stand: each `[header]`, `[[header]]` and `key = value` with the
/// bytes of its line, its value, and the full path it defines. `TOMLEditor` reads it to find where
/// a key is written, which lines a section spans and how its lines are indented. It walks the text
/// with the reader's own scanner and key/value parsers, so it agrees with `TOMLReader` on every byte.
struct TOMLLayout {
    struct Statement {
        enum Kind: Equatable {
            /// `[a.b]` (or `[[a.b]]`, whose path ends with the element's index).
            case header(isArray: Bool)
            case keyValue
        }

        var kind: Kind
        /// The table a header opens, or the full path of a key (its section's path and its dotted parts).
        var path: TOMLPath
        /// The section a key is written in (the root before the first header); a header's own path.
        var section: TOMLPath
        /// The first byte of its line, and the first byte after its line end (or the end of the text).
        var lineStart: Int
        var lineEnd: Int
        /// The value of `key = value`: its first byte and the byte after its last.
        var valueStart: Int = 0
        var valueEnd: Int = 0
        /// The blanks before the key or header.
        var indentation: [UInt8]
    }

    let bytes: [UInt8]
    private(set) var statements: [Statement] = []

    /// The layout of `bytes`, which `TOMLReader` has read without error.
    init(bytes: [UInt8], limits: TOMLLimits = .standard) throws(TOMLError) {
        self.bytes = bytes
        var scanner = TOMLScanner(bytes: bytes, limits: limits)
        var section = TOMLPath.root
        // How many elements each array of tables has so far, by its path.
        var arrayCounts: [TOMLPath: Int] = [:]
        while true {
            scanner.skipSpaces()
            guard let byte = scanner.current else { return }
            let lineStart = Self.lineStart(before: scanner.index, in: bytes)
            let indentation = Array(bytes[lineStart..<scanner.index])
            switch byte {
            case .newline, .carriageReturn, .hash:
                try scanner.endLine(after: "")
            case .openBracket:
                scanner.index += 1
                let isArray = scanner.current == .openBracket
                if isArray { scanner.index += 1 }
                scanner.skipSpaces()
                let key = try TOMLValueParser.readKey(&scanner)
                scanner.skipSpaces()
                scanner.index += isArray ? 2 : 1
                let path = Self.resolveHeader(key.map(\.name), isArray: isArray, counts: &arrayCounts)
                section = path
                try scanner.endLine(after: "the table header")
                statements.append(Statement(kind: .header(isArray: isArray), path: path, section: path,
                                            lineStart: lineStart, lineEnd: scanner.index, indentation: indentation))
            default:
                let key = try TOMLValueParser.readKey(&scanner)
                scanner.skipSpaces()
                scanner.index += 1
                scanner.skipSpaces()
                let valueStart = scanner.index
                _ = try TOMLValueParser.readValue(&scanner, expected: "expected a value after =", level: 0)
                let valueEnd = scanner.index
                try scanner.endLine(after: "the value")
                statements.append(Statement(kind: .keyValue, path: section.appending(key.map(\.name)), section: section,
                                            lineStart: lineStart, lineEnd: scanner.index, valueStart: valueStart,
                                            valueEnd: valueEnd, indentation: indentation))
            }
        }
    }

    /// The path a header names: each part that is an array of tables goes through its last element;
    /// `[[…]]` adds an element to its own.
    private static func resolveHeader(_ parts: [String], isArray: Bool, counts: inout [TOMLPath: Int]) -> TOMLPath {
        var path = TOMLPath.root
        for (position, part) in parts.enumerated() {
            path = path.appending(part)
            let isLast = position == parts.count - 1
            if isLast, isArray {
                let count = counts[path, default: 0]
                counts[path] = count + 1
                return path.appending(index: count)
            }
            if !isLast, let count = counts[path] { path = path.appending(index: count - 1) }
        }
        return path
    }

    static func lineStart(before offset: Int, in bytes: [UInt8]) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != .newline { start -= 1 }
        return start
    }

    /// The header that opens the section at `path`.
    func header(of path: TOMLPath) -> Statement? {
        statements.first { if case .header = $0.kind { $0.path == path } else { false } }
    }

    /// The `key = value` statement that writes `path`, unless it sits in an inline table or a list.
    func keyValue(at path: TOMLPath) -> Statement? {
        statements.first { $0.kind == .keyValue && $0.path == path }
    }

    /// The key statements of the section at `path`, in file order.
    func keyValues(inSection path: TOMLPath) -> [Statement] {
        statements.filter { $0.kind == .keyValue && $0.section == path }
    }

    /// What goes with `statement` when it is all its `[section]` holds (no other key, no comment, no
    /// sub-table): the header line, and the blank line before it (or after it); nil when the section
    /// holds more.
    func emptiedSection(by statement: Statement) -> Range<Int>? {
        let section = statement.section
        guard let header = header(of: section), header.kind == .header(isArray: false),
              !bytes[header.lineStart..<header.lineEnd].contains(.hash),
              keyValues(inSection: section).count == 1,
              !statements.contains(where: { $0.kind != .keyValue && $0.path != section && $0.path.starts(with: section) })
        else { return nil }
        let next = statements.first { $0.lineStart > statement.lineStart && $0.kind != .keyValue }?.lineStart ?? bytes.count
        guard isBlank(header.lineEnd..<statement.lineStart), isBlank(statement.lineEnd..<next) else { return nil }
        // One blank line that set the section apart goes too: the one before it, else those after it.
        if header.lineStart > 0 {
            let previous = Self.lineStart(before: header.lineStart - 1, in: bytes)
            if isBlank(previous..<header.lineStart) { return previous..<statement.lineEnd }
        }
        return header.lineStart..<next
    }

    private func isBlank(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 == .space || $0 == .tab || $0 == .carriageReturn || $0 == .newline }
    }

    /// The line end the text uses: CRLF when its first line ends so.
    var newline: [UInt8] {
        guard let first = bytes.firstIndex(of: .newline) else { return [.newline] }
        return first > 0 && bytes[first - 1] == .carriageReturn ? [.carriageReturn, .newline] : [.newline]
    }

    /// After `offset` (a line start): past the comment lines that follow at once (no blank line between).
    func skippingCommentLines(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            var cursor = index
            while cursor < bytes.count, bytes[cursor] == .space || bytes[cursor] == .tab { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == .hash else { break }
            while cursor < bytes.count, bytes[cursor] != .newline { cursor += 1 }
            index = min(cursor + 1, bytes.count)
        }
        return index
    }
}
