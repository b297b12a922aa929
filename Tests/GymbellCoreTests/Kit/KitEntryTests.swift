import Foundation
import Testing
@testable import GymbellCore

@Suite("Kit: entries typed in the Preferences")
struct KitEntryTests {
    private let english = Messages.english

    private func list(_ text: String, _ unit: WeightUnit = .kg) -> [Double]? {
        try? KitEntry.weights(text, unit: unit, messages: english).get()
    }

    private func refusal(_ text: String, _ unit: WeightUnit = .kg) -> String? {
        if case .failure(let refusal) = KitEntry.weights(text, unit: unit, messages: english) { return refusal.message }
        return nil
    }

    @Test func listsAreSplitByCommasSemicolonsAndSpaces() {
        #expect(list("20, 10, 10, 5, 2.5, 1.25") == [20, 10, 10, 5, 2.5, 1.25])
        #expect(list("20, 10;5  2.5") == [20, 10, 5, 2.5])
        #expect(list("20 ,10") == [20, 10])
        #expect(list("") == [])
        #expect(list("  ,  ") == [])
    }

    /// A German window's "2,5" is two and a half; an English typist's "20,10" is two weights: a comma
    /// between digits in a list is never guessed.
    @Test func aCommaBetweenDigitsInAListIsAskedAboutNotGuessed() {
        #expect(refusal("20, 10, 2,5") == "“2,5”: write 2.5 for one weight, or 2, 5 for two")
        #expect(refusal("20,10") == "“20,10”: write 20.10 for one weight, or 20, 10 for two")
        #expect(refusal("1,25;5") == "“1,25”: write 1.25 for one weight, or 1, 25 for two")
        #expect(list("2.5, 1.25") == [2.5, 1.25])
        let german = KitEntry.weights("2,5", unit: .kg, messages: (try? TranslationCatalogTests.messages("de.po")) ?? Messages { $0 })
        guard case .failure(let refusal) = german else { Issue.record("2,5 taken as \(german)"); return }
        #expect(refusal.message == "„2,5“: schreibe 2.5 für ein Gewicht oder 2, 5 für zwei")
    }

    @Test func aSingleWeightTakesTheDecimalComma() throws {
        #expect(try KitEntry.weight("2,5", unit: .kg, messages: english).get() == 2.5)
        #expect(try KitEntry.weight(" 1,25 ", unit: .kg, messages: english).get() == 1.25)
        #expect(throws: KitEntry.Refusal.self) { try KitEntry.weight("1,2,5", unit: .kg, messages: english).get() }
        #expect(list("45, 25", .lb) == [45 * 0.45359237, 25 * 0.45359237])
    }

    @Test(arguments: [
        ("twenty", "“twenty” is not a weight; write a number like 20 or 2.5"),
        ("-5", "“-5” is not a weight; write a number like 20 or 2.5"),
        ("1e3", "“1e3” is not a weight; write a number like 20 or 2.5"),
        ("nan", "“nan” is not a weight; write a number like 20 or 2.5"),
        ("20 kg", "“kg” is not a weight; write a number like 20 or 2.5"),
        ("0", "0 is out of range; a weight is more than 0 and at most 500 kg"),
        ("500.01", "500.01 is out of range; a weight is more than 0 and at most 500 kg"),
        ("99999999999999999999999999", "99999999999999999999 is out of range; a weight is more than 0 and at most 500 kg"),
        ("\u{0}5", "“5” is not a weight; write a number like 20 or 2.5"),
    ])
    func hostileEntriesAreRefusedWithASentence(text: String, message: String) {
        #expect(refusal(text) == message)
    }

    @Test func limitsAreTheConfigFilesLimits() {
        #expect(list("500") == [500])
        #expect(refusal("1103", .lb) == "1103 is out of range; a weight is more than 0 and at most 1102 lb")
        #expect(list(Array(repeating: "5", count: 40).joined(separator: ", "))?.count == 40)
        #expect(refusal(Array(repeating: "5", count: 41).joined(separator: ", ")) == "41 entries; a list holds at most 40")
        #expect(refusal(String(repeating: "5,", count: 100_000)) == "100\u{202F}000 entries; a list holds at most 40")
    }

    private func handle(_ weight: String, plates: String = "", step: String = "", max: String = "") -> Result<AdjustableHandle?, KitEntry.Refusal> {
        KitEntry.handle(weight: weight, plates: plates, step: step, maximum: max, unit: .kg, messages: english)
    }

    @Test func anAdjustableHandleIsPlatesOrADial() throws {
        #expect(try handle("").get() == nil)
        #expect(try handle("2", plates: "5, 2.5, 1.25").get() == AdjustableHandle(weight: 2, plates: [5, 2.5, 1.25]))
        #expect(try handle("2", step: "2", max: "24").get() == AdjustableHandle(weight: 2, step: 2, maximum: 24))
        #expect(handle("", step: "2", max: "24") == .failure(.init(message: "Give the weight of the empty handle first")))
        #expect(handle("2", step: "2") == .failure(.init(message: "A dial dumbbell needs both its step and its heaviest weight")))
        #expect(handle("2", max: "24") == .failure(.init(message: "A dial dumbbell needs both its step and its heaviest weight")))
        #expect(handle("10", step: "2", max: "8") == .failure(.init(message: "The heaviest weight is lighter than the handle")))
        #expect(handle("1", step: "0.1", max: "500") == .failure(.init(message: "That dial makes over 200 steps; use a larger step")))
        #expect(handle("2", step: "x", max: "24") == .failure(.init(message: "“x” is not a weight; write a number like 20 or 2.5")))
    }

    @Test func aKitIsShownInItsUnitAndRenumberedWhenTheUnitChanges() {
        let kit = Kit(bars: [20], plates: [20, 2.5, 1.25], handle: AdjustableHandle(weight: 2, step: 2, maximum: 24), kettlebells: [16])
        #expect(KitEntry.text(kit.plates, unit: .kg) == "20, 2.5, 1.25")
        #expect(KitEntry.text(kit.handle?.step, unit: .kg) == "2")
        #expect(KitEntry.text(nil, unit: .kg) == "")
        let pounds = kit.renumbered(in: .lb)
        #expect(pounds.unit == .lb)
        #expect(KitEntry.text(pounds.plates, unit: .lb) == "20, 2.5, 1.25")  // the same numbers, now pound plates
        #expect(abs(pounds.bars[0] - 20 * 0.45359237) < 1e-9)
        #expect(KitEntry.text(pounds.handle?.maximum, unit: .lb) == "24")
        #expect(pounds.renumbered(in: .kg) == kit)
    }
}
