/// Where a key the file does not have yet is written: as the last key of its table's section (after
/// the section's comment lines when it has no key yet), beside the dotted keys that make its table, or
/// in a new `[table]` section at the end of the file. Indentation and line ends are the file's.
struct TOMLInsertion {
    let layout: TOMLLayout
    let document: TOMLDocument
    let literal: TOMLLiteral

    private var bytes: [UInt8] { layout.bytes }

    func adding(_ path: TOMLPath, _ value: TOMLValue) throws(TOMLEditError) -> [UInt8] {
        guard case .key(let name)? = path.components.last else { throw .notAKey(path) }
        let table = path.parent
        for length in stride(from: 1, through: table.components.count, by: 1) {
            guard let node = document.node(at: TOMLPath(Array(table.components.prefix(length)))) else { break }
            if node.isFrozen { throw .insideInlineTable(path) }
            if node.kind == .scalar { throw .cannotPlace(path) }
        }
        let assignment = TOMLLiteral.key(name) + " = " + String(decoding: literal.write(value, replacing: [], newline: layout.newline), as: UTF8.self)

        if let node = document.node(at: table), node.kind == .table {
            if let header = layout.header(of: table) {
                return addToSection(assignment, section: table, header: header)
            }
            if table.isRoot {
                let last = layout.keyValues(inSection: .root).last
                return insert(line: (last?.indentation ?? []) + Array(assignment.utf8), at: last?.lineEnd ?? 0)
            }
            // A table made by dotted keys (`sound.name = …` in another section): one more dotted key there.
            if let last = layout.statements.last(where: {
                $0.kind == .keyValue && $0.path.starts(with: table) && $0.path != table
                    && table.starts(with: $0.section) && $0.section != table
            }) {
                guard let dotted = TOMLLiteral.dottedKey(table.components[last.section.components.count...]) else {
                    throw .cannotPlace(path)
                }
                return insert(line: last.indentation + Array((dotted + "." + assignment).utf8), at: last.lineEnd)
            }
        }
        guard let header = headerText(for: table) else { throw .cannotPlace(path) }
        return appendSection(header: header, assignment: assignment)
    }

    /// After the section's last key, or after its header and the comment lines right under it.
    private func addToSection(_ assignment: String, section: TOMLPath, header: TOMLLayout.Statement) -> [UInt8] {
        if let last = layout.keyValues(inSection: section).last {
            return insert(line: last.indentation + Array(assignment.utf8), at: last.lineEnd)
        }
        return insert(line: header.indentation + Array(assignment.utf8), at: layout.skippingCommentLines(from: header.lineEnd))
    }

    /// `line` as a line of its own at `offset` (a line start, or the end of a text without a final line end).
    private func insert(line: [UInt8], at offset: Int) -> [UInt8] {
        let newline = layout.newline
        if offset == bytes.count, let last = bytes.last, last != .newline {
            return bytes + newline + line
        }
        return Array(bytes[..<offset] + line + newline + bytes[offset...])
    }

    /// `[a.b]` for a table; a list element is reachable by a header only when it is the list's last.
    private func headerText(for table: TOMLPath) -> String? {
        guard !table.isRoot else { return nil }
        var parts: [String] = []
        for (position, component) in table.components.enumerated() {
            switch component {
            case .key(let name): parts.append(TOMLLiteral.key(name))
            case .index(let index):
                let list = document.node(at: TOMLPath(Array(table.components.prefix(position))))
                guard let list, list.isArrayOfTables, index == list.elements.count - 1 else { return nil }
            }
        }
        return "[" + parts.joined(separator: ".") + "]"
    }

    /// A new section at the end of the file, after a blank line.
    private func appendSection(header: String, assignment: String) -> [UInt8] {
        let newline = layout.newline
        return Self.appending(Array(header.utf8) + newline + Array(assignment.utf8) + newline, to: bytes, newline: newline)
    }

    /// `section` (whole lines) at the end of `bytes`, after a blank line.
    static func appending(_ section: [UInt8], to bytes: [UInt8], newline: [UInt8]) -> [UInt8] {
        var result = bytes
        if let last = result.last, last != .newline { result += newline }
        if !result.isEmpty, !result.suffix(2 * newline.count).elementsEqual(newline + newline) { result += newline }
        return result + section
    }
}
