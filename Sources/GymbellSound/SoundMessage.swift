/// One line between the daemon and its sound helper (SoundPlayer ↔ SoundHelper): the daemon asks for a
/// sound to be cached or played, the helper says what stops playback and when a sound started. A
/// backslash escapes a line break or a backslash in a value, so any file name fits on one line.
import GymbellCore

enum SoundMessage: Equatable, Sendable {
    case cache(SoundPlayer.Sound)
    case play(SoundPlayer.Sound)
    case problem(String)
    /// The sound server could not be reached (or libcanberra not loaded): sounds cannot play for now.
    case unreachable
    case played
    /// The instant (seconds since the epoch, on the helper's wall clock) it asked the sound server to
    /// play, said just before `played`: how late gymbell itself was to the sound server (issue 50).
    case asked(at: Double)
    /// What other audio does while a sound plays: left alone, lowered, or its players paused (issue 47).
    case duck(SoundDucking)
    /// Set back the volumes and resume the players the journals list (the daemon's start).
    case restore
    /// Run this program (the voice: `spd-say --wait …`) and keep other audio making room until it exits.
    case speak([String])

    var line: String {
        switch self {
        case .cache(let sound): "cache " + Self.text(of: sound) + "\n"
        case .play(let sound): "play " + Self.text(of: sound) + "\n"
        case .problem(let message): "problem " + Self.escaped(message) + "\n"
        case .unreachable: "unreachable\n"
        case .played: "played\n"
        case .asked(let at): "asked \(at)\n"
        case .duck(.off): "duck off\n"
        case .duck(.lower(let percent)): "duck \(percent)\n"
        case .duck(.pause): "duck pause\n"
        case .restore: "restore\n"
        case .speak(let argv): "speak " + argv.map(Self.escaped).joined(separator: "\t") + "\n"
        }
    }

    /// A line without its line break; nil for one this version does not know.
    init?(line: Substring) {
        let (verb, rest) = Self.split(line)
        switch verb {
        case "cache", "play":
            let (kind, value) = Self.split(rest)
            let sound: SoundPlayer.Sound
            switch kind {
            case "theme": sound = .themed(Self.unescaped(value))
            case "file": sound = .file(Self.unescaped(value))
            default: return nil
            }
            self = verb == "cache" ? .cache(sound) : .play(sound)
        case "problem": self = .problem(Self.unescaped(rest))
        case "unreachable": self = .unreachable
        case "played": self = .played
        case "asked":
            guard let at = Double(rest) else { return nil }
            self = .asked(at: at)
        case "duck":
            switch rest {
            case "off": self = .duck(.off)
            case "pause": self = .duck(.pause)
            default:
                guard let percent = Int(rest), (0...100).contains(percent) else { return nil }
                self = .duck(.lower(percent: percent))
            }
        case "restore": self = .restore
        case "speak":
            let argv = rest.split(separator: "\t", omittingEmptySubsequences: false).map(Self.unescaped)
            guard argv.first?.isEmpty == false else { return nil }
            self = .speak(argv)
        default: return nil
        }
    }

    private static func text(of sound: SoundPlayer.Sound) -> String {
        switch sound {
        case .themed(let name): "theme " + escaped(name)
        case .file(let path): "file " + escaped(path)
        }
    }

    private static func split(_ text: Substring) -> (Substring, Substring) {
        guard let space = text.firstIndex(of: " ") else { return (text, "") }
        return (text[..<space], text[text.index(after: space)...])
    }

    static func escaped(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.append(character)
            }
        }
        return out
    }

    static func unescaped(_ value: Substring) -> String {
        var out = ""
        var escaping = false
        for character in value {
            if escaping {
                out.append(character == "n" ? "\n" : character == "r" ? "\r" : character == "t" ? "\t" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}

/// Splits what arrives on a pipe into lines; keeps a line's start until its end arrives.
struct LineBuffer {
    private var pending: [UInt8] = []

    mutating func append(_ bytes: UnsafeRawBufferPointer) -> [Substring] {
        pending.append(contentsOf: bytes)
        guard let last = pending.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let text = String(decoding: pending[...last], as: UTF8.self)
        pending.removeSubrange(...last)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }
}
