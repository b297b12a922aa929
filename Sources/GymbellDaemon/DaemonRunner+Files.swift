import FoundationEssentials
import GymbellCore
import GymbellSettings
import GymbellStore
import Logging

/// The daemon's state database at start-up: opened (private first), and what was found told.
extension DaemonRunner {
    /// The state database. One that cannot be written now is used from memory and saved when it can
    /// be; only one SQLite reports damaged is moved aside (StateStore.open). The daemon tells the user
    /// (`logProblem`). The state directory and files are made private first, so that the -wal and
    /// -shm SQLite makes are too; what was found open to others is said once, here.
    static func openStore(_ paths: XDGPaths, clock: @escaping () -> Date, logger: Logger) -> StateStore {
        for finding in StatePrivacy.makePrivate(database: paths.stateDatabase) { logger.warning("\(finding)") }
        logLeftovers(StateTransfer.cleanLeftovers(besideDatabase: paths.stateDatabase), logger: logger)
        return StateStore.open(path: paths.stateDatabase, clock: clock, checkingWritable: false)
    }

    /// What refused or killed restores and backups left, removed at start-up (issue 42); the kept-aside
    /// copies of replaced states are only counted.
    static func logLeftovers(_ leftovers: TransferLeftovers, logger: Logger) {
        if !leftovers.removed.isEmpty {
            logger.info("removed what an interrupted restore or backup left: \(leftovers.removed.joined(separator: ", "))")
        }
        for problem in leftovers.problems { logger.warning("left by an interrupted restore or backup: \(problem)") }
        if let first = leftovers.keptAside.first {
            let count = "\(leftovers.keptAside.count) replaced state\(leftovers.keptAside.count == 1 ? " is" : "s are")"
            logger.info("\(count) kept aside in \(FilePath.directory(of: first)) (replaced-*.sqlite; `gymbell restore` one to go back, delete those you no longer need)")
        }
    }

    static func logProblem(of store: StateStore, logger: Logger) {
        if let problem = store.problem {
            logger.error(
                "state database problem at start-up",
                metadata: [
                    "problem": "\(problem.cause.rawValue)", "path": "\(problem.database)", "moved_to": "\(problem.movedTo ?? "-")",
                    "saving": "\(problem.saving)", "detail": "\(problem.detail)",
                ])
        }
    }
}

/// The config at start-up and its warnings.
extension DaemonRunner {
    /// The config at start-up; a broken file is reported and the built-in default used until it is fixed.
    static func initialConfig(_ paths: XDGPaths, logger: Logger) -> LoadedConfig {
        do {
            let loaded = try ConfigSource.load(paths)
            logWarnings(of: loaded, logger: logger)
            return loaded
        } catch {
            logger.error("config errors, running on the built-in default until they are fixed (`gymbell reload`):\n\(error)")
            return LoadedConfig(config: ConfigParser.defaultConfig(), path: nil)
        }
    }

    /// The config's warnings (`gymbell config check` prints the same), one log line each.
    static func logWarnings(of loaded: LoadedConfig, logger: Logger) {
        for warning in loaded.warnings { logger.warning("config: \(warning)") }
    }
}
