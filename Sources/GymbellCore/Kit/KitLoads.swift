import FoundationEssentials

/// One weight a kit makes, and how: the bar or handle it goes on and the plates on each side
/// (heaviest first). In kilograms.
public struct Load: Equatable, Sendable {
    public var kilograms: Double
    public var base: Double?
    public var perSide: [Double]

    public init(kilograms: Double, base: Double? = nil, perSide: [Double] = []) {
        self.kilograms = kilograms
        self.base = base
        self.perSide = perSide
    }
}

/// The weights a kit makes, and the rules that pick one (docs/configuration.md, `[kit]`):
/// - **Nearest, ties down, never beyond the kit**: a planned weight becomes the loadable weight
///   nearest to it; halfway between two, the lighter; above the heaviest, the heaviest; below the
///   lightest, the lightest.
/// - **Next**: the lightest loadable weight above a given one; nil when the kit makes nothing heavier.
/// Weights are compared in milligrams, and two within 0.05 g are the same weight (pounds converted).
public enum KitLoads {
    /// Ten times the weights a real home kit makes (eight plate sizes in pairs: a few hundred); a file
    /// of many odd plates stops there, so a rounding stays a few milliseconds whatever the file says.
    static let limit = 5_000
    static let sameWithin = 50

    /// Every weight `kit` makes with `implement`, lightest first, each once (the way found first: the
    /// first bar listed, the fewest and heaviest plates). Empty for body weight and for an implement
    /// the kit lacks.
    public static func loads(_ implement: Implement, in kit: Kit) -> [Load] {
        var found: [Int: Load] = [:]
        func add(_ load: Load) {
            let key = milligrams(load.kilograms)
            if found[key] == nil, found.count < limit { found[key] = load }
        }
        switch implement {
        case .barbell:
            let sides = pairSums(kit.plates)
            for bar in kit.bars {
                for side in sides { add(Load(kilograms: bar + 2 * side.reduce(0, +), base: bar, perSide: side)) }
            }
        case .dumbbell:
            for pair in kit.dumbbells { add(Load(kilograms: pair)) }
            if let handle = kit.handle {
                for side in pairSums(handle.plates) { add(Load(kilograms: handle.weight + 2 * side.reduce(0, +), base: handle.weight, perSide: side)) }
                if let step = handle.step, step > 0, let maximum = handle.maximum {
                    var weight = handle.weight
                    var count = 0
                    while weight <= maximum + 1e-6, count < 1000 {
                        add(Load(kilograms: weight))
                        count += 1
                        weight = handle.weight + Double(count) * step
                    }
                }
            }
        case .kettlebell:
            for bell in kit.kettlebells { add(Load(kilograms: bell)) }
        case .bodyweight:
            break
        }
        return found.keys.sorted().compactMap { found[$0] }
    }

    /// The loadable weight nearest `kilograms` (ties down, clamped to the kit); nil without loads.
    public static func nearest(to kilograms: Double, in loads: [Load]) -> Load? {
        let target = milligrams(kilograms)
        var best: (load: Load, distance: Int)?
        for load in loads {  // lightest first: an equal distance later is a heavier tie, and loses
            let distance = abs(milligrams(load.kilograms) - target)
            if best == nil || distance < best!.distance - sameWithin { best = (load, distance) }
        }
        return best?.load
    }

    /// The lightest loadable weight above `kilograms`; nil when the kit makes nothing heavier.
    public static func next(above kilograms: Double, in loads: [Load]) -> Load? {
        let target = milligrams(kilograms)
        return loads.first { milligrams($0.kilograms) > target + sameWithin }
    }

    /// The weight an overload suggestion moves to from `kilograms` with a step of `increment` kg: the
    /// loadable weight nearest `kilograms + increment`, but at least the next one above `kilograms`;
    /// nil when the kit makes nothing heavier ("Next time: 14 kg" on 12 kg dumbbells in 2 kg steps).
    public static func step(from kilograms: Double, by increment: Double, in loads: [Load]) -> Load? {
        guard let next = next(above: kilograms, in: loads) else { return nil }
        guard let near = nearest(to: kilograms + increment, in: loads), near.kilograms > next.kilograms else { return next }
        return near
    }

    /// Each distinct total of one side's plates (0 first), with the plates making it, heaviest first.
    static func pairSums(_ plates: [Double]) -> [[Double]] {
        var sums: [Int: [Double]] = [0: []]
        var order = [0]
        for plate in plates.sorted(by: >) where plate > 0 {
            for total in order {
                guard sums.count < limit, let side = sums[total] else { break }
                let key = total + milligrams(plate)
                if sums[key] == nil {
                    sums[key] = side + [plate]
                    order.append(key)
                }
            }
        }
        return order.compactMap { sums[$0] }
    }

    static func milligrams(_ kilograms: Double) -> Int {
        guard kilograms.isFinite else { return 0 }
        return Int((min(max(kilograms, -1e9), 1e9) * 1_000_000).rounded())
    }
}
