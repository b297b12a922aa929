import FoundationEssentials
import GymbellSettings

/// The autostart entries for io.github.gymbell.Gymbell, looked up as the XDG autostart spec says:
/// the user's directory first, then each of $XDG_CONFIG_DIRS; the first file found is the one in force.
struct AutostartEntries {
    static let fileName = "io.github.gymbell.Gymbell.desktop"

    let userDirectory: String
    let systemDirectories: [String]

    init(paths: XDGPaths = XDGPaths()) {
        userDirectory = paths.configHome + "/autostart"
        systemDirectories = paths.configDirs.map { $0 + "/autostart" }
    }

    var userEntry: String { userDirectory + "/" + Self.fileName }

    /// System-wide entries that exist, in lookup order.
    var systemEntries: [String] {
        systemDirectories.map { $0 + "/" + Self.fileName }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    func effective() -> DesktopEntry? {
        for path in [userEntry] + systemEntries {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                return DesktopEntry(path: path, text: text)
            }
        }
        return nil
    }

    /// The user's entry: data/io.github.gymbell.Gymbell-autostart.desktop with this binary's path.
    static func enabledEntry(executable: String) throws -> String {
        guard !executable.contains(where: \.isNewline) else {
            throw failure("the path of this gymbell contains a line break; move it somewhere else")
        }
        return """
            # Written by `gymbell autostart enable`; `gymbell autostart disable` removes it.
            [Desktop Entry]
            Type=Application
            Name=gymbell
            Comment=Start the workout reminder daemon at login
            Icon=io.github.gymbell.Gymbell
            Exec=\(DesktopEntry.execArgument(executable)) autostart run
            TryExec=\(DesktopEntry.escapeString(executable))
            Terminal=false
            NoDisplay=true
            StartupNotify=false
            X-GNOME-Autostart-enabled=true

            """
    }

    /// A user entry that hides a system-wide one of the same name (XDG autostart spec, "Hidden").
    static let hidingEntry = """
        # Written by `gymbell autostart disable`: hides the system-wide entry. `gymbell autostart enable` replaces it.
        [Desktop Entry]
        Type=Application
        Name=gymbell
        Hidden=true

        """
}
