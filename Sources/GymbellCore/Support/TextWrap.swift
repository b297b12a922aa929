/// Greedy word wrapping by characters, for notification servers that cannot be trusted to wrap.
public enum TextWrap {
    /// `text` (one line) in lines of at most `width` characters, broken at spaces; a word longer than
    /// `width` stands on a line of its own, unbroken.
    public static func lines(of text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
