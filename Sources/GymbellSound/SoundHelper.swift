import Glibc

/// The sound helper process (`gymbell daemon --sound-player`): plays what the daemon asks on its
/// standard input through libcanberra and says what happened on its standard output (SoundMessage).
/// When its input ends it waits for the sounds it started and exits, and the memory of the sound
/// server's client (libpulse cannot be unloaded from a process) goes with it.
public enum SoundHelper {
    public static func serve(appName: String, appID: String, icon: String) -> Int32 {
        let api: Canberra
        do {
            api = try Canberra.load()
        } catch {
            say(.problem("no sound: \(error) (install libcanberra0); reminders are silent"))
            say(.unreachable)
            return 1
        }
        let player = CanberraPlayer(
            api: api, appName: appName, appID: appID, icon: icon, report: { say(.problem($0)) }, played: { say(.played) },
            unreachable: { say(.unreachable) })
        player.asked = { say(.asked(at: $0)) }
        var lines = LineBuffer()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            for line in chunk.withUnsafeBytes({ lines.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) {
                switch SoundMessage(line: line) {
                case .cache(let sound): player.prepare(sound)
                case .play(let sound): player.play(sound)
                default: break
                }
            }
        }
        player.finish(waitingAtMost: 600)
        return 0
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
