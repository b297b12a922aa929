import FoundationEssentials

/// The templates for home (issue 44, item 5): what each is, as data. Every one of them passes
/// `gymbell config check` as the welcome writes it (FirstRunConfigTests, HomeTemplateTests).
enum HomeTemplates {
    static func workout(_ template: WorkoutTemplate) -> WorkoutDefinition {
        WorkoutDefinition(name: template.rawValue, title: template.title, kind: kind(template), frame: frame(template))
    }

    /// The 7-minute workout's twelve exercises, in their classic order (Klika and Jordan, 2013).
    static let sevenMinute = [
        "Jumping jacks", "Wall sit", "Push-ups", "Crunches", "Step-ups onto a chair", "Squats", "Triceps dips on a chair", "Plank",
        "High knees", "Lunges", "Push-up and rotation", "Side plank",
    ]

    private static func kind(_ template: WorkoutTemplate) -> WorkoutKind {
        switch template {
        case .circuit:
            return .circuit(CircuitPlan(rounds: 3, stations: [
                Station(name: "Push-ups", reps: 10), Station(name: "Squats", reps: 15), Station(name: "Reverse lunges", reps: 12),
                Station(name: "Glute bridges", reps: 15), Station(name: "Plank", seconds: 30),
            ], rest: 15, roundRest: 60))
        case .sevenMinute:
            return .hiit(HIITPlan(rounds: 12, work: 30, rest: 10, exercises: sevenMinute.map { Station(name: $0) }))
        case .tabata:
            return .hiit(HIITPlan(rounds: 8, work: 20, rest: 10, exercises: [
                Station(name: "Burpees"), Station(name: "Mountain climbers"), Station(name: "Jump squats"), Station(name: "High knees"),
            ]))
        case .dumbbells:
            let sets = { (name: String, reps: Int?, seconds: TimeInterval?, rest: TimeInterval?, superset: String?) in
                Exercise(name: name, sets: 3, reps: reps, rest: rest.map { Array(repeating: $0, count: 3) } ?? [], seconds: seconds,
                         superset: superset)
            }
            return .strength(exercises: [
                sets("Goblet Squat", 12, nil, nil, "A"), sets("Dumbbell Row", 10, nil, 90, "A"),
                sets("Dumbbell Floor Press", 10, nil, nil, "B"), sets("Romanian Deadlift", 10, nil, 90, "B"),
                sets("Shoulder Press", 10, nil, nil, "C"), sets("Biceps Curl", 12, nil, 60, "C"),
                sets("Plank", nil, 45, 30, nil),
            ])
        case .mobility:
            // 535 s of holds, 11 changes of 5 s and the get-ready's 10 s: 10 minutes.
            let holds: [(String, TimeInterval)] = [
                ("Cat-cow", 60), ("Child's pose", 45), ("Thread the needle, left", 30), ("Thread the needle, right", 30),
                ("Hip flexor stretch, left", 45), ("Hip flexor stretch, right", 45), ("Pigeon pose, left", 45),
                ("Pigeon pose, right", 45), ("Hamstring stretch", 60), ("Deep squat hold", 40), ("Doorway chest stretch", 45),
                ("Neck and shoulder rolls", 45),
            ]
            return .circuit(CircuitPlan(rounds: 1, stations: holds.map { Station(name: $0.0, seconds: $0.1) }, rest: 5, roundRest: 5))
        case .kettlebell:
            return .amrap(AmrapPlan(cap: 15 * 60, stations: [
                Station(name: "Kettlebell swings", reps: 15), Station(name: "Goblet squats", reps: 10), Station(name: "Push-ups", reps: 10),
                Station(name: "Kettlebell rows, each arm", reps: 8),
            ]))
        case .push, .pull, .legs:
            return template.workout.kind
        }
    }

    private static func frame(_ template: WorkoutTemplate) -> WorkoutFrame {
        switch template {
        case .circuit:
            WorkoutFrame(
                warmUp: [Station(name: "Jumping jacks", seconds: 60), Station(name: "Arm circles", seconds: 30), Station(name: "Leg swings", seconds: 30)],
                coolDown: [Station(name: "Hamstring stretch", seconds: 45), Station(name: "Chest stretch", seconds: 45)])
        case .sevenMinute: .none
        case .tabata: WorkoutFrame(warmUp: [Station(name: "", seconds: 240)], coolDown: [Station(name: "", seconds: 120)])
        case .dumbbells: WorkoutFrame(warmUp: [Station(name: "", seconds: 300)])
        case .mobility: .none
        case .kettlebell: WorkoutFrame(warmUp: [Station(name: "Kettlebell halos", seconds: 60), Station(name: "Hip hinges", seconds: 60)])
        case .push, .pull, .legs: .none
        }
    }
}
