import GymbellCore

/// Text made safe to place in HTML (and inline SVG) content and in quoted attribute values: workout
/// titles and exercise names come from the user's config and may hold any character.
public enum HTML {
    /// `&`, `<`, `>`, `"` and `'` as character references; everything else unchanged.
    public static func escape(_ text: some StringProtocol) -> String { MarkupText.escape(text, quotes: true) }
}
