import FoundationEssentials
import GymbellCore

/// The `VTIMEZONE` of a zone over a span: the observance in force at its start, then one per offset
/// change within it, each found from the zone's own offsets (so any change, not only DST, is covered).
enum TimeZoneComponent {
    struct Transition {
        let instant: Date
        let offsetFrom: Int
        let offsetTo: Int
        let isDaylight: Bool
    }

    static func lines(for timeZone: Zone, from start: Date, through end: Date) -> [String] {
        let transitions = transitions(in: timeZone, from: start.addingTimeInterval(-400 * 86_400), through: end)
        let inForce = transitions.last { $0.instant <= start }
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(ICalendarExport.parameterValue(timeZone.identifier))"]
        if inForce == nil {
            // No change for over a year before the span: one observance since 1970.
            let offset = timeZone.secondsFromGMT(for: start)
            lines += observance(
                isDaylight: timeZone.isDaylightSavingTime(for: start), onset: "19700101T000000", from: offset, to: offset,
                name: timeZone.abbreviation(for: start))
        }
        for transition in transitions where transition.instant > start || transition.instant == inForce?.instant {
            let onset = ICalendarExport.wallStamp(
                secondsSinceEpoch: transition.instant.wholeSecondsSince1970 + transition.offsetFrom)
            lines += observance(
                isDaylight: transition.isDaylight, onset: onset, from: transition.offsetFrom, to: transition.offsetTo,
                name: timeZone.abbreviation(for: transition.instant))
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// Every instant in the span at which the zone's UTC offset changes, to the second.
    static func transitions(in timeZone: Zone, from start: Date, through end: Date) -> [Transition] {
        var found: [Transition] = []
        var lo = start.timeIntervalSince1970.rounded(.down)
        var offsetAtLo = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: lo))
        while lo < end.timeIntervalSince1970 {
            let next = lo + 6 * 3600  // offsets never change twice within six hours
            let offsetAtNext = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: next))
            if offsetAtNext != offsetAtLo {
                var (a, b) = (lo, next)
                while b - a > 1 {
                    let mid = ((a + b) / 2).rounded(.down)
                    if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: mid)) == offsetAtLo { a = mid } else { b = mid }
                }
                let instant = Date(timeIntervalSince1970: b)
                found.append(Transition(
                    instant: instant, offsetFrom: offsetAtLo, offsetTo: offsetAtNext,
                    isDaylight: timeZone.isDaylightSavingTime(for: instant)))
            }
            lo = next
            offsetAtLo = offsetAtNext
        }
        return found
    }

    private static func observance(isDaylight: Bool, onset: String, from: Int, to: Int, name: String?) -> [String] {
        let component = isDaylight ? "DAYLIGHT" : "STANDARD"
        var lines = [
            "BEGIN:\(component)",
            "DTSTART:\(onset)",
            "TZOFFSETFROM:\(utcOffset(from))",
            "TZOFFSETTO:\(utcOffset(to))",
        ]
        // Foundation makes up "GMT+1" where it knows no abbreviation: better none than that.
        if let name, !name.isEmpty, !name.hasPrefix("GMT+"), !name.hasPrefix("GMT-") {
            lines.append("TZNAME:\(ICalendarExport.escaped(name))")
        }
        lines.append("END:\(component)")
        return lines
    }

    /// `+0100`, `-0500`, `+0530`; seconds only when there are any.
    static func utcOffset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let hm = ICalendarExport.pad(magnitude / 3600) + ICalendarExport.pad(magnitude / 60 % 60)
        return sign + hm + (magnitude % 60 == 0 ? "" : ICalendarExport.pad(magnitude % 60))
    }
}
