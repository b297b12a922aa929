import TOML

/// `[sound] duck`: what other audio playing on the sound server (music, a video) does while a sound of
/// gymbell's plays. Lowered streams get their volume back when the sound has ended, paused media
/// players are resumed, unless the person changed them meanwhile (issue 47).
public enum SoundDucking: Equatable, Sendable {
    /// Other audio is left alone (`duck = false`, the default).
    case off
    /// Other audio plays at this share of its own volume, 0 to 99 percent (`duck = "30%"`; `true` is 30 %).
    case lower(percent: Int)
    /// Media players playing (MPRIS) are paused, and resumed after (`duck = "pause"`).
    case pause

    /// The share `duck = true` lowers to.
    public static let standardPercent = 30

    /// The share other audio plays at, or nil when it is left alone.
    public var percent: Int? {
        if case .lower(let percent) = self { percent } else { nil }
    }

    /// How the config file writes it.
    public var configText: String {
        switch self {
        case .off: "false"
        case .lower(let percent): "\"\(percent)%\""
        case .pause: "\"pause\""
        }
    }

    /// `true`, `false`, `"pause"` or a share like `"30%"`; a located diagnostic otherwise.
    static func read(_ value: TOMLValue, at path: TOMLPath, reader: inout ConfigReader) -> SoundDucking? {
        let expected = "true, false, \"pause\" or a share of the volume like \"30%\""
        switch value {
        case .boolean(let on): return on ? .lower(percent: standardPercent) : .off
        case .string("pause"): return .pause
        case .string(let text):
            guard text.hasSuffix("%"), let percent = Int(text.dropLast()), text.first?.isNumber == true else {
                reader.reportValue(path, "\(value.literal) is not a share of the volume; use \(expected)")
                return nil
            }
            guard (0...99).contains(percent) else {
                reader.reportValue(path, "\(value.literal) is out of range; use \"0%\" (silent) to \"99%\", \"pause\", or false to leave other audio alone")
                return nil
            }
            return .lower(percent: percent)
        default:
            reader.reportWrongType(path, expected: expected, got: value)
            return nil
        }
    }
}
