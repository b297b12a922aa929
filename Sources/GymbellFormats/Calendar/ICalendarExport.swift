import FoundationEssentials
import GymbellCore

/// The programme's upcoming workouts (`ProgramCalendar`) as an RFC 5545 calendar (`gymbell
/// export-ics`), for GNOME Calendar, Thunderbird and the like.
///
/// Times are local with `TZID` and a `VTIMEZONE` built from the zone's own offsets over the exported
/// span, so events stay at 18:00 across DST. A start the clock skips (spring forward) is written as the
/// first instant after the gap, as the daemon resolves it. UIDs are `<workout>-<yyyymmdd>@gymbell`:
/// re-importing updates events rather than duplicating them.
public enum ICalendarExport {
    public static let productID = "-//gymbell//gymbell 0.1//EN"

    /// One `VEVENT` per event, each with its `VALARM`.
    public static func ics(_ calendar: ProgramCalendar) -> String {
        let events = calendar.events
        let timeZone = calendar.timeZone
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:\(productID)",
            "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:gymbell",
        ]
        let spanStart = events.first?.start ?? calendar.made
        let spanEnd = events.last.map { $0.start.addingTimeInterval($0.duration) } ?? calendar.made
        lines += TimeZoneComponent.lines(for: timeZone, from: spanStart.addingTimeInterval(-86_400),
                                         through: spanEnd.addingTimeInterval(86_400))
        let tzid = parameterValue(timeZone.identifier)
        for event in events {
            lines += [
                "BEGIN:VEVENT",
                "UID:\(escaped(uid(workout: event.workout, day: event.day)))",
                "DTSTAMP:\(utcStamp(calendar.made))",
                "DTSTART;TZID=\(tzid):\(localStamp(event.start, in: timeZone))",
                "DURATION:\(duration(event.duration))",
                "SUMMARY:\(escaped(event.title))",
                "DESCRIPTION:\(escaped(event.description))",
                "CATEGORIES:\(escaped(calendar.category))",
                "TRANSP:OPAQUE",
            ]
            if let alarm = event.alarm {
                lines += [
                    "BEGIN:VALARM",
                    "ACTION:DISPLAY",
                    "TRIGGER;RELATED=START:\(duration(-alarm.lead))",
                    "DESCRIPTION:\(escaped(alarm.text))",
                    "END:VALARM",
                ]
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// `push-20261123@gymbell`; characters other than letters, digits and `-._~` are percent-encoded.
    public static func uid(workout name: String, day: LocalDay) -> String {
        let (year, month, date) = day.civil
        return "\(name.percentEncoded())-\(pad(year, 4))\(pad(month))\(pad(date))@gymbell"
    }
}
