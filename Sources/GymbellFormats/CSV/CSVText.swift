import FoundationEssentials
import GymbellCore

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
        /// A field of it is not UTF-8 text (read with U+FFFD in place of the bytes).
        public var invalidText: Bool = false

        public init(line: Int, fields: [String], unterminatedQuote: Bool = false, invalidText: Bool = false) {
            self.line = line
            self.fields = fields
            self.unterminatedQuote = unterminatedQuote
            self.invalidText = invalidText
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
    static func detectSeparator(_ bytes: some Collection<UInt8>) -> UInt8 {
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
        var reader = Reader(separator: separator)
        var records: [Record] = []
        reader.feed(bytes) { records.append($0) }
        reader.finish { records.append($0) }
        return records
    }

    /// Reads records from a text handed over in pieces (a large export is read a chunk at a time, so
    /// that only the record being read is in memory): `feed` each piece in order, then `finish`. The
    /// pieces may split a record, a quoted field or a UTF-8 sequence anywhere.
    public struct Reader: Sendable {
        /// Nil until the first piece: its first line says (and a UTF-8 byte-order mark before it is skipped).
        public private(set) var separator: UInt8?
        private var fields: [String] = []
        private var field: [UInt8] = []
        private var line = 1, recordLine = 1
        private var quoted = false, fieldStarted = false
        /// A quote just read inside a quoted field: the next byte says whether it was doubled.
        private var quoteSeen = false
        /// A CR just read outside quotes: a following LF belongs to it.
        private var crSeen = false
        /// A field of the record was not UTF-8 (read with U+FFFD in its place).
        private var invalidText = false
        /// The start of the text, until its first line is whole.
        private var head: [UInt8] = []

        public init(separator: UInt8? = nil) { self.separator = separator }

        public mutating func feed(_ bytes: ArraySlice<UInt8>, _ each: (Record) -> Void) {
            bytes.withUnsafeBufferPointer { feed($0, each) }
        }

        public mutating func feed(_ bytes: [UInt8], _ each: (Record) -> Void) {
            bytes.withUnsafeBufferPointer { feed($0, each) }
        }

        /// Byte by byte over a buffer (not a generic collection: a debug build reads a million rows in
        /// seconds this way, not minutes).
        public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ each: (Record) -> Void) {
            guard let separator else {
                // The first line is kept until it is whole (or long): it says the separator.
                head.append(contentsOf: bytes)
                if head.contains(UInt8(ascii: "\n")) || head.count >= 1 << 16 { startReading(each) }
                return
            }
            let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
            var i = 0
            let count = bytes.count
            while i < count {
                let byte = bytes[i]
                i += 1
                if crSeen {
                    crSeen = false
                    if byte == lf { continue }
                }
                if quoteSeen {
                    quoteSeen = false
                    if byte == quote {
                        field.append(quote)
                        continue
                    }
                    quoted = false
                }
                if quoted {
                    if byte == quote {
                        quoteSeen = true
                    } else {
                        if byte == lf { line += 1 }
                        field.append(byte)
                    }
                } else if byte == separator {
                    endField()
                } else if byte == lf || byte == cr {
                    endRecord(each)
                    crSeen = byte == cr
                    line += 1
                    recordLine = line
                } else if byte == quote, !fieldStarted {
                    quoted = true
                    fieldStarted = true
                } else {
                    field.append(byte)
                    fieldStarted = true
                }
            }
        }

        /// The bytes read before the separator was known; then read on.
        private mutating func startReading(_ each: (Record) -> Void) {
            var text = head
            head = []
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
            separator = CSVText.detectSeparator(text)
            feed(text, each)
        }

        /// The last record, when the text does not end with a line break (or a quote is never closed).
        public mutating func finish(_ each: (Record) -> Void) {
            if separator == nil { startReading(each) }
            if quoteSeen {
                quoteSeen = false
                quoted = false
            }
            if quoted {
                endField()
                each(Record(line: recordLine, fields: fields, unterminatedQuote: true, invalidText: invalidText))
                fields.removeAll()
                quoted = false
            } else if fieldStarted || !field.isEmpty || !fields.isEmpty {
                endRecord(each)
            }
        }

        private mutating func endField() {
            if let text = String(validating: field, as: UTF8.self) {
                fields.append(text)
            } else {
                fields.append(String(decoding: field, as: UTF8.self))
                invalidText = true
            }
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }

        private mutating func endRecord(_ each: (Record) -> Void) {
            endField()
            // A blank line is no record.
            if !(fields.count == 1 && fields[0].isEmpty) {
                each(Record(line: recordLine, fields: fields, invalidText: invalidText))
            }
            fields.removeAll(keepingCapacity: true)
            invalidText = false
        }
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
