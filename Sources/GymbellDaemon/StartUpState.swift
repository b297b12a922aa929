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
