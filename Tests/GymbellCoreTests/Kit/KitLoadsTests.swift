import Testing
@testable import GymbellCore

/// Rounding to a kit: nearest, ties down, never beyond the kit; the next weight above; plates per side.
@Suite("Kit loads")
struct KitLoadsTests {
    /// A 20 kg bar with odd plates: one pair of 15, two pairs of 10, one of 2.5.
    static let oddBarbell = Kit(bars: [20], plates: [15, 10, 10, 2.5])
    /// Adjustable dumbbells from 2 to 24 kg in 2 kg steps.
    static let dialDumbbells = Kit(handle: AdjustableHandle(weight: 2, step: 2, maximum: 24))
    static let kettlebells = Kit(kettlebells: [12, 16, 24])
    /// A 45 lb bar with lb plates (two pairs of 45).
    static let poundPlates = Kit(unit: .lb, bars: [45 * lb], plates: [45 * lb, 45 * lb, 25 * lb, 10 * lb, 5 * lb, 2.5 * lb])
    static let lb = 0.45359237

    @Test func aBarbellWithOddPlatesMakesOnlyItsSums() {
        let weights = KitLoads.loads(.barbell, in: Self.oddBarbell).map(\.kilograms)
        #expect(weights == [20, 25, 40, 45, 50, 55, 60, 65, 70, 75, 90, 95])
    }

    @Test(arguments: [
        (80.0, 75.0),   // 5 from 75, 10 from 90
        (82.5, 75.0),   // halfway between 75 and 90: the lighter
        (83.0, 90.0),
        (200.0, 95.0),  // never beyond the kit
        (10.0, 20.0),   // below the bar: the bar
        (60.0, 60.0),
    ])
    func barbellRoundsToTheNearestTiesDown(planned: Double, loaded: Double) {
        let loads = KitLoads.loads(.barbell, in: Self.oddBarbell)
        #expect(KitLoads.nearest(to: planned, in: loads)?.kilograms == loaded)
    }

    @Test func platesPerSideAreTheFewestThatMakeIt() {
        let loads = KitLoads.loads(.barbell, in: Self.oddBarbell)
        #expect(KitLoads.nearest(to: 60, in: loads)?.perSide == [10, 10], "20 a side without a pair of 20s")
        #expect(KitLoads.nearest(to: 70, in: loads)?.perSide == [15, 10])
        #expect(KitLoads.nearest(to: 20, in: loads)?.perSide == [])
        #expect(KitLoads.next(above: 75, in: loads)?.kilograms == 90)
        #expect(KitLoads.next(above: 95, in: loads) == nil)
    }

    @Test(arguments: [
        (14.5, 14.0), (13.0, 12.0), (15.0, 14.0), (1.0, 2.0), (30.0, 24.0),
    ])
    func adjustableDumbbellsInTwoKilogramSteps(planned: Double, loaded: Double) {
        #expect(KitLoads.nearest(to: planned, in: KitLoads.loads(.dumbbell, in: Self.dialDumbbells))?.kilograms == loaded)
    }

    @Test func theOverloadStepIsTheNextWeightTheKitMakes() {
        let dumbbells = KitLoads.loads(.dumbbell, in: Self.dialDumbbells)
        #expect(KitLoads.step(from: 12, by: 2.5, in: dumbbells)?.kilograms == 14, "not 14.5")
        #expect(KitLoads.step(from: 12, by: 5, in: dumbbells)?.kilograms == 16, "legs: 17 is halfway, the lighter")
        #expect(KitLoads.step(from: 24, by: 2.5, in: dumbbells) == nil, "the top of the dial")
        let bells = KitLoads.loads(.kettlebell, in: Self.kettlebells)
        #expect(KitLoads.step(from: 16, by: 2.5, in: bells)?.kilograms == 24, "18.5 rounds to 16: at least the next bell")
        #expect(KitLoads.step(from: 12, by: 2.5, in: bells)?.kilograms == 16)
        #expect(KitLoads.step(from: 24, by: 2.5, in: bells) == nil)
        let bar = KitLoads.loads(.barbell, in: Self.oddBarbell)
        #expect(KitLoads.step(from: 60, by: 5, in: bar)?.kilograms == 65)
        #expect(KitLoads.step(from: 75, by: 2.5, in: bar)?.kilograms == 90)
    }

    @Test(arguments: [
        (20.0, 16.0), (21.0, 24.0), (30.0, 24.0), (4.0, 12.0), (16.0, 16.0),
    ])
    func kettlebellsTwelveSixteenTwentyFour(planned: Double, loaded: Double) {
        #expect(KitLoads.nearest(to: planned, in: KitLoads.loads(.kettlebell, in: Self.kettlebells))?.kilograms == loaded)
    }

    @Test func poundPlatesInPounds() {
        let kit = Self.poundPlates
        #expect(kit.rounded(135, unit: .lb, exercise: "Squat") == 135)
        #expect(kit.rounded(137, unit: .lb, exercise: "Squat") == 135)
        #expect(kit.rounded(138, unit: .lb, exercise: "Squat") == 140)
        #expect(kit.overloadStep(from: 135, by: 5, unit: .lb, exercise: "Squat") == .step(140))
        #expect(kit.loadText(225, unit: .lb, exercise: "Squat", messages: .english) == "225 lb — 45 + 45 per side")
    }

    @Test func mixedUnitsAreConverted() {
        // A kg exercise on a lb kit: 60 kg is 132.28 lb, nearer 130 lb (58.97 kg) than 135.
        #expect(Self.poundPlates.rounded(60, unit: .kg, exercise: "Squat") == 58.97)
        #expect(Self.poundPlates.loadText(60, unit: .kg, exercise: "Squat", messages: .english)
                == "58.97 kg — 25 + 10 + 5 + 2.5 lb per side")
        // A kg kit with a pair of 10 lb plates among its own.
        let mixed = Kit(bars: [20], plates: [10, 10 * Self.lb])
        #expect(KitLoads.loads(.barbell, in: mixed).map { Kit.amount($0.kilograms, in: .kg) } == [20, 29.07, 40, 49.07])
    }

    @Test func theNotificationTextNamesThePlatesWhereTheyHelp() {
        let kit = Kit(bars: [20], plates: [20, 10, 5, 2.5, 1.25])
        #expect(kit.loadText(80, unit: .kg, exercise: "Bench Press", messages: .english) == "80 kg — 20 + 10 per side")
        #expect(kit.loadText(20, unit: .kg, exercise: "Bench Press", messages: .english) == "20 kg")
        #expect(Self.kettlebells.loadText(18, unit: .kg, exercise: "Kettlebell Swing", messages: .english) == "16 kg")
        #expect(kit.loadText(18, unit: .kg, exercise: "Plank", messages: .english) == "18 kg", "not rounded: no clue")
    }

    @Test(arguments: [
        ("Dumbbell Bench Press", Implement.dumbbell), ("Bench Press (Dumbbell)", .dumbbell), ("DB Row", .dumbbell),
        ("Kettlebell Swing", .kettlebell), ("KB Goblet Squat", .kettlebell), ("Squat (Barbell)", .barbell),
        ("Bench Press", .barbell), ("Pull-up", .bodyweight), ("Banded Row", .bodyweight), ("Bicep Curl", nil),
    ] as [(String, Implement?)])
    func theImplementIsGuessedFromTheName(name: String, implement: Implement?) {
        #expect(Implement.guess(from: name) == implement)
    }

    @Test func theKitSaysWhatAnExerciseUsesWhereTheNameDoesNot() {
        var kit = Self.kettlebells
        kit.implements["Goblet Squat"] = .kettlebell
        #expect(kit.rounded(18, unit: .kg, exercise: "Goblet Squat") == 16)
        #expect(kit.rounded(18, unit: .kg, exercise: "Bench Press") == 18, "a barbell exercise on a kit without a bar: as planned")
        #expect(kit.overloadStep(from: 18, by: 2.5, unit: .kg, exercise: "Bench Press") == .notRounded)
    }

    @Test func aHostileKitStaysBounded() {
        // Forty pairs of distinct odd plates would make 2^40 sums: the search stops at its limit.
        let plates: [Double] = (1...40).map { (n: Int) -> Double in
            let x = Double(n)
            return 1 + x * 0.001 + x * x * 0.0000013
        }
        let loads = KitLoads.loads(.barbell, in: Kit(bars: [20], plates: plates))
        #expect(loads.count <= KitLoads.limit)
        #expect(loads.first?.kilograms == 20)
    }
}
