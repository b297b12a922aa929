import Foundation
import GymbellCore
import GymbellSettings

// The time helpers the Core and Formats tests share: instants, zones and times written as text.

/// A fixed instant from an ISO 8601 text with offset, e.g. "2026-03-29T02:30:00+02:00".
public func instant(_ text: String) -> Date {
    guard let date = ISO8601.parse(text) else { preconditionFailure("bad test instant \(text)") }
    return date
}

/// A zone of the tz database, read through GLib as the daemon reads it.
public func zone(_ identifier: String) -> Zone {
    guard let zone = SystemZones.named(identifier) else { preconditionFailure("unknown zone \(identifier)") }
    return zone
}

public func time(_ text: String) -> LocalTime {
    guard let time = LocalTime(parsing: text) else { preconditionFailure("bad time \(text)") }
    return time
}

public let berlin = zone("Europe/Berlin")
public let newYork = zone("America/New_York")
public let kolkata = zone("Asia/Kolkata")
