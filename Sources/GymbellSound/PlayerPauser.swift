import Glibc
import GymbellBus
import GymbellCore
import GymbellPlatform

/// Makes room for the sound helper's sounds by pausing media players (`duck = "pause"`; issue 47):
/// before a sound it pauses the others' MPRIS players playing (PlayerPausePlan), having written them
/// to the journal first; once its sounds have been quiet for a while it resumes them by the resume
/// rule. `resumeAll` settles what a killed helper left paused.
final class PlayerPauser {
    /// Whether this helper has paused players that are not resumed yet.
    private(set) var isPausing = false
    private let journalPath: String?
    private let owner = getpid()
    private let report: (String) -> Void
    private var players: MediaPlayers?

    /// `journalPath`: nil pauses nothing (no state directory to write the journal in).
    init(journalPath: String?, report: @escaping (String) -> Void) {
        self.journalPath = journalPath
        self.report = report
    }

    /// Pauses the others' players playing now, and takes over those another helper left paused.
    func pause() {
        guard let journalPath, let players = connect(), let found = list(players) else { return }
        let journal = read(journalPath)
        let (listed, pause) = PlayerPausePlan.pausing(found, pauser: owner, journal: journal)
        guard listed != journal else {
            isPausing = isPausing || listed.contains { $0.pauser == owner }
            return
        }
        // Nothing is paused that could not be written down first: a player must never be left paused.
        guard write(listed, to: journalPath) else { return }
        isPausing = listed.contains { $0.pauser == owner }
        for entry in pause {
            do {
                try players.send("Pause", to: entry)
            } catch {
                report("cannot pause \(entry.busName): \(error)")
            }
        }
    }

    /// Resumes what this helper paused, once its sounds have been quiet for PlayerPausePlan.linger.
    func resumeOwn() {
        guard isPausing else { return }
        isPausing = false
        settle(pauser: owner)
    }

    /// Resumes everything the journal lists (the daemon's start: a helper may have been killed).
    func resumeAll() { settle(pauser: nil) }

    private func settle(pauser: Int32?) {
        guard let journalPath else { return }
        let journal = read(journalPath)
        guard !journal.isEmpty else {
            unlink(journalPath)  // empty, or no line readable: nothing to resume
            return
        }
        // The bus unreachable: the journal stays for the next start.
        guard let players = connect(), let found = list(players) else { return }
        let (resume, keep) = PlayerPausePlan.resuming(journal, players: found, pauser: pauser)
        for entry in resume {
            do {
                try players.send("Play", to: entry)
            } catch {
                report("cannot resume \(entry.busName): \(error)")
            }
        }
        if keep.isEmpty { unlink(journalPath) } else { write(keep, to: journalPath) }
    }

    private func connect() -> MediaPlayers? {
        if players == nil {
            do {
                players = try MediaPlayers()
            } catch {
                report("cannot pause media players: \(error)")
            }
        }
        return players
    }

    private func list(_ players: MediaPlayers) -> [PlayerPausePlan.Player]? {
        do {
            return try players.list()
        } catch {
            report("cannot pause media players: \(error)")
            self.players = nil  // connected again next time (the bus may have restarted)
            return nil
        }
    }

    private func read(_ path: String) -> [PlayerPausePlan.Entry] {
        guard let bytes = try? BoundedFileReader.read(path: path, limit: DuckJournal.limit) else { return [] }
        return PlayerPausePlan.entries(Substring(String(decoding: bytes, as: UTF8.self)))
    }

    @discardableResult
    private func write(_ entries: [PlayerPausePlan.Entry], to path: String) -> Bool {
        do {
            if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
                try FileReplacement.makeDirectories(String(path[..<slash]))
            }
            try FileReplacement.replace(path, with: Array(PlayerPausePlan.text(entries).utf8), newFileMode: 0o600)
            return true
        } catch {
            report("cannot pause media players: \(error)")
            return false
        }
    }
}
