/// Why a command was refused; each case maps to an error name of the control interface.
public enum CommandError: Error, Equatable, CustomStringConvertible {
    case invalidArgument(String)
    case noSession(String)
    case invalidConfig(String)
    case failed(String)
    case unknownMethod(String)

    public var description: String {
        switch self {
        case .invalidArgument(let m), .noSession(let m), .invalidConfig(let m), .failed(let m), .unknownMethod(let m): m
        }
    }
}
