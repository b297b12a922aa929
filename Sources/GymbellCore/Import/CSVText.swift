import FoundationEssentials

/// CSV as spreadsheets and the logging apps write it (RFC 4180, read leniently): fields separated by
/// `,`, `;` or a tab (the header line says which), quoted with `"` when they hold a separator, a quote
/// (doubled) or a line break; CRLF or LF; a UTF-8 byte-order mark ignored. Each record keeps the line it
/// starts on, so that a row left out can be named by the line a person sees in an editor.
///
/// Written here rather than taken from SwiftCSV or CSV.swift: neither is in the package list this
/// project builds from, both import the whole of Foundation (Core uses FoundationEssentials only: the
/// binary is near its size limit), and neither tells the line a record starts on.
public enum CSVText {
    public struct Record: Equatable, Sendable {
        /// The line (1-based) the record starts on.
        public var line: Int
        public var fields: [String]
        /// A quote opened in it is never closed: the rest of the file was read into its last field.
        public var unterminatedQuote: Bool = false

        public init(line: Int, fields: [String], unterminatedQuote: Bool = false) {
            self.line = line
            self.fields = fields
            self.unterminatedQuote = unterminatedQuote
        }
    }

    public struct Table: Equatable, Sendable {
        public var separator: Character
        public var header: [String]
        public var records: [Record]
    }

    /// The table `text` holds: its first non-empty record is the header. Nil for a file without one.
    public static func read(_ text: String) -> Table? {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let separator = detectSeparator(bytes)
        var records = parse(bytes, separator: separator)
        guard !records.isEmpty else { return nil }
        let header = records.removeFirst()
        return Table(separator: Character(Unicode.Scalar(separator)), header: header.fields, records: records)
    }

    /// The separator of the first line: whichever of `,` `;` and tab it has most of outside quotes.
    static func detectSeparator(_ bytes: [UInt8]) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, byte == UInt8(ascii: "\n") { break }
            if !quoted, counts[byte] != nil { counts[byte, default: 0] += 1 }
        }
        let order: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]
        return order.max { (counts[$0] ?? 0) < (counts[$1] ?? 0) } ?? UInt8(ascii: ",")
    }

    static func parse(_ bytes: [UInt8], separator: UInt8) -> [Record] {
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, recordLine = 1
        var quoted = false, fieldStarted = false
        var i = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        func endRecord() {
            endField()
            // A blank line is no record.
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }
        while i < bytes.count {
            let byte = bytes[i]
            if quoted {
                if byte == quote {
                    if i + 1 < bytes.count, bytes[i + 1] == quote {
                        field.append(quote)
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == lf { line += 1 }
                    field.append(byte)
                }
            } else if byte == quote, !fieldStarted {
                quoted = true
                fieldStarted = true
            } else if byte == separator {
                endField()
            } else if byte == cr, i + 1 < bytes.count, bytes[i + 1] == lf {
                // CRLF: the LF ends the record.
            } else if byte == lf || byte == cr {
                endRecord()
                line += 1
                recordLine = line
            } else {
                field.append(byte)
                fieldStarted = true
            }
            i += 1
        }
        if quoted {
            endField()
            records.append(Record(line: recordLine, fields: fields, unterminatedQuote: true))
        } else if fieldStarted || !field.isEmpty || !fields.isEmpty {
            endRecord()
        }
        return records
    }

    /// A text cell as a spreadsheet may safely open it (OWASP, "CSV injection"): one that starts with
    /// `=`, `+`, `-`, `@`, a tab or a carriage return (which spreadsheets run as a formula) gets a single
    /// quote first. So does one that starts with quotes before such a character, so that
    /// `formulaUnguarded` gives every text back exactly. Numbers are not text cells: never guarded.
    public static func formulaGuarded(_ text: String) -> String {
        startsAsFormula(text.utf8.drop(while: { $0 == 0x27 })) ? "'" + text : text
    }

    /// A cell of gymbell's own export as it was before `formulaGuarded`.
    public static func formulaUnguarded(_ text: String) -> String {
        text.utf8.first == 0x27 && startsAsFormula(text.utf8.drop(while: { $0 == 0x27 })) ? String(text.unicodeScalars.dropFirst()) : text
    }

    private static func startsAsFormula(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        return first == 0x3D || first == 0x2B || first == 0x2D || first == 0x40 || first == 0x09 || first == 0x0D  // = + - @ TAB CR
    }

    /// One record as a line of comma-separated fields (no line break), each quoted when it must be.
    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",")
    }

    /// A field as CSV writes it: quoted, its quotes doubled, when it holds a comma, a quote, a line break
    /// or spaces at either end (a spreadsheet would trim them).
    public static func field(_ text: String) -> String {
        let special = text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == 0x3B }  // , " LF CR ;
        let padded = text.utf8.first == 0x20 || text.utf8.last == 0x20
        guard special || padded else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }
}
