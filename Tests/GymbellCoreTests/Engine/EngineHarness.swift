import Foundation
@testable import GymbellCore

/// The engine with a clock that moves only when the test says (swift-nio's `EmbeddedEventLoop` is the
/// model): `advance(to:)` fires the timer at every instant the engine armed it for on the way, as the
/// daemon's timerfd would. The harness is also the notification server: it takes every notification
/// at once, and records what was shown when.
struct EngineHarness {
    private(set) var engine: Engine
    private(set) var now: Date
    let timeZone: Zone
    /// What the engine last armed the timer for.
    private(set) var armed: Date?
    /// Everything shown, in order: (instant, title, body), standalone reminders and the session's notice.
    private(set) var shown: [(at: Date, title: String, body: String, kind: Shown)] = []
    /// Every effect, in order.
    private(set) var effects: [Effect] = []
    /// Whether the server takes notifications (false: as if none were on the bus).
    var serverTakes = true
    /// Whether events come with a fresh id, as the daemon gives every one (false: the id "", the bug
    /// of issue 27).
    var givesIDs = true
    /// Every standalone reminder shown, in order, as the engine presented it (for clicks on it).
    private(set) var presented: [Reminder] = []
    /// The history as the state database keeps it, from the engine's writes.
    private(set) var historyMirror: HistoryMirror
    private var nextID = 0

    enum Shown: Equatable {
        case reminder(ReminderKind)
        /// The session's notice; `audible`: a reminder fell due.
        case session(audible: Bool)
    }

    /// Starts the engine at `start` (its start-up tick included). `windowInstalled`: whether
    /// gymbell-window is there to open, as the daemon finds at start-up.
    init(
        _ toml: String = "", at start: String, in timeZone: Zone = berlin, stored: StoredState = StoredState(),
        history: [HistoryEntry] = [], messages: Messages = .english, windowInstalled: Bool = true, told: [Event] = []
    ) throws {
        historyMirror = HistoryMirror(history, running: stored.session)
        let config = try ConfigParser.parse(toml, path: "config.toml")
        engine = Engine(
            state: EngineState(stored: stored),
            context: EngineContext(config: config, configOrigin: "config.toml", messages: messages, windowInstalled: windowInstalled))
        now = instant(start)
        self.timeZone = timeZone
        for event in told { send(event) }  // what the daemon learns before its first look (the desktop's state)
        send(.tick)  // start-up
    }

    var state: EngineState { engine.state }
    /// What `gymbell history` would list now.
    var history: [HistoryEntry] { historyMirror.entries }

    /// Handles one event now; carries out what the harness plays (timer, server).
    @discardableResult
    mutating func send(_ event: Event) -> Engine.Outcome {
        nextID += 1
        let outcome = engine.handle(event, at: Moment(now: now, timeZone: timeZone, newID: givesIDs ? "id\(nextID)" : ""))
        effects += outcome.effects
        for effect in outcome.effects { if case .store(let change) = effect { historyMirror.apply(change) } }
        var taken: [ReminderID] = []
        var weeks: [WeekSpan] = []
        for effect in outcome.effects {
            switch effect {
            case .readWeek(let span): weeks.append(span)  // the daemon reads the week from the database
            case .armTimer(let instant): armed = instant
            case .present(let reminder, _, _, let tracked):
                shown.append((now, reminder.title, reminder.body, .reminder(reminder.kind)))
                presented.append(reminder)
                if tracked { taken.append(reminder.id) }
            case .showSession(let notice, _, let audible, _, let carried, _):
                if audible || shown.last?.title != notice.title || shown.last?.body != notice.body {
                    shown.append((now, notice.title, notice.body, .session(audible: audible)))
                }
                if let carried { taken.append(carried) }
            default: break
            }
        }
        if serverTakes { for id in taken { send(.delivered(id)) } }
        for span in weeks { send(.weekRead(WeekReading(span: span, entries: history, sets: sets, earlier: []))) }
        return outcome
    }

    /// A command now; its answer.
    mutating func command(_ command: Command) -> Result<CommandReply, CommandError> {
        send(.command(command)).reply ?? .failure(.failed("no reply"))
    }

    /// Moves the clock to `instant`, firing the timer at each armed instant on the way.
    mutating func advance(to instant: Date) {
        var fired = 0
        while let armed, armed <= instant, armed >= now, fired < 10_000 {
            now = armed
            send(.tick)
            fired += 1
        }
        now = instant
    }

    mutating func advance(by seconds: TimeInterval) { advance(to: now.addingTimeInterval(seconds)) }

    /// The clock jumps (suspend, the daemon was not running): nothing fires on the way, one tick at `instant`.
    mutating func jump(to instant: Date) {
        now = instant
        send(.tick)
    }

    /// What fell due: (seconds after `start`, title), audible ones only.
    func audible(since start: Date) -> [(TimeInterval, String)] {
        shown.filter { $0.kind != .session(audible: false) }.map { ($0.at.timeIntervalSince(start), $0.title) }
    }

    var logs: [LogEntry] { effects.compactMap { if case .log(let entry) = $0 { entry } else { nil } } }
    var writes: [StoreChange] { effects.compactMap { if case .store(let change) = $0 { change } else { nil } } }
    /// The sets this harness's engine logged, in order (the log itself is the store's, not the engine's).
    var sets: [LoggedSet] { writes.compactMap { if case .logSet(let set) = $0 { set } else { nil } } }
}
