import Foundation
import Testing
@testable import GymbellCore

/// The indexed agenda answers as a plain list would: random changes applied to both, every question
/// compared after each.
@Suite("PendingReminders: indexed, and the same answers as a list")
struct PendingRemindersTests {
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    /// `ids` distinct ids over `steps` random changes: few ids replace and remove the same reminders
    /// again and again (the group lists prune what they hold of old entries), many make long lists.
    @Test(arguments: [(1, 60, 600), (2, 60, 600), (3, 60, 600), (4, 8, 2000), (5, 400, 1500)] as [(UInt64, Int, Int)])
    func answersLikeAList(seed: UInt64, ids: Int, steps: Int) {
        var random = Random(state: seed)
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        let kinds: [ReminderKind] = [.daily, .snoozed, .restOver, .hiitWorkDone, .pausedWorkout]
        let sessions: [SessionID?] = [nil, SessionID("a"), SessionID("b")]
        var list: [Reminder] = []
        var pending = PendingReminders()
        // Built at once from the list as it stood (as at start-up), then changed as `pending` is.
        var built = PendingReminders()
        func ordered(_ reminders: [Reminder]) -> [Reminder] { reminders.sorted { ($0.due, $0.id.rawValue) < ($1.due, $1.id.rawValue) } }
        for step in 0..<steps {
            if step % 97 == 0 { built = PendingReminders(list.shuffled(using: &random)) }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let reminder = Reminder(
                    id: ReminderID("r\(Int.random(in: 0..<ids, using: &random))"), kind: kinds.randomElement(using: &random)!,
                    due: t0.addingTimeInterval(Double(Int.random(in: 0..<20, using: &random))), content: .snoozed,
                    sessionID: sessions.randomElement(using: &random)!)
                list.removeAll { $0.id == reminder.id }
                list.append(reminder)
                pending.insert(reminder)
                built.insert(reminder)
            case 6, 7:
                let id = ReminderID("r\(Int.random(in: 0..<ids, using: &random))")
                list.removeAll { $0.id == id }
                #expect(pending.remove(id) == built.remove(id))
            case 8:
                let kind = kinds.randomElement(using: &random)!
                list.removeAll { $0.kind == kind }
                pending.removeKinds([kind])
                built.removeKinds([kind])
            default:
                let session = sessions.randomElement(using: &random)!
                list.removeAll { session == nil ? $0.sessionID != nil : $0.sessionID == session }
                pending.removeSession(session)
                built.removeSession(session)
            }
            #expect(Array(pending) == ordered(list))
            let instant = t0.addingTimeInterval(Double(Int.random(in: 0..<20, using: &random)))
            #expect(pending.due(atOrBefore: instant) == ordered(list).filter { $0.due <= instant })
            for session in sessions {
                #expect(pending.of(session: session) == ordered(list).filter { session == nil ? $0.sessionID != nil : $0.sessionID == session })
            }
            for kind in kinds {
                #expect(pending.contains(kindIn: [kind]) == list.contains { $0.kind == kind })
            }
            for case let session? in sessions {
                #expect(pending.hasReminders(of: session) == list.contains { $0.sessionID == session })
            }
            #expect(pending.count == list.count)
            // Each reminder is in its kind's list and at most its session's; old entries are pruned
            // once a group holds more of them than of current ones (plus a few).
            let groups = kinds.count + sessions.count
            #expect(pending.groupEntryCount <= 2 * (2 * list.count + 16 * groups))
            #expect(built == pending)
            #expect(Array(built) == Array(pending))
            for session in sessions { #expect(built.of(session: session) == pending.of(session: session)) }
            for kind in kinds { #expect(built.contains(kindIn: [kind]) == pending.contains(kindIn: [kind])) }
            // Built from the list now, its kind index is the one inserts build.
            let kind = kinds.randomElement(using: &random)!
            var builtLess = PendingReminders(list.shuffled(using: &random))
            var pendingLess = pending
            builtLess.removeKinds([kind])
            pendingLess.removeKinds([kind])
            #expect(Array(builtLess) == Array(pendingLess))
        }
    }

    /// A group that never empties (a long session, a kind always pending) under endless changes: the
    /// entries its list keeps of removed and replaced reminders are pruned, not piled up.
    @Test func aGroupThatNeverEmptiesKeepsItsListBounded() {
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        let session = SessionID("long")
        func reminder(_ id: String, _ offset: Double) -> Reminder {
            Reminder(id: ReminderID(id), kind: .restOver, due: t0.addingTimeInterval(offset), content: .snoozed, sessionID: session)
        }
        var pending = PendingReminders([reminder("stays", 0)])
        for step in 0..<10_000 {
            pending.insert(reminder("r\(step % 7)", Double(step)))  // replaces the one of 7 steps before
            if step % 3 == 0 { pending.remove(ReminderID("r\((step + 3) % 7)")) }
            #expect(pending.groupEntryCount <= 2 * (2 * 8 + 16 * 2))
        }
        #expect(pending.hasReminders(of: session))
        #expect(pending.of(session: session).map(\.id) == Array(pending).map(\.id))
        pending.removeSession(session)
        #expect(pending.isEmpty && !pending.contains(kindIn: [.restOver]) && pending.groupEntryCount == 0)
    }

    /// Built from reminders whose ids repeat (a later one replaces an earlier), in runs of one kind
    /// and mixed: the same as inserting them one by one.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func builtWithRepeatedIDsAnswersLikeInserts(seed: UInt64) {
        var random = Random(state: seed)
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        let kinds: [ReminderKind] = [.daily, .snoozed, .milestone]
        let sessions: [SessionID?] = [nil, SessionID("a"), SessionID("b")]
        var reminders: [Reminder] = []
        while reminders.count < 400 {
            let kind = kinds.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1..<12, using: &random) {  // a run of one kind
                reminders.append(Reminder(
                    id: ReminderID("r\(Int.random(in: 0..<50, using: &random))"), kind: kind,
                    due: t0.addingTimeInterval(Double(Int.random(in: 0..<30, using: &random))), content: .snoozed,
                    sessionID: sessions.randomElement(using: &random)!))
            }
        }
        let built = PendingReminders(reminders)
        var inserted = PendingReminders()
        for reminder in reminders { inserted.insert(reminder) }
        #expect(built == inserted)
        #expect(Array(built) == Array(inserted))
        for session in sessions { #expect(built.of(session: session) == inserted.of(session: session)) }
        for kind in kinds {
            #expect(built.contains(kindIn: [kind]) == inserted.contains(kindIn: [kind]))
            var builtLess = built
            var insertedLess = inserted
            builtLess.removeKinds([kind])
            insertedLess.removeKinds([kind])
            #expect(Array(builtLess) == Array(insertedLess))
            #expect(!builtLess.contains(kindIn: [kind]))
        }
        var emptied = built
        emptied.removeKinds(Set(kinds))
        #expect(emptied.isEmpty && emptied.groupEntryCount == 0)
    }

    @Test func aLaterReminderWithTheSameIDReplacesTheEarlierWhenBuilt() {
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        let first = Reminder(id: ReminderID("x"), kind: .daily, due: t0, content: .snoozed, sessionID: nil)
        let second = Reminder(id: ReminderID("x"), kind: .snoozed, due: t0.addingTimeInterval(5), content: .snoozed, sessionID: nil)
        let built = PendingReminders([first, second])
        #expect(Array(built) == [second])
        #expect(!built.contains(kindIn: [.daily]))
    }
}
