import FoundationEssentials
import GymbellCore
import GymbellPlatform

/// A log export as `gymbell import` and the window's Log page read it: the file's text (bounded,
/// UTF-8) and the exercise names the config maps (`[exercise_names]`, then the person's own maps).
public enum ImportFile {
    /// Why the file was not read, as a sentence naming it.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The file as text.
    public static func text(of path: String) throws(Failure) -> String {
        let bytes: [UInt8]
        do {
            // Ten years of Strong sets are 4.5 MB; the reader sets aside the whole limit while it reads.
            bytes = try BoundedFileReader.read(path: path, limit: 32 << 20)
        } catch {
            throw Failure(description: "cannot read \(path): \(error)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(description: "\(path) is not UTF-8 text: export it again from the app (Strong and Hevy write UTF-8)")
        }
        return text
    }

    /// `[exercise_names]` of the config in force, with a warning when the config cannot be read (none applied).
    public static func configuredNames(_ paths: XDGPaths = XDGPaths()) -> (names: [String: String], warning: String?) {
        do {
            return (try ConfigSource.load(paths).config.exerciseNames, nil)
        } catch {
            return ([:], "the config was not read, so [exercise_names] is not applied:\n\(error)")
        }
    }
}
