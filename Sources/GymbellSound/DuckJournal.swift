/// The journal of lowered streams (`$XDG_STATE_HOME/gymbell/ducked`): one line per stream, written
/// before the stream is lowered, so that a volume gymbell changed is set back even when gymbell is
/// killed while its sound plays (the daemon's next start settles what is listed). Fields are separated
/// by tabs: owner, index, lowered volumes, original volumes, identity. A line that is not one (a
/// damaged or hand-edited file) is skipped: its stream is left as it is.
enum DuckJournal {
    /// The most the journal is read of: a few hundred streams.
    static let limit = 64 * 1024

    static func text(_ entries: [DuckPlan.Entry]) -> String {
        entries.map { entry in
            let identity = String(entry.identity.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
            return "\(entry.owner)\t\(entry.index)\t\(volumes(entry.lowered))\t\(volumes(entry.original))\t\(identity)\n"
        }.joined()
    }

    static func entries(_ text: Substring) -> [DuckPlan.Entry] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, let owner = Int32(fields[0]), let index = UInt32(fields[1]),
                  let lowered = volumes(fields[2]), let original = volumes(fields[3]), lowered.count == original.count
            else { return nil }
            return DuckPlan.Entry(owner: owner, index: index, identity: String(fields[4]), original: original, lowered: lowered)
        }
    }

    private static func volumes(_ list: [UInt32]) -> String { list.map(String.init).joined(separator: ",") }

    private static func volumes(_ text: Substring) -> [UInt32]? {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { UInt32($0) }
        guard (1...DuckPlan.maximumChannels).contains(values.count) else { return nil }
        let volumes = values.compactMap { $0 }
        guard volumes.count == values.count, volumes.allSatisfy({ $0 <= DuckPlan.maximumVolume }) else { return nil }
        return volumes
    }
}
