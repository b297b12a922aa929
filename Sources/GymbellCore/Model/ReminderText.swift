/// The reminder texts of DESIGN.md §4 (English source strings; translations keep the meaning).
public enum ReminderText {
    public static func daily(workoutTitle: String?) -> (title: String, body: String) {
        if let workoutTitle {
            return ("Workout Time!", "Today: \(workoutTitle)")
        }
        return ("Time to Workout! 💪", "Your daily workout awaits.")
    }

    public static let snoozed = (title: "Workout Reminder", body: "Ready to start your workout now?")
    public static let restDay = (title: "Rest Day", body: "Recovery is progress. Take it easy today!")

    public static func restOver(next: String?) -> (title: String, body: String) {
        ("Rest over ⏰", next.map { "Time for your next set! Next: \($0)" } ?? "Time for your next set!")
    }

    public static func restWarning(secondsLeft: Int) -> (title: String, body: String) {
        ("Rest ends soon", "\(secondsLeft) second\(secondsLeft == 1 ? "" : "s") left. Get ready for your next set.")
    }

    public static let hiitWorkDone = (title: "Work phase done ✅", body: "Time to rest.")
    public static let hiitRestOver = (title: "Rest over 💥", body: "Get moving!")
    public static let hiitComplete = (title: "HIIT session complete 🎉", body: "Well done!")
    public static let runDone = (title: "Run done 🏃", body: "Switch to walking.")
    public static let walkDone = (title: "Walk done 🚶", body: "Time to run!")
    public static let walkRunComplete = (title: "Walk/Run session complete 🎉", body: "Great job!")

    public static func workoutComplete(title: String, sets: Int) -> (title: String, body: String) {
        ("Workout complete 🎉", "\(title): \(sets) sets done. Great work!")
    }
}
