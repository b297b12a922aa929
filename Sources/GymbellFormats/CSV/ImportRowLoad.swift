import FoundationEssentials
import GymbellCore

/// What a row says was done — reps, weight, a timed set's seconds, the RPE — read and checked
/// against `RecordBounds` (issue 44: a plank or a wall sit is a set of seconds, kept).
extension ImportRowReader {
    /// A row's texts of what was done.
    struct Load {
        var reps: String
        var weight: String
        var seconds: String
        var rpe: String
        /// The apps' distance (cardio): a row with only a distance is left out.
        var distance: String
    }

    /// The row with its reps, weight, seconds and RPE, or why not: a set with neither reps nor time
    /// (a distance alone, or nothing) is left out, but gymbell's own may have neither (an exercise
    /// planned so). The apps write 0 for what a set does not have.
    func load(_ load: Load, unit: WeightUnit, row: ImportRow, repsOptional: Bool = false) -> ImportRowReading {
        var row = row
        if !load.reps.isEmpty {
            guard let number = Self.number(load.reps), number >= 0, number <= 1000, number == number.rounded() else {
                return .skipped("reps \(quoted(load.reps)) is not a whole number of 0 to 1000")
            }
            row.reps = Int(number)
        }
        if !load.seconds.isEmpty {
            let bounds = RecordBounds.setSeconds
            guard let number = Self.number(load.seconds), number >= Double(bounds.lowerBound), number <= Double(bounds.upperBound) else {
                return .skipped("seconds \(quoted(load.seconds)) is not a number of \(bounds.lowerBound) to \(bounds.upperBound)")
            }
            let seconds = Int(number.rounded())
            row.seconds = seconds > 0 || repsOptional ? seconds : nil
        }
        if !repsOptional {
            if (row.reps ?? 0) == 0 { row.reps = nil }
            if row.reps == nil, row.seconds == nil {
                let distance = Self.number(load.distance) ?? 0
                return .skipped(distance > 0
                    ? "a distance without time or reps (gymbell logs reps, weight and time, not distances)"
                    : "no reps and no time (gymbell logs reps, weight and time)")
            }
        }
        if !load.weight.isEmpty {
            guard let weight = Self.number(load.weight), Limits.weight.contains(weight) else {
                return .skipped("weight \(quoted(load.weight)) is not a number of 0 to 2000")
            }
            // Strong and Hevy write 0 for a set without weight (body weight).
            row.weight = weight > 0 || repsOptional ? weight : nil
        }
        if !load.rpe.isEmpty {
            guard let rpe = Self.number(load.rpe), RecordBounds.rpe.contains(rpe) else {
                return .skipped("RPE \(quoted(load.rpe)) is not a number of 0 to 10")
            }
            // Strong writes 0 for a set without RPE; gymbell's own writes none.
            row.rpe = rpe > 0 || repsOptional ? rpe : nil
        }
        row.unit = unit
        return .set(row)
    }
}
