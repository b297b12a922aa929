/// Text placed in a notification body on a server that parses it as markup (freedesktop notification
/// spec, "Markup": a subset of XML, parsed by Pango, Qt or GLib's GMarkup).
public enum BodyMarkup {
    /// `&`, `<` and `>` as the three entities every server decodes; everything else unchanged. `"` and
    /// `'` are left alone: they need no escaping in text content, and GNOME Shell 43 re-escapes any
    /// `&` not followed by amp/lt/gt/quot/apos, so a `&#39;` would be shown as it is written.
    public static func escape(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        // By scalar: a quote or `<` followed by a combining mark is one Character, and would pass unescaped.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case _ where MarkupText.isForbidden(scalar): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
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
}
