import TOML

/// What a valid config file holds that is likely not what was meant: warnings, located like the errors,
/// which leave the file in use.
enum ConfigWarnings {
    /// Past this many a file gets one more line saying how many follow.
    static let limit = ConfigReader.diagnosticLimit

    /// One warning per bidirectional control in a string, a quoted key or a comment (written or escaped,
    /// as in "Trojan Source"): a title with U+202E shows its text reversed in a notification or a
    /// terminal, and the file itself can read differently in an editor from what it says.
    static func bidiControls(in document: TOMLDocument, path: String) -> [ConfigDiagnostic] {
        let found = document.bidiControls
        guard !found.isEmpty else { return [] }
        let lines = SourceLines(document.bytes)
        func warning(at offset: Int, _ message: String) -> ConfigDiagnostic {
            let position = lines.position(of: offset)
            return ConfigDiagnostic(path: path, line: position.line, column: position.column, message: message, severity: .warning)
        }
        var warnings = found.prefix(limit).map { warning(at: $0.offset, message(for: $0)) }
        if found.count > limit {
            warnings.append(warning(
                at: found[limit].offset, "\(found.count - limit) more bidirectional controls follow; gymbell names the first \(limit)"))
        }
        return warnings
    }

    /// "U+202E RIGHT-TO-LEFT OVERRIDE: a bidirectional control, …".
    static func message(for control: TOMLBidiControl) -> String {
        let code = TOMLText.codePoint(control.scalar.value)
        let name = control.scalar.properties.name.map { " \($0)" } ?? ""
        return "\(code)\(name)\(control.escaped ? ", written as an escape" : ""): a bidirectional control, which can show the "
            + "text around it reordered (in a notification, a terminal, an editor); remove it unless the text needs it"
    }
}
