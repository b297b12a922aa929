import FoundationEssentials

/// A POSIX `TZ` rule such as `CET-1CEST,M3.5.0,M10.5.0/3`, as glibc reads it (and as the last line of
/// every TZif zone file states the zone's current rule), evaluated here for any year: it is a `Zone`'s
/// rules of its own (`Zone.swift`), exact where no tz database zone follows it.
public struct PosixTimeZoneRule: Equatable, Sendable {
    /// The rule as written (its identifier as a zone).
    public let text: String

    /// When daylight saving time starts or ends, in local time of the period it ends.
    public struct Transition: Equatable, Sendable {
        public enum Day: Equatable, Sendable {
            /// `Jn`: day 1…365 of the year, February 29 never counted.
            case julianNoLeap(Int)
            /// `n`: day 0…365 of the year, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1…5, 5 = the last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        public var day: Day
        /// Seconds after local midnight; may be negative or past 24 h (`/-1`, `/25`).
        public var time: Int
    }

    public struct DaylightSaving: Equatable, Sendable {
        public var name: String
        public var secondsFromGMT: Int
        public var start: Transition
        public var end: Transition
    }

    public var standardName: String
    /// East of Greenwich is positive, as in `TimeZone`; POSIX writes the opposite sign (`CET-1`).
    public var standardSecondsFromGMT: Int
    public var daylightSaving: DaylightSaving?

    /// Parses `text`; nil when it is not a POSIX rule.
    public init?(parsing text: String) {
        self.text = text
        var reader = RuleReader(Array(text.unicodeScalars))
        guard let standardName = reader.name(), let standardOffset = reader.offset() else { return nil }
        self.standardName = standardName
        standardSecondsFromGMT = -standardOffset
        if reader.isAtEnd {
            daylightSaving = nil
            return
        }
        guard let dstName = reader.name() else { return nil }
        let dstOffset = reader.peekIsOffsetStart ? reader.offset() : standardOffset - 3600
        guard let dstOffset else { return nil }
        let start: Transition
        let end: Transition
        if reader.isAtEnd {
            // glibc's rule when none is given (its built-in "posixrules" default): the US one.
            start = Transition(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = Transition(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        } else {
            guard reader.skip(","), let first = reader.transition(), reader.skip(","), let second = reader.transition()
            else { return nil }
            start = first
            end = second
        }
        guard reader.isAtEnd else { return nil }
        daylightSaving = DaylightSaving(name: dstName, secondsFromGMT: -dstOffset, start: start, end: end)
    }

    // MARK: Evaluating

    /// The offset from GMT in force at `instant`.
    public func secondsFromGMT(for instant: Date) -> Int {
        guard let dst = daylightSaving else { return standardSecondsFromGMT }
        let seconds = instant.wholeSecondsSince1970
        let year = LocalDay(daysSinceEpoch: Self.floorDiv(seconds + standardSecondsFromGMT, 86_400)).civil.year
        // The transitions of the year around the instant and of its neighbours decide it.
        var inForce = standardSecondsFromGMT
        var latest = Int.min
        for candidate in [year - 1, year, year + 1] {
            let (start, end) = transitions(in: candidate, dst)
            // `>=`: when one year's end is the next one's start (DST all year), the start wins.
            if start <= seconds, start >= latest { latest = start; inForce = dst.secondsFromGMT }
            if end <= seconds, end > latest { latest = end; inForce = standardSecondsFromGMT }
        }
        return inForce
    }

    /// The next instant after `instant` at which the offset changes; nil without daylight saving.
    public func nextTransition(after instant: Date) -> Date? {
        guard let dst = daylightSaving else { return nil }
        let seconds = instant.wholeSecondsSince1970
        let year = LocalDay(daysSinceEpoch: Self.floorDiv(seconds + standardSecondsFromGMT, 86_400)).civil.year
        let upcoming = (year - 1...year + 2).flatMap { candidate -> [Int] in
            let (start, end) = transitions(in: candidate, dst)
            return [start, end]
        }.filter { $0 > seconds }.sorted()
        // A start and an end at the same instant (DST all year) change nothing: look past them.
        for moment in upcoming {
            let before = secondsFromGMT(for: Date(timeIntervalSince1970: Double(moment - 1)))
            let after = secondsFromGMT(for: Date(timeIntervalSince1970: Double(moment)))
            if before != after { return Date(timeIntervalSince1970: Double(moment)) }
        }
        return nil
    }

    /// UTC seconds of the start and the end of daylight saving in `year`.
    private func transitions(in year: Int, _ dst: DaylightSaving) -> (start: Int, end: Int) {
        let start = Self.localSeconds(of: dst.start, in: year) - standardSecondsFromGMT
        let end = Self.localSeconds(of: dst.end, in: year) - dst.secondsFromGMT
        return (start, end)
    }

    /// Seconds since the epoch of the transition's local wall-clock time in `year`, as if at GMT.
    private static func localSeconds(of transition: Transition, in year: Int) -> Int {
        let january1 = LocalDay(year: year, month: 1, day: 1)!.daysSinceEpoch
        let day: Int
        switch transition.day {
        case .julianNoLeap(let n):
            let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            day = january1 + n - 1 + (isLeap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = january1 + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = LocalDay(year: year, month: month, day: 1)!.daysSinceEpoch
            let nextMonth = month == 12 ? LocalDay(year: year + 1, month: 1, day: 1)! : LocalDay(year: year, month: month + 1, day: 1)!
            let firstWeekday = floorMod(first + 4, 7)  // 1970-01-01 was a Thursday
            var candidate = first + floorMod(weekday - firstWeekday, 7) + (week - 1) * 7
            while candidate >= nextMonth.daysSinceEpoch { candidate -= 7 }
            day = candidate
        }
        return day * 86_400 + transition.time
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    private static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }
}

/// Reads the parts of a POSIX rule, left to right.
private struct RuleReader {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var isAtEnd: Bool { index == scalars.count }
    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    var peekIsOffsetStart: Bool {
        guard let scalar = current else { return false }
        return scalar == "+" || scalar == "-" || ("0"..."9").contains(scalar)
    }

    mutating func skip(_ scalar: Unicode.Scalar) -> Bool {
        guard current == scalar else { return false }
        index += 1
        return true
    }

    /// `CET`, or `<+0530>` quoted; at least three characters.
    mutating func name() -> String? {
        var name = ""
        if skip("<") {
            while let scalar = current, scalar != ">" {
                guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" else { return nil }
                name.unicodeScalars.append(scalar)
                index += 1
            }
            guard skip(">") else { return nil }
        } else {
            while let scalar = current, scalar.isASCII, scalar.properties.isAlphabetic {
                name.unicodeScalars.append(scalar)
                index += 1
            }
        }
        return name.unicodeScalars.count >= 3 ? name : nil
    }

    /// `[+|-]hh[:mm[:ss]]` in seconds, with the sign as written (west of Greenwich is positive).
    mutating func offset() -> Int? {
        let negative = skip("-")
        if !negative { _ = skip("+") }
        guard let seconds = clock(maxHours: 24) else { return nil }
        return negative ? -seconds : seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, optionally `/time` (default 02:00).
    mutating func transition() -> PosixTimeZoneRule.Transition? {
        let day: PosixTimeZoneRule.Transition.Day
        if skip("J") {
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julianNoLeap(n)
        } else if skip("M") {
            guard let month = number(), (1...12).contains(month), skip("."),
                  let week = number(), (1...5).contains(week), skip("."),
                  let weekday = number(), (0...6).contains(weekday)
            else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7200
        if skip("/") {
            let negative = skip("-")
            if !negative { _ = skip("+") }
            // POSIX.1-2017 and TZif version 3 allow −167…167 hours here.
            guard let seconds = clock(maxHours: 167) else { return nil }
            time = negative ? -seconds : seconds
        }
        return PosixTimeZoneRule.Transition(day: day, time: time)
    }

    /// `hh[:mm[:ss]]` in seconds.
    private mutating func clock(maxHours: Int) -> Int? {
        guard let hours = number(), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        if skip(":") {
            guard let minutes = number(), minutes < 60 else { return nil }
            seconds += minutes * 60
            if skip(":") {
                guard let secs = number(), secs < 60 else { return nil }
                seconds += secs
            }
        }
        return seconds
    }

    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = current, ("0"..."9").contains(scalar), digits < 4 {
            value = value * 10 + Int(scalar.value - 48)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }
}
