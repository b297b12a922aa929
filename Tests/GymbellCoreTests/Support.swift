import Foundation
import GymbellSettings
@testable import GymbellCore

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

/// A reproducible random source (SplitMix64), for the seeded differential tests.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476C_E5B9_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
