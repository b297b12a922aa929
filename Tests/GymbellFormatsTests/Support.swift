import Foundation
import GymbellCore
import GymbellSettings

/// A fixed instant from an ISO 8601 text with offset, e.g. "2026-03-29T02:30:00+02:00".
func instant(_ text: String) -> Date {
    guard let date = ISO8601.parse(text) else { preconditionFailure("bad test instant \(text)") }
    return date
}

func zone(_ identifier: String) -> Zone {
    guard let zone = SystemZones.named(identifier) else { preconditionFailure("unknown zone \(identifier)") }
    return zone
}

func time(_ text: String) -> LocalTime {
    guard let time = LocalTime(parsing: text) else { preconditionFailure("bad time \(text)") }
    return time
}

let berlin = zone("Europe/Berlin")
let newYork = zone("America/New_York")
let kolkata = zone("Asia/Kolkata")
