import FoundationEssentials

/// `[quiet_hours]`: a daily local window (it may wrap midnight, 22:00–07:00) in which daily and smart
/// reminders are held and shown when it ends. Transitions of a session the user started are never held.
///
/// The window's ends resolve like every local time here (`LocalDay.instant(at:in:)`): an end the clock
/// skips (spring forward) is the first instant after the gap, one it shows twice is the first.
public struct QuietHours: Equatable, Sendable {
    public var start: LocalTime
    /// Equal to `start`: an empty window (the config file rejects that).
    public var end: LocalTime

    public init(start: LocalTime, end: LocalTime) {
        self.start = start
        self.end = end
    }

    /// True when the window starts on one day and ends on the next.
    public var wrapsMidnight: Bool { end.secondsSinceMidnight < start.secondsSinceMidnight }

    /// The quiet window that contains `instant`, if one does.
    public func window(containing instant: Date, in timeZone: Zone) -> Range<Date>? {
        let today = LocalDay(containing: instant, in: timeZone)
        // A window containing `instant` starts today or, when it wraps midnight, yesterday.
        for startDay in [today.adding(days: -1), today] {
            let from = startDay.instant(at: start, in: timeZone)
            let until = startDay.adding(days: wrapsMidnight ? 1 : 0).instant(at: end, in: timeZone)
            if from < until, (from..<until).contains(instant) { return from..<until }
        }
        return nil
    }

    public func isQuiet(at instant: Date, in timeZone: Zone) -> Bool {
        window(containing: instant, in: timeZone) != nil
    }

    /// When a reminder due at `due` may be shown: the end of the quiet window containing it, or `due`.
    public func release(for due: Date, in timeZone: Zone) -> Date {
        window(containing: due, in: timeZone)?.upperBound ?? due
    }

    /// Whether quiet hours hold a reminder of this kind: daily and smart reminders, never the
    /// transitions of a session the user started.
    public static func holds(_ kind: ReminderKind) -> Bool { !kind.isSessionTransition }
}
