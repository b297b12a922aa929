import Foundation
import Testing
import GymbellCore

@Suite("Duration text: 40s, 2m, 1m30s, 2h, plain seconds")
struct DurationTextTests {
    @Test("accepted spellings", arguments: [
        ("40s", 40.0), ("2m", 120), ("1m30s", 90), ("2h", 7200), ("1h30m", 5400), ("1h2m3s", 3723),
        ("1h30s", 3630), ("90", 90), ("0", 0), ("0s", 0), ("1.5s", 1.5), ("0.5", 0.5), ("2m0.25s", 120.25),
        ("90s", 90), ("150m", 9000), ("007s", 7), (" 2m ", 120),
    ] as [(String, TimeInterval)])
    func parses(text: String, seconds: TimeInterval) {
        #expect(DurationText.parse(text) == seconds)
    }

    @Test("rejected spellings", arguments: [
        "", " ", "-5", "-5s", "s", "m30s", "1x", "10ms", "1d", "2M", "1m 30s", "1 m", "30s1m", "1m1m", "1s1s",
        "1h1h", "1m30", "1.5m", "1.5h", ".5", "5.", "1..5", "1e3", "+5", "1h-30m", "∞", "1,5s", "1_000",
    ])
    func rejects(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test("shortest format", arguments: [
        (0.0, "0s"), (1, "1s"), (59, "59s"), (60, "1m"), (90, "1m30s"), (3600, "1h"), (3630, "1h30s"),
        (3723, "1h2m3s"), (86400, "24h"), (1.5, "1.5s"), (0.25, "0.25s"), (60.5, "1m0.5s"), (3600.1, "1h0.1s"),
        (0.000001, "0.000001s"), (100 * 3600, "100h"),
    ] as [(TimeInterval, String)])
    func formats(seconds: TimeInterval, text: String) {
        #expect(DurationText.format(seconds) == text)
    }

    @Test("format then parse gives the seconds back", arguments: [
        0.0, 0.5, 1, 1.5, 20, 40, 59.999, 60, 90, 119.25, 3599, 3600, 3601.1, 5400, 7200, 86399, 86400, 123_456.789,
    ])
    func roundTripsSeconds(seconds: TimeInterval) throws {
        let parsed = try #require(DurationText.parse(DurationText.format(seconds)))
        #expect(abs(parsed - seconds) < 1e-9)
    }

    @Test("parse then format gives the canonical spelling", arguments: [
        ("90", "1m30s"), ("90s", "1m30s"), ("60m", "1h"), ("0m", "0s"), ("1h0m0s", "1h"), ("0.50s", "0.5s"),
        ("1m30s", "1m30s"),
    ])
    func canonicalSpelling(text: String, canonical: String) throws {
        let seconds = try #require(DurationText.parse(text))
        #expect(DurationText.format(seconds) == canonical)
    }
}
