import CPulse
import Glibc
import GymbellPlatform

/// The sound server's streams and their volumes, through libpulse (PulseAudio, and PipeWire's Pulse
/// server): a short connection of the sound helper's, opened to lower or set back and closed after.
/// Thin: what to lower and to what is DuckPlan's. Every wait is bounded (a stalled server costs at
/// most `timeout`, never the sound).
final class PulseVolumes {
    typealias Stream = DuckPlan.Stream

    private let api: Pulse
    private let mainloop: OpaquePointer
    private let context: OpaquePointer
    /// When the connection gives up waiting (monotonic seconds).
    private let deadline: Double

    /// Connects as `appName`; nil when the server cannot be reached within `timeout` seconds.
    init?(api: Pulse, appName: String, timeout: Double = 2) {
        guard let mainloop = api.pa_mainloop_new() else { return nil }
        guard let context = api.pa_context_new(api.pa_mainloop_get_api(mainloop), appName) else {
            api.pa_mainloop_free(mainloop)
            return nil
        }
        self.api = api
        self.mainloop = mainloop
        self.context = context
        deadline = SoundPlayer.monotonicNow() + timeout
        guard api.pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0,
              iterate(until: { [api] in Self.settled(api.pa_context_get_state(context)) }),
              api.pa_context_get_state(context) == PA_CONTEXT_READY
        else { return nil }
    }

    deinit {
        api.pa_context_disconnect(context)
        api.pa_context_unref(context)
        api.pa_mainloop_free(mainloop)
    }

    /// The streams playing now (sink inputs); nil when the server did not answer.
    func streams() -> [Stream]? {
        let box = Listing(api: api)
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        let operation = api.pa_context_get_sink_input_info_list(context, { _, info, eol, data in
            let box = Unmanaged<Listing>.fromOpaque(data!).takeUnretainedValue()
            if eol != 0 {
                box.done = true
                box.failed = eol < 0
            } else if let info {
                box.streams.append(box.stream(info.pointee))
            }
        }, unmanaged.toOpaque())
        guard wait(for: operation), box.done, !box.failed else { return nil }
        return box.streams
    }

    /// Sets the volume of stream `index`, one value per channel; false when the server refused.
    @discardableResult
    func setVolumes(_ volumes: [UInt32], of index: UInt32) -> Bool {
        guard (1...DuckPlan.maximumChannels).contains(volumes.count) else { return false }
        var volume = pa_cvolume()
        volume.channels = UInt8(volumes.count)
        withUnsafeMutableBytes(of: &volume.values) { raw in
            for (channel, value) in volumes.enumerated() { raw.storeBytes(of: value, toByteOffset: channel * 4, as: UInt32.self) }
        }
        let result = Outcome()
        let unmanaged = Unmanaged.passRetained(result)
        defer { unmanaged.release() }
        let operation = api.pa_context_set_sink_input_volume(context, index, &volume, { _, success, data in
            Unmanaged<Outcome>.fromOpaque(data!).takeUnretainedValue().succeeded = success != 0
        }, unmanaged.toOpaque())
        return wait(for: operation) && result.succeeded
    }

    private func wait(for operation: OpaquePointer?) -> Bool {
        guard let operation else { return false }
        defer { api.pa_operation_unref(operation) }
        return iterate { [api] in api.pa_operation_get_state(operation) != PA_OPERATION_RUNNING }
    }

    /// Runs the main loop until `done` or the deadline; false at the deadline or when the loop failed.
    private func iterate(until done: () -> Bool) -> Bool {
        while !done() {
            let left = deadline - SoundPlayer.monotonicNow()
            guard left > 0, api.pa_mainloop_prepare(mainloop, Int32(min(left, 0.1) * 1e6)) >= 0,
                  api.pa_mainloop_poll(mainloop) >= 0, api.pa_mainloop_dispatch(mainloop) >= 0
            else { return false }
        }
        return true
    }

    private static func settled(_ state: pa_context_state_t) -> Bool {
        state == PA_CONTEXT_READY || state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED
    }

    private final class Outcome { var succeeded = false }

    /// What the listing's callback collects.
    private final class Listing {
        let api: Pulse
        var streams: [Stream] = []
        var done = false
        var failed = false
        init(api: Pulse) { self.api = api }

        func stream(_ info: pa_sink_input_info) -> Stream {
            var volume = info.volume
            let channels = min(Int(volume.channels), DuckPlan.maximumChannels)
            let volumes = withUnsafeBytes(of: &volume.values) { raw in
                (0..<channels).map { raw.load(fromByteOffset: $0 * 4, as: UInt32.self) }
            }
            let property = { (key: String) in self.api.pa_proplist_gets(info.proplist, key).map { String(cString: $0) } }
            return Stream(
                index: info.index, volumes: volumes, processID: property("application.process.id").flatMap { Int32($0) },
                application: property("application.name") ?? info.name.map { String(cString: $0) } ?? "",
                applicationID: property("application.id"), role: property("media.role"), corked: info.corked != 0,
                volumeWritable: info.volume_writable != 0)
        }
    }
}

/// libpulse's functions, loaded by the sound helper when it first makes room for a sound.
typealias Pulse = GbPulseFunctions

extension Pulse {
    static let library = "libpulse.so.0"

    /// - Throws: when the library (package libpulse0) is not installed, or lacks a function.
    static func load() throws(SystemError) -> Pulse {
        try SharedLibrary.functions(of: library, gb_pulse_functions_load)
    }
}
