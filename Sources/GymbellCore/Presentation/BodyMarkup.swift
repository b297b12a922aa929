/// Text placed in a notification body on a server that parses it as markup (freedesktop notification
/// spec, "Markup": a subset of XML, parsed by Pango, Qt or GLib's GMarkup).
public enum BodyMarkup {
    /// `&`, `<` and `>` as the three entities every server decodes; everything else unchanged. `"` and
    /// `'` are left alone: they need no escaping in text content, and GNOME Shell 43 re-escapes any
    /// `&` not followed by amp/lt/gt/quot/apos, so a `&#39;` would be shown as it is written.
    public static func escape(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
