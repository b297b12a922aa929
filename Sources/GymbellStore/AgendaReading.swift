import FoundationEssentials
import GymbellCore

/// How start-up reads the pending reminders into the agenda: in the table's order, in two parts at
/// once when there are many (issue 16).
enum AgendaReading {
    typealias AgendaReadHelp = StateStore.AgendaReadHelp

    /// For start-up: indexed as they are read, each moved into the agenda (no list in between) in
    /// the table's order — no ORDER BY due, id: SQLite would sort the ties through a temporary B-tree,
    /// a quarter of the start-up with 10 000 pending; the agenda sorts keys mostly in order already.
    ///
    /// Many (`parallelReadCount` or more, from the file): read in two parts by rowid at the same time
    /// (issue 16: start-up ≤ 20 ms with 10 000). The later part is offered to `helper` (the daemon's
    /// starting thread, once connected to the bus), which reads it on a read-only connection of its
    /// own and indexes it as it reads; with nobody helping, this thread reads it after its own. This
    /// one reads the earlier part into a list, does `meanwhile` (start-up reads the rest of the state
    /// while the helper is still at it), then adds its part to the other's index. The daemon writes
    /// nothing while it starts, so both parts see the same file.
    static func pendingAgenda(
        from connection: StoreConnection, helpedBy helper: AgendaReadHelp? = nil, meanwhile: () throws(StoreError) -> Void = {}
    ) throws(StoreError) -> PendingReminders {
        enum Reading {
            case whole(PendingReminders)
            case parts(earlier: [Reminder], later: AgendaReadHelp)
        }
        let file = connection.readableFile
        let reading = try connection.read { db -> Reading in
            let count = try db.value("SELECT count(*) FROM reminder", as: Int.self) ?? 0
            // Split by rowid: rowids grow as reminders are added, so the later two fifths of the range
            // hold about that share of the rows (only the balance between the readers depends on it):
            // the helper comes some 3 ms later, once connected to the bus, and this thread also adds
            // what it read to the helper's index. Each end is found in the table's b-tree at once;
            // `min(rowid), max(rowid)` in one query would read the whole table instead.
            guard count >= Self.parallelReadCount, let file,
                let ends = try db.row("SELECT (SELECT min(rowid) FROM reminder) AS low, (SELECT max(rowid) FROM reminder) AS high"),
                let low: Int64 = ends["low"], let high: Int64 = ends["high"]
            else {
                var builder = PendingReminders.Builder(expectedCount: count)
                try StoreRows.forEachReminder(db) { builder.append($0) }
                return .whole(builder.build())
            }
            let middle = low + Int64(Double(high - low) * Self.earlierPart)
            let later = helper ?? AgendaReadHelp()
            later.offer {
                Result {
                    let other = try StoreDatabase(path: file, flags: [.readOnly])
                    defer { other.close() }
                    var builder = PendingReminders.Builder(expectedCount: count)
                    try StoreRows.forEachReminder(other, where: "rowid >= ?", [middle]) { builder.append($0) }
                    return builder
                }
            }
            var earlier: [Reminder] = []
            earlier.reserveCapacity(Int(Double(count) * Self.earlierPart))
            do {
                try StoreRows.forEachReminder(db, where: "rowid < ?", [middle]) { earlier.append($0) }
            } catch {
                later.close()
                throw error
            }
            return .parts(earlier: earlier, later: later)
        }
        switch reading {
        case .whole(let agenda):
            try meanwhile()
            return agenda
        case .parts(let earlier, let later):
            do {
                try meanwhile()
            } catch {
                later.close()
                throw error
            }
            return try connection.read { _ in
                var builder = try later.collect().get()
                for reminder in earlier { builder.append(reminder) }
                return builder.build()
            }
        }
    }

    /// From how many pending reminders start-up reads them in two parts at once: below, a second
    /// connection (its schema parsed anew) costs more than it saves.
    static let parallelReadCount = 2_000
    /// The share of the rowid range start-up reads itself when it reads in two parts.
    static let earlierPart = 0.6
}
