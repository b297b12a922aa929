/// The fixed D-Bus names of DESIGN.md §1.
public enum BusNames {
    public static let wellKnownName = "io.github.gymbell.Gymbell"
    public static let objectPath = "/io/github/gymbell/Gymbell"
    public static let interface = "io.github.gymbell.Gymbell1"
    public static let desktopID = "io.github.gymbell.Gymbell"

    /// Error names of our own interface (bad values use org.freedesktop.DBus.Error.InvalidArgs).
    public enum ErrorName {
        public static let noSession = "io.github.gymbell.Gymbell1.Error.NoSession"
        public static let invalidConfig = "io.github.gymbell.Gymbell1.Error.InvalidConfig"
        public static let failed = "io.github.gymbell.Gymbell1.Error.Failed"
    }

    /// The introspection XML (also shipped as data/io.github.gymbell.Gymbell1.xml).
    public static var introspectionXML: String { String(decoding: PackageResources.io_github_gymbell_Gymbell1_xml, as: UTF8.self) }
}
