import FoundationEssentials

/// A home workout told in a few lines (issue 44): the calendar event's description, the daily
/// reminder's preview, the window's list. Strength, HIIT and walk/run keep the words they had
/// (ProgramCalendar.description).
public enum WorkoutSummary {
    /// "3 rounds: Push-ups 10 reps, Squats 15 reps, Plank 30 s" and the rests; a warm-up and cool-down
    /// line each.
    public static func lines(of workout: WorkoutDefinition, messages: Messages = .english) -> [String] {
        var lines: [String] = []
        if let getReady = workout.frame.getReady, getReady > 0 {
            lines.append(messages("Get ready {time}", ["time": DurationText.human(getReady)]))
        }
        if !workout.frame.warmUp.isEmpty { lines.append(part(messages("Warm-up"), workout.frame.warmUp, messages)) }
        switch workout.kind {
        case .circuit(let plan):
            lines.append(messages(
                "{rounds} round: {stations}", plural: "{rounds} rounds: {stations}", count: plan.rounds,
                ["rounds": String(plan.rounds), "stations": stations(plan.stations, messages)]))
            if plan.rest > 0 || plan.roundRest > 0 {
                lines.append(messages(
                    "Rest {rest} between stations, {roundRest} between rounds",
                    ["rest": DurationText.human(plan.rest), "roundRest": DurationText.human(plan.roundRest)]))
            }
        case .amrap(let plan):
            lines.append(messages(
                "As many rounds as possible in {time}: {stations}",
                ["time": DurationText.human(plan.cap), "stations": stations(plan.stations, messages)]))
        case .hiit(let plan):
            lines.append(ProgramCalendar.description(of: WorkoutDefinition(name: workout.name, title: workout.title, kind: workout.kind), messages: messages))
            if let exercises = plan.exercises { lines.append(stations(exercises, messages)) }
        case .strength, .walkRun:
            lines.append(ProgramCalendar.description(of: WorkoutDefinition(name: workout.name, title: workout.title, kind: workout.kind), messages: messages))
        }
        if !workout.frame.coolDown.isEmpty { lines.append(part(messages("Cool-down"), workout.frame.coolDown, messages)) }
        return lines
    }

    /// The names of what the workout has a person do, in order, each once.
    public static func exerciseNames(of workout: WorkoutDefinition) -> [String] {
        var names: [String] = []
        for step in WorkoutTimeline.main(workout.kind) where step.isWork {
            if let name = step.name, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// "Push-ups 10 reps, Plank 30 s".
    static func stations(_ stations: [Station], _ messages: Messages) -> String {
        stations.map { station in
            let step = WorkoutStep(.work, name: station.name, reps: station.reps, seconds: station.seconds, weight: station.weight, unit: station.unit)
            return step.target(messages).map { "\(station.name) \($0)" } ?? station.name
        }.joined(separator: ", ")
    }

    private static func part(_ name: String, _ stations: [Station], _ messages: Messages) -> String {
        if stations.count == 1, stations[0].name.isEmpty, let seconds = stations[0].seconds {
            return "\(name) \(DurationText.human(seconds))"
        }
        return "\(name): \(Self.stations(stations, messages))"
    }
}
