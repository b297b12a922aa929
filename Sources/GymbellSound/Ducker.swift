import Glibc
import GymbellCore
import GymbellPlatform

/// Makes room for the sound helper's sounds (issue 47): before a sound it lowers the other programs'
/// streams on the sound server (DuckPlan), having written them to the journal first; when its sounds
/// have ended it sets them back by the restore rule. With `duck = "pause"` it pauses media players
/// instead (PlayerPauser). `restoreAll` settles what a killed helper left.
final class Ducker {
    /// What other audio does while a sound plays.
    var mode: SoundDucking = .off
    /// Whether this helper has lowered streams that are not set back yet.
    private(set) var isLowering = false
    /// Whether it has lowered streams or paused players not yet set back: its sounds' end is awaited.
    var isMakingRoom: Bool { isLowering || pauser.isPausing }
    /// Since when (monotonic seconds) no sound has played while players are paused.
    private var quietSince: Double?
    private let pauser: PlayerPauser
    private let journalPath: String?
    private let appName: String
    private let owner = getpid()
    private let report: (String) -> Void
    private var api: Pulse?
    private var unloadable = false

    /// `journalPath`, `pauseJournalPath`: nil makes no room (no state directory to write the journal in).
    init(journalPath: String?, pauseJournalPath: String? = nil, appName: String, report: @escaping (String) -> Void) {
        self.journalPath = journalPath
        self.appName = appName
        self.report = report
        pauser = PlayerPauser(journalPath: pauseJournalPath, report: report)
    }

    /// Makes room as `mode` says, for a sound starting now.
    func duck() {
        quietSince = nil
        switch mode {
        case .off: break
        case .lower(let percent): lower(to: percent)
        case .pause: pauser.pause()
        }
    }

    /// Sets back what this helper lowered or paused once its sounds have ended: volumes at once,
    /// players after PlayerPausePlan.linger of quiet (a next cue within it keeps them paused).
    func soundsPlaying(_ playing: Bool, now: Double) {
        if isLowering, !playing { restoreOwn() }
        guard pauser.isPausing else { return }
        if playing {
            quietSince = nil
        } else if let quietSince {
            if now - quietSince >= PlayerPausePlan.linger { pauser.resumeOwn() }
        } else {
            quietSince = now
        }
    }

    /// The helper's last sounds have ended: everything set back, paused players after the linger.
    func finish() {
        restoreOwn()
        if pauser.isPausing { for _ in 0..<Int(PlayerPausePlan.linger * 10) { usleep(100_000) } }  // under 1 s each (POSIX)
        pauser.resumeOwn()
    }

    /// Lowers the others' streams playing now (none listed twice).
    private func lower(to percent: Int) {
        guard let journalPath, let volumes = connect(), let streams = volumes.streams() else { return }
        let journal = read(journalPath)
        let entries = DuckPlan.lowering(streams, percent: percent, owner: owner, journal: journal)
        guard !entries.isEmpty else { return }
        // Nothing is lowered that could not be written down first: a volume must never be left changed.
        guard write(journal + entries, to: journalPath) else { return }
        isLowering = true
        for entry in entries { volumes.setVolumes(entry.lowered, of: entry.index) }
    }

    /// Sets back what this helper lowered, once its sounds have ended.
    func restoreOwn() {
        guard isLowering else { return }
        isLowering = false
        settle(owner: owner)
    }

    /// Sets back everything the journals list (the daemon's start: a helper may have been killed).
    func restoreAll() {
        settle(owner: nil)
        pauser.resumeAll()
    }

    private func settle(owner: Int32?) {
        guard let journalPath else { return }
        let journal = read(journalPath)
        guard !journal.isEmpty else {
            unlink(journalPath)  // empty, or no line readable: nothing to set back
            return
        }
        // The server unreachable: the journal stays for the next start.
        guard let volumes = connect(), let streams = volumes.streams() else { return }
        let (restore, keep) = DuckPlan.restoring(journal, streams: streams, owner: owner)
        for entry in restore { volumes.setVolumes(entry.original, of: entry.index) }
        if keep.isEmpty { unlink(journalPath) } else { write(keep, to: journalPath) }
    }

    private func connect() -> PulseVolumes? {
        if api == nil, !unloadable {
            do {
                api = try Pulse.load()
            } catch {
                unloadable = true
                report("cannot lower other audio: \(error) (install libpulse0)")
            }
        }
        guard let api else { return nil }
        return PulseVolumes(api: api, appName: appName)
    }

    private func read(_ path: String) -> [DuckPlan.Entry] {
        guard let bytes = try? BoundedFileReader.read(path: path, limit: DuckJournal.limit) else { return [] }
        return DuckJournal.entries(Substring(String(decoding: bytes, as: UTF8.self)))
    }

    @discardableResult
    private func write(_ entries: [DuckPlan.Entry], to path: String) -> Bool {
        do {
            if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
                try FileReplacement.makeDirectories(String(path[..<slash]))
            }
            try FileReplacement.replace(path, with: Array(DuckJournal.text(entries).utf8), newFileMode: 0o600)
            return true
        } catch {
            report("cannot lower other audio: \(error)")
            return false
        }
    }
}
