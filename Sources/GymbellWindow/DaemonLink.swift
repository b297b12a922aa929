import Dispatch
import FoundationEssentials
import GymbellBus
import GymbellControl
import GymbellCore
import GymbellPlatform

/// What the window knows of the daemon: read with the control contract's calls, never on the main
/// thread (a slow or absent daemon must not freeze a frame), and read again when the daemon says
/// something changed (its Changed signal) or when its bus name changes hands. Nothing polls.
final class DaemonLink {
    enum State {
        case connecting
        case notRunning(String)
        case running(Snapshot)
    }

    struct Snapshot: Sendable {
        var status: StatusReport
        var upcoming: [UpcomingEntry]
        var stats: StatsReport?
        /// Workout name → title, as the daemon has them (the reminders name workouts by key).
        var workoutTitles: [String: String] = [:]
        /// The daemon's workouts (name, title), by title: Today offers to start them.
        var workouts: [(name: String, title: String)] = []
        /// Every programme, first by priority: which workouts a day holds; empty: no programme.
        var plan = ProgrammePlan([])
        /// The sessions of the last eight days (what "This week" counts, by Core's rule).
        var recent: [HistoryEntry] = []
    }

    private let loop: MainLoop
    private let worker = ControlWorker()
    private var listeners: [DBusSignalListener] = []
    private var reading = false
    private var readAgain = false
    /// The main window's follower; `follow` adds others (the Workouts window).
    var onState: ((State) -> Void)?
    private var followers: [(State) -> Void] = []
    /// The state last told.
    private(set) var last = State.connecting

    init(loop: MainLoop) {
        self.loop = loop
    }

    /// Subscribes to the daemon's Changed signal and to its bus name's owner, then reads the state.
    func start() {
        let owner = "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
            + "member='NameOwnerChanged',arg0='\(BusNames.wellKnownName)'"
        do {
            listeners.append(try DBusSignalListener(loop: loop, bus: .session, matchRule: ControlContract.changed.matchRule) { [weak self] _ in
                self?.refresh()
            })
            listeners.append(try DBusSignalListener(loop: loop, bus: .session, matchRule: owner) { [weak self] signal in
                // A daemon that left is shown as gone at once: asking it again would start it by D-Bus activation.
                if signal.arguments.count == 3, signal.arguments[2].string == "" {
                    self?.tell(.notRunning(""))
                } else {
                    self?.refresh()
                }
            })
        } catch {
            tell(.notRunning("\(error.message)"))
        }
        refresh()
    }

    /// `follower` gets every state from now on, after the main window.
    func follow(_ follower: @escaping (State) -> Void) { followers.append(follower) }

    private func tell(_ state: State) {
        last = state
        onState?(state)
        for follower in followers { follower(state) }
    }

    /// Reads status, upcoming reminders and statistics off the main thread; one read at a time,
    /// a request during a read makes one more read after it.
    func refresh() {
        guard !reading else {
            readAgain = true
            return
        }
        reading = true
        worker.run({ client throws(ClientError) -> Snapshot in
            let status = try client.status()
            let upcoming = try client.upcoming(days: 8)
            // The workouts as the daemon applies them (the config file is the daemon's to read).
            let report = try? client.workouts()
            let workouts = report?.workouts ?? []
            return Snapshot(
                status: status, upcoming: upcoming, stats: try? client.stats(),
                workoutTitles: Dictionary(workouts.map { ($0.name, $0.title) }, uniquingKeysWith: { first, _ in first }),
                workouts: workouts.map { (name: $0.name, title: $0.title) }, plan: report?.plan ?? ProgrammePlan([]),
                recent: (try? client.history(days: 8)) ?? [])
        }, on: loop) { [weak self] result in
            guard let self else { return }
            reading = false
            switch result {
            case .success(let snapshot): tell(.running(snapshot))
            case .failure(.noDaemon(let message)): tell(.notRunning(message))
            case .failure(let error): tell(.notRunning("\(error)"))
            }
            if readAgain {
                readAgain = false
                refresh()
            }
        }
    }

    /// Sends one command off the main thread; `done` gets the daemon's answer or refusal on the loop.
    func send<Reply: Sendable>(
        _ command: @escaping @Sendable (GymbellClient) throws(ClientError) -> Reply, done: @escaping (Result<Reply, ClientError>) -> Void
    ) {
        worker.run(command, on: loop, done: done)
    }
}

/// The one thread that talks to the daemon, with a client of its own (`GymbellClient` blocks).
private final class ControlWorker: @unchecked Sendable {
    private static let threadName = "gymbell-window.control"
    private let queue = DispatchQueue(label: threadName)
    /// Made and used on `queue` only.
    private var client: GymbellClient?

    func run<Reply: Sendable>(
        _ work: @escaping @Sendable (GymbellClient) throws(ClientError) -> Reply, on loop: MainLoop,
        done: @escaping (Result<Reply, ClientError>) -> Void
    ) {
        let delivery = Delivery(loop: loop, done: done)
        queue.async { [self] in
            let result: Result<Reply, ClientError>
            do throws(ClientError) {
                if client == nil { client = try GymbellClient(timeoutMilliseconds: 5_000) }
                result = .success(try work(client!))
            } catch {
                if case .noDaemon = error { client = nil }  // a new connection next time (the bus may be back)
                result = .failure(error)
            }
            delivery.deliver(result)
        }
    }
}

/// Hands a result from the worker thread to the main loop (g_idle_add is thread-safe).
private final class Delivery<Reply: Sendable>: @unchecked Sendable {
    private let loop: MainLoop
    private let done: (Result<Reply, ClientError>) -> Void

    init(loop: MainLoop, done: @escaping (Result<Reply, ClientError>) -> Void) {
        self.loop = loop
        self.done = done
    }

    func deliver(_ result: Result<Reply, ClientError>) {
        loop.idle { [self] in done(result) }
    }
}
