import GymbellCore

/// Text made safe to place in HTML (and inline SVG) content and in quoted attribute values: workout
/// titles and exercise names come from the user's config and may hold any character.
public enum HTML {
    /// `&`, `<`, `>`, `"` and `'` as character references; everything else unchanged.
    public static func escape(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        // By scalar: a quote or `<` followed by a combining mark is one Character, and would pass unescaped.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case _ where MarkupText.isForbidden(scalar): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
