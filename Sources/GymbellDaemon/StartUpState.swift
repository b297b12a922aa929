import GymbellCore
import GymbellPlatform
import GymbellStore

/// What the daemon starts from, read at start-up with the set log's summary on a thread of its own
/// (years of sets, issue 33): the daemon takes it before its first event (`Daemon.InitialState.progress`).
enum StartUpState {
    static func read(from store: StateStore, helpedBy help: StateStore.AgendaReadHelp) -> Daemon.InitialState {
        let progress = store.progress.readerForAnotherThread.map { reader in
            BackgroundWork(name: "gymbell-progress") { Result { () throws(StoreError) in try reader.summary() } }
        }
        var initial = Daemon.InitialState.read { () throws(StoreError) in try store.load(helpedBy: help, summaryElsewhere: progress != nil) }
        initial.progress = progress
        return initial
    }
}

/// What the daemon starts from: the state database's contents as the engine holds them (the
/// pending reminders indexed). DaemonRunner reads it while another thread reads the config and
/// connects to the bus; otherwise the daemon reads it when it is made.
struct DaemonInitialState {
    var state: EngineState
    var loadError: StoreError?
    /// The set log's summary being read on another thread; the daemon waits for it before its
    /// first event (years of sets take tens of milliseconds: issue 33).
    var progress: BackgroundWork<Result<ProgressReading, StoreError>>?

    static func load(from store: any StateStoring) -> DaemonInitialState {
        read { () throws(StoreError) in try store.load() }
    }

    static func read(_ load: () throws(StoreError) -> StoredState) -> DaemonInitialState {
        do {
            return DaemonInitialState(state: EngineState(stored: try load()))
        } catch {
            return DaemonInitialState(state: EngineState(stored: StoredState()), loadError: error)
        }
    }
}
