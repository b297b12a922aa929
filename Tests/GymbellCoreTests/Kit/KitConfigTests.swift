import Foundation
import Testing
@testable import GymbellCore

@Suite("Config: [kit]")
struct KitConfigTests {
    private static func diagnostics(_ text: String) -> [String] {
        do {
            _ = try ConfigParser.parse(text, path: "config.toml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func aWholeKitDecodes() throws {
        let text = """
            [kit]
            unit = "kg"
            bars = [20, 10]
            plates = [20, 10, 10, 5, 2.5, "2.5 lb"]
            dumbbells = [5, 7.5]
            dumbbell_handle = 2
            dumbbell_step = 2
            dumbbell_max = 24
            kettlebells = [12, 16, 24]
            warm_up = true

            [kit.implements]
            "Goblet Squat" = "kettlebell"
            "Floor Press" = "Dumbbell"
            """
        let kit = try #require(try ConfigParser.parse(text, path: "config.toml").kit)
        #expect(kit.bars == [20, 10])
        #expect(kit.plates == [20, 10, 10, 5, 2.5, 2.5 * 0.45359237])
        #expect(kit.dumbbells == [5, 7.5])
        #expect(kit.handle == AdjustableHandle(weight: 2, step: 2, maximum: 24))
        #expect(kit.kettlebells == [12, 16, 24])
        #expect(kit.warmUp)
        #expect(kit.implements == ["Goblet Squat": .kettlebell, "Floor Press": .dumbbell])
    }

    @Test func aPoundKitIsKeptInKilograms() throws {
        let kit = try #require(try ConfigParser.parse("[kit]\nunit = \"lb\"\nbars = [45]\nplates = [45, \"20 kg\"]\n", path: "c").kit)
        #expect(kit.unit == .lb)
        #expect(kit.bars == [45 * 0.45359237])
        #expect(kit.plates == [45 * 0.45359237, 20])
    }

    @Test func withoutAKitNothingChanges() throws {
        let config = try ConfigParser.parse("[progress]\noverload = true\n", path: "c")
        #expect(config.kit == nil)
        #expect(ConfigParser.defaultConfig().kit == nil, "the default file has no kit: every weight as written")
    }

    @Test func theDefaultFileDocumentsTheKit() {
        let text = ConfigParser.defaultText
        for line in ["# [kit]", "# bars = [20]", "# plates = [20, 10, 5, 2.5, 1.25]", "# warm_up = false", "# [kit.implements]"] {
            #expect(text.contains("\n\(line)"), "default-config.toml lacks \(line)")
        }
    }

    @Test(arguments: [
        ("[kit]\nplates = [-5]\n", ["config.toml:2:11: kit.plates[0]: -5 is out of range; a weight is more than 0 and at most 500 kg"]),
        ("[kit]\nbars = [1e308]\n", ["config.toml:2:9: kit.bars[0]: 1e+308 is out of range; a weight is more than 0 and at most 500 kg"]),
        ("[kit]\nbars = [\"NaN kg\"]\n", ["config.toml:2:9: kit.bars[0]: \"NaN kg\" is not a weight; write a number like 20 or a string like \"45 lb\""]),
        ("[kit]\nbars = [nan]\n", ["config.toml:2:9: kit.bars[0]: expected a weight like 20 or \"45 lb\", got number nan"]),
        ("[kit]\nkettlebells = 16\n", ["config.toml:2:15: kit.kettlebells: expected a list of weights like [20, 10, 5, 2.5], got integer 16"]),
        ("[kit]\nunit = \"stone\"\n", ["config.toml:2:8: kit.unit: \"stone\" is not a unit; use \"kg\" or \"lb\""]),
        ("[kit]\ndumbbell_step = 2\n", ["config.toml:2:1: [kit] gives dumbbell_step without dumbbell_handle, the weight of the empty handle"]),
        ("[kit]\ndumbbell_handle = 2\ndumbbell_step = 2\n",
         ["config.toml:3:1: [kit] gives dumbbell_step without dumbbell_max; a dial dumbbell needs both, e.g. dumbbell_step = 2 and dumbbell_max = 24"]),
        ("[kit]\ndumbbell_handle = 2\ndumbbell_step = 0.01\ndumbbell_max = 40\n",
         ["config.toml:3:17: kit.dumbbell_step: from dumbbell_handle to dumbbell_max makes over 200 steps; use a larger step"]),
        ("[kit]\nplate = [20]\n", ["config.toml:2:1: unknown key \"plate\" in [kit]; did you mean \"plates\"?"]),
        ("[kit.implements]\nSquat = \"sandbag\"\n",
         ["config.toml:2:9: kit.implements.Squat: \"sandbag\" is not an implement; use \"barbell\", \"dumbbell\", \"kettlebell\" or \"bodyweight\""]),
    ] as [(String, [String])])
    func aHostileKitIsALocatedError(text: String, expected: [String]) {
        #expect(Self.diagnostics(text) == expected, "\(text)")
    }

    @Test func tenThousandPlatesAreOneLocatedError() {
        let plates = Array(repeating: "20", count: 10_000).joined(separator: ", ")
        #expect(Self.diagnostics("[kit]\nplates = [\(plates)]\n")
                == ["config.toml:2:10: kit.plates: 10\u{202F}000 entries; a kit lists at most 40 here (each plate entry is a pair)"])
    }
}
