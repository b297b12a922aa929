import FoundationEssentials

/// The kit as a person types it in the window's Preferences: a list of weights ("20, 10, 10, 5, 2.5"),
/// one weight, or nothing, each a number in the kit's unit. Entries are separated by commas,
/// semicolons or spaces. A comma between two digits in a list ("2,5", "20,10") could be a decimal
/// comma (German "2,5 kg") or two weights: it is refused with a sentence saying how to write either,
/// never guessed; a single weight ("2,5" in the handle's field) takes it as the decimal comma. The limits are the
/// config file's (`KitDecoding`): more than 0 and at most 500 kg each, at most 40 entries in a list, a
/// dial of at most 200 steps. A refusal is a sentence for the person, said at the field; the field's
/// text stays as typed.
public enum KitEntry {
    /// A refused entry: what is wrong, in the person's language.
    public struct Refusal: Error, Equatable, Sendable {
        public let message: String
    }

    /// The kilograms of a list typed in `unit`; an empty text is an empty list.
    public static func weights(_ text: String, unit: WeightUnit, messages: Messages) -> Result<[Double], Refusal> {
        let entries = text.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace }).map(String.init)
        guard entries.count <= KitDecoding.entryLimit else {
            return .failure(Refusal(message: messages("{n} entries; a list holds at most {most}",
                                                      ["n": Messages.grouped(entries.count), "most": "\(KitDecoding.entryLimit)"])))
        }
        if let ambiguous = decimalCommaInAList(text) {
            return .failure(Refusal(message: messages("“{text}”: write {decimal} for one weight, or {two} for two",
                                                      ["text": ambiguous, "decimal": ambiguous.replacingAll(",", with: "."),
                                                       "two": ambiguous.replacingAll(",", with: ", ")])))
        }
        var kilograms: [Double] = []
        for entry in entries {
            switch weight(entry, unit: unit, messages: messages) {
            case .success(let value?): kilograms.append(value)
            case .success(nil): break
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(kilograms)
    }

    /// The kilograms of one weight typed in `unit`; nil for an empty text.
    public static func weight(_ text: String, unit: WeightUnit, messages: Messages) -> Result<Double?, Refusal> {
        var trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return .success(nil) }
        if trimmed.filter({ $0 == "," }).count == 1, decimalCommaInAList(trimmed) != nil {
            trimmed = trimmed.replacingAll(",", with: ".")  // one weight: "2,5" is the decimal comma
        }
        let shown = String(trimmed.prefix(20)).replacingAll("\u{0}", with: "")
        guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let number = Double(trimmed), number.isFinite else {
            return .failure(Refusal(message: messages("“{text}” is not a weight; write a number like 20 or 2.5", ["text": shown])))
        }
        let kilograms = unit.kilograms(number)
        guard kilograms > 0, kilograms <= KitDecoding.heaviest else {
            let most = unit == .kg ? "500" : "1102"
            return .failure(Refusal(message: messages("{text} is out of range; a weight is more than 0 and at most {most} {unit}",
                                                      ["text": shown, "most": most, "unit": unit.rawValue])))
        }
        return .success(kilograms)
    }

    /// The first word of `text` (between separators other than commas) holding a comma between two
    /// digits, shortened to 20 characters; nil when there is none.
    static func decimalCommaInAList(_ text: String) -> String? {
        let characters = Array(text)
        for i in characters.indices.dropFirst().dropLast()
        where characters[i] == "," && characters[i - 1].isASCII && characters[i - 1].isNumber
            && characters[i + 1].isASCII && characters[i + 1].isNumber {
            var start = i, end = i
            while start > 0, !(characters[start - 1] == ";" || characters[start - 1].isWhitespace) { start -= 1 }
            while end + 1 < characters.count, !(characters[end + 1] == ";" || characters[end + 1].isWhitespace) { end += 1 }
            return String(String(characters[start...end]).prefix(20)).replacingAll("\u{0}", with: "")
        }
        return nil
    }

    /// An adjustable handle from its four fields (in `unit`): nil when no handle weight is given and
    /// nothing else either. A dial needs both its step and its heaviest weight, no lighter than the handle.
    public static func handle(weight: String, plates: String, step: String, maximum: String, unit: WeightUnit,
                              messages: Messages) -> Result<AdjustableHandle?, Refusal> {
        let read = (weight: Self.weight(weight, unit: unit, messages: messages), plates: weights(plates, unit: unit, messages: messages),
                    step: Self.weight(step, unit: unit, messages: messages), maximum: Self.weight(maximum, unit: unit, messages: messages))
        let handle: Double?, pairs: [Double], stepValue: Double?, most: Double?
        switch (read.weight, read.plates, read.step, read.maximum) {
        case (.success(let h), .success(let p), .success(let s), .success(let m)): (handle, pairs, stepValue, most) = (h, p, s, m)
        case (.failure(let r), _, _, _), (_, .failure(let r), _, _), (_, _, .failure(let r), _), (_, _, _, .failure(let r)): return .failure(r)
        }
        guard let handle else {
            if pairs.isEmpty, stepValue == nil, most == nil { return .success(nil) }
            return .failure(Refusal(message: messages("Give the weight of the empty handle first")))
        }
        if (stepValue == nil) != (most == nil) {
            return .failure(Refusal(message: messages("A dial dumbbell needs both its step and its heaviest weight")))
        }
        if let stepValue, let most {
            if most < handle { return .failure(Refusal(message: messages("The heaviest weight is lighter than the handle"))) }
            if (most - handle) / stepValue > Double(KitDecoding.stepLimit) {
                return .failure(Refusal(message: messages("That dial makes over {n} steps; use a larger step", ["n": "\(KitDecoding.stepLimit)"])))
            }
        }
        return .success(AdjustableHandle(weight: handle, plates: pairs, step: stepValue, maximum: most))
    }

    /// Kilograms as typed in `unit`: "20, 10, 2.5" (to a hundredth).
    public static func text(_ kilograms: [Double], unit: WeightUnit) -> String {
        kilograms.map { WeightUnit.number(Kit.amount($0, in: unit)) }.joined(separator: ", ")
    }

    /// One weight in kilograms as typed in `unit`; empty for none.
    public static func text(_ kilograms: Double?, unit: WeightUnit) -> String {
        kilograms.map { WeightUnit.number(Kit.amount($0, in: unit)) } ?? ""
    }
}

extension Kit {
    /// The same numbers read in `unit`: a person who switches the kit from kg to lb means that the
    /// plates they typed are pound plates (20 stays 20, now lb), not that 20 kg be written as 44.09 lb.
    public func renumbered(in unit: WeightUnit) -> Kit {
        let convert = { (kilograms: Double) in unit.kilograms(Kit.amount(kilograms, in: self.unit)) }
        var kit = self
        kit.unit = unit
        kit.bars = bars.map(convert)
        kit.plates = plates.map(convert)
        kit.dumbbells = dumbbells.map(convert)
        kit.kettlebells = kettlebells.map(convert)
        kit.handle = handle.map {
            AdjustableHandle(weight: convert($0.weight), plates: $0.plates.map(convert), step: $0.step.map(convert), maximum: $0.maximum.map(convert))
        }
        return kit
    }
}
