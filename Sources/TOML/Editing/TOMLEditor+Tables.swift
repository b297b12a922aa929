/// Whole `[table]` sections added, renamed or removed, checked the way a key edit is: the new text
/// must read as the old document with exactly that change.
extension TOMLEditor {
    /// A new `[path]` section with `entries`, in that order, at the end of the text after a blank line;
    /// a list is written one element a line.
    public func appendingTable(
        _ path: TOMLPath, _ entries: [(key: String, value: TOMLValue)], to document: TOMLDocument
    ) throws(TOMLEditError) -> [UInt8] {
        guard document.node(at: path) == nil, let name = TOMLLiteral.dottedKey(path.components[...]) else {
            throw .cannotPlace(path)
        }
        let bytes = document.bytes
        let newline = try Self.layout(of: bytes, path).newline
        let write = { (value: TOMLValue) in String(decoding: literal.write(value, replacing: [], newline: newline), as: UTF8.self) }
        let lineEnd = String(decoding: newline, as: UTF8.self)
        var values: [String: TOMLValue] = [:]
        var section = "[" + name + "]" + lineEnd
        for (key, value) in entries {
            values[key] = value
            let text: String
            if case .array(let elements) = value {
                text = "[" + lineEnd + elements.map { "  " + write($0) + "," + lineEnd }.joined() + "]"
            } else {
                text = write(value)
            }
            section += TOMLLiteral.key(key) + " = " + text + lineEnd
        }
        var expected = TOMLLeaves(document.root)
        expected.replace(path, with: .table(values))
        let result = TOMLInsertion.appending(Array(section.utf8), to: bytes, newline: newline)
        return try Self.checked(result, expected: expected, path: path)
    }

    /// The `[path]` header names `newPath` instead; what the section holds stays.
    public func renamingTable(_ path: TOMLPath, to newPath: TOMLPath, in document: TOMLDocument) throws(TOMLEditError) -> [UInt8] {
        let bytes = document.bytes
        guard let node = document.node(at: path), node.kind == .table, document.node(at: newPath) == nil,
              let name = TOMLLiteral.dottedKey(newPath.components[...]) else { throw .cannotPlace(path) }
        let layout = try Self.layout(of: bytes, path)
        guard let header = layout.header(of: path), header.kind == .header(isArray: false) else { throw .cannotPlace(path) }
        // The header's dotted key, between `[` and `]`.
        var scanner = TOMLScanner(bytes: bytes, limits: .standard)
        scanner.index = header.lineStart + header.indentation.count + 1
        scanner.skipSpaces()
        let keyStart = scanner.index
        do {
            _ = try TOMLValueParser.readKey(&scanner)
        } catch {
            throw .cannotPlace(path)
        }
        var keyEnd = scanner.index
        while keyEnd > keyStart, bytes[keyEnd - 1] == .space || bytes[keyEnd - 1] == .tab { keyEnd -= 1 }
        let result = Array(bytes[..<keyStart] + Array(name.utf8) + bytes[keyEnd...])
        var expected = TOMLLeaves(document.root)
        expected.replace(path, with: nil)
        expected.replace(newPath, with: node.value)
        return try Self.checked(result, expected: expected, path: path)
    }

    /// The `[path]` section goes: from the comment lines right above its header to the comment lines
    /// right above the next section's header (which are that section's); at the end of the text, the
    /// blank lines before it go too.
    public func removingTable(_ path: TOMLPath, from document: TOMLDocument) throws(TOMLEditError) -> [UInt8] {
        let bytes = document.bytes
        guard document.node(at: path)?.kind == .table else { throw .cannotPlace(path) }
        let layout = try Self.layout(of: bytes, path)
        guard let header = layout.header(of: path), header.kind == .header(isArray: false) else { throw .cannotPlace(path) }
        var start = Self.commentsAbove(header.lineStart, in: bytes)
        var end = bytes.count
        if let next = layout.statements.first(where: {
            $0.lineStart > header.lineStart && $0.kind != .keyValue && !$0.path.starts(with: path)
        }) {
            end = Self.commentsAbove(next.lineStart, in: bytes)
        } else {
            while start > 0, Self.isBlankLine(ending: start, in: bytes) { start = TOMLLayout.lineStart(before: start - 1, in: bytes) }
        }
        let result = Array(bytes[..<start] + bytes[end...])
        var expected = TOMLLeaves(document.root)
        expected.replace(path, with: nil)
        return try Self.checked(result, expected: expected, path: path)
    }

    /// The start of the comment lines that end right at the line starting at `offset`.
    private static func commentsAbove(_ offset: Int, in bytes: [UInt8]) -> Int {
        var start = offset
        while start > 0 {
            let previous = TOMLLayout.lineStart(before: start - 1, in: bytes)
            let first = bytes[previous..<start].first { $0 != .space && $0 != .tab }
            guard first == .hash else { break }
            start = previous
        }
        return start
    }

    /// Whether the line that ends just before `offset` is blank.
    private static func isBlankLine(ending offset: Int, in bytes: [UInt8]) -> Bool {
        let previous = TOMLLayout.lineStart(before: offset - 1, in: bytes)
        return bytes[previous..<offset].allSatisfy { $0 == .space || $0 == .tab || $0 == .carriageReturn || $0 == .newline }
    }
}
