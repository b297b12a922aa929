import Glibc

/// The sound helper process (`gymbell daemon --sound-player`): plays what the daemon asks on its
/// standard input through libcanberra and says what happened on its standard output (SoundMessage).
/// While its sounds play it lowers other audio, when asked to (Ducker), and sets it back after.
/// When its input ends it waits for the sounds it started and exits, and the memory of the sound
/// server's client (libpulse cannot be unloaded from a process) goes with it.
public enum SoundHelper {
    /// `duckJournal`, `pauseJournal`: where lowered volumes and paused players are written down (nil:
    /// other audio is never lowered, players never paused).
    public static func serve(appName: String, appID: String, icon: String, duckJournal: String? = nil, pauseJournal: String? = nil) -> Int32 {
        let ducker = Ducker(journalPath: duckJournal, pauseJournalPath: pauseJournal, appName: appName, report: { say(.problem($0)) })
        let speaker = Speaker(report: { say(.problem($0)) })
        let api: Canberra
        do {
            api = try Canberra.load()
        } catch {
            say(.problem("no sound: \(error) (install libcanberra0); reminders are silent"))
            say(.unreachable)
            return serveRestoresOnly(ducker, speaker)
        }
        let player = CanberraPlayer(
            api: api, appName: appName, appID: appID, icon: icon, report: { say(.problem($0)) }, played: { say(.played) },
            unreachable: { say(.unreachable) })
        player.asked = { say(.asked(at: $0)) }
        var lines = LineBuffer()
        // While other audio is lowered or paused, input is awaited a tenth of a second at a time: the
        // sounds' end is noticed within it and the volumes set back (the players after a linger).
        while let bytes = readInput(waitingAtMost: ducker.isMakingRoom ? 100 : -1) {
            if ducker.isMakingRoom { ducker.soundsPlaying(player.isPlaying || speaker.isSpeaking, now: SoundPlayer.monotonicNow()) }
            for line in bytes.withUnsafeBytes({ lines.append($0) }) {
                switch SoundMessage(line: line) {
                case .cache(let sound): player.prepare(sound)
                case .play(let sound):
                    // Played first: making room (some 30 ms with the server's connection) never makes
                    // the sound late; its first instant meets the music at full volume.
                    player.play(sound)
                    ducker.duck()
                case .duck(let mode): ducker.mode = mode
                case .restore: ducker.restoreAll()
                case .speak(let argv):
                    speaker.speak(argv)
                    ducker.duck()
                default: break
                }
            }
        }
        player.finish(waitingAtMost: 600)
        speaker.finish(waitingAtMost: 600)
        ducker.finish()
        return 0
    }

    /// Without libcanberra nothing plays and nothing is lowered; a `restore` is still carried out, and
    /// the voice still speaks.
    private static func serveRestoresOnly(_ ducker: Ducker, _ speaker: Speaker) -> Int32 {
        var lines = LineBuffer()
        while let bytes = readInput(waitingAtMost: -1) {
            for line in bytes.withUnsafeBytes({ lines.append($0) }) {
                switch SoundMessage(line: line) {
                case .restore: ducker.restoreAll()
                case .speak(let argv): speaker.speak(argv)
                default: break
                }
            }
        }
        speaker.finish(waitingAtMost: 600)
        return 1
    }

    /// What arrived on standard input within `milliseconds` (-1: however long it takes; empty when
    /// nothing came), or nil when the input has ended.
    private static func readInput(waitingAtMost milliseconds: Int32) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&input, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { return [] }
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return nil }
            return Array(chunk[..<count])
        }
    }

    private static func say(_ message: SoundMessage) {
        let bytes = Array(message.line.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
