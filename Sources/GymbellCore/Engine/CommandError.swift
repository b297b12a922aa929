import TOML

/// Why a command was refused; each case maps to an error name of the control interface.
public enum CommandError: Error, Equatable, CustomStringConvertible {
    case invalidArgument(String)
    case noSession(String)
    case invalidConfig(String)
    case failed(String)
    case unknownMethod(String)
    /// Carried out only when the person confirms it (a restore replacing a larger history).
    case needsConfirmation(String)

    public var description: String {
        switch self {
        case .invalidArgument(let m), .noSession(let m), .invalidConfig(let m), .failed(let m), .unknownMethod(let m), .needsConfirmation(let m): m
        }
    }

    /// A name (or any text sent) as a refusal repeats it: quoted as the config file writes it, a long
    /// one cut short (`TOMLText.quoted`, as the config's diagnostics do), so that an error message
    /// stays short whatever the caller sent and is safe to print.
    public static func named(_ name: String) -> String { TOMLText.quoted(name) }

    /// Names as a refusal lists them: `"Bench Press", "Squat"`, at most `limit`, then "and N more".
    static func listed(_ names: [String], limit: Int = 10) -> String {
        let shown = names.prefix(limit).map(named).joined(separator: ", ")
        return names.count > limit ? shown + " and \(names.count - limit) more" : shown
    }
}
