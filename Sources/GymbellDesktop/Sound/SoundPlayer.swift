import CCanberra

/// Plays reminder sounds in-process through libcanberra (the freedesktop sound theme, or a file), at
/// the instant gymbell decides, on every notification server: servers play a `sound-name` hint only
/// sometimes (some never, GNOME only when a banner is actually shown), so gymbell asks them not to
/// and plays it itself. Playback is asynchronous; `play` returns at once.
public final class SoundPlayer {
    /// A sound from the theme by its freedesktop name ("complete", "bell"), or a file.
    public enum Sound: Equatable, Sendable {
        case themed(String)
        case file(String)
    }

    private var context: OpaquePointer?
    private let properties: [(String, String)]
    /// Reports trouble once per kind, not once per reminder: a machine without a sound server says so once.
    private let report: (String) -> Void
    private var lastProblem: String?

    public init(appName: String, appID: String, icon: String, report: @escaping (String) -> Void) {
        properties = [(CA_PROP_APPLICATION_NAME, appName), (CA_PROP_APPLICATION_ID, appID), (CA_PROP_APPLICATION_ICON_NAME, icon)]
        self.report = report
    }

    deinit { if let context { ca_context_destroy(context) } }

    /// Connects to the sound server and loads `sound` into its cache, so the first reminder is not late.
    public func prepare(_ sound: Sound) {
        guard let context = openContext() else { return }
        let result = withProperties(for: sound) { ca_context_cache_full(context, $0) }
        // A file the server cannot cache is still played by streaming; only say what stops playback.
        if result != CA_SUCCESS, result != CA_ERROR_NOTSUPPORTED { problem(result, sound) }
    }

    public func play(_ sound: Sound) {
        guard let context = openContext() else { return }
        let result = withProperties(for: sound) { ca_context_play_full(context, 0, $0, nil, nil) }
        if result == CA_SUCCESS {
            if lastProblem != nil { report("sound plays again") }
            lastProblem = nil
            return
        }
        problem(result, sound)
        if result == CA_ERROR_DISCONNECTED || result == CA_ERROR_STATE {
            close()  // the sound server went away: connect afresh next time
        }
    }

    private func openContext() -> OpaquePointer? {
        if let context { return context }
        var created: OpaquePointer?
        var result = ca_context_create(&created)
        guard result == CA_SUCCESS, let created else {
            problem(result, nil)
            return nil
        }
        result = withProperties(properties) { ca_context_change_props_full(created, $0) }
        if result == CA_SUCCESS { result = ca_context_open(created) }
        guard result == CA_SUCCESS else {
            ca_context_destroy(created)
            problem(result, nil)
            return nil
        }
        context = created
        return created
    }

    private func close() {
        if let context { ca_context_destroy(context) }
        context = nil
    }

    private func problem(_ code: Int32, _ sound: Sound?) {
        let reason = String(cString: ca_strerror(code))
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
        let created = ca_proplist_create(&proplist)
        guard created == CA_SUCCESS, let proplist else { return created }
        defer { ca_proplist_destroy(proplist) }
        for (key, value) in list {
            let result = ca_proplist_sets(proplist, key, value)
            guard result == CA_SUCCESS else { return result }
        }
        return body(proplist)
    }
}
