/// The size and shape a document may have, held by `TOMLReader` as it reads: past a limit it stops
/// with a message naming the limit. The standard ones are far above what a hand-written file needs (a
/// commented config of 4 kB, or 20 kB); with them, reading takes time linear in the text's length,
/// the reader recurses no deeper than `nestingDepth`, and no value sits deeper than `keyParts +
/// nestingDepth` tables and lists (so no walk over the values recurses deeper either).
public struct TOMLLimits: Equatable, Sendable {
    /// The whole text, in bytes of UTF-8.
    public var fileBytes: Int
    /// Parts of one dotted key or table header: `a.b.c` has 3.
    public var keyParts: Int
    /// Arrays and inline tables inside each other.
    public var nestingDepth: Int
    /// One key part, in characters.
    public var keyCharacters: Int
    /// One string value, in bytes of its text as written.
    public var stringBytes: Int

    public init(fileBytes: Int = 256 << 10, keyParts: Int = 32, nestingDepth: Int = 32, keyCharacters: Int = 128,
                stringBytes: Int = 64 << 10) {
        self.fileBytes = fileBytes
        self.keyParts = keyParts
        self.nestingDepth = nestingDepth
        self.keyCharacters = keyCharacters
        self.stringBytes = stringBytes
    }

    public static let standard = TOMLLimits()

    /// Sizes as people read them: "512 bytes", "64 KiB", "1 MiB", and "10.0 MB" for what is measured.
    public static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes % 1024 == 0, bytes < 1 << 20 { return "\(bytes >> 10) KiB" }
        if bytes < 1_000_000 { return "\(oneDecimal(Double(bytes) / 1000)) kB" }
        return "\(oneDecimal(Double(bytes) / 1_000_000)) MB"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
