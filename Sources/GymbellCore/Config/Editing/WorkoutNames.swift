/// A workout's one name and its config key (issue 46): a person names a workout ("Home Strength"),
/// the `[workouts.KEY]` key is derived from it once, when the workout is first written, and kept when
/// the name changes later — history and the programme go on pointing at the key.
public enum WorkoutNames {
    /// The key a new workout of this name gets: `slug(name)`, else with `_2`, `_3` … when taken.
    public static func key(for name: String, taken: some Sequence<String>) -> String {
        let taken = Set(taken)
        let base = slug(name)
        guard taken.contains(base) else { return base }
        var number = 2
        while taken.contains("\(base)_\(number)") { number += 1 }
        return "\(base)_\(number)"
    }

    /// Lowercase ASCII: accents folded ("é" → "e", "ß" → "ss"), every other run of characters that are
    /// neither letters nor digits one `_`, none at either end; "workout" when nothing is left.
    public static func slug(_ name: String) -> String {
        var slug = ""
        var gap = false
        for scalar in name.lowercased().unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) { continue }  // a combining accent of a decomposed letter
            let folded = fold(scalar)
            if let folded {
                if gap, !slug.isEmpty { slug += "_" }
                gap = false
                slug += folded
            } else {
                gap = true
            }
        }
        return slug.isEmpty ? "workout" : slug
    }

    /// A name no other workout has (compared as `sameName` does): `base`, else `base 2`, `base 3` …
    public static func freeName(_ base: String, in config: Config) -> String {
        var name = base
        var number = 2
        while config.workouts.values.contains(where: { sameName($0.title, name) }) {
            name = "\(base) \(number)"
            number += 1
        }
        return name
    }

    /// Whether two names are one for a person: the same ignoring case and the spaces around them.
    public static func sameName(_ one: String, _ other: String) -> Bool {
        trimmed(one).lowercased() == trimmed(other).lowercased()
    }

    /// The name without the spaces around it.
    public static func trimmed(_ name: String) -> String {
        var scalars = Substring(name).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    /// The ASCII a lowercase letter or digit is written with in a key; nil for anything else.
    private static func fold(_ scalar: Unicode.Scalar) -> String? {
        if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) { return String(scalar) }
        if let special = specials[scalar] { return special }
        for (ascii, letters) in accented where letters.unicodeScalars.contains(scalar) { return ascii }
        return nil
    }

    private static let specials: [Unicode.Scalar: String] = ["ß": "ss", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d", "ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ı": "i"]

    private static let accented: [(String, String)] = [
        ("a", "àáâãäåāăą"), ("c", "çćĉċč"), ("d", "ď"), ("e", "èéêëēĕėęě"), ("g", "ĝğġģ"), ("h", "ĥ"), ("i", "ìíîïĩīĭį"),
        ("j", "ĵ"), ("k", "ķ"), ("l", "ĺļľŀ"), ("n", "ñńņň"), ("o", "òóôõöōŏő"), ("r", "ŕŗř"), ("s", "śŝşšș"), ("t", "ţťŧț"),
        ("u", "ùúûüũūŭůűų"), ("w", "ŵ"), ("y", "ýÿŷ"), ("z", "źżž"),
    ]
}
