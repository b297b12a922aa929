import FoundationEssentials
import GymbellCore

/// How a calendar's values are written: RFC 5545's value syntax (§3.3), and content lines folded (§3.1).
extension ICalendarExport {
    /// TEXT: backslash, semicolon, comma and newlines escaped; other control characters dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        let normalized = text.replacingAll("\r\n", with: "\n").replacingAll("\r", with: "\n")
        for scalar in normalized.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            case "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A parameter value, quoted when it holds `:`, `;` or `,`.
    static func parameterValue(_ text: String) -> String {
        let clean = String(text.unicodeScalars.filter { $0 != "\"" && $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return clean.contains(where: { ":;,".contains($0) }) ? "\"\(clean)\"" : clean
    }

    /// A content line folded after at most 75 octets, continuation lines starting with a space; never
    /// inside a UTF-8 sequence.
    static func folded(_ line: String) -> String {
        var pieces: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = pieces.isEmpty ? 75 : 74
            if octets + size > limit {
                pieces.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }

    /// `PT1H29M20S`, `-PT30M`, `PT0S` (whole seconds, rounded up).
    static func duration(_ seconds: TimeInterval) -> String {
        let sign = seconds < 0 ? "-" : ""
        let total = Int(abs(seconds).rounded(.up))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        var text = "\(sign)PT"
        if hours > 0 {
            text += "\(hours)H"
            if minutes > 0 || secs > 0 { text += "\(minutes)M" }
            if secs > 0 { text += "\(secs)S" }
        } else if minutes > 0 {
            text += "\(minutes)M"
            if secs > 0 { text += "\(secs)S" }
        } else {
            text += "\(secs)S"
        }
        return text
    }

    /// `20261122T170000Z`
    static func utcStamp(_ instant: Date) -> String {
        wallStamp(secondsSinceEpoch: instant.wholeSecondsSince1970) + "Z"
    }

    /// The wall-clock time of `instant` in `timeZone`: `20261122T180000`.
    static func localStamp(_ instant: Date, in timeZone: Zone) -> String {
        wallStamp(secondsSinceEpoch: instant.wholeSecondsSince1970 + timeZone.secondsFromGMT(for: instant))
    }

    static func wallStamp(secondsSinceEpoch seconds: Int) -> String {
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let (year, month, day) = LocalDay(daysSinceEpoch: days).civil
        let second = seconds - days * 86_400
        return "\(pad(year, 4))\(pad(month))\(pad(day))T\(pad(second / 3600))\(pad(second / 60 % 60))\(pad(second % 60))"
    }

    static func pad(_ number: Int, _ width: Int = 2) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
