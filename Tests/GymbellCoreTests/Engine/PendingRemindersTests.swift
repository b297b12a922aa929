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

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func answersLikeAList(seed: UInt64) {
        var random = Random(state: seed)
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        let kinds: [ReminderKind] = [.daily, .snoozed, .restOver, .hiitWorkDone, .pausedWorkout]
        let sessions: [SessionID?] = [nil, SessionID("a"), SessionID("b")]
        var list: [Reminder] = []
        var pending = PendingReminders()
        func ordered(_ reminders: [Reminder]) -> [Reminder] { reminders.sorted { ($0.due, $0.id.rawValue) < ($1.due, $1.id.rawValue) } }
        for _ in 0..<600 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let reminder = Reminder(
                    id: ReminderID("r\(Int.random(in: 0..<60, using: &random))"), kind: kinds.randomElement(using: &random)!,
                    due: t0.addingTimeInterval(Double(Int.random(in: 0..<20, using: &random))), content: .snoozed,
                    sessionID: sessions.randomElement(using: &random)!)
                list.removeAll { $0.id == reminder.id }
                list.append(reminder)
                pending.insert(reminder)
            case 6, 7:
                let id = ReminderID("r\(Int.random(in: 0..<60, using: &random))")
                list.removeAll { $0.id == id }
                pending.remove(id)
            case 8:
                let kind = kinds.randomElement(using: &random)!
                list.removeAll { $0.kind == kind }
                pending.removeKinds([kind])
            default:
                let session = sessions.randomElement(using: &random)!
                list.removeAll { session == nil ? $0.sessionID != nil : $0.sessionID == session }
                pending.removeSession(session)
            }
            #expect(Array(pending) == ordered(list))
            let instant = t0.addingTimeInterval(Double(Int.random(in: 0..<20, using: &random)))
            #expect(pending.due(atOrBefore: instant) == ordered(list).filter { $0.due <= instant })
            for session in sessions {
                #expect(pending.of(session: session) == ordered(list).filter { session == nil ? $0.sessionID != nil : $0.sessionID == session })
            }
            #expect(pending.contains(kindIn: [.pausedWorkout]) == list.contains { $0.kind == .pausedWorkout })
            #expect(pending.count == list.count)
            // Built at once from the same reminders (as at start-up), it answers the same.
            let built = PendingReminders(list.shuffled(using: &random))
            #expect(Array(built) == Array(pending))
            #expect(built.of(session: SessionID("a")) == pending.of(session: SessionID("a")))
            #expect(built.contains(kindIn: [.daily]) == pending.contains(kindIn: [.daily]))
            // Its kind index is the one inserts build.
            let kind = kinds.randomElement(using: &random)!
            var builtLess = built
            var pendingLess = pending
            builtLess.removeKinds([kind])
            pendingLess.removeKinds([kind])
            #expect(Array(builtLess) == Array(pendingLess))
        }
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
