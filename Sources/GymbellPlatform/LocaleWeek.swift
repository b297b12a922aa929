import Glibc

/// The first day of the week in the person's locale (LC_TIME, glibc's `first_weekday` counted from
/// `week-1stday`): Monday in de_DE, Sunday in en_US. Read after the locale was set (GTK sets it).
public enum LocaleWeek {
    /// Sunday = 1 … Saturday = 7; Monday when the locale says nothing usable.
    public static func firstGregorianWeekday() -> Int {
        guard let first = nl_langinfo(nl_item(_NL_TIME_FIRST_WEEKDAY)) else { return 2 }
        let offset = Int(UInt8(bitPattern: first.pointee))  // 1: the day `week-1stday` names
        guard (1...7).contains(offset) else { return 2 }
        // week-1stday is a date written as a number: 19971130 (a Sunday) in most locales, 19971201 (a Monday) in some.
        let base = Int(bitPattern: UnsafeRawPointer(nl_langinfo(nl_item(_NL_TIME_WEEK_1STDAY)))) == 19_971_201 ? 2 : 1
        return (base - 1 + offset - 1) % 7 + 1
    }
}
