import FoundationEssentials

/// The local days on which at least one session started, as the rules look at them: read from the
/// sessions' marks (`SessionMarks`) backwards from `now`, so that a streak, a run of days or of
/// regular weeks costs what it counts, not the whole history. Sessions that start after `now` are
/// ignored.
public struct TrainingDays {
    let sessions: SessionMarks
    let timeZone: Zone
    /// Marks `0..<end` started at or before `now`.
    let end: Int
    /// Left out: the mark of a session that completes now and, on its day, the other sessions that did
    /// not complete (the history "before" it, `MilestoneRule`).
    let leftOut: (day: LocalDay, mark: Int)?
    /// The marks' local days, when the sessions keep them in `timeZone`.
    private let keptDays: [Int32]?

    init(sessions: SessionMarks, upTo now: Date, timeZone: Zone, leavingOut mark: Int? = nil) {
        self.sessions = sessions
        self.timeZone = timeZone
        end = sessions.countStarted(atOrBefore: now)
        keptDays = sessions.days(in: timeZone)
        leftOut = mark.map { (LocalDay(containing: sessions.marks[$0].startedAt, in: timeZone), $0) }
    }

    public init(entries: [HistoryEntry], timeZone: Zone) {
        self.init(sessions: SessionMarks(entries: entries), upTo: .distantFuture, timeZone: timeZone)
    }

    private func day(of index: Int) -> LocalDay {
        if let keptDays { return LocalDay(daysSinceEpoch: Int(keptDays[index])) }
        return LocalDay(containing: sessions.marks[index].startedAt, in: timeZone)
    }

    private func counts(_ index: Int, on day: LocalDay) -> Bool {
        guard let leftOut, day == leftOut.day else { return true }
        return index != leftOut.mark && sessions.marks[index].completed
    }

    /// The days with a session, latest first, each once.
    struct Descending: Sequence, IteratorProtocol {
        let days: TrainingDays
        var index: Int
        var last: LocalDay?

        mutating func next() -> LocalDay? {
            while index > 0 {
                index -= 1
                let day = days.day(of: index)
                guard days.counts(index, on: day), last.map({ day < $0 }) ?? true else { continue }
                last = day
                return day
            }
            return nil
        }
    }

    var descending: Descending { Descending(days: self, index: end, last: nil) }

    /// The day of every session started on `first` or later, latest first (a day twice for two sessions).
    func sessionDays(from first: LocalDay) -> [LocalDay] {
        var days: [LocalDay] = []
        var index = end
        while index > 0 {
            index -= 1
            let day = day(of: index)
            guard day >= first else { break }
            if counts(index, on: day) { days.append(day) }
        }
        return days
    }

    func contains(_ wanted: LocalDay) -> Bool {
        // Days follow the marks' order: the first mark on `wanted` or later is found by halving.
        var low = 0
        var high = end
        while low < high {
            let middle = (low + high) / 2
            if day(of: middle) < wanted { low = middle + 1 } else { high = middle }
        }
        while low < end, day(of: low) == wanted {
            if counts(low, on: wanted) { return true }
            low += 1
        }
        return false
    }

    static func isTrainingDay(_ day: LocalDay, program: ProgrammePlan) -> Bool {
        program.isTrainingDay(day)
    }

    /// Consecutive planned training days with a session, counting back from `today`: today counts once
    /// trained, an untrained today does not break it yet, a planned rest day neither breaks nor extends it.
    /// `limit`: counts no further (whether a streak reaches a length costs that length, not the streak's).
    func streak(endingOn today: LocalDay, program: ProgrammePlan, limit: Int = .max) -> Int {
        var streak = 0
        var day = today
        for trained in descending where trained <= today {
            guard streak < limit else { break }
            while day > trained {
                if Self.isTrainingDay(day, program: program), day != today { return streak }
                day = day.adding(days: -1)
            }
            if Self.isTrainingDay(day, program: program) { streak += 1 }
            day = day.adding(days: -1)
        }
        return streak
    }

    /// The longest streak up to `today`, counted as `streak(endingOn:program:)` counts one: a planned
    /// rest day neither breaks nor extends it, a missed training day before today breaks it.
    public func longestStreak(endingOn today: LocalDay, program: ProgrammePlan) -> Int {
        let trained = Set(descending)
        guard let earliest = trained.min(), earliest <= today else { return 0 }
        var longest = 0
        var run = 0
        var day = earliest
        while day <= today {
            if Self.isTrainingDay(day, program: program) {
                if trained.contains(day) {
                    run += 1
                    longest = max(longest, run)
                } else if day != today {
                    run = 0
                }
            }
            day = day.adding(days: 1)
        }
        return longest
    }

    /// Consecutive days with a session, whatever the program, ending `today` when trained then and the
    /// day before otherwise.
    func consecutiveDays(endingOn today: LocalDay, limit: Int = .max) -> Int {
        var expected: LocalDay?
        var count = 0
        for trained in descending where trained <= today {
            guard count < limit else { break }
            let wanted = expected ?? (trained == today ? today : today.adding(days: -1))
            guard trained == wanted else { break }
            count += 1
            expected = wanted.adding(days: -1)
        }
        return count
    }

    /// Weeks in a row, Monday to Sunday, each with sessions on `Milestone.regularWeekDays` days or
    /// more, ending with the week of `today` when it is regular already and with the one before otherwise.
    func regularWeeks(endingWith today: LocalDay) -> Int {
        var days = descending
        var next = days.next()
        func trainedDays(inWeekOf monday: LocalDay) -> Int {
            while let day = next, day > monday.adding(days: 6) { next = days.next() }
            var count = 0
            while let day = next, day >= monday {
                count += 1
                next = days.next()
            }
            return count
        }
        var monday = today.adding(days: -(Weekday.allCases.firstIndex(of: today.weekday) ?? 0))
        var weeks = 0
        var count = trainedDays(inWeekOf: monday)
        if count < Milestone.regularWeekDays {
            monday = monday.adding(days: -7)
            count = trainedDays(inWeekOf: monday)
        }
        while count >= Milestone.regularWeekDays {
            weeks += 1
            monday = monday.adding(days: -7)
            count = trainedDays(inWeekOf: monday)
        }
        return weeks
    }
}
