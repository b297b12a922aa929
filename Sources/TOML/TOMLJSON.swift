/// A TOML document as toml-test's tagged JSON (`{"a": {"type": "integer", "value": "1"}}`), for
/// differential tests against other TOML readers (Python's tomllib).
public enum TOMLJSON {
    /// The document as one line of JSON, keys sorted.
    public static func render(_ document: TOMLDocument) -> String {
        var out = ""
        write(.table(document.values), to: &out)
        return out
    }

    /// Recursion as deep as the value, which the reader's limits bound.
    private static func write(_ value: TOMLValue, to out: inout String) {
        switch value {
        case .table(let entries):
            out += "{"
            for (offset, key) in entries.keys.sorted().enumerated() {
                if offset > 0 { out += "," }
                string(key, to: &out)
                out += ":"
                if let entry = entries[key] { write(entry, to: &out) }
            }
            out += "}"
        case .array(let elements):
            out += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out += "," }
                write(element, to: &out)
            }
            out += "]"
        case .string(let text): tagged("string", text, to: &out)
        case .integer(let number): tagged("integer", "\(number)", to: &out)
        case .float(let number): tagged("float", number.isNaN ? "nan" : "\(number)", to: &out)
        case .boolean(let flag): tagged("bool", "\(flag)", to: &out)
        case .time: tagged("time-local", value.literal, to: &out)
        case .date(let text): tagged("date-local", text, to: &out)
        case .dateTime(let text):
            let hasOffset = text.hasSuffix("Z") || text.dropFirst(19).contains { $0 == "+" || $0 == "-" }
            tagged(hasOffset ? "datetime" : "datetime-local", text, to: &out)
        }
    }

    private static func tagged(_ type: String, _ value: String, to out: inout String) {
        out += "{\"type\":\"\(type)\",\"value\":"
        string(value, to: &out)
        out += "}"
    }

    private static func string(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
