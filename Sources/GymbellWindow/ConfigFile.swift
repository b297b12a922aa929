import Dispatch
import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellPlatform
import GymbellSettings

/// The user's config file as the Preferences and the Workouts window edit it: a `ConfigSession` that
/// lives on a thread of its own, where every read and write is done (a slow or busy disk must not
/// freeze a frame); each answer comes back on the main loop, in the order asked. The daemon's watcher
/// applies what is written (once: nobody asks it to reload), except where config.toml is a symbolic
/// link, whose file it does not watch (as `gymbell config set` says): then `unwatchedWrite` tells it.
///
/// One serial worker rather than a `BackgroundWork` per call: the session's state (the file as last
/// read) is one, and two edits made quickly must be written one after the other, in order.
final class ConfigFile {
    private let worker: SessionWorker
    private let loop: MainLoop
    /// Where start at login is told: the autostart entry `gymbell autostart enable` writes.
    private let autostartEntry: String
    /// A change was written to a file the daemon does not watch (config.toml is a symbolic link).
    private let unwatchedWrite: () -> Void

    init(loop: MainLoop, paths: XDGPaths = XDGPaths(), unwatchedWrite: @escaping () -> Void) {
        self.loop = loop
        self.unwatchedWrite = unwatchedWrite
        worker = SessionWorker(ConfigSession(paths: paths))
        autostartEntry = paths.configHome + "/autostart/" + BusNames.desktopID + ".desktop"
    }

    /// Whether no config file exists at all (the user's or a system one): a first run.
    func isFirstRun(_ done: @escaping (Bool) -> Void) { run({ $0.isFirstRun }, done) }

    /// Reads the file again.
    func reload(_ done: @escaping (ConfigSession.State) -> Void) { run({ $0.reload() }, done) }

    /// Reads the file again when it changed on disk since it was read; nil when it did not.
    func reloadIfChanged(_ done: @escaping (ConfigSession.State?) -> Void) {
        run({ $0.changedOnDisk ? $0.reload() : nil }, done)
    }

    /// Applies `change` (see `ConfigSession.apply`); `done` gets the outcome and the state after it.
    func apply(_ change: ConfigSession.Change, _ done: @escaping (ConfigSession.Outcome, ConfigSession.State) -> Void) {
        write({ $0.apply(change) }, done)
    }

    /// After a conflict: the waiting change written over the file as it is now.
    func keepMine(_ done: @escaping (ConfigSession.Outcome, ConfigSession.State) -> Void) {
        write({ $0.keepMine() }, done)
    }

    private func write(_ edit: @escaping (ConfigSession) -> ConfigSession.Outcome,
                       _ done: @escaping (ConfigSession.Outcome, ConfigSession.State) -> Void) {
        run({ session in
            let outcome = edit(session)
            let unwatched = if case .written = outcome { (try? FileManager.default.destinationOfSymbolicLink(atPath: session.path)) != nil } else { false }
            return (outcome, session.state, unwatched)
        }, { [unwatchedWrite] outcome, state, unwatched in
            if unwatched { unwatchedWrite() }
            done(outcome, state)
        })
    }

    /// After a conflict: the waiting change dropped; `done` gets the file as it is.
    func takeTheirs(_ done: @escaping (ConfigSession.State) -> Void) {
        run({ session in
            session.takeTheirs()
            return session.state
        }, done)
    }

    /// Writes the welcome's config as the user's file; `done` gets why it could not, or nil.
    func writeFirstRun(_ choices: FirstRunChoices, _ done: @escaping (String?) -> Void) {
        run({ session in
            do {
                try session.writeFirstRun(choices)
                return nil
            } catch {
                return "\(error)"
            }
        }, done)
    }

    /// Whether gymbell starts at login (its autostart entry exists).
    func startsAtLogin(_ done: @escaping (Bool) -> Void) {
        let entry = autostartEntry
        run({ _ in FileManager.default.fileExists(atPath: entry) }, done)
    }

    private func run<Value>(_ work: @escaping (ConfigSession) -> Value, _ done: @escaping (Value) -> Void) {
        worker.run(work, on: loop, done: done)
    }
}

/// The thread that owns the session: it is made here and touched on `queue` only, so it needs no lock.
private final class SessionWorker: @unchecked Sendable {
    private static let threadName = "gymbell-window.config"
    private let queue = DispatchQueue(label: threadName)
    private let session: ConfigSession

    init(_ session: ConfigSession) { self.session = session }

    func run<Value>(_ work: @escaping (ConfigSession) -> Value, on loop: MainLoop, done: @escaping (Value) -> Void) {
        let job = Job(work: work, done: done, loop: loop)
        queue.async { [self] in job.run(session) }
    }

    /// One call: worked on the queue, its value handed to the loop (the value's types are read on
    /// one thread at a time: written on the queue, then read on the loop).
    private final class Job<Value>: @unchecked Sendable {
        let work: (ConfigSession) -> Value
        let done: (Value) -> Void
        let loop: MainLoop

        init(work: @escaping (ConfigSession) -> Value, done: @escaping (Value) -> Void, loop: MainLoop) {
            self.work = work
            self.done = done
            self.loop = loop
        }

        func run(_ session: ConfigSession) {
            let value = work(session)
            loop.idle { [self] in done(value) }
        }
    }
}
