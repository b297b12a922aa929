import FoundationEssentials
import GymbellCore

/// `SetDoneAs`'s argument: {"reps": N, "weight": W, "failed": true, "rpe": E}, each optional.
public enum SetCorrectionJSON {
    private struct Wire: Codable {
        var reps: Int?
        var weight: Double?
        var failed: Bool?
        var rpe: Double?
    }

    public static func encode(_ correction: SetCorrection) -> String {
        let wire = Wire(reps: correction.reps, weight: correction.weight, failed: correction.failed ? true : nil, rpe: correction.rpe)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(wire)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The correction, or InvalidArgs saying what is wrong with the text.
    public static func decode(_ text: String) throws(CommandError) -> SetCorrection {
        do {
            let wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
            return SetCorrection(reps: wire.reps, weight: wire.weight, failed: wire.failed ?? false, rpe: wire.rpe)
        } catch {
            throw .invalidArgument("set_json must be an object like {\"reps\": 6, \"weight\": 80, \"failed\": true, \"rpe\": 8}, not \(CommandError.named(text))")
        }
    }
}
