/// The fixed D-Bus names of DESIGN.md §1.
public enum BusNames {
    public static let wellKnownName = "io.github.gymbell.Gymbell"
    public static let objectPath = "/io/github/gymbell/Gymbell"
    public static let interface = "io.github.gymbell.Gymbell1"
    public static let desktopID = "io.github.gymbell.Gymbell"

    /// The introspection XML, generated from `ControlContract` (and shipped as data/io.github.gymbell.Gymbell1.xml).
    public static var introspectionXML: String { IntrospectionXML.document(for: ControlContract.methods, signals: ControlContract.signals) }
}
