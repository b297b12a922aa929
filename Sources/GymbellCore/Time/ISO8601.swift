import FoundationEssentials

/// ISO 8601 instants in UTC with milliseconds: "2026-11-22T18:00:00.000Z".
public enum ISO8601 {
    public static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        write(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `format(date)`'s text appended to `bytes`, without a `String` of its own (JSONBytes: sets by the
    /// ten thousand).
    static func write(_ date: Date, to bytes: inout [UInt8]) {
        let millis = Date.wholeSeconds((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let ms = millis - seconds * 1000
        let day = LocalDay(daysSinceEpoch: Int((Double(seconds) / 86_400).rounded(.down)))
        let secondOfDay = seconds - day.daysSinceEpoch * 86_400
        func two(_ n: Int) {
            bytes.append(UInt8(ascii: "0") + UInt8(n / 10))
            bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
        }
        let (year, month, dayOfMonth) = day.civil
        JSONBytes.appendDecimal(year, to: &bytes)  // as LocalDay's description: not padded
        bytes.append(UInt8(ascii: "-"))
        two(month)
        bytes.append(UInt8(ascii: "-"))
        two(dayOfMonth)
        bytes.append(UInt8(ascii: "T"))
        two(secondOfDay / 3600)
        bytes.append(UInt8(ascii: ":"))
        two(secondOfDay / 60 % 60)
        bytes.append(UInt8(ascii: ":"))
        two(secondOfDay % 60)
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(ms / 100))
        two(ms % 100)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// A JSON encoder that writes instants with `format` (sorted keys: stable output).
    public static func jsonEncoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(format(date))
        }
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A JSON decoder that reads instants with `parse`.
    /// `value` as the JSON text the control interface carries (sorted keys, ISO 8601 instants);
    /// `empty` when it cannot be encoded ("[]" for a list, "{}" for an object).
    public static func jsonText(_ value: some Encodable, pretty: Bool = false, orElse empty: String) -> String {
        (try? jsonEncoder(pretty: pretty).encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? empty
    }

    /// A `T` from the JSON text `jsonText(_:orElse:)` writes.
    public static func decode<T: Decodable>(_ type: T.Type, jsonText: String) throws -> T {
        try jsonDecoder().decode(type, from: Data(jsonText.utf8))
    }

    public static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 instant: \(text)"))
            }
            return date
        }
        return decoder
    }

    public static func parse(_ text: String) -> Date? {
        if let date = parseWritten(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// What `format` writes, "2026-11-22T18:00:00.000Z", read without a format style (tens of thousands
    /// of sets are read back at once: `history --sets --csv`, an import); nil for any other shape.
    static func parseWritten(_ text: String) -> Date? {
        var text = text
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        guard utf8.count == 24 else { return nil }
        return utf8.withContiguousStorageIfAvailable { bytes -> Date? in
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for i in start..<(start + count) {
                    let digit = Int(bytes[i]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            let marks: [(Int, UInt8)] = [(4, 45), (7, 45), (10, 84), (13, 58), (16, 58), (19, 46), (23, 90)]  // - - T : : . Z
            guard marks.allSatisfy({ bytes[$0.0] == $0.1 }), let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2), let millis = number(20, 3),
                hour < 24, minute < 60, second < 60, let date = LocalDay(year: year, month: month, day: day), date.civil == (year, month, day)
            else { return nil }
            let seconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
            return Date(timeIntervalSince1970: Double(seconds) + Double(millis) / 1000)
        } ?? nil
    }
}
