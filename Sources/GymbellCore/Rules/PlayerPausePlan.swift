/// What pausing media players for a cue decides (issue 47, `[sound] duck = "pause"`), apart from the
/// bus: which MPRIS players to pause, which to resume after, and the journal line of each. Pure,
/// table-tested; the sound helper only asks the bus and carries out what this decides.
///
/// The resume rule (the lowering's, for players): a paused player is sent Play only while it is still
/// the player that was paused (its bus name owned by the same connection) and still Paused. One the
/// person started again or stopped meanwhile keeps what they chose, and one that quit is forgotten.
public enum PlayerPausePlan {
    /// The bus names MPRIS players own, and gymbell's own (its session as a player: never paused).
    public static let namePrefix = "org.mpris.MediaPlayer2."
    public static let ownBusName = "org.mpris.MediaPlayer2.gymbell"
    /// Seconds the sounds are quiet before paused players are resumed: cues close together (a
    /// countdown's ticks, a rest over and the next step) keep them paused once instead of flapping.
    public static let linger = 2.0

    /// A media player on the session bus as the plan needs it.
    public struct Player: Equatable, Sendable {
        /// Its well-known name (`org.mpris.MediaPlayer2.mpv`).
        public var busName: String
        /// The connection owning it (`:1.42`): a player that quit and started again has another.
        public var owner: String
        /// `PlaybackStatus`: "Playing", "Paused" or "Stopped".
        public var status: String

        public init(busName: String, owner: String, status: String) {
            self.busName = busName
            self.owner = owner
            self.status = status
        }
    }

    /// One player paused: a line of the journal, written before Pause is sent.
    public struct Entry: Equatable, Sendable {
        /// The sound helper that paused it (its process id): it resumes its own when its sounds end.
        public var pauser: Int32
        public var busName: String
        public var owner: String

        public init(pauser: Int32, busName: String, owner: String) {
            self.pauser = pauser
            self.busName = busName
            self.owner = owner
        }
    }

    /// Whether `busName` is another program's media player (not gymbell's own, nor an instance of it).
    public static func isOthers(_ busName: String) -> Bool {
        busName.hasPrefix(namePrefix) && busName.count > namePrefix.count
            && busName != ownBusName && !busName.hasPrefix(ownBusName + ".")
    }

    /// The journal once `pauser` has made room, and the players to send Pause: the others' players
    /// playing now (listed already or not: one the person started again is paused anew, under
    /// `pauser`), and every listed player still paused as it was left (another helper's, its sound
    /// over or the helper gone) taken over by `pauser`, so that it stays paused until this cue ends
    /// rather than being resumed between two cues.
    public static func pausing(_ players: [Player], pauser: Int32, journal: [Entry]) -> (journal: [Entry], pause: [Entry]) {
        let pause = players.filter { isOthers($0.busName) && $0.status == "Playing" }
            .map { Entry(pauser: pauser, busName: $0.busName, owner: $0.owner) }
        let pausing = Set(pause.map(\.busName))
        let kept = journal.filter { !pausing.contains($0.busName) }.map { entry in
            var kept = entry
            if isLeftPaused(entry, players) { kept.pauser = pauser }
            return kept
        }
        return (kept + pause, pause)
    }

    /// Whether the player of `entry` is still the one paused, and still paused.
    static func isLeftPaused(_ entry: Entry, _ players: [Player]) -> Bool {
        players.contains { $0.busName == entry.busName && $0.owner == entry.owner && $0.status == "Paused" }
    }

    /// Which journal entries to send Play now, and which stay listed: the entries of `pauser` (every
    /// entry when nil: the daemon's start, after a helper was killed) are settled — resumed by the
    /// resume rule, or forgotten — and the others' stay.
    public static func resuming(_ journal: [Entry], players: [Player], pauser: Int32?) -> (resume: [Entry], keep: [Entry]) {
        var resume: [Entry] = []
        var keep: [Entry] = []
        for entry in journal {
            guard pauser == nil || entry.pauser == pauser else {
                keep.append(entry)
                continue
            }
            if isLeftPaused(entry, players) { resume.append(entry) }
        }
        return (resume, keep)
    }

    /// The journal's text: one line per player, fields separated by tabs (pauser, bus name, owner).
    public static func text(_ entries: [Entry]) -> String {
        entries.map { "\($0.pauser)\t\($0.busName)\t\($0.owner)\n" }.joined()
    }

    /// The journal's entries; a line that is not one (damaged, hand-edited) is skipped: its player is
    /// left as it is.
    public static func entries(_ text: Substring) -> [Entry] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let pauser = Int32(fields[0]), isOthers(String(fields[1])), fields[2].hasPrefix(":"),
                  !fields[1].contains(" "), !fields[2].contains(" ")
            else { return nil }
            return Entry(pauser: pauser, busName: String(fields[1]), owner: String(fields[2]))
        }
    }
}
