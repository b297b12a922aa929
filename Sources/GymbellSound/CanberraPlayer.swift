import CCanberra
import Glibc
import GymbellPlatform

/// Plays sounds through libcanberra (the freedesktop sound theme, or a file) in the sound helper
/// process (SoundHelper): libcanberra's PulseAudio backend cannot be unloaded (libpulse is NODELETE),
/// so it never enters the daemon. Playback is asynchronous; `play` returns at once.
final class CanberraPlayer {
    typealias Sound = SoundPlayer.Sound

    private let api: Canberra
    private var context: OpaquePointer?
    /// The ids of the sounds started on `context`, to wait for before letting it go.
    private var started: [UInt32] = []
    private var nextID: UInt32 = 1
    private let properties: [(String, String)]
    /// Reports trouble once per kind, not once per reminder: a machine without a sound server says so once.
    private let report: (String) -> Void
    private var lastProblem: String?
    /// Told after a sound started.
    private let played: () -> Void
    /// Told the wall-clock instant it asks the sound server to play (SoundMessage.asked).
    var asked: (Double) -> Void = { _ in }

    static func wallClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
    /// Told when the sound server cannot be reached (the daemon then starts no helper for a while).
    private let unreachable: () -> Void
    /// After the sound server could not be reached, it is not asked again for a while; a connection resets it.
    private var backoff = SoundServerBackoff()

    init(
        api: Canberra, appName: String, appID: String, icon: String, report: @escaping (String) -> Void,
        played: @escaping () -> Void, unreachable: @escaping () -> Void = {}
    ) {
        self.api = api
        self.played = played
        self.unreachable = unreachable
        properties = [(CA_PROP_APPLICATION_NAME, appName), (CA_PROP_APPLICATION_ID, appID), (CA_PROP_APPLICATION_ICON_NAME, icon)]
        self.report = report
    }

    deinit { if let context { _ = api.ca_context_destroy(context) } }

    /// Connects to the sound server and loads `sound` into its cache, so the first reminder is not late.
    func prepare(_ sound: Sound) {
        guard let context = openContext() else { return }
        let result = withProperties(for: sound) { api.ca_context_cache_full(context, $0) }
        // A file the server cannot cache is still played by streaming; only say what stops playback.
        if result != CA_SUCCESS, result != CA_ERROR_NOTSUPPORTED { problem(result, sound) }
    }

    func play(_ sound: Sound) {
        guard let context = openContext() else { return }
        let id = nextID
        nextID &+= 1
        asked(Self.wallClock())
        let result = withProperties(for: sound) { api.ca_context_play_full(context, id, $0, nil, nil) }
        if result == CA_SUCCESS {
            started.append(id)
            lastProblem = nil
            played()
            return
        }
        problem(result, sound)
        if result == CA_ERROR_DISCONNECTED || result == CA_ERROR_STATE {
            close()  // the sound server went away: connect afresh next time
        }
    }

    private func openContext() -> OpaquePointer? {
        if let context { return context }
        guard !backoff.isWaiting(at: SoundPlayer.monotonicNow()) else { return nil }
        guard let created = connect() else {
            backoff.failed(at: SoundPlayer.monotonicNow())
            unreachable()
            return nil
        }
        backoff.succeeded()
        context = created
        return created
    }

    private func connect() -> OpaquePointer? {
        var created: OpaquePointer?
        var result = api.ca_context_create(&created)
        guard result == CA_SUCCESS, let created else {
            problem(result, nil)
            return nil
        }
        result = withProperties(properties) { api.ca_context_change_props_full(created, $0) }
        if result == CA_SUCCESS { result = api.ca_context_open(created) }
        guard result == CA_SUCCESS else {
            _ = api.ca_context_destroy(created)
            problem(result, nil)
            return nil
        }
        return created
    }

    /// Waits (at most `limit` seconds) until the sounds started have ended, then lets the sound server go.
    func finish(waitingAtMost limit: Double) {
        var waited = 0.0
        while waited < limit, isPlaying {
            usleep(50_000)
            waited += 0.05
        }
        close()
    }

    /// Whether a sound started is still playing (those that have ended are forgotten).
    var isPlaying: Bool {
        guard let context else { return false }
        started.removeAll { id in
            var playing: Int32 = 0
            return api.ca_context_playing(context, id, &playing) != CA_SUCCESS || playing == 0
        }
        return !started.isEmpty
    }

    private func close() {
        if let context { _ = api.ca_context_destroy(context) }
        context = nil
        started = []
    }

    private func problem(_ code: Int32, _ sound: Sound?) {
        let reason = api.ca_strerror(code).map { String(cString: $0) } ?? "error \(code)"
        let message: String
        switch (Int(code), sound) {
        case (CA_ERROR_NOTFOUND, .themed(let name)?):
            message = "the sound \"\(name)\" is not in the sound theme (install sound-theme-freedesktop, or set [sound] file); reminders are silent"
        case (CA_ERROR_NOTFOUND, .file(let path)?), (CA_ERROR_ACCESS, .file(let path)?), (CA_ERROR_CORRUPT, .file(let path)?):
            message = "cannot play the sound file \(path): \(reason); reminders are silent"
        default:
            message = "no sound: libcanberra says \"\(reason)\" (is a sound server such as PipeWire or PulseAudio running?); reminders are silent until it works"
        }
        guard message != lastProblem else { return }
        lastProblem = message
        report(message)
    }

    private func withProperties(for sound: Sound, _ body: (OpaquePointer) -> Int32) -> Int32 {
        var list = properties
        switch sound {
        case .themed(let name): list.append((CA_PROP_EVENT_ID, name))
        case .file(let path): list.append((CA_PROP_MEDIA_FILENAME, path))
        }
        list.append((CA_PROP_EVENT_DESCRIPTION, "gymbell reminder"))
        return withProperties(list, body)
    }

    private func withProperties(_ list: [(String, String)], _ body: (OpaquePointer) -> Int32) -> Int32 {
        var proplist: OpaquePointer?
        let created = api.ca_proplist_create(&proplist)
        guard created == CA_SUCCESS, let proplist else { return created }
        defer { _ = api.ca_proplist_destroy(proplist) }
        for (key, value) in list {
            let result = api.ca_proplist_sets(proplist, key, value)
            guard result == CA_SUCCESS else { return result }
        }
        return body(proplist)
    }
}

/// libcanberra's functions, loaded when the sound helper starts (SharedLibrary): the gymbell
/// executable does not link it, so the daemon never maps libcanberra and its codecs.
typealias Canberra = GbCanberraFunctions

extension Canberra {
    static let library = "libcanberra.so.0"

    /// - Throws: when the library (package libcanberra0) is not installed, or lacks a function.
    static func load() throws(SystemError) -> Canberra {
        try SharedLibrary.functions(of: library, gb_canberra_functions_load)
    }
}
