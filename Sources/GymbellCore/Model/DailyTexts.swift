import FoundationEssentials

/// What the day's reminders say: today's workout (or a rest day), a snoozed reminder, the advice to
/// rest, a streak at risk.
public struct DailyTexts: Sendable {
    let messages: Messages

    /// "Workout Time!" / "Today: Push Day — Bench Press 80 kg, Dips · about 45 min · Week 3 of 8", and
    /// on a day two programmes share, a line "Also today: Easy Run".
    public func reminder(workoutTitle: String?, preview: WorkoutPreview? = nil, also: [AlsoPlanned] = []) -> Messages.Text {
        if let workoutTitle {
            var body = messages("Today: {workout}", ["workout": workoutTitle])
            if let preview {
                var list = preview.exercises
                if preview.moreExercises > 0 {
                    let more = preview.moreExercises
                    list.append(messages("+{count} more", plural: "+{count} more", count: more, ["count": String(more)]))
                }
                if !list.isEmpty { body += " — " + list.joined(separator: ", ") }
                let minutes = String(preview.minutes)
                body += " · " + (preview.estimated ? messages("about {minutes} min", ["minutes": minutes]) : messages("{minutes} min", ["minutes": minutes]))
                if let week = preview.week, let weeks = preview.weeks {
                    body += " · " + messages("Week {week} of {weeks}", ["week": String(week), "weeks": String(weeks)])
                }
            }
            if !also.isEmpty {
                body += "\n" + messages("Also today: {workouts}", ["workouts": also.map(\.title).joined(separator: ", ")])
            }
            return (messages("Workout Time!"), body)
        }
        return (messages("Time to Workout! 💪"), messages("Your daily workout awaits."))
    }

    public var snoozed: Messages.Text { (messages("Workout Reminder"), messages("Ready to start your workout now?")) }
    public var restDay: Messages.Text { (messages("Rest Day"), messages("Recovery is progress. Take it easy today!")) }

    public func restAdvice(trainingDays: Int) -> Messages.Text {
        let body = messages("{n} day of training in a row. Recovery matters!", plural: "{n} days of training in a row. Recovery matters!",
                            count: trainingDays, ["n": String(trainingDays)])
        return (messages("Good rest day! 🌙"), body)
    }

    /// "Streak at risk 🔥" / "Your 5-day streak ends tonight: Push Day is still planned for today."
    public func streakAtRisk(streak: Int, workout: String?) -> Messages.Text {
        // English says "5-day" for any count; other languages count the days.
        let days = String(streak)
        guard let workout else {
            return (messages("Streak at risk 🔥"), messages("Your {days}-day streak ends tonight unless you train today.",
                                                           plural: "Your {days}-day streak ends tonight unless you train today.",
                                                           count: streak, ["days": days]))
        }
        return (messages("Streak at risk 🔥"),
                messages("Your {days}-day streak ends tonight: {workout} is still planned for today.",
                         plural: "Your {days}-day streak ends tonight: {workout} is still planned for today.",
                         count: streak, ["days": days, "workout": workout]))
    }
}
