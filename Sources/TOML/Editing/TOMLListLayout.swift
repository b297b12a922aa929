/// A list written one element a line, with the comments people put there: above an element, after it
/// on its line, and before the closing bracket. A replaced list is written the same way, and an element
/// that stays keeps its comments (those of a removed element go with it).
struct TOMLListLayout {
    struct Element {
        var value: TOMLValue
        /// Comment lines above it, each from its `#`.
        var leading: [[UInt8]] = []
        /// The blanks and comment after it (and its comma) on its line.
        var trailing: [UInt8] = []
    }

    private(set) var elements: [Element] = []
    /// Comment lines after the last element.
    private(set) var closingComments: [[UInt8]] = []
    /// A comma after the last element.
    private(set) var trailingComma = false

    /// The layout of `list` (its text from `[` to `]`), or nil when it is not one the reader takes.
    init?(_ list: [UInt8]) {
        var scanner = TOMLScanner(bytes: list, limits: .standard)
        guard scanner.current == .openBracket else { return nil }
        scanner.index += 1
        var pending: [[UInt8]] = []
        // Where the current line's element (and its comma) ended; nil once a line end was passed.
        var elementEnd: Int?
        while true {
            while let byte = scanner.current {
                if byte == .space || byte == .tab {
                    scanner.index += 1
                } else if byte == .newline || byte == .carriageReturn {
                    scanner.index += 1
                    elementEnd = nil
                } else if byte == .comma {
                    scanner.index += 1
                    trailingComma = true
                    if elementEnd != nil { elementEnd = scanner.index }
                } else if byte == .hash {
                    let start = scanner.index
                    while let next = scanner.current, next != .newline, next != .carriageReturn { scanner.index += 1 }
                    if let end = elementEnd, !elements.isEmpty {
                        elements[elements.count - 1].trailing = Array(list[end..<scanner.index])
                    } else {
                        pending.append(Array(list[start..<scanner.index]))
                    }
                } else {
                    break
                }
            }
            if scanner.current == .closeBracket || scanner.current == nil { break }
            guard let node = try? TOMLValueParser.readValue(&scanner, expected: "", level: 0) else { return nil }
            elements.append(Element(value: node.value, leading: pending))
            pending = []
            trailingComma = false
            elementEnd = scanner.index
        }
        closingComments = pending
    }

    /// `items` (written elements with their values) one a line, each with the comments its value had.
    func write(
        _ items: [(value: TOMLValue, text: [UInt8])], indent: [UInt8], closingIndent: [UInt8], newline: [UInt8]
    ) -> [UInt8] {
        var unused = elements
        var text: [UInt8] = [.openBracket]
        for (position, item) in items.enumerated() {
            var comments = Element(value: item.value)
            if let match = unused.firstIndex(where: { $0.value == item.value }) { comments = unused.remove(at: match) }
            for comment in comments.leading { text += newline + indent + comment }
            text += newline + indent + item.text
            if position < items.count - 1 || trailingComma { text.append(.comma) }
            text += comments.trailing
        }
        for comment in closingComments { text += newline + indent + comment }
        return text + newline + closingIndent + [.closeBracket]
    }
}
