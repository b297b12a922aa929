import CGLib
import Glibc
import GymbellCore
import GymbellPlatform

/// Plays reminder sounds (the freedesktop sound theme through libcanberra, or a file) at the instant
/// gymbell decides, on every notification server: servers play a `sound-name` hint only sometimes
/// (some never, GNOME only when a banner is actually shown), so gymbell asks them not to and plays it
/// itself. The playing is done by a helper process (SoundHelper) that lives only while a sound is
/// near: libcanberra's sound-server client (libpulse, its codecs, libX11) would stay in the daemon
/// for good once loaded (issue 16). Everything here returns at once.
public final class SoundPlayer {
    /// A sound from the theme by its freedesktop name ("complete", "bell"), or a file.
    public enum Sound: Equatable, Sendable {
        case themed(String)
        case file(String)
    }

    private let loop: MainLoop
    private let helper: [String]
    /// Reports trouble once per kind, not once per reminder: a machine without a sound server says so once.
    private let report: (String) -> Void
    private var lastProblem: String?
    /// The helper that takes requests now, and those finishing their last sounds.
    private var current: HelperProcess?
    private var finishing: [HelperProcess] = []
    private var scheduled: SourceToken?

    /// Told when a helper asked the sound server to play, with that wall-clock instant (the log's).
    public var onAsked: ((Double) -> Void)?
    /// Whether the sound is being kept ready (`hold`) rather than let go after each sound.
    public private(set) var isHeld = false
    /// After a helper found no sound server, no helper is started for a while (not 2 s before every
    /// rest's end); a sound played resets it.
    private var backoff = SoundServerBackoff()
    private let clock: () -> Double

    /// `helper`: the argv that starts SoundHelper (`gymbell daemon --sound-player`).
    public init(loop: MainLoop, helper: [String], clock: @escaping () -> Double = SoundPlayer.monotonicNow,
                report: @escaping (String) -> Void) {
        self.loop = loop
        self.helper = helper
        self.clock = clock
        self.report = report
    }

    /// Seconds on the monotonic clock (back-offs measure time that suspend and clock changes leave alone).
    public static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Whether helpers are not being started now, the sound server having been unreachable (tests).
    public var isBackingOff: Bool { backoff.isWaiting(at: clock()) }

    deinit {
        if let scheduled { loop.cancel(scheduled) }
        current?.closeInput()
        for process in [current].compactMap({ $0 }) + finishing { process.stopReading(loop) }
    }

    /// Connects to the sound server and caches `sound`, `delay` seconds from now (0: now), and keeps
    /// it so until `release`: the sound then plays at its instant.
    public func hold(_ sound: Sound, inSeconds delay: Double = 0) {
        cancelScheduled()
        guard delay <= 0 else {
            scheduled = loop.after(seconds: delay) { [weak self] in
                self?.scheduled = nil
                self?.hold(sound)
            }
            return
        }
        isHeld = true
        send(.cache(sound))
    }

    /// Lets the sound server go once the sounds playing now have ended (and cancels a `hold` to come).
    public func release() {
        cancelScheduled()
        isHeld = false
        retireCurrent()
    }

    /// Plays `sound`; other audio is lowered or its players paused meanwhile, as `duck` says.
    public func play(_ sound: Sound, duck: SoundDucking = .off) {
        tell(duck)
        send(.play(sound))
        if !isHeld { retireCurrent() }
    }

    /// Has a helper run the voice `argv` (`spd-say --wait …`), other audio making room as `duck` says
    /// until it exits; false when no helper takes it (the caller runs it itself then).
    public func speak(_ argv: [String], duck: SoundDucking) -> Bool {
        tell(duck)
        let taken = send(.speak(argv))
        if !isHeld { retireCurrent() }
        return taken
    }

    private func tell(_ duck: SoundDucking) {
        if duck != current?.duck ?? .off {  // a helper starts leaving other audio alone
            send(.duck(duck))
            current?.duck = duck
        }
    }

    /// Has a helper set back the volumes and resume the players a killed helper left lowered or
    /// paused (the daemon's start: one of `journals` exists).
    public func restoreLowered(journals: [String]) {
        guard journals.contains(where: { access($0, F_OK) == 0 }) else { return }
        send(.restore)
        if !isHeld { retireCurrent() }
    }

    /// Helpers started and not yet ended (tests): one while held, none once the last has played out.
    public var helpersRunning: Int { (current == nil ? 0 : 1) + finishing.count }

    private func cancelScheduled() {
        if let scheduled { loop.cancel(scheduled) }
        scheduled = nil
    }

    @discardableResult
    private func send(_ message: SoundMessage) -> Bool {
        if current == nil {
            guard !isBackingOff else { return false }
            current = start()
        }
        guard let process = current else { return false }
        guard process.write(message.line) else {
            // It went away (or stopped reading): the next request starts another.
            retireCurrent()
            return false
        }
        return true
    }

    private func start() -> HelperProcess? {
        do {
            let (pid, input, output) = try ProcessLauncher.spawnPiped(helper)
            _ = g_unix_set_fd_nonblocking(input, 1, nil)
            let process = HelperProcess(pid: pid, input: input, output: output)
            process.startReading(loop) { [weak self, unowned process] line in
                if let line { self?.heard(line) } else { self?.ended(process) }
            }
            return process
        } catch {
            problem("no sound: cannot start the sound helper: \(error); reminders are silent")
            return nil
        }
    }

    /// Its input closed, the helper plays out what it started and exits; its output is read to the end.
    private func retireCurrent() {
        guard let process = current else { return }
        current = nil
        process.closeInput()
        finishing.append(process)
    }

    private func ended(_ process: HelperProcess) {
        process.stopReading(loop)
        process.closeInput()
        if current === process { current = nil }
        finishing.removeAll { $0 === process }
    }

    private func heard(_ line: Substring) {
        switch SoundMessage(line: line) {
        case .problem(let message): problem(message)
        case .unreachable:
            backoff.failed(at: clock())
        case .asked(let at):
            onAsked?(at)
        case .played:
            if lastProblem != nil { report("sound plays again") }
            lastProblem = nil
            backoff.succeeded()
        default: break
        }
    }

    private func problem(_ message: String) {
        guard message != lastProblem else { return }
        lastProblem = message
        report(message)
    }
}

/// One running sound helper: the pipe to its input, the pipe from its output and the watch on it.
private final class HelperProcess {
    let pid: Int32
    /// What this helper was told other audio does while a sound plays.
    var duck: SoundDucking = .off
    private var input: Int32
    private let output: Int32
    private var watch: SourceToken?
    private var lines = LineBuffer()

    init(pid: Int32, input: Int32, output: Int32) {
        self.pid = pid
        self.input = input
        self.output = output
    }

    /// Writes a whole line; false when the helper cannot take it.
    func write(_ line: String) -> Bool {
        guard input >= 0 else { return false }
        let bytes = Array(line.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Calls `heard` with each line, then with nil when the helper has closed its output (exited).
    func startReading(_ loop: MainLoop, _ heard: @escaping (Substring?) -> Void) {
        watch = loop.watchReadable(fd: output) { [unowned self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { return }
            guard count > 0 else {
                heard(nil)
                return
            }
            for line in chunk.withUnsafeBytes({ lines.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) { heard(line) }
        }
    }

    func stopReading(_ loop: MainLoop) {
        if let watch { loop.cancel(watch) }
        if watch != nil { close(output) }
        watch = nil
    }
}
