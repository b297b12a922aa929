import Foundation
import GymbellSettings
import Testing
@testable import GymbellCore

/// The zone source that replaced Foundation's `TimeZone` (GLib's GTimeZone over the tz database) gives
/// the same offsets as ICU, which the tests still link (only the shipped binary is without it).
@Suite("Zones from GLib agree with ICU")
struct ZoneSourceTests {
    /// Up to 2037, where Debian's and Ubuntu's ("fat") TZif files list every transition. Beyond that GLib
    /// 2.74 evaluates the file's POSIX footer itself and gets one zone wrong: Europe/Dublin's negative
    /// daylight saving (`IST-1GMT0,M10.5.0,M3.5.0/1`) comes out as +2 h in winter from 2038 on. No
    /// reminder is planned that far ahead; other zones agree to 2100 (`farFuture`).
    @Test("offsets from 1970 to 2037", arguments: [
        "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Australia/Sydney", "Asia/Kolkata",
        "America/Sao_Paulo", "Africa/Casablanca", "Pacific/Chatham", "America/St_Johns", "Europe/Dublin", "UTC",
    ])
    func agreesWithICU(identifier: String) throws {
        let ours = try #require(SystemZones.named(identifier))
        let icu = try #require(TimeZone(identifier: identifier))
        var probe = instant("1970-01-01T00:00:00Z")
        var disagreements: [String] = []
        while probe < instant("2038-01-01T00:00:00Z") {
            if ours.secondsFromGMT(for: probe) != icu.secondsFromGMT(for: probe) {
                disagreements.append("\(probe): \(ours.secondsFromGMT(for: probe)) vs \(icu.secondsFromGMT(for: probe))")
            }
            probe = probe.addingTimeInterval(86_400 * 5 + 3_607)  // drifts through every hour of the day
        }
        #expect(disagreements.isEmpty, "\(identifier): \(disagreements.prefix(5))")
    }

    @Test("offsets from 2038 to 2100, the footer's rule", arguments: [
        "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Sao_Paulo", "Pacific/Chatham",
    ])
    func farFuture(identifier: String) throws {
        let ours = try #require(SystemZones.named(identifier))
        let icu = try #require(TimeZone(identifier: identifier))
        var probe = instant("2038-01-01T00:00:00Z")
        while probe < instant("2100-01-01T00:00:00Z") {
            #expect(ours.secondsFromGMT(for: probe) == icu.secondsFromGMT(for: probe), "\(identifier) at \(probe)")
            probe = probe.addingTimeInterval(86_400 * 11 + 3_607)
        }
    }

    @Test func transitionsToTheSecond() throws {
        let berlin = try #require(SystemZones.named("Europe/Berlin"))
        #expect(berlin.secondsFromGMT(for: instant("2026-03-29T00:59:59Z")) == 3600)
        #expect(berlin.secondsFromGMT(for: instant("2026-03-29T01:00:00Z")) == 7200)
        #expect(berlin.abbreviation(for: instant("2026-03-29T01:00:00Z")) == "CEST")
        #expect(berlin.isDaylightSavingTime(for: instant("2026-07-01T00:00:00Z")))
        #expect(!berlin.isDaylightSavingTime(for: instant("2026-12-01T00:00:00Z")))
        // Lord Howe moves its clock by half an hour.
        let lordHowe = try #require(SystemZones.named("Australia/Lord_Howe"))
        #expect(lordHowe.secondsFromGMT(for: instant("2026-01-15T00:00:00Z")) == 11 * 3600)
        #expect(lordHowe.secondsFromGMT(for: instant("2026-07-15T00:00:00Z")) == 10 * 3600 + 1800)
        // Far beyond the file's explicit transitions, the footer's rule.
        #expect(berlin.secondsFromGMT(for: instant("2391-07-01T00:00:00Z")) == 7200)
    }

    @Test func unknownNamesAreNoZone() {
        #expect(SystemZones.named("Not/AZone") == nil)
        #expect(SystemZones.named("") == nil)
    }

    @Test func fixedOffsetsAndRules() throws {
        #expect(Zone.utc.identifier == "UTC")
        #expect(Zone.fixed(secondsFromGMT: 19_800).identifier == "UTC+05:30")
        #expect(Zone.fixed(secondsFromGMT: -3600).secondsFromGMT(for: Date()) == -3600)
        let rule = try #require(PosixTimeZoneRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3"))
        let zone = Zone(rule)
        #expect(zone.abbreviation(for: instant("2026-07-01T00:00:00Z")) == "CEST")
        #expect(zone.abbreviation(for: instant("2026-01-01T00:00:00Z")) == "CET")
        #expect(zone == Zone(rule))
        #expect(zone != SystemZones.named("Europe/Berlin"))
    }
}
