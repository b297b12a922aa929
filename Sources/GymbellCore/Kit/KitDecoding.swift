import FoundationEssentials
import TOML

/// `[kit]`: what a person lifts with. Weights are numbers in the kit's `unit` (kg unless it says lb)
/// or strings with their own unit ("10 lb"), each more than 0 and at most 500 kg; a list holds at
/// most `entryLimit` entries.
enum KitDecoding {
    static let keys = [
        "unit", "bars", "plates", "dumbbells", "dumbbell_handle", "dumbbell_plates", "dumbbell_step", "dumbbell_max",
        "kettlebells", "warm_up", "implements",
    ]
    static let entryLimit = 40
    /// The heaviest single weight a kit lists, in kilograms.
    static let heaviest = 500.0
    /// How many weights an adjustable dumbbell may step through.
    static let stepLimit = 200

    static func decode(_ table: [String: TOMLValue], reader: inout ConfigReader) -> Kit? {
        let path: TOMLPath = [.key("kit")]
        reader.rejectUnknownKeys(of: table, at: path, known: keys, elsewhere: ConfigParser.sectionHolding)
        let before = reader.diagnostics.count
        var kit = Kit()
        if let value = table["unit"] {
            let unitPath = path.appending("unit")
            if let text = reader.string(value, at: unitPath, expected: "\"kg\" or \"lb\""), let unit = WeightUnit(configured: text) {
                kit.unit = unit
            } else if case .string = value {
                reader.reportValue(unitPath, "\(value.literal) is not a unit; use \"kg\" or \"lb\"")
            }
        }
        func list(_ key: String) -> [Double] {
            table[key].flatMap { weights($0, at: path.appending(key), unit: kit.unit, reader: &reader) } ?? []
        }
        func single(_ key: String) -> Double? {
            table[key].flatMap { weight($0, at: path.appending(key), unit: kit.unit, reader: &reader) }
        }
        kit.bars = list("bars")
        kit.plates = list("plates")
        kit.dumbbells = list("dumbbells")
        kit.kettlebells = list("kettlebells")
        let handlePlates = list("dumbbell_plates")
        let step = single("dumbbell_step")
        let maximum = single("dumbbell_max")
        if let handle = single("dumbbell_handle") {
            kit.handle = AdjustableHandle(weight: handle, plates: handlePlates, step: step, maximum: maximum)
            if (step == nil) != (maximum == nil) {
                let (given, missing) = step == nil ? ("dumbbell_max", "dumbbell_step") : ("dumbbell_step", "dumbbell_max")
                reader.reportKey(path.appending(given), "[kit] gives \(given) without \(missing); a dial dumbbell needs both, e.g. dumbbell_step = 2 and dumbbell_max = 24")
            } else if let step, let maximum {
                if maximum < handle {
                    reader.reportValue(path.appending("dumbbell_max"), "\(WeightUnit.number(Kit.amount(maximum, in: kit.unit))) is lighter than dumbbell_handle")
                } else if (maximum - handle) / step > Double(stepLimit) {
                    reader.reportValue(path.appending("dumbbell_step"), "from dumbbell_handle to dumbbell_max makes over \(stepLimit) steps; use a larger step")
                }
            }
        } else {
            for key in ["dumbbell_plates", "dumbbell_step", "dumbbell_max"] where table[key] != nil {
                reader.reportKey(path.appending(key), "[kit] gives \(key) without dumbbell_handle, the weight of the empty handle")
            }
        }
        if let value = table["warm_up"], let flag = reader.bool(value, at: path.appending("warm_up")) { kit.warmUp = flag }
        if let value = table["implements"] { kit.implements = implements(value, at: path.appending("implements"), reader: &reader) }
        return reader.diagnostics.count == before ? kit : nil
    }

    /// A list of weights, at most `entryLimit` of them.
    private static func weights(_ value: TOMLValue, at path: TOMLPath, unit: WeightUnit, reader: inout ConfigReader) -> [Double]? {
        guard case .array(let elements) = value else {
            reader.reportWrongType(path, expected: "a list of weights like [20, 10, 5, 2.5]", got: value)
            return nil
        }
        guard elements.count <= entryLimit else {
            reader.reportValue(path, "\(Messages.grouped(elements.count)) entries; a kit lists at most \(entryLimit) here (each plate entry is a pair)")
            return nil
        }
        let read = elements.enumerated().map { weight($0.element, at: path.appending(index: $0.offset), unit: unit, reader: &reader) }
        let valid = read.compactMap { $0 }
        return valid.count == read.count ? valid : nil
    }

    /// One weight in kilograms: a number in `unit`, or a string like "10 lb" or "2.5 kg".
    private static func weight(_ value: TOMLValue, at path: TOMLPath, unit: WeightUnit, reader: inout ConfigReader) -> Double? {
        var amount: Double
        var entryUnit = unit
        switch value {
        case .integer(let whole): amount = Double(whole)
        case .float(let real) where real.isFinite: amount = real
        case .string(let text):
            let parts = text.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2, let number = Double(parts[0]), number.isFinite, let given = WeightUnit(configured: String(parts[1])) else {
                reader.reportValue(path, "\(value.literal) is not a weight; write a number like 20 or a string like \"45 lb\"")
                return nil
            }
            amount = number
            entryUnit = given
        default:
            reader.reportWrongType(path, expected: "a weight like 20 or \"45 lb\"", got: value)
            return nil
        }
        let kilograms = entryUnit.kilograms(amount)
        guard kilograms > 0, kilograms <= heaviest else {
            let most = entryUnit == .kg ? "500 kg" : "1102 lb"
            reader.reportValue(path, "\(value.literal) is out of range; a weight is more than 0 and at most \(most)")
            return nil
        }
        return kilograms
    }

    /// `[kit.implements]`: exercise name → "barbell", "dumbbell", "kettlebell" or "bodyweight".
    private static func implements(_ value: TOMLValue, at path: TOMLPath, reader: inout ConfigReader) -> [String: Implement] {
        guard case .table(let table) = value else {
            reader.reportWrongType(path, expected: "a table of exercise = \"dumbbell\"", got: value)
            return [:]
        }
        var implements: [String: Implement] = [:]
        let names = Implement.allCases.map(\.rawValue)
        for name in table.keys.sorted() {
            guard !reader.isFull, let entry = table[name] else { break }
            let entryPath = path.appending(name)
            guard let text = reader.string(entry, at: entryPath, expected: "one of \(ConfigReader.list(names.map { "\"\($0)\"" }, conjunction: "or"))") else { continue }
            guard let implement = Implement(rawValue: text.lowercased()) else {
                reader.reportValue(entryPath, "\(entry.literal) is not an implement; use \(ConfigReader.list(names.map { "\"\($0)\"" }, conjunction: "or"))")
                continue
            }
            implements[name] = implement
        }
        return implements
    }
}
