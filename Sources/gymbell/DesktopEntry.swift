import FoundationEssentials

/// The few keys of a .desktop file's [Desktop Entry] group that autostart looks at.
struct DesktopEntry {
    let path: String
    let exec: String?
    let tryExec: String?
    /// The key that turns the entry off, as written in the file, or nil.
    let disabledBy: String?

    init(path: String, text: String) {
        var values: [String: String] = [:]
        var inMainGroup = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingWhitespace()
            if line.hasPrefix("[") {
                inMainGroup = line == "[Desktop Entry]"
            } else if inMainGroup, !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingWhitespace()
                values[key] = line[line.index(after: equals)...].trimmingWhitespace()
            }
        }
        self.path = path
        exec = values["Exec"]
        tryExec = values["TryExec"].map { $0.replacingAll("\\\\", with: "\\") }
        if values["Hidden"] == "true" {
            disabledBy = "Hidden=true"
        } else if values["X-GNOME-Autostart-enabled"] == "false" {
            disabledBy = "X-GNOME-Autostart-enabled=false"
        } else {
            disabledBy = nil
        }
    }

    /// One Exec argument, quoted as the Desktop Entry spec asks when it has reserved characters.
    static func execArgument(_ argument: String) -> String {
        let reserved = Set(" \t\"'\\><~|&;$*?#()`")
        var quoted = argument
        if argument.contains(where: reserved.contains) {
            var inner = ""
            for character in argument {
                if "\"`$\\".contains(character) { inner.append("\\") }
                inner.append(character)
            }
            quoted = "\"" + inner + "\""
        }
        // Then the value is a string: backslashes doubled; and % starts a field code.
        return escapeString(quoted).replacingAll("%", with: "%%")
    }

    /// A value of type string: a backslash is written as two.
    static func escapeString(_ value: String) -> String {
        value.replacingAll("\\", with: "\\\\")
    }
}
