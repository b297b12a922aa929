import FoundationEssentials

/// Whole seconds of an instant for the time code, which works in `Int`: an instant far outside any
/// year a history holds (a hostile state file's 1e19, an infinity) is clamped instead of trapping in
/// the conversion (issue 42: a restored session that started at 1e19 stopped every later start-up).
/// The doors keep such instants out (`RecordBounds.instants`); this keeps the arithmetic total.
extension Date {
    /// Seconds since 1970 rounded down, within ±9·10^15 (±285 million years: sums with offsets and
    /// days' arithmetic stay far from `Int`'s limits); NaN is 0.
    public var wholeSecondsSince1970: Int { Self.wholeSeconds(timeIntervalSince1970) }

    /// `seconds` rounded down, clamped as `wholeSecondsSince1970`.
    public static func wholeSeconds(_ seconds: Double) -> Int {
        guard !seconds.isNaN else { return 0 }
        return Int(Swift.max(-9.0e15, Swift.min(9.0e15, seconds.rounded(.down))))
    }
}
