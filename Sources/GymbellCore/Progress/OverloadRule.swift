import FoundationEssentials

/// "Time for more weight? 💪 — Bench Press 100 kg: 3× done. Try 102.5 kg!" (GymBo).
public struct OverloadSuggestion: Codable, Hashable, Sendable {
    public var exercise: String
    /// The weight done in every set of the last sessions, and the one suggested.
    public var weight: Double
    public var next: Double
    public var unit: WeightUnit
    /// How many sessions in a row it was done.
    public var sessions: Int

    public init(exercise: String, weight: Double, next: Double, unit: WeightUnit, sessions: Int) {
        self.exercise = exercise
        self.weight = weight
        self.next = next
        self.unit = unit
        self.sessions = sessions
    }
}

/// Progressive overload (docs/progress.md): after a strength workout, for each compound exercise with
/// a planned weight, when the last `overload_sessions` sessions that had it (this one the last) each
/// logged at least its planned sets, every one at the planned weight or more with at least the planned
/// reps and none failed (warm-up sets left out), suggest the planned weight plus the body region's increment. A failed or
/// short set resets the count. After "Dismiss" the rule waits until it holds again with sessions that
/// all started after the dismissal.
/// With a kit (`[kit]`), the suggestion is the next weight the kit makes (`Kit.overloadStep`: the one
/// nearest the planned weight plus the increment, at least the next above it), and none at the top of
/// the kit. **Effort**: while the last session was near failure — any of its working sets of the
/// exercise logged at RPE `nearFailure` (9.5) or more, that is RIR 0.5 or less — the rule waits (no
/// suggestion; the sessions still count, so one easier session after it is enough).
public enum OverloadRule {
    /// An RPE at or above this is a set at (or a half rep from) failure.
    public static let nearFailure = 9.5

    public static func suggestions(
        after session: SessionID, exercises: [Exercise], sets: [LoggedSet], dismissedAt: [String: Date], settings: ProgressSettings,
        kit: Kit? = nil
    ) -> [OverloadSuggestion] {
        guard settings.overload else { return [] }
        return exercises.compactMap { exercise in
            guard exercise.isCompound, let weight = exercise.weight, weight > 0, let reps = exercise.reps else { return nil }
            let unit = exercise.weightUnit
            let needed = settings.overloadSessions
            let mine = sets.filter { $0.exercise == exercise.name && !$0.warmUp }  // warm-ups are no working sets
            // Sessions that had the exercise, in the order they began, up to this one.
            var order: [SessionID] = []
            var began: [SessionID: Date] = [:]
            for set in mine.sorted(by: { $0.at < $1.at }) where began[set.session] == nil {
                began[set.session] = set.at
                order.append(set.session)
            }
            guard order.last == session, order.count >= needed else { return nil }
            let recent = order.suffix(needed)
            if let dismissed = dismissedAt[exercise.name], recent.contains(where: { (began[$0] ?? .distantPast) <= dismissed }) { return nil }
            let plannedKilograms = unit.kilograms(weight)
            let allDone = recent.allSatisfy { id in
                let done = mine.filter { $0.session == id }
                return done.count >= exercise.sets
                    && done.allSatisfy { !$0.failed && ($0.reps ?? 0) >= reps && $0.kilograms >= plannedKilograms - 1e-6 }
            }
            guard allDone else { return nil }
            if mine.contains(where: { $0.session == session && ($0.rpe ?? 0) >= nearFailure }) { return nil }
            let increment = settings.increment(for: exercise.region, in: unit)
            let next: Double
            switch kit?.overloadStep(from: weight, by: increment, unit: unit, exercise: exercise.name) ?? .notRounded {
            case .step(let loadable): next = loadable
            case .atTheTop: return nil
            case .notRounded: next = weight + increment
            }
            return OverloadSuggestion(exercise: exercise.name, weight: weight, next: next, unit: unit, sessions: needed)
        }
    }
}

/// A planned weight raised by "Next time" (or `gymbell weights --set`): it replaces the config's
/// weight of that exercise in every workout until reset.
public struct WeightOverride: Codable, Hashable, Sendable {
    public var exercise: String
    public var weight: Double
    public var unit: WeightUnit
    public var since: Date

    public init(exercise: String, weight: Double, unit: WeightUnit, since: Date) {
        self.exercise = exercise
        self.weight = weight
        self.unit = unit
        self.since = since
    }

    /// `exercises` with their overridden weights (converted when the override's unit differs), then
    /// rounded to `kit` with the plates per side (`Kit.rounded`; as they are without a kit).
    public static func apply(_ overrides: [String: WeightOverride], to exercises: [Exercise], kit: Kit? = nil) -> [Exercise] {
        exercises.map { exercise in
            var changed = exercise
            let unit = exercise.weightUnit
            if let override = overrides[exercise.name] {
                let kilograms = override.unit.kilograms(override.weight)
                changed.weight = override.unit == unit ? override.weight : (unit == .kg ? kilograms : kilograms / unit.kilograms(1))
            }
            if let kit, let weight = changed.weight {
                changed.weight = kit.rounded(weight, unit: unit, exercise: exercise.name)
                changed.platesPerSide = kit.platesText(weight, unit: unit, exercise: exercise.name)
            }
            return changed
        }
    }
}
