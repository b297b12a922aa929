import TOML

/// Text from the config or the state (workout titles, exercise names, paths) as it may reach a
/// terminal: every character that would act on the terminal instead of being shown is written as a
/// visible escape, everything else as it is.
///
/// Escaped, and how:
/// - the C0 controls, DEL and the C1 controls (`\u{9B}` is a CSI to many terminals): `\a \b \t \n
///   \v \f \r \e` for BEL, BS, TAB, LF, VT, FF, CR and ESC, `\u{HEX}` for the others (`\u{0}`, `\u{7F}`);
///   a line break in a name is `\n`, so no name can start a line of its own;
/// - the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) as `\u{202E}`:
///   terminals differ in whether they apply the bidirectional algorithm at all, so an isolate around
///   the name would hold on some and not others; only an escape is sure not to reorder the line
///   silently. Right-to-left letters themselves are kept: they need no control to be read;
/// - the line and paragraph separators U+2028 and U+2029, which some programs break lines at.
///
/// A backslash stays a backslash: a name reads as its owner wrote it, and `\e` written out in a name
/// can be told from an ESC in the config file, which `gymbell config check` points at.
public enum TerminalText {
    /// `text` with each character of the list above escaped; `text` itself when it has none.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x07: result += "\\a"
            case 0x08: result += "\\b"
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0B: result += "\\v"
            case 0x0C: result += "\\f"
            case 0x0D: result += "\\r"
            case 0x1B: result += "\\e"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// Whether `escaped` writes `scalar` as an escape: the characters a quoted TOML value escapes too
    /// (one list, `TOMLText.needsEscape`, so that a config diagnostic and a terminal line agree).
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { TOMLText.needsEscape(scalar) }

    /// The bidirectional formatting characters (`TOMLText.isBidiControl`).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool { TOMLText.isBidiControl(scalar) }
}
