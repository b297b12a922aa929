/// gymbell's version: what `gymbell --version` prints and the window's About says.
public enum GymbellVersion {
    public static let current = "0.1.0"
}
