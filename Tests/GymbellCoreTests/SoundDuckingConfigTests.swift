import Testing

@testable import GymbellCore

/// `[sound] duck`: read as written, mistakes located (file:line:column) and worded.
@Suite("Config: [sound] duck")
struct SoundDuckingConfigTests {
    private static func parsed(_ value: String) throws -> SoundDucking {
        try ConfigParser.parse("[sound]\nduck = \(value)\n", path: "config.toml").sound.duck
    }

    private static func diagnostics(_ value: String) -> [String] {
        do {
            _ = try ConfigParser.parse("[sound]\nenabled = true\nduck = \(value)\n", path: "config.toml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func offUnlessWritten() throws {
        #expect(try ConfigParser.parse("[sound]\nenabled = true\n", path: "c").sound.duck == .off)
        #expect(Config().sound.duck == .off && SoundDucking.off.percent == nil)
    }

    @Test("accepted values", arguments: [
        ("false", SoundDucking.off), ("true", .lower(percent: 30)), ("\"30%\"", .lower(percent: 30)),
        ("\"0%\"", .lower(percent: 0)), ("\"99%\"", .lower(percent: 99)), ("\"5%\"", .lower(percent: 5)),
        ("\"007%\"", .lower(percent: 7)), ("\"pause\"", .pause),
    ])
    func accepted(_ text: String, _ expected: SoundDucking) throws {
        #expect(try Self.parsed(text) == expected)
        #expect(try Self.parsed(expected.configText) == expected)  // written back as read
    }

    @Test("mistakes, each located at the value", arguments: [
        ("\"30\"", "config.toml:3:8: sound.duck: \"30\" is not a share of the volume; use true, false, \"pause\" or a share of the volume like \"30%\""),
        ("\"loud\"", "config.toml:3:8: sound.duck: \"loud\" is not a share of the volume; use true, false, \"pause\" or a share of the volume like \"30%\""),
        ("\"-5%\"", "config.toml:3:8: sound.duck: \"-5%\" is not a share of the volume; use true, false, \"pause\" or a share of the volume like \"30%\""),
        ("\"+5%\"", "config.toml:3:8: sound.duck: \"+5%\" is not a share of the volume; use true, false, \"pause\" or a share of the volume like \"30%\""),
        ("\"100%\"", "config.toml:3:8: sound.duck: \"100%\" is out of range; use \"0%\" (silent) to \"99%\", \"pause\", or false to leave other audio alone"),
        ("\"99999999999999999999999%\"", "config.toml:3:8: sound.duck: \"99999999999999999999999%\" is not a share of the volume; use true, false, \"pause\" or a share of the volume like \"30%\""),
        ("\"Pause\"", "config.toml:3:8: sound.duck: \"Pause\" is not a share of the volume; use true, false, \"pause\" or a share of the volume like \"30%\""),
        ("30", "config.toml:3:8: sound.duck: expected true, false, \"pause\" or a share of the volume like \"30%\", got integer 30"),
        ("\"\"", "config.toml:3:8: sound.duck: \"\" is not a share of the volume; use true, false, \"pause\" or a share of the volume like \"30%\""),
        ("\"3\\u0000%\"", "config.toml:3:8: sound.duck: \"3\\u0000%\" is not a share of the volume; use true, false, \"pause\" or a share of the volume like \"30%\""),
    ])
    func mistakes(_ text: String, _ message: String) {
        #expect(Self.diagnostics(text) == [message])
    }
}
