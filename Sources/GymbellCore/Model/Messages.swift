import FoundationEssentials

/// Every user-visible text goes through here: translation functions (gettext in the daemon, identity
/// in tests). Source strings are English (DESIGN.md §4); `{name}` marks a value filled in after
/// translation so that a translator can move it. A text that counts something ("{n} sets") is looked
/// up with its plural (`ngettext`), so that each language says 1 and 3 its own way. The texts
/// themselves are grouped by what they are for: `session`, `daily` and `progress` (reminders),
/// `report` (`gymbell report`'s page, in GymbellFormats), and a command's replies (ReplyText.swift).
public struct Messages: Sendable {
    public typealias Plural = @Sendable (_ singular: String, _ plural: String, _ count: Int) -> String

    private let translate: @Sendable (String) -> String
    private let translatePlural: Plural

    /// `plural` picks the translated form for a count (gettext's `dngettext`); English's rule when none is given.
    public init(translate: @escaping @Sendable (String) -> String, plural: @escaping Plural = Messages.englishPlural) {
        self.translate = translate
        translatePlural = plural
    }

    public static let english = Messages { $0 }

    /// English's rule, which gettext also follows without a catalog: the singular for 1, else the plural.
    public static func englishPlural(_ singular: String, _ plural: String, _ count: Int) -> String {
        count == 1 ? singular : plural
    }

    /// The translation of `msgid` with its `{placeholders}` filled in.
    public func callAsFunction(_ msgid: String, _ values: [String: String] = [:]) -> String {
        Self.fill(translate(msgid), values)
    }

    /// The translation of `singular` or `plural`, in the form the language uses for `count`, with its
    /// `{placeholders}` filled in: ("{n} set", plural: "{n} sets", count: 3) → "3 sets".
    public func callAsFunction(_ singular: String, plural: String, count: Int, _ values: [String: String] = [:]) -> String {
        Self.fill(translatePlural(singular, plural, count), values)
    }

    private static func fill(_ text: String, _ values: [String: String]) -> String {
        var text = text
        for (name, value) in values { text = text.replacingAll("{\(name)}", with: value) }
        return text
    }

    public typealias Text = (title: String, body: String)

    // MARK: Texts by what they are for

    public var session: SessionTexts { SessionTexts(messages: self) }
    public var daily: DailyTexts { DailyTexts(messages: self) }
    public var progress: ProgressTexts { ProgressTexts(messages: self) }

    // MARK: Shared by several texts

    public func sets(_ n: Int) -> String { self("{n} set", plural: "{n} sets", count: n, ["n": String(n)]) }
    /// "1 rep", "8 reps" (NextSet's load, the calendar export).
    public func reps(_ n: Int) -> String { self("{reps} rep", plural: "{reps} reps", count: n, ["reps": String(n)]) }

    /// "10 000": thousands set apart by a narrow no-break space (SI style, read alike in English and German).
    public static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "\u{202F}" }
            out.append(digit)
        }
        return out
    }

    /// What `announce = true` speaks for a reminder: title and body as sentences, without emoji
    /// (speech-dispatcher would read out their names).
    public static func spoken(_ text: Text) -> String {
        func clean(_ part: String) -> String {
            let scalars = part.unicodeScalars.filter { scalar in
                let emoji = scalar.properties.isEmojiPresentation || (scalar.properties.isEmoji && scalar.value > 0xFF)
                return !emoji && scalar != "\u{FE0F}" && scalar != "\u{200D}"
            }
            var result = ""
            result.unicodeScalars.append(contentsOf: scalars)
            return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let title = clean(text.title)
        let body = clean(text.body)
        guard !title.isEmpty else { return body }
        guard !body.isEmpty else { return title }
        let ended = title.last.map { ".!?:".contains($0) } ?? false
        return "\(title)\(ended ? "" : ".") \(body)"
    }
}
