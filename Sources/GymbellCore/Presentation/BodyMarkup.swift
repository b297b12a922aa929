/// Text placed in a notification body on a server that parses it as markup (freedesktop notification
/// spec, "Markup": a subset of XML, parsed by Pango, Qt or GLib's GMarkup).
public enum BodyMarkup {
    /// `&`, `<` and `>` as the three entities every server decodes; everything else unchanged. `"` and
    /// `'` are left alone: they need no escaping in text content, and GNOME Shell 43 re-escapes any
    /// `&` not followed by amp/lt/gt/quot/apos, so a `&#39;` would be shown as it is written.
    public static func escape(_ text: some StringProtocol) -> String { MarkupText.escape(text, quotes: false) }
}

/// What markup (XML 1.0, and so Pango's, GLib's and Qt's notification markup, and HTML) cannot hold as a
/// character: the C0 controls but tab, line feed and carriage return, and U+FFFE/U+FFFF. A name holding
/// one is written with U+FFFD in its place rather than breaking the page or the notification.
public enum MarkupText {
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// `&`, `<` and `>` as entities, with `quotes` also `"` and `'` (`&quot;`, `&#39;`), a forbidden
    /// character as U+FFFD; everything else unchanged. By scalar: a quote or `<` followed by a
    /// combining mark is one Character, and would pass unescaped.
    public static func escape(_ text: some StringProtocol, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            case _ where isForbidden(scalar): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
