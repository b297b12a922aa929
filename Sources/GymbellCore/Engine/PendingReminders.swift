import FoundationEssentials

/// The pending reminders, indexed by id, in due order, by session and by kind: what the engine asks on
/// every event (what is due, the earliest one, a session's reminders) costs O(log n) plus what it
/// returns, not a walk over all of them — 10 000 pending cost the same as none. Iterates in due order
/// (then id), as the state database lists them.
public struct PendingReminders: Equatable, Sendable, Sequence {
    private var byID: [ReminderID: Reminder] = [:]
    /// (due, id) of every reminder, in order.
    private var order: [Key] = []
    private var bySession: [SessionID: Set<ReminderID>] = [:]
    private var byKind: [ReminderKind: Set<ReminderID>] = [:]

    private struct Key: Comparable, Sendable {
        var due: Date
        var id: ReminderID
        static func < (a: Key, b: Key) -> Bool { a.due != b.due ? a.due < b.due : a.id.rawValue < b.id.rawValue }
    }

    /// Built in one pass and one sort (start-up reads thousands at once); a later one with the same id
    /// replaces an earlier one, as `insert` does.
    public init(_ reminders: some Sequence<Reminder> = [Reminder]()) {
        byID.reserveCapacity(reminders.underestimatedCount)
        for reminder in reminders { byID[reminder.id] = reminder }
        order.reserveCapacity(byID.count)
        // Grouped by kind first (a handful of kinds, compared by case) so that each kind's set is
        // made at its size and a kind is not hashed once per reminder.
        var kinds: [(kind: ReminderKind, ids: [ReminderID])] = []
        for reminder in byID.values {
            order.append(Key(due: reminder.due, id: reminder.id))
            if let session = reminder.sessionID { bySession[session, default: []].insert(reminder.id) }
            if let group = kinds.firstIndex(where: { $0.kind == reminder.kind }) {
                kinds[group].ids.append(reminder.id)
            } else {
                kinds.append((reminder.kind, [reminder.id]))
            }
        }
        byKind = Dictionary(uniqueKeysWithValues: kinds.map { ($0.kind, Set($0.ids)) })
        order.sort()
    }

    public static func == (a: PendingReminders, b: PendingReminders) -> Bool { a.byID == b.byID }

    public var count: Int { order.count }
    public var isEmpty: Bool { order.isEmpty }
    public subscript(id: ReminderID) -> Reminder? { byID[id] }

    public func makeIterator() -> some IteratorProtocol<Reminder> {
        order.lazy.compactMap { [byID] in byID[$0.id] }.makeIterator()
    }

    // MARK: Changes

    /// Adds a reminder, or replaces the one with its id.
    public mutating func insert(_ reminder: Reminder) {
        remove(reminder.id)
        byID[reminder.id] = reminder
        let key = Key(due: reminder.due, id: reminder.id)
        order.insert(key, at: position(of: key))
        indexBySessionAndKind(reminder)
    }

    private mutating func indexBySessionAndKind(_ reminder: Reminder) {
        if let session = reminder.sessionID { bySession[session, default: []].insert(reminder.id) }
        byKind[reminder.kind, default: []].insert(reminder.id)
    }

    @discardableResult
    public mutating func remove(_ id: ReminderID) -> Reminder? {
        guard let reminder = byID.removeValue(forKey: id) else { return nil }
        let key = Key(due: reminder.due, id: id)
        let index = position(of: key)
        if index < order.count, order[index] == key { order.remove(at: index) }
        if let session = reminder.sessionID {
            bySession[session]?.remove(id)
            if bySession[session]?.isEmpty == true { bySession[session] = nil }
        }
        byKind[reminder.kind]?.remove(id)
        if byKind[reminder.kind]?.isEmpty == true { byKind[reminder.kind] = nil }
        return reminder
    }

    public mutating func remove(_ ids: some Sequence<ReminderID>) { for id in ids { remove(id) } }

    public mutating func removeKinds(_ kinds: Set<ReminderKind>) { remove(kinds.flatMap { byKind[$0] ?? [] }) }

    /// Removes the reminders of `session` (nil: of every session).
    public mutating func removeSession(_ session: SessionID?) {
        if let session {
            remove(bySession[session] ?? [])
        } else {
            remove(bySession.values.flatMap { $0 })
        }
    }

    // MARK: Questions

    /// Those due at or before `instant`, in order.
    public func due(atOrBefore instant: Date) -> [Reminder] {
        order.prefix { $0.due <= instant }.compactMap { byID[$0.id] }
    }

    /// The first, in due order, that `matches`.
    public func first(where matches: (Reminder) -> Bool) -> Reminder? {
        for key in order { if let reminder = byID[key.id], matches(reminder) { return reminder } }
        return nil
    }

    /// The reminders of `session` (nil: of every session), in order.
    public func of(session: SessionID?) -> [Reminder] {
        let ids = session.map { bySession[$0] ?? [] } ?? Set(bySession.values.flatMap { $0 })
        return ids.compactMap { byID[$0] }.sorted { Key(due: $0.due, id: $0.id) < Key(due: $1.due, id: $1.id) }
    }

    public func hasReminders(of session: SessionID) -> Bool { bySession[session]?.isEmpty == false }

    public func contains(kindIn kinds: Set<ReminderKind>) -> Bool { kinds.contains { byKind[$0]?.isEmpty == false } }

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
