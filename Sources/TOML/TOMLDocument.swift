/// A line and column in a text, both 1-based; columns count Unicode scalars.
public struct SourcePosition: Equatable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = SourcePosition(line: 1, column: 1)
}

/// One key's value (or one list element) of a TOML document being read, with where it is written.
/// A class so that the reader can extend a table it reached through a path in constant time; nothing
/// changes it once `TOMLReader` returns.
public final class TOMLNode {
    public enum Kind: Sendable { case scalar, table, array }

    public let kind: Kind
    /// The value of a scalar; unused for tables and arrays.
    public internal(set) var scalar: TOMLValue = .boolean(false)
    public internal(set) var entries: [String: TOMLNode] = [:]
    public internal(set) var elements: [TOMLNode] = []

    /// Byte offset of the key as written (the last part of a dotted key or header); nil for list elements.
    var keyOffset: Int?
    /// Byte offset of the value: its first character, the `[` of the header that defines a table, the
    /// `{` of an inline table. Nil for a table only implied by a dotted key or a longer header.
    var valueOffset: Int?

    /// Defined by a `[header]`, or by dotted keys in a section already closed: no header may define it
    /// again and no dotted key may add to it.
    var isDefined = false
    /// An inline table or a list written as a value: nothing may be added to it later.
    var isFrozen = false
    /// Made by `[[header]]`s; a header's path goes through its last element.
    var isArrayOfTables = false

    init(_ kind: Kind) { self.kind = kind }

    init(scalar: TOMLValue, at offset: Int) {
        kind = .scalar
        self.scalar = scalar
        valueOffset = offset
    }

    /// The plain value. Recursion here is bounded by the reader's limits (key parts times nesting).
    public var value: TOMLValue {
        switch kind {
        case .scalar: scalar
        case .array: .array(elements.map(\.value))
        case .table: .table(entries.mapValues(\.value))
        }
    }
}

/// A TOML document as read: its values, and where each key and value is written.
public struct TOMLDocument {
    public let root: TOMLNode
    /// The document's UTF-8 text, for turning offsets into lines and columns.
    public let bytes: [UInt8]
    /// The bidirectional controls in its strings, quoted keys and comments, in file order.
    public internal(set) var bidiControls: [TOMLBidiControl] = []

    /// The top-level table as plain values.
    public var values: [String: TOMLValue] {
        root.entries.mapValues(\.value)
    }

    /// The nodes along `path` from the root, as far as the document has them.
    private func nodes(along path: TOMLPath) -> [TOMLNode] {
        var chain = [root]
        for component in path.components {
            guard let node = chain.last else { break }
            let next: TOMLNode?
            switch component {
            case .key(let key): next = node.kind == .table ? node.entries[key] : nil
            case .index(let index): next = node.kind == .array && node.elements.indices.contains(index) ? node.elements[index] : nil
            }
            guard let next else { break }
            chain.append(next)
        }
        return chain
    }

    /// The node at `path`, when the document has one there.
    public func node(at path: TOMLPath) -> TOMLNode? {
        let chain = nodes(along: path)
        return chain.count == path.components.count + 1 ? chain.last : nil
    }

    /// Where the key of `path` is written: the key of `key = value`, or the table's name in its header.
    /// A path the document does not write (a missing key, a table only implied) falls back to the
    /// nearest enclosing key or value that is written; the root is offset 0.
    public func keyOffset(of path: TOMLPath) -> Int {
        for node in nodes(along: path).reversed() {
            if let offset = node.keyOffset ?? node.valueOffset { return offset }
        }
        return 0
    }

    /// Where the value of `path` starts (the `[` of a header for a table), else where its key is.
    public func valueOffset(of path: TOMLPath) -> Int {
        let chain = nodes(along: path)
        if chain.count == path.components.count + 1, let offset = chain.last?.valueOffset { return offset }
        return keyOffset(of: path)
    }

    public func keyPosition(of path: TOMLPath) -> SourcePosition { SourceLines(bytes).position(of: keyOffset(of: path)) }
    public func valuePosition(of path: TOMLPath) -> SourcePosition { SourceLines(bytes).position(of: valueOffset(of: path)) }
}

/// Byte offsets in UTF-8 text turned into the lines and columns people read.
public struct SourceLines {
    private let bytes: [UInt8]
    /// Offset of the first byte of each line.
    private let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// Line and column of the byte at `offset` (the end of the text counts as a position too).
    public func position(of offset: Int) -> SourcePosition {
        let offset = min(max(0, offset), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for byte in bytes[lineStarts[low]..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        return SourcePosition(line: low + 1, column: column)
    }
}
