import FoundationEssentials

/// Every user-visible text of a reminder, through translation functions (gettext in the daemon,
/// identity in tests). Source strings are English (DESIGN.md §4); `{name}` marks a value filled in
/// after translation so that a translator can move it. A text that counts something ("{n} sets") is
/// looked up with its plural (`ngettext`), so that each language says 1 and 3 its own way.
public struct Messages: Sendable {
    public typealias Plural = @Sendable (_ singular: String, _ plural: String, _ count: Int) -> String

    private let translate: @Sendable (String) -> String
    private let translatePlural: Plural

    /// `plural` picks the translated form for a count (gettext's `dngettext`); English's rule when none is given.
    public init(translate: @escaping @Sendable (String) -> String, plural: @escaping Plural = Messages.englishPlural) {
        self.translate = translate
        translatePlural = plural
    }

    public static let english = Messages { $0 }

    /// English's rule, which gettext also follows without a catalog: the singular for 1, else the plural.
    public static func englishPlural(_ singular: String, _ plural: String, _ count: Int) -> String {
        count == 1 ? singular : plural
    }

    /// The translation of `msgid` with its `{placeholders}` filled in.
    public func callAsFunction(_ msgid: String, _ values: [String: String] = [:]) -> String {
        Self.fill(translate(msgid), values)
    }

    /// The translation of `singular` or `plural`, in the form the language uses for `count`, with its
    /// `{placeholders}` filled in: ("{n} set", plural: "{n} sets", count: 3) → "3 sets".
    public func callAsFunction(_ singular: String, plural: String, count: Int, _ values: [String: String] = [:]) -> String {
        Self.fill(translatePlural(singular, plural, count), values)
    }

    private static func fill(_ text: String, _ values: [String: String]) -> String {
        var text = text
        for (name, value) in values { text = text.replacingAll("{\(name)}", with: value) }
        return text
    }

    public typealias Text = (title: String, body: String)

    /// "Workout Time!" / "Today: Push Day — Bench Press 80 kg, Dips · about 45 min · Week 3 of 8".
    public func daily(workoutTitle: String?, preview: WorkoutPreview? = nil) -> Text {
        if let workoutTitle {
            var body = self("Today: {workout}", ["workout": workoutTitle])
            if let preview {
                var list = preview.exercises
                if preview.moreExercises > 0 {
                    let more = preview.moreExercises
                    list.append(self("+{count} more", plural: "+{count} more", count: more, ["count": String(more)]))
                }
                if !list.isEmpty { body += " — " + list.joined(separator: ", ") }
                let minutes = String(preview.minutes)
                body += " · " + (preview.estimated ? self("about {minutes} min", ["minutes": minutes]) : self("{minutes} min", ["minutes": minutes]))
                if let week = preview.week, let weeks = preview.weeks {
                    body += " · " + self("Week {week} of {weeks}", ["week": String(week), "weeks": String(weeks)])
                }
            }
            return (self("Workout Time!"), body)
        }
        return (self("Time to Workout! 💪"), self("Your daily workout awaits."))
    }

    public var snoozed: Text { (self("Workout Reminder"), self("Ready to start your workout now?")) }
    public var restDay: Text { (self("Rest Day"), self("Recovery is progress. Take it easy today!")) }

    public func restOver(next: String?) -> Text {
        let body = next.map { self("Time for your next set! Next: {next}", ["next": $0]) } ?? self("Time for your next set!")
        return (self("Rest over ⏰"), body)
    }

    public func restWarning(secondsLeft: Int) -> Text {
        let body = self(
            "{seconds} second left. Get ready for your next set.", plural: "{seconds} seconds left. Get ready for your next set.",
            count: secondsLeft, ["seconds": String(secondsLeft)])
        return (self("Rest ends soon"), body)
    }

    public var hiitWorkDone: Text { (self("Work phase done ✅"), self("Time to rest.")) }
    public var hiitRestOver: Text { (self("Rest over 💥"), self("Get moving!")) }
    public var hiitComplete: Text { (self("HIIT session complete 🎉"), self("Well done!")) }
    public var runDone: Text { (self("Run done 🏃"), self("Switch to walking.")) }
    public var walkDone: Text { (self("Walk done 🚶"), self("Time to run!")) }
    public var walkRunComplete: Text { (self("Walk/Run session complete 🎉"), self("Great job!")) }

    public func workoutComplete(title: String, sets: Int) -> Text {
        let body = self("{workout}: {sets} set done. Great work!", plural: "{workout}: {sets} sets done. Great work!", count: sets,
                        ["workout": title, "sets": String(sets)])
        return (self("Workout complete 🎉"), body)
    }


    // MARK: Smart reminders (seed 002)

    /// "Paused workout: Push Day" / "You stopped at exercise 3 of 8. Resume?"; sessions without exercises
    /// get a body without a position.
    public func pausedWorkout(workout: String, position: Int?, of count: Int?) -> Text {
        let title = self("Paused workout: {workout}", ["workout": workout])
        guard let position, let count else { return (title, self("Your workout is still open. Resume?")) }
        return (title, self("You stopped at exercise {n} of {count}. Resume?", ["n": String(position), "count": String(count)]))
    }

    public func restAdvice(trainingDays: Int) -> Text {
        let body = self("{n} day of training in a row. Recovery matters!", plural: "{n} days of training in a row. Recovery matters!",
                        count: trainingDays, ["n": String(trainingDays)])
        return (self("Good rest day! 🌙"), body)
    }

    /// One celebration for everything reached at once, a line each; nil for none.
    public func milestones(_ milestones: [Milestone]) -> Text? {
        let lines = milestones.map { milestone in
            switch milestone {
            case .streak(let days):
                self("{n} training day in a row! 🔥", plural: "{n} training days in a row! 🔥", count: days, ["n": String(days)])
            case .workoutsCompleted(let count):
                self("{n} workout completed! 💪", plural: "{n} workouts completed! 💪", count: count, ["n": String(count)])
            case .volume(let kilograms): self("{n} kg lifted in total! 🏋️", ["n": Self.grouped(kilograms)])
            case .consistency(let weeks) where weeks % 52 == 0:
                // One year in words; any other count as the language counts years.
                weeks == 52 ? self("A year of regular training! 📅")
                    : self("{n} year of regular training! 📅", plural: "{n} years of regular training! 📅", count: weeks / 52,
                           ["n": String(weeks / 52)])
            case .consistency(let weeks):
                self("{n} month of regular training! 📅", plural: "{n} months of regular training! 📅", count: weeks * 3 / 13,
                     ["n": String(weeks * 3 / 13)])
            }
        }
        guard !lines.isEmpty else { return nil }
        let title = self("Milestone reached 🏆", plural: "Milestones reached 🏆", count: lines.count)
        return (title, lines.joined(separator: "\n"))
    }


    /// "10 000": thousands set apart by a narrow no-break space (SI style, read alike in English and German).
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "\u{202F}" }
            out.append(digit)
        }
        return out
    }

    /// "New personal record! 🎉" / "Bench Press: 8 × 105 kg (before: 8 × 100 kg)", a line per exercise.
    public func personalRecords(_ records: [PersonalRecord]) -> Text {
        let title = self("New personal record! 🎉", plural: "New personal records! 🎉", count: records.count)
        let lines = records.map { record in
            self("{exercise}: {load} (before: {previous})",
                 ["exercise": record.exercise, "load": record.set.loadText, "previous": record.previous.loadText])
        }
        return (title, lines.joined(separator: "\n"))
    }

    /// "Streak at risk 🔥" / "Your 5-day streak ends tonight: Push Day is still planned for today."
    public func streakAtRisk(streak: Int, workout: String?) -> Text {
        // English says "5-day" for any count; other languages count the days.
        let days = String(streak)
        guard let workout else {
            return (self("Streak at risk 🔥"), self("Your {days}-day streak ends tonight unless you train today.",
                                                   plural: "Your {days}-day streak ends tonight unless you train today.",
                                                   count: streak, ["days": days]))
        }
        return (self("Streak at risk 🔥"),
                self("Your {days}-day streak ends tonight: {workout} is still planned for today.",
                     plural: "Your {days}-day streak ends tonight: {workout} is still planned for today.",
                     count: streak, ["days": days, "workout": workout]))
    }

    /// "Time for more weight? 💪" / "Bench Press 100 kg: 3× done. Try 102.5 kg!", a line per exercise.
    public func overload(_ suggestions: [OverloadSuggestion]) -> Text {
        let lines = suggestions.map { suggestion in
            self("{exercise} {weight}: {sessions}× done. Try {next}!",
                 ["exercise": suggestion.exercise, "weight": suggestion.unit.text(suggestion.weight),
                  "sessions": String(suggestion.sessions), "next": suggestion.unit.text(suggestion.next)])
        }
        return (self("Time for more weight? 💪"), lines.joined(separator: "\n"))
    }

    /// What `announce = true` speaks for a reminder: title and body as sentences, without emoji
    /// (speech-dispatcher would read out their names).
    public static func spoken(_ text: Text) -> String {
        func clean(_ part: String) -> String {
            let scalars = part.unicodeScalars.filter { scalar in
                let emoji = scalar.properties.isEmojiPresentation || (scalar.properties.isEmoji && scalar.value > 0xFF)
                return !emoji && scalar != "\u{FE0F}" && scalar != "\u{200D}"
            }
            var result = ""
            result.unicodeScalars.append(contentsOf: scalars)
            return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let title = clean(text.title)
        let body = clean(text.body)
        guard !title.isEmpty else { return body }
        guard !body.isEmpty else { return title }
        let ended = title.last.map { ".!?:".contains($0) } ?? false
        return "\(title)\(ended ? "" : ".") \(body)"
    }
}
