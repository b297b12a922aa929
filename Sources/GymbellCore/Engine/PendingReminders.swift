import FoundationEssentials

/// The pending reminders, indexed by id, in due order, by session and by kind: what the engine asks on
/// every event (what is due, the earliest one, a session's reminders) costs O(log n) plus what it
/// returns, not a walk over all of them — 10 000 pending cost the same as none. Iterates in due order
/// (then id), as the state database lists them.
public struct PendingReminders: Equatable, Sendable, Sequence {
    /// Every reminder with the serial it was indexed under (see `Groups`).
    private var byID: [ReminderID: Entry] = [:]
    /// (due, id) of every reminder, in order.
    private var order: [Key] = []
    private var bySession = Groups<SessionID>()
    private var byKind = Groups<ReminderKind>()
    /// The next serial: each reminder indexed gets one of its own, never reused.
    private var nextSerial = 0

    private struct Entry: Sendable {
        var reminder: Reminder
        var serial: Int
    }

    private struct Key: Comparable, Sendable {
        var due: Date
        var id: ReminderID
        static func < (a: Key, b: Key) -> Bool { a.due != b.due ? a.due < b.due : a.id.rawValue < b.id.rawValue }
    }

    /// None.
    public init() {}

    /// Built in one pass and one sort; a later one with the same id replaces an earlier one, as
    /// `insert` does (see `Builder`).
    public init(_ reminders: [Reminder]) {
        var builder = Builder(expectedCount: reminders.count)
        for reminder in reminders { builder.append(reminder) }
        self = builder.build()
    }

    /// Builds an agenda from reminders given one at a time, with no list of them in between: start-up
    /// reads thousands from the state database, and each is moved into place as it is read. Taken in
    /// the order given, so that reminders already in due order (the database returns rows in the
    /// order they were planned, mostly due order) sort in one linear pass: Swift's sort finds the
    /// ordered runs. A later one with the same id replaces an earlier one, as `insert` does.
    public struct Builder: Sendable {
        private var agenda = PendingReminders()
        /// Reminders of one kind come together: each run goes into its kind's group at once.
        private var run: (kind: ReminderKind, members: [(id: ReminderID, serial: Int)])?
        private var replaced = false

        /// `expectedCount`: how many will be appended, to reserve room for them at once.
        public init(expectedCount: Int = 0) {
            agenda.byID.reserveCapacity(expectedCount)
            agenda.order.reserveCapacity(expectedCount)
        }

        public mutating func append(_ reminder: consuming Reminder) {
            let serial = agenda.nextSerial
            agenda.nextSerial += 1
            let id = reminder.id
            let kind = reminder.kind
            let key = Key(due: reminder.due, id: id)
            if let session = reminder.sessionID { agenda.bySession.add(id, serial: serial, to: session) }
            if let old = agenda.byID.updateValue(Entry(reminder: reminder, serial: serial), forKey: id) {
                // The old one's groups count one less; its entry in the run must be in its group first.
                endRun()
                agenda.unindexGroups(old.reminder)
                replaced = true
            } else {
                agenda.order.append(key)
            }
            if run?.kind == kind {
                run!.members.append((id, serial))
            } else {
                endRun()
                run = (kind, [(id, serial)])
            }
        }

        private mutating func endRun() {
            if let run { agenda.byKind.add(run.members, to: run.kind) }
            run = nil
        }

        public consuming func build() -> PendingReminders {
            endRun()
            // A replaced one left its key with its old due: take the keys from what stayed (rare: ids
            // are unique in the database).
            if replaced { agenda.order = agenda.byID.values.map { Key(due: $0.reminder.due, id: $0.reminder.id) } }
            agenda.order.sort()
            return agenda
        }
    }

    public static func == (a: PendingReminders, b: PendingReminders) -> Bool {
        a.byID.count == b.byID.count && a.byID.allSatisfy { b.byID[$0.key]?.reminder == $0.value.reminder }
    }

    public var count: Int { order.count }
    public var isEmpty: Bool { order.isEmpty }
    public subscript(id: ReminderID) -> Reminder? { byID[id]?.reminder }

    public func makeIterator() -> some IteratorProtocol<Reminder> {
        order.lazy.compactMap { [byID] in byID[$0.id]?.reminder }.makeIterator()
    }

    // MARK: Changes

    /// Adds a reminder, or replaces the one with its id.
    public mutating func insert(_ reminder: Reminder) {
        remove(reminder.id)
        let serial = nextSerial
        nextSerial += 1
        byID[reminder.id] = Entry(reminder: reminder, serial: serial)
        let key = Key(due: reminder.due, id: reminder.id)
        order.insert(key, at: position(of: key))
        indexGroups(reminder, serial: serial)
    }

    private mutating func indexGroups(_ reminder: Reminder, serial: Int) {
        if let session = reminder.sessionID { bySession.add(reminder.id, serial: serial, to: session) }
        byKind.add(reminder.id, serial: serial, to: reminder.kind)
    }

    /// `reminder` left `byID`: its groups count one less (its id stays in their lists until pruned).
    private mutating func unindexGroups(_ reminder: Reminder) {
        // `isCurrent(_:_:)` reads `self` while a group of `self` changes: asked through a copy of
        // `byID` instead (shared storage, no copy of its contents; `byID` does not change here).
        let byID = self.byID
        let isCurrent = { (id: ReminderID, serial: Int) in byID[id]?.serial == serial }
        if let session = reminder.sessionID { bySession.dropOne(from: session, isCurrent: isCurrent) }
        byKind.dropOne(from: reminder.kind, isCurrent: isCurrent)
    }

    @discardableResult
    public mutating func remove(_ id: ReminderID) -> Reminder? {
        guard let reminder = byID.removeValue(forKey: id)?.reminder else { return nil }
        let key = Key(due: reminder.due, id: id)
        let index = position(of: key)
        if index < order.count, order[index] == key { order.remove(at: index) }
        unindexGroups(reminder)
        return reminder
    }

    public mutating func remove(_ ids: some Sequence<ReminderID>) { for id in ids { remove(id) } }

    public mutating func removeKinds(_ kinds: Set<ReminderKind>) {
        remove(kinds.flatMap { byKind.ids(of: $0, isCurrent: isCurrent) })
    }

    /// Removes the reminders of `session` (nil: of every session).
    public mutating func removeSession(_ session: SessionID?) {
        if let session {
            remove(bySession.ids(of: session, isCurrent: isCurrent))
        } else {
            remove(bySession.allIDs(isCurrent: isCurrent))
        }
    }

    // MARK: Questions

    /// Those due at or before `instant`, in order.
    public func due(atOrBefore instant: Date) -> [Reminder] {
        order.prefix { $0.due <= instant }.compactMap { byID[$0.id]?.reminder }
    }

    /// The first, in due order, that `matches`.
    public func first(where matches: (Reminder) -> Bool) -> Reminder? {
        for key in order { if let reminder = byID[key.id]?.reminder, matches(reminder) { return reminder } }
        return nil
    }

    /// The reminders of `session` (nil: of every session), in order.
    public func of(session: SessionID?) -> [Reminder] {
        let ids = session.map { bySession.ids(of: $0, isCurrent: isCurrent) } ?? bySession.allIDs(isCurrent: isCurrent)
        return ids.compactMap { byID[$0]?.reminder }.sorted { Key(due: $0.due, id: $0.id) < Key(due: $1.due, id: $1.id) }
    }

    public func hasReminders(of session: SessionID) -> Bool { bySession.hasMembers(session) }

    public func contains(kindIn kinds: Set<ReminderKind>) -> Bool { kinds.contains { byKind.hasMembers($0) } }

    /// Entries the group lists hold, old ones included (tests: pruning keeps them within a bound).
    var groupEntryCount: Int { bySession.entryCount + byKind.entryCount }

    /// Whether `id` is still indexed under `serial` (not removed, nor replaced since).
    private func isCurrent(_ id: ReminderID, _ serial: Int) -> Bool { byID[id]?.serial == serial }

    /// Where `key` is or would go in `order` (binary search).
    private func position(of key: Key) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if order[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Reminder ids grouped by a value they share (their session, their kind), for taking a group out at
/// once. An id is appended with the serial it was indexed under, and a group counts its current
/// members; a removed or replaced reminder's entry stays in the list, recognised as old by its serial,
/// until the list holds more old entries than current ones and is pruned — so that indexing thousands
/// at start-up costs an append each rather than a hash each, and every change stays O(1) amortised.
private struct Groups<Value: Hashable & Sendable>: Sendable {
    private struct Group: Sendable {
        var members: [(id: ReminderID, serial: Int)] = []
        var current = 0

        mutating func add(_ id: ReminderID, serial: Int) {
            members.append((id, serial))
            current += 1
        }

        mutating func add(_ more: [(id: ReminderID, serial: Int)]) {
            if members.isEmpty { members = more } else { members += more }
            current += more.count
        }
    }

    private var groups: [Value: Group] = [:]

    mutating func add(_ id: ReminderID, serial: Int, to value: Value) { groups[value, default: Group()].add(id, serial: serial) }

    /// Adds current members at once.
    mutating func add(_ members: [(id: ReminderID, serial: Int)], to value: Value) {
        groups[value, default: Group()].add(members)
    }

    /// One member of `value` is no longer current.
    mutating func dropOne(from value: Value, isCurrent: (ReminderID, Int) -> Bool) {
        guard var group = groups.removeValue(forKey: value) else { return }
        group.current -= 1
        guard group.current > 0 else { return }
        if group.members.count > 2 * group.current + 16 { group.members.removeAll { !isCurrent($0.id, $0.serial) } }
        groups[value] = group
    }

    func ids(of value: Value, isCurrent: (ReminderID, Int) -> Bool) -> [ReminderID] {
        (groups[value]?.members ?? []).compactMap { isCurrent($0.id, $0.serial) ? $0.id : nil }
    }

    func allIDs(isCurrent: (ReminderID, Int) -> Bool) -> [ReminderID] {
        groups.values.flatMap { $0.members.compactMap { isCurrent($0.id, $0.serial) ? $0.id : nil } }
    }

    var entryCount: Int { groups.values.reduce(0) { $0 + $1.members.count } }

    func hasMembers(_ value: Value) -> Bool { (groups[value]?.current ?? 0) > 0 }
}
