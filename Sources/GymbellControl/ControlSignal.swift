/// A signal of `io.github.gymbell.Gymbell1`: what the daemon broadcasts from its object path, and
/// what the introspection XML says about it. Listeners (the window) read the new state with the
/// contract's methods: a signal says that something changed, never polls are needed.
public struct ControlSignal: Equatable, Sendable {
    public let name: String
    /// Its arguments (name and signature), in order.
    public let arguments: [ControlMethodDescription.Argument]
    public let doc: String

    /// The match rule that receives this signal from the daemon's object.
    public var matchRule: String {
        "type='signal',interface='\(BusNames.interface)',member='\(name)',path='\(BusNames.objectPath)'"
    }
}

extension ControlContract {
    /// Emitted once after every event that changed what Status, Upcoming or Stats answer (a session
    /// started, moved on or ended; a reminder planned, shown, snoozed or skipped; a set logged; a config applied).
    public static let changed = ControlSignal(
        name: "Changed", arguments: [],
        doc: "Something that Status, Upcoming or Stats answer has changed (a session, a reminder, a logged set, the config): read them again.")

    /// Every signal, in the order of the introspection XML.
    public static let signals: [ControlSignal] = [changed]
}
