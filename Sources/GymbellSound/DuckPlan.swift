/// What making room for a sound decides, apart from the sound server (issue 47): which streams of
/// other programs to lower and to what, and which to set back afterwards. Pure, table-tested; the
/// sound helper's PulseVolumes only reads and writes what this decides.
///
/// The restore rule: a lowered stream gets its own volume back only while it is still the stream that
/// was lowered (same index, same program) and still plays at the volume gymbell set (within
/// `tolerance`, the rounding of a volume slider). A stream the person turned up or down meanwhile keeps
/// what they chose, and one that has ended is forgotten.
enum DuckPlan {
    /// The application id gymbell's own sounds carry (libcanberra's `application.id`).
    static let ownApplicationID = "io.github.gymbell.Gymbell"
    /// A volume within this of the lowered one counts as untouched (0.5 % of PulseAudio's 100 %).
    static let tolerance: UInt32 = 328
    /// PulseAudio's largest valid volume (PA_VOLUME_MAX) and channel count (PA_CHANNELS_MAX).
    static let maximumVolume: UInt32 = 0x7FFF_FFFF
    static let maximumChannels = 32

    /// A stream playing on the sound server (a PulseAudio sink input) as the plan needs it.
    struct Stream: Equatable {
        var index: UInt32
        /// Its volume per channel (pa_volume_t: 0x10000 is 100 %).
        var volumes: [UInt32]
        /// The program: `application.process.id` and `application.name` (or the stream's name).
        var processID: Int32?
        var application: String
        var applicationID: String? = nil
        /// `media.role`: other programs' event sounds and speech are not lowered.
        var role: String? = nil
        var corked = false
        var volumeWritable = true

        /// What ties a journal line to this stream beside its index (indexes start again with the server).
        var identity: String { "\(processID ?? 0)/\(application)" }
    }

    /// One stream lowered: a line of the journal, written before the stream is lowered.
    struct Entry: Equatable {
        /// The sound helper that lowered it (its process id): it sets back its own when its sound ends.
        var owner: Int32
        var index: UInt32
        var identity: String
        var original: [UInt32]
        var lowered: [UInt32]
    }

    /// Whether `stream` is someone else's audio that may be lowered: not gymbell's own sounds (played
    /// by `ownProcess`, or carrying its id), not event sounds or speech, not paused or volume-less.
    static func isOthers(_ stream: Stream, ownProcess: Int32) -> Bool {
        guard stream.processID != ownProcess, stream.applicationID != ownApplicationID else { return false }
        guard !["event", "a11y"].contains(stream.role ?? ""), !stream.application.lowercased().contains("speech-dispatcher") else {
            return false
        }
        return !stream.corked && stream.volumeWritable && !stream.volumes.isEmpty && stream.volumes.count <= maximumChannels
    }

    /// The streams to lower to `percent` of their volume, as journal entries of `owner`: the others'
    /// streams playing that the journal does not list already (a second sound while the first still
    /// plays lowers nothing twice).
    static func lowering(_ streams: [Stream], percent: Int, owner: Int32, journal: [Entry]) -> [Entry] {
        let listed = Set(journal.map(\.index))
        return streams.filter { isOthers($0, ownProcess: owner) && !listed.contains($0.index) }.compactMap { stream in
            let lowered = stream.volumes.map { lower($0, percent: percent) }
            guard lowered != stream.volumes else { return nil }  // silent already
            return Entry(owner: owner, index: stream.index, identity: stream.identity, original: stream.volumes, lowered: lowered)
        }
    }

    /// `volume` at `percent` of itself.
    static func lower(_ volume: UInt32, percent: Int) -> UInt32 {
        UInt32(UInt64(volume) * UInt64(max(0, min(percent, 100))) / 100)
    }

    /// Which journal entries to set back to their original volume now (each with the index of the
    /// stream it is set on), and which stay listed: the entries of `owner` (every entry when nil: the
    /// daemon's start, after a helper was killed) are settled — set back by the restore rule, or
    /// forgotten — and the others' stay. A stream that ended meanwhile is followed to its program's
    /// next one playing at the lowered volume: a player that opens a stream per track gets the
    /// lowered volume back from the server's stream-restore, and its own is set back there.
    static func restoring(_ journal: [Entry], streams: [Stream], owner: Int32?) -> (restore: [Entry], keep: [Entry]) {
        var restore: [Entry] = []
        var keep: [Entry] = []
        let listed = Set(journal.map(\.index))
        var claimed = Set<UInt32>()
        for entry in journal {
            guard owner == nil || entry.owner == owner else {
                keep.append(entry)
                continue
            }
            let same = streams.first { $0.index == entry.index && $0.identity == entry.identity }
            let next = streams.first {
                $0.identity == entry.identity && !listed.contains($0.index) && !claimed.contains($0.index)
                    && untouched($0.volumes, lowered: entry.lowered)
            }
            guard let stream = same ?? (streams.contains { $0.index == entry.index } ? nil : next),
                  untouched(stream.volumes, lowered: entry.lowered)
            else { continue }
            claimed.insert(stream.index)
            var settled = entry
            settled.index = stream.index
            restore.append(settled)
        }
        return (restore, keep)
    }

    /// Whether `current` is still the volume gymbell set.
    static func untouched(_ current: [UInt32], lowered: [UInt32]) -> Bool {
        current.count == lowered.count
            && zip(current, lowered).allSatisfy { (max($0, $1) - min($0, $1)) <= tolerance }
    }
}
