import Glibc

/// What a guarded replacement did.
public enum GuardedReplacement: Equatable, Sendable {
    /// The new bytes are in place (`written`: followed by what another program appended meanwhile, when
    /// that was carried), and what they replaced was exactly what was expected.
    case replaced(written: [UInt8])
    /// The file no longer held what was expected: nothing was written.
    case changedBefore
    /// Another program changed the file in the instant of the swap (it wrote into the file being
    /// replaced, or put a file of its own there): `written` is in place (the new bytes, with what was
    /// carried), and `displaced` is what it replaced — the caller puts that change back, nothing of it
    /// is lost.
    case changedDuring(displaced: [UInt8], written: [UInt8])
}

/// Replaces a whole file as `FileReplacement` does, but only while it still holds what the caller
/// read (the config writer: no change another program makes meanwhile is written over).
public enum GuardedFileReplacement {
    public typealias Failure = FileReplacement.Failure

    /// How long a replaced file is watched after the swap for a write that another program began
    /// before it (opened the file, then wrote): a line appended then lands in the file set aside.
    static let settleMicroseconds: UInt32 = 5_000

    /// How many times a file another program keeps appending to is written again with its new lines.
    static let appendedRounds = 50

    /// Replaces the file at `path` with `bytes` only while it still holds exactly `expected` (nil: only
    /// while there is no file), so that a change another program makes meanwhile is never written over.
    ///
    /// The content is compared (not the modification time, whose granularity hides a quick append),
    /// once more after the new file is written and flushed, immediately before the swap. A file that
    /// only grew meanwhile (another program appended lines) keeps what was appended: it is carried
    /// after `bytes`, as if appended just after the replacement, when `acceptsAppended` takes the
    /// result (nil: any other change is `.changedBefore`). The swap is an exchange
    /// (`renameat2(RENAME_EXCHANGE)`), so what was displaced is still there to be compared: a file
    /// another program renamed into place, or a line it appended, in the instant between the last check
    /// and the swap is handed back as `.changedDuring`. A new file is put in place only if none appeared
    /// (`RENAME_NOREPLACE`). File systems without these fall back to `rename(2)` (the old file is still
    /// watched through a descriptor held open).
    public static func replace(
        _ path: String, with bytes: [UInt8], ifStillHolding expected: [UInt8]?,
        acceptsAppended: (([UInt8]) -> Bool)? = nil, newFileMode: UInt32 = 0o644
    ) throws(Failure) -> GuardedReplacement {
        try replace(path, with: bytes, ifStillHolding: expected, acceptsAppended: acceptsAppended, newFileMode: newFileMode, depth: 0)
    }

    private static func replace(
        _ path: String, with bytes: [UInt8], ifStillHolding expected: [UInt8]?,
        acceptsAppended: (([UInt8]) -> Bool)?, newFileMode: UInt32, depth: Int
    ) throws(Failure) -> GuardedReplacement {
        let target = FileReplacement.resolved(path)
        var status = stat()
        if stat(target, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw Failure(path: path, reason: "it is not a regular file")
        }
        // The file being replaced, held open: what is appended to it after the swap is still seen.
        var old: Int32 = -1
        defer { if old >= 0 { close(old) } }
        if expected != nil {
            old = FileReplacement.retryingInterrupts { open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
            if old < 0 {
                if errno == ENOENT { return .changedBefore }
                throw Failure(path: path, reason: FileReplacement.reason(errno))
            }
        } else if lstat(target, &status) == 0 {
            return .changedBefore
        }
        var oldStatus = stat()
        let mode = old >= 0 && fstat(old, &oldStatus) == 0 ? UInt32(oldStatus.st_mode & 0o7777) : newFileMode

        var expected = expected
        var bytes = bytes
        var temporary = ""
        for round in 1...appendedRounds {
            if let wanted = expected {
                guard let current = contents(of: old) else { return .changedBefore }
                if current != wanted {
                    guard let carried = carryingAppended(current, expected: wanted, bytes: bytes, acceptsAppended),
                          round < appendedRounds else { return .changedBefore }
                    (expected, bytes) = (current, carried)
                }
            }
            temporary = try FileReplacement.writeTemporary(beside: target, bytes: bytes, mode: mode, path: path)
            // The last check, immediately before the swap.
            guard let expected else {
                if lstat(target, &status) == 0 {
                    unlink(temporary)
                    return .changedBefore
                }
                break
            }
            guard stat(target, &status) == 0, status.st_ino == oldStatus.st_ino, status.st_dev == oldStatus.st_dev else {
                unlink(temporary)
                return .changedBefore
            }
            if contents(of: old) == expected { break }
            unlink(temporary)  // changed meanwhile: compared (and carried) again
            temporary = ""
        }
        guard !temporary.isEmpty else { return .changedBefore }

        let swap = try swapIn(temporary, over: target, exchanging: expected != nil, path: path)
        if swap == .refused { return .changedBefore }
        FileReplacement.flushDirectory(of: target)
        guard let expected else { return .replaced(written: bytes) }
        usleep(settleMicroseconds)
        defer { if swap == .exchanged { unlink(temporary) } }
        if swap == .exchanged {
            // The file set aside is at the temporary name: another program's own file if it renamed one in.
            let displaced = FileReplacement.retryingInterrupts { open(temporary, O_RDONLY | O_CLOEXEC) }
            if displaced >= 0 {
                defer { close(displaced) }
                var displacedStatus = stat()
                if fstat(displaced, &displacedStatus) == 0,
                   displacedStatus.st_ino != oldStatus.st_ino || displacedStatus.st_dev != oldStatus.st_dev {
                    return .changedDuring(displaced: contents(of: displaced) ?? [], written: bytes)
                }
            }
        }
        let after = contents(of: old) ?? []
        if after == expected { return .replaced(written: bytes) }
        // Lines appended to the old file in the instant of the swap go after what was written, before
        // what was appended to the new file since: both in the order they were written.
        if let accepts = acceptsAppended, depth < 3, after.count > expected.count, after.starts(with: expected) {
            let late = after[expected.count...]
            for _ in 0..<appendedRounds {
                let now = FileReplacement.retryingInterrupts { open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
                guard now >= 0 else { break }
                let current = contents(of: now)
                close(now)
                guard let current, current.starts(with: bytes) else { break }
                let merged = bytes + late + current[bytes.count...]
                guard accepts(merged) else { break }
                let outcome = try replace(
                    path, with: merged, ifStillHolding: current, acceptsAppended: accepts, newFileMode: newFileMode, depth: depth + 1)
                if outcome == .changedBefore { continue }
                return outcome
            }
        }
        return .changedDuring(displaced: after, written: bytes)
    }

    /// `bytes` followed by what was appended to `expected` to make `current`, when that is all that
    /// changed and `accepts` takes the result; nil otherwise.
    private static func carryingAppended(
        _ current: [UInt8], expected: [UInt8], bytes: [UInt8], _ accepts: (([UInt8]) -> Bool)?
    ) -> [UInt8]? {
        guard let accepts, current.count > expected.count, current.starts(with: expected) else { return nil }
        let carried = bytes + current[expected.count...]
        return accepts(carried) ? carried : nil
    }

    /// How the new file was put in place.
    private enum Swap: Equatable {
        /// Exchanged: what was there is now at the temporary name.
        case exchanged
        /// Renamed over (or linked in, for a new file).
        case renamed
        /// A new file was not put in place, because a file appeared there meanwhile.
        case refused
    }

    private static func swapIn(_ temporary: String, over target: String, exchanging: Bool, path: String) throws(Failure) -> Swap {
        let flags: UInt32 = exchanging ? renameExchange : renameNoReplace
        if let renameat2 = Renameat2.function {
            if renameat2(AT_FDCWD, temporary, AT_FDCWD, target, flags) == 0 { return exchanging ? .exchanged : .renamed }
            let code = errno
            if !exchanging, code == EEXIST {
                unlink(temporary)
                return .refused
            }
            guard code == EINVAL || code == ENOSYS || code == EOPNOTSUPP else {
                unlink(temporary)
                throw Failure(path: path, reason: FileReplacement.reason(code))
            }
        }
        if !exchanging {
            // link(2) fails when the name exists, where rename(2) would replace it.
            if link(temporary, target) == 0 {
                unlink(temporary)
                return .renamed
            }
            if errno == EEXIST {
                unlink(temporary)
                return .refused
            }
        }
        if rename(temporary, target) != 0 {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, reason: FileReplacement.reason(code))
        }
        return .renamed
    }

    /// The whole content of an open file, read from its start; nil when it cannot be read.
    private static func contents(of descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                FileReplacement.retryingInterrupts { pread(descriptor, buffer.baseAddress, buffer.count, off_t(bytes.count)) }
            }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    // From <stdio.h>, which Swift's Glibc imports without _GNU_SOURCE.
    private static let renameNoReplace: UInt32 = 1 << 0
    private static let renameExchange: UInt32 = 1 << 1
}

/// renameat2(2), looked up in the C library (its declaration needs _GNU_SOURCE); nil when it has none.
private enum Renameat2 {
    typealias Function = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    static let function: Function? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2")
        .map { unsafeBitCast($0, to: Function.self) }
}
