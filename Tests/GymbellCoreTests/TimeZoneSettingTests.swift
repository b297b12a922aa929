import Foundation
import Testing
import GymbellSettings
@testable import GymbellCore

@Suite("TZ in every form glibc reads, and POSIX rules")
struct TimeZoneSettingTests {
    private static let reference = instant("2026-11-22T12:00:00Z")

    /// A fake file system: the zone files the tests name, with their links resolved and footers.
    private static func zoneFile(_ path: String) -> TimeZoneSetting.ZoneFile? {
        switch path {
        case "/usr/share/zoneinfo/Europe/Berlin", "/etc/localtime-link":
            TimeZoneSetting.ZoneFile(resolvedPath: "/usr/share/zoneinfo/Europe/Berlin", footer: nil)
        case "/usr/share/zoneinfo/posix/America/New_York":
            TimeZoneSetting.ZoneFile(resolvedPath: path, footer: nil)
        case "/tmp/copied-zone":  // a copy outside the tz database: only its footer says what it is
            TimeZoneSetting.ZoneFile(resolvedPath: path, footer: "CET-1CEST,M3.5.0,M10.5.0/3")
        case "/tmp/not-a-zone":
            TimeZoneSetting.ZoneFile(resolvedPath: path, footer: nil)
        default: nil
        }
    }

    private static func zone(_ tz: String) -> Zone {
        TimeZoneSetting.zone(forTZ: tz, named: SystemZones.named, zoneFile: zoneFile)
    }

    /// Instants across both 2026 transitions of Europe/Berlin and a year around them.
    private static let probes = [
        "2026-01-15T12:00:00Z", "2026-03-29T00:59:59Z", "2026-03-29T01:00:00Z", "2026-07-01T12:00:00Z",
        "2026-10-25T00:59:59Z", "2026-10-25T01:00:00Z", "2026-12-24T18:00:00Z", "2027-03-28T01:00:00Z",
        "2027-10-31T00:59:59Z",
    ].map(instant)

    @Test("every spelling of Berlin gives Berlin's offsets", arguments: [
        "Europe/Berlin", ":Europe/Berlin", ":/usr/share/zoneinfo/Europe/Berlin", "/usr/share/zoneinfo/Europe/Berlin",
        "CET-1CEST,M3.5.0,M10.5.0/3", ":CET-1CEST,M3.5.0,M10.5.0/3", "CET-1CEST,M3.5.0/2,M10.5.0/3",
        "<+01>-01:00<+02>,M3.5.0,M10.5.0/03:00", "XYZ-1ABC,M3.5.0,M10.5.0/3", ":/tmp/copied-zone",
    ])
    func berlin(tz: String) {
        let zone = Self.zone(tz)
        for probe in Self.probes {
            #expect(zone.secondsFromGMT(for: probe) == GymbellCoreTests.berlin.secondsFromGMT(for: probe),
                    "\(tz) at \(probe): \(zone.identifier)")
        }
    }

    @Test("other forms", arguments: [
        ("America/New_York", "America/New_York"),
        (":/usr/share/zoneinfo/posix/America/New_York", "America/New_York"),
        ("EST5EDT,M3.2.0,M11.1.0", "America/New_York"),
        ("EST5EDT", "America/New_York"),  // a dst name without rules takes glibc's default, the US rule
        ("IST-5:30", "Asia/Kolkata"),
        ("<+0530>-5:30", "Asia/Kolkata"),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", "Australia/Sydney"),  // southern: DST across the new year
        ("UTC0", "UTC"), ("", "UTC"), (":", "UTC"), ("Not/AZone", "UTC"), ("/tmp/not-a-zone", "UTC"),
    ])
    func otherForms(tz: String, expectedZone: String) {
        let zone = Self.zone(tz)
        let expected = GymbellCoreTests.zone(expectedZone)
        var probe = instant("2026-01-01T00:30:00Z")
        while probe < instant("2028-01-01T00:00:00Z") {
            #expect(zone.secondsFromGMT(for: probe) == expected.secondsFromGMT(for: probe), "\(tz) at \(probe)")
            probe = probe.addingTimeInterval(6 * 3600 + 17)
        }
    }

    @Test func zoneFilePathsNameTheirZone() {
        #expect(TimeZoneSetting.identifier(fromZoneFilePath: "/usr/share/zoneinfo/Europe/Berlin") == "Europe/Berlin")
        #expect(TimeZoneSetting.identifier(fromZoneFilePath: "/usr/share/zoneinfo/right/Asia/Kolkata") == "Asia/Kolkata")
        #expect(TimeZoneSetting.identifier(fromZoneFilePath: "/opt/tz/zoneinfo/UTC") == "UTC")
        #expect(TimeZoneSetting.identifier(fromZoneFilePath: "/etc/localtime") == nil)
        let localtime = TimeZoneSetting.zone(of: Self.zoneFile("/etc/localtime-link")!, named: SystemZones.named)
        #expect(localtime?.identifier == "Europe/Berlin")
    }
}

@Suite("POSIX TZ rules")
struct PosixTimeZoneRuleTests {
    @Test func parsesEveryPart() throws {
        let rule = try #require(PosixTimeZoneRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(rule.standardName == "CET")
        #expect(rule.standardSecondsFromGMT == 3600)
        #expect(rule.daylightSaving?.name == "CEST")
        #expect(rule.daylightSaving?.secondsFromGMT == 7200)
        #expect(rule.daylightSaving?.start == .init(day: .monthWeekDay(month: 3, week: 5, weekday: 0), time: 7200))
        #expect(rule.daylightSaving?.end == .init(day: .monthWeekDay(month: 10, week: 5, weekday: 0), time: 10800))

        let julian = try #require(PosixTimeZoneRule(parsing: "<-03>3<-02>,J60/-1,300/25:30"))
        #expect(julian.standardSecondsFromGMT == -3 * 3600)
        #expect(julian.daylightSaving?.start == .init(day: .julianNoLeap(60), time: -3600))
        #expect(julian.daylightSaving?.end == .init(day: .zeroBased(300), time: 25 * 3600 + 1800))
    }

    @Test("not rules", arguments: ["", "CE-1", "CET", "CET-1CEST,M3.5.0", "CET-1CEST,M13.1.0,M10.5.0", "CET-25",
                                   "CET-1CEST,M3.5.0,M10.5.0/3x", "Europe/Berlin", "<+01-1"])
    func rejects(text: String) {
        #expect(PosixTimeZoneRule(parsing: text) == nil)
    }

    @Test("offsets at the transitions", arguments: [
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-03-29T00:59:59Z", 3600),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-03-29T01:00:00Z", 7200),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-10-25T00:59:59Z", 7200),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-10-25T01:00:00Z", 3600),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2026-04-04T15:59:59Z", 39600),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2026-04-04T16:00:00Z", 36000),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2026-12-31T23:00:00Z", 39600),
        ("EST5EDT,0/0,J365/25", "2026-06-01T00:00:00Z", -14400),  // daylight saving all year
        ("EST5EDT,0/0,J365/25", "2026-12-31T23:59:59Z", -14400),
    ])
    func offsets(rule text: String, at moment: String, expected: Int) throws {
        let rule = try #require(PosixTimeZoneRule(parsing: text))
        #expect(rule.secondsFromGMT(for: instant(moment)) == expected)
    }

    @Test func nextTransitionFollowsTheRule() throws {
        let rule = try #require(PosixTimeZoneRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(rule.nextTransition(after: instant("2026-01-01T00:00:00Z")) == instant("2026-03-29T01:00:00Z"))
        #expect(rule.nextTransition(after: instant("2026-03-29T01:00:00Z")) == instant("2026-10-25T01:00:00Z"))
        #expect(PosixTimeZoneRule(parsing: "IST-5:30")?.nextTransition(after: instant("2026-01-01T00:00:00Z")) == nil)
    }

    @Test func aRuleNoZoneFollowsIsExact() throws {
        // Daylight saving from 1 February to 1 December: no tz database zone does that, the rule is the zone.
        let zone = TimeZoneSetting.zone(forTZ: "ODD-3ODDS,J32,J335", named: { _ in nil }) { _ in nil }
        #expect(zone.identifier == "ODD-3ODDS,J32,J335")
        #expect(zone.secondsFromGMT(for: instant("2026-01-15T00:00:00Z")) == 3 * 3600)
        #expect(zone.secondsFromGMT(for: instant("2026-06-01T00:00:00Z")) == 4 * 3600)
        #expect(zone.abbreviation(for: instant("2026-06-01T00:00:00Z")) == "ODDS")
        #expect(zone.isDaylightSavingTime(for: instant("2026-06-01T00:00:00Z")))
        #expect(zone.abbreviation(for: instant("2026-12-15T00:00:00Z")) == "ODD")
    }
}
