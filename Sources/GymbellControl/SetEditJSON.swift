import FoundationEssentials
import GymbellCore

/// `CorrectSet`'s argument: {"reps": N, "weight": W, "failed": true | false, "seconds": S, "rpe": R,
/// "warm_up": true | false}, each optional.
public enum SetEditJSON {
    private struct Wire: Codable {
        var reps: Int?
        var weight: Double?
        var failed: Bool?
        var seconds: Int?
        var rpe: Double?
        var warm_up: Bool?
    }

    public static func encode(_ edit: SetEdit) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let wire = Wire(reps: edit.reps, weight: edit.weight, failed: edit.failed, seconds: edit.seconds, rpe: edit.rpe, warm_up: edit.warmUp)
        return (try? encoder.encode(wire)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The edit, or InvalidArgs saying what is wrong with the text.
    public static func decode(_ text: String) throws(CommandError) -> SetEdit {
        do {
            let wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
            return SetEdit(reps: wire.reps, weight: wire.weight, failed: wire.failed, seconds: wire.seconds, rpe: wire.rpe, warmUp: wire.warm_up)
        } catch {
            throw .invalidArgument("edit_json must be an object like {\"reps\": 6, \"weight\": 80, \"failed\": false}, not \(CommandError.named(text))")
        }
    }
}
