/// Writing keys and values back the way a TOML file spells them, for messages that quote them: a
/// reader's errors, and whatever else names a value someone wrote (which may be a megabyte long).
public enum TOMLText {
    /// How many characters of a key or value a message repeats; the rest is "…".
    public static let echoLimit = 40

    /// `"text"` with TOML basic-string escapes; a long text shortened to its start. What a terminal
    /// would obey rather than show (`needsEscape`: controls, bidirectional controls) is written
    /// `\uXXXX`, so a message that quotes a value is safe to print and still valid TOML.
    public static func quoted(_ text: String) -> String {
        let count = text.unicodeScalars.count
        guard count <= echoLimit else {
            return quoted(String(String.UnicodeScalarView(text.unicodeScalars.prefix(echoLimit)))).dropLast()
                + "…\" (\(count) characters)"
        }
        return basicString(text, escaping: needsEscape)
    }

    /// `"text"` as a TOML basic string: quote, backslash, newline, tab and carriage return escaped as
    /// TOML spells them, and every other scalar `escaping` picks written `\uXXXX`.
    static func basicString(_ text: String, escaping: (Unicode.Scalar) -> Bool) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where escaping(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text`, or its first `limit` characters and "…".
    static func abbreviated(_ text: String, to limit: Int = echoLimit) -> String {
        text.unicodeScalars.count <= limit ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
    }

    /// What a terminal would obey rather than show: the C0 and C1 controls, DEL, the line and paragraph
    /// separators U+2028 and U+2029, and the bidirectional controls.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: isBidiControl(scalar)
        }
    }

    /// The bidirectional formatting characters: embeddings, overrides and their end (U+202A–U+202E),
    /// isolates (U+2066–U+2069) and the marks U+200E, U+200F and U+061C. The reader notes each one it
    /// reads in a string, a quoted key or a comment (`TOMLDocument.bidiControls`).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `U+202E`: a code point as Unicode names it.
    public static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
