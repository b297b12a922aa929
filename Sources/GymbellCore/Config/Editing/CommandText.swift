/// A command's argv as one line of text, for the Preferences' start-command entry: arguments apart by
/// spaces; an argument with spaces or quotes in '…' or "…" (no shell runs it: nothing else is special).
public enum CommandText {
    /// The line for `argv`: plain arguments as they are, others quoted.
    public static func join(_ argv: [String]) -> String {
        argv.map { argument in
            if !argument.isEmpty, !argument.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" || $0 == "\t" }) { return argument }
            return argument.contains("'") ? "\"" + argument + "\"" : "'" + argument + "'"
        }.joined(separator: " ")
    }

    /// The argv of a line; nil when a quote is not closed.
    public static func split(_ line: String) -> [String]? {
        var argv: [String] = []
        var current = ""
        var started = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                started = true
            } else if character == " " || character == "\t" {
                if started { argv.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        guard quote == nil else { return nil }
        if started { argv.append(current) }
        return argv
    }
}
