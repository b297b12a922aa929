import FoundationEssentials

/// What is wrong with a workout as the editor has it, before it is saved (issue 46): each problem at
/// the field it belongs to, in a sentence in the person's words (no key, no path, no flag). The rules
/// are the config file's (ConfigParser would refuse the same workout), said for a person; the window
/// only shows them and keeps Save insensitive while there are any.
public struct WorkoutProblem: Hashable, Sendable {
    /// Where the problem is.
    public enum Place: Hashable, Sendable {
        /// The workout's name.
        case name
        /// A setting of its kind.
        case setting(Setting)
        /// The list of exercises or stations as a whole (empty).
        case list
        /// An exercise or a station (from 0), and its part.
        case item(Int, Part)
    }

    public enum Setting: Hashable, Sendable { case rounds, work, rest, run, walk, repeats, cap, roundRest }
    public enum Part: Hashable, Sendable { case name, sets, reps, time }

    public var place: Place
    public var sentence: String

    public init(_ place: Place, _ sentence: String) {
        self.place = place
        self.sentence = sentence
    }
}

public enum WorkoutCheck {
    /// The problems of the workout named `name` of `kind`; `key`: its config key when it is in the file
    /// already (its own name is no duplicate), nil for a new one.
    public static func problems(name: String, key: String?, kind: WorkoutKind, in config: Config, messages: Messages) -> [WorkoutProblem] {
        var problems: [WorkoutProblem] = []
        let trimmed = WorkoutNames.trimmed(name)
        // Two workouts a hand-written file names alike stay editable while the name is not changed.
        let keepsItsName = key.flatMap { config.workouts[$0] }.map { WorkoutNames.sameName($0.title, trimmed) } ?? false
        if trimmed.isEmpty {
            problems.append(WorkoutProblem(.name, messages("Give the workout a name.")))
        } else if !keepsItsName, let other = config.workouts.values.first(where: { $0.name != key && WorkoutNames.sameName($0.title, trimmed) }) {
            problems.append(WorkoutProblem(.name, messages("Another workout is called “{name}”; choose another name.", ["name": other.title])))
        }
        let setting = { (setting: WorkoutProblem.Setting, ok: Bool, sentence: String) in
            if !ok { problems.append(WorkoutProblem(.setting(setting), sentence)) }
        }
        switch kind {
        case .strength(let exercises):
            if exercises.isEmpty { problems.append(WorkoutProblem(.list, messages("Add at least one exercise."))) }
            for (index, exercise) in exercises.enumerated() {
                problems += item(index, name: exercise.name, reps: exercise.reps, seconds: exercise.seconds, messages)
                if !(1...50).contains(exercise.sets) {
                    problems.append(WorkoutProblem(.item(index, .sets), messages("Do at least one set, at most 50.")))
                }
            }
        case .hiit(let plan):
            setting(.rounds, Limits.hiitRounds.contains(plan.rounds), messages("Do at least one round, at most 100."))
            setting(.work, Limits.hiitWork.contains(plan.work), messages("Work at least one second, at most an hour."))
            setting(.rest, Limits.hiitRest.contains(plan.rest), messages("Rest at most an hour."))
            for (index, station) in (plan.exercises ?? []).enumerated() {
                problems += item(index, name: station.name, reps: station.reps, seconds: station.seconds, messages)
            }
        case .walkRun(let plan):
            setting(.run, Limits.walkRunPhase.contains(plan.run), messages("Run at least one second, at most two hours."))
            setting(.walk, Limits.walkRunPhase.contains(plan.walk), messages("Walk at least one second, at most two hours."))
            setting(.repeats, Limits.walkRunRepeats.contains(plan.repeats), messages("Repeat at least once, at most 100 times."))
        case .circuit(let plan):
            setting(.rounds, Limits.circuitRounds.contains(plan.rounds), messages("Do at least one round, at most 100."))
            setting(.rest, Limits.circuitRest.contains(plan.rest), messages("Rest at most an hour."))
            setting(.roundRest, Limits.circuitRest.contains(plan.roundRest), messages("Rest at most an hour."))
            problems += stations(plan.stations, messages)
        case .amrap(let plan):
            setting(.cap, Limits.amrapCap.contains(plan.cap), messages("Give it at least one minute, at most two hours."))
            problems += stations(plan.stations, messages)
        }
        return problems
    }

    private static func stations(_ stations: [Station], _ messages: Messages) -> [WorkoutProblem] {
        var problems = stations.isEmpty ? [WorkoutProblem(.list, messages("Add at least one station."))] : []
        if stations.count > Limits.stations.upperBound {
            problems.append(WorkoutProblem(.list, messages("At most 100 stations.")))
        }
        for (index, station) in stations.enumerated() {
            problems += item(index, name: station.name, reps: station.reps, seconds: station.seconds, messages)
            if station.reps == nil, station.seconds == nil {
                problems.append(WorkoutProblem(.item(index, .reps), messages("Give it reps or a time.")))
            }
        }
        return problems
    }

    /// An exercise's or a station's own problems: its name, its reps, its time.
    private static func item(_ index: Int, name: String, reps: Int?, seconds: TimeInterval?, _ messages: Messages) -> [WorkoutProblem] {
        var problems: [WorkoutProblem] = []
        if WorkoutNames.trimmed(name).isEmpty {
            problems.append(WorkoutProblem(.item(index, .name), messages("Give it a name.")))
        }
        if let reps, !(1...1000).contains(reps) {
            problems.append(WorkoutProblem(.item(index, .reps), messages("Do at least one rep, at most 1000.")))
        }
        if let seconds, !Limits.stationTime.contains(seconds) {
            problems.append(WorkoutProblem(.item(index, .time), messages("Give it at least one second, at most an hour.")))
        }
        return problems
    }
}
