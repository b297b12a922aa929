import Testing

@testable import GymbellCore
import TOML

/// Numbers on the command line and in `config set` are plain decimals (issue 42: `history correct 1
/// --weight 0x10` was taken as 16 kg).
@Suite("Plain decimal numbers")
struct PlainDecimalTests {
    @Test(arguments: [("82.5", 82.5), ("0", 0), ("12", 12), ("007", 7), ("0.25", 0.25), ("2000", 2000), ("1234567890.5", 1_234_567_890.5)])
    func decimalsAreTaken(text: String, value: Double) {
        #expect(PlainDecimal.value(of: text) == value)
    }

    @Test(arguments: ["0x10", "0X10", "1e3", "1E3", "inf", "Infinity", "nan", "NaN", "+5", "-5", "5.", ".5", "1.2.3", "", " 5", "5 ",
                      "1_000", "1,5", "٣", "５", "0b1", "0o7", "0x1p4", "1e-3", String(repeating: "9", count: 65)])
    func everythingElseIsRefused(text: String) {
        #expect(PlainDecimal.value(of: text) == nil, "\(text)")
        #expect(PlainDecimal.whole(text, as: Int.self) == nil, "\(text)")
    }

    @Test func wholeNumbersAreDigitsOnlyAndFitTheirType() {
        #expect(PlainDecimal.whole("12", as: UInt32.self) == 12)
        #expect(PlainDecimal.whole("4294967295", as: UInt32.self) == UInt32.max)
        #expect(PlainDecimal.whole("4294967296", as: UInt32.self) == nil)
        #expect(PlainDecimal.isWhole("4294967296"))
        #expect(PlainDecimal.whole("1.5", as: Int.self) == nil)
        #expect(PlainDecimal.whole("-1", as: Int.self) == nil)
    }

    @Test func configSetTakesTheSameNumbers() throws {
        for text in ["0x10", "1e3", "+5", "inf", "nan", "-5"] {
            #expect(throws: ConfigSettingText.Failure.self, "\(text)") {
                try ConfigSettingText.edits(key: "reminders.snooze_minutes", values: [text])
            }
            #expect(throws: ConfigSettingText.Failure.self, "\(text)") {
                try ConfigSettingText.edits(key: "progress.upper_increment", values: [text])
            }
        }
        #expect(try ConfigSettingText.edits(key: "reminders.snooze_minutes", values: ["15"])
            == [.set(TOMLPath([.key("reminders"), .key("snooze_minutes")]), .integer(15))])
        #expect(try ConfigSettingText.edits(key: "progress.upper_increment", values: ["2.5"])
            == [.set(TOMLPath([.key("progress"), .key("upper_increment")]), .number(2.5))])
    }
}
