import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellSettings
import GymbellStore
import Logging

/// This computer's journal in the synced folder (issue 48): what it did and the journal lacks is
/// appended (sessions ended, corrections, next-time weights), then marked written. A journal found
/// shorter than it was written (deleted, replaced, cut), or under another device id, is written afresh
/// from the whole history: the others merge each line once, whatever they already have.
enum JournalWriter {
    struct Run: Equatable {
        var lines = 0
        var problem: String?
    }

    static func write(folder: String, own: DeviceID, store: SyncJournalStore, now: Date) -> Run {
        let path = folder + "/" + JournalName.own(own)
        var run = Run()
        do {
            let recorded = try store.ownJournal()
            let size = AppendedFile.size(path) ?? 0
            if recorded?.device != own.rawValue || size < (recorded?.size ?? 0) { try store.journalAfresh(device: own) }
            for _ in 0..<100_000 {
                let out = try store.outgoing(device: own, now: now)
                if out.isEmpty { break }
                let written = out.count > 0 ? try AppendedFile.append(out.bytes, to: path) : (AppendedFile.size(path) ?? 0)
                try store.markJournaled(out, device: own, size: written)
                run.lines += out.count
            }
        } catch {
            run.problem = "\(error)"
        }
        return run
    }
}

/// This computer's id in synced folders: read from `$XDG_STATE_HOME/gymbell/device-id`, made once.
enum DeviceIdentity {
    static func load(_ paths: XDGPaths, logger: Logger) -> DeviceID {
        if let bytes = try? BoundedFileReader.read(path: paths.deviceID, limit: 64),
            let id = DeviceID(String(decoding: bytes.filter { $0 > 32 }, as: UTF8.self))
        {
            return id
        }
        var generator = SystemRandomNumberGenerator()
        let id = DeviceID(random: (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) })
        do {
            try AtomicFile.write(Data((id.rawValue + "\n").utf8), to: paths.deviceID)
        } catch {
            logger.warning("this computer's id for the synced folder could not be kept (\(paths.deviceID): \(error)); another is made at the next start")
        }
        return id
    }
}
