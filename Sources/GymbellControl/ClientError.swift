/// Why a CLI command could not be carried out, as a sentence for the terminal.
public enum ClientError: Error, CustomStringConvertible {
    /// No session bus, or no daemon on it.
    case noDaemon(String)
    /// The daemon refused the command (bad value, no session, invalid config …).
    case refused(name: String, message: String)
    /// The daemon's answer was not what the interface promises.
    case badReply(String)

    /// The daemon carries the command out only when the person confirms it (`NeedsConfirmation`).
    public var needsConfirmation: Bool {
        if case .refused(let name, _) = self { name == ControlErrorName.needsConfirmation.rawValue } else { false }
    }

    public var description: String {
        switch self {
        case .noDaemon(let message), .badReply(let message): message
        case .refused(_, let message): message
        }
    }
}
