import FoundationEssentials

/// The duration syntax of the config file and the CLI: `40s`, `2m`, `1m30s`, `2h`, `1h2m3s` or plain
/// seconds (`90`); seconds may have a fraction (`1.5s`, `0.5`).
public enum DurationText {
    /// The seconds `text` stands for, or nil when it is not a duration.
    /// Units go from large to small, each at most once; only seconds may have a fraction.
    /// Surrounding whitespace is ignored, whitespace inside is not allowed.
    public static func parse(_ text: String) -> TimeInterval? {
        let scalars = Array(text.trimmingWhitespace().unicodeScalars)
        guard !scalars.isEmpty else { return nil }

        // Plain seconds: "90", "0.5".
        if let number = number(in: scalars[...]), number.end == scalars.endIndex {
            return number.value
        }

        let units: [(symbol: Unicode.Scalar, seconds: Double)] = [("h", 3600), ("m", 60), ("s", 1)]
        var nextUnit = 0
        var index = scalars.startIndex
        var total = 0.0
        while index < scalars.endIndex {
            guard let number = number(in: scalars[index...]), number.end < scalars.endIndex else { return nil }
            let symbol = scalars[number.end]
            // Later units only: rejects "30s1m", "1m1m" and unknown units alike.
            guard let unit = units[nextUnit...].firstIndex(where: { $0.symbol == symbol }) else { return nil }
            if number.hasFraction, units[unit].symbol != "s" { return nil }
            total += number.value * units[unit].seconds
            nextUnit = unit + 1
            index = number.end + 1
        }
        return total.isFinite ? total : nil
    }

    /// The shortest text `parse` reads back as `seconds`: `90` → `1m30s`, `3600` → `1h`, `0` → `0s`,
    /// `1.5` → `1.5s`. Fractions are kept to the microsecond.
    /// A length as a person reads it on the mat: "40 s", "1 min", "1 min 30 s", "1 h 5 min" (whole seconds).
    public static func human(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, abs(seconds) < 9e12 else { return format(seconds) }
        let whole = Int64(seconds.rounded())
        let (hours, minutes, secs) = (whole / 3600, whole % 3600 / 60, whole % 60)
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 { parts.append("\(minutes) min") }
        if secs > 0 || parts.isEmpty { parts.append("\(secs) s") }
        return parts.joined(separator: " ")
    }

    /// A length as speech says it: "40 seconds", "1 minute 30 seconds".
    public static func spoken(_ seconds: TimeInterval, _ messages: Messages) -> String {
        let whole = Int(max(0, min(seconds, 1e9)).rounded())
        let (minutes, secs) = (whole / 60, whole % 60)
        var parts: [String] = []
        if minutes > 0 { parts.append(messages("{n} minute", plural: "{n} minutes", count: minutes, ["n": String(minutes)])) }
        if secs > 0 || parts.isEmpty { parts.append(messages("{n} second", plural: "{n} seconds", count: secs, ["n": String(secs)])) }
        return parts.joined(separator: " ")
    }

    public static func format(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return "\(seconds)s" }
        if seconds < 0 { return "-" + format(-seconds) }
        // Whole microseconds keep the arithmetic exact; beyond Int64's range the fraction cannot matter.
        guard seconds < 9e12 else {
            return seconds < 9e18 ? formatWhole(micros: 0, wholeSeconds: Int64(seconds)) : "\(seconds)s"
        }
        let micros = Int64((seconds * 1_000_000).rounded())
        return formatWhole(micros: micros % 1_000_000, wholeSeconds: micros / 1_000_000)
    }

    private static func formatWhole(micros: Int64, wholeSeconds: Int64) -> String {
        let hours = wholeSeconds / 3600
        let minutes = wholeSeconds % 3600 / 60
        let secs = wholeSeconds % 60
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if secs > 0 || micros > 0 || text.isEmpty {
            text += "\(secs)"
            if micros > 0 {
                var fraction = String(micros)
                fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
                while fraction.hasSuffix("0") { fraction.removeLast() }
                text += "." + fraction
            }
            text += "s"
        }
        return text
    }

    /// A decimal number without sign or exponent ("12", "1.5") at the start of `scalars`.
    private static func number(
        in scalars: ArraySlice<Unicode.Scalar>
    ) -> (value: Double, end: Int, hasFraction: Bool)? {
        var end = scalars.startIndex
        let isDigit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
        while end < scalars.endIndex, isDigit(scalars[end]) { end += 1 }
        guard end > scalars.startIndex else { return nil }
        var hasFraction = false
        if end < scalars.endIndex, scalars[end] == "." {
            let fractionStart = end + 1
            var fractionEnd = fractionStart
            while fractionEnd < scalars.endIndex, isDigit(scalars[fractionEnd]) { fractionEnd += 1 }
            guard fractionEnd > fractionStart else { return nil }
            end = fractionEnd
            hasFraction = true
        }
        var digits = ""
        digits.unicodeScalars.append(contentsOf: scalars[scalars.startIndex..<end])
        guard let value = Double(digits), value.isFinite else { return nil }
        return (value, end, hasFraction)
    }
}
