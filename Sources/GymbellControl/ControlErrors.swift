import GymbellCore
import GymbellBus

/// The errors a control method can answer, by D-Bus error name.
public enum ControlErrorName: String, CaseIterable, Sendable {
    /// A bad value or a wrong signature; the message is a sentence saying which.
    case invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    case noSession = "io.github.gymbell.Gymbell1.Error.NoSession"
    case invalidConfig = "io.github.gymbell.Gymbell1.Error.InvalidConfig"
    /// The state database could not be read or written.
    case failed = "io.github.gymbell.Gymbell1.Error.Failed"
    /// Done only when the person confirms it (RestoreConfirmed); the message names what it would replace.
    case needsConfirmation = "io.github.gymbell.Gymbell1.Error.NeedsConfirmation"
}

extension CommandError {
    /// The D-Bus error the control interface answers for this refusal.
    public var dbusError: DBusError {
        switch self {
        case .invalidArgument(let message): DBusError(name: ControlErrorName.invalidArgs.rawValue, message: message)
        case .noSession(let message): DBusError(name: ControlErrorName.noSession.rawValue, message: message)
        case .invalidConfig(let message): DBusError(name: ControlErrorName.invalidConfig.rawValue, message: message)
        case .failed(let message): DBusError(name: ControlErrorName.failed.rawValue, message: message)
        case .unknownMethod(let message): DBusError(name: DBusError.unknownMethod, message: message)
        case .needsConfirmation(let message): DBusError(name: ControlErrorName.needsConfirmation.rawValue, message: message)
        }
    }
}
