import FoundationEssentials

/// JSON text written byte by byte into one growing buffer, exactly as Foundation's `JSONEncoder`
/// writes it with `[.sortedKeys, .withoutEscapingSlashes]` (`ISO8601.jsonEncoder`): the caller
/// writes an object's keys in sorted order. For the control interface's largest replies — ten years
/// of sets, `history --sets --json` (issue 33) — where `JSONEncoder` builds a tree of every value
/// first: millions of small allocations on the off-loop thread, which shares the one malloc arena
/// with the loop's thread (a reminder falling due waited for it). Tests compare every writer with
/// `JSONEncoder`'s output byte for byte.
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Punctuation and keys, written as they are: `{"at":`.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func null() { raw("null") }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    mutating func int(_ value: some BinaryInteger) {
        Self.appendDecimal(value, to: &bytes)
    }

    /// The shortest text that reads back as `value`, without a trailing ".0" (as `JSONEncoder`).
    /// - Precondition: `value` is finite (JSONEncoder refuses the others; callers check first).
    mutating func double(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped; "/" and all else as UTF-8.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20:
                raw("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An instant as `ISO8601.format` writes it, quoted.
    mutating func date(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        ISO8601.write(date, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `value` in decimal, a "-" first when negative. (Up to 15 digits the `String` lives inline: no
    /// allocation.)
    static func appendDecimal(_ value: some BinaryInteger, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: String(value).utf8)
    }
}
