import GymbellPlatform
import Testing

/// The daemon's own activation token (issue 49), against a scripted compositor that reads the requests
/// off the wire as a real one does and answers as Mutter, sway or neither would.
struct WaylandActivationTests {
    /// A compositor on the other end: its globals, what it was asked, what it answers.
    final class ScriptedCompositor: WaylandTransport {
        let globals: [(String, UInt32)]
        var hangsUp = false
        var requests: [WaylandWire.Event] = []
        private var pending: [UInt8] = []
        private var answers: [UInt8] = []
        private var registry: UInt32 = 0
        private var bound: [UInt32: String] = [:]

        init(_ globals: [(String, UInt32)]) { self.globals = globals }

        func send(_ bytes: [UInt8]) -> Bool {
            pending += bytes
            for request in WaylandWire.events(from: &pending) {
                requests.append(request)
                answer(request)
            }
            return true
        }

        func receive() -> [UInt8] {
            if hangsUp { return [] }
            defer { answers = [] }
            return answers
        }

        /// The strings of the requests made of `interface`'s object with `opcode`.
        func strings(_ interface: String, _ opcode: UInt16) -> [String] {
            requests.filter { bound[$0.object] == interface && $0.opcode == opcode }.compactMap { WaylandWire.string($0.payload, at: 0)?.0 }
        }

        private func event(_ object: UInt32, _ opcode: UInt16, _ arguments: [WaylandWire.Argument]) {
            answers += WaylandWire.request(object, opcode, arguments)  // events are framed as requests are
        }

        private func answer(_ request: WaylandWire.Event) {
            let first = WaylandWire.word(request.payload, 0)
            switch (request.object, request.opcode) {
            case (1, 1):  // get_registry
                registry = first
                for (index, (interface, version)) in globals.enumerated() {
                    event(registry, 0, [.uint(UInt32(index + 1)), .string(interface), .uint(version)])
                }
            case (1, 0): event(first, 0, [.uint(7)])  // sync → wl_callback.done
            case (registry, 0):  // bind(name, interface, version, id)
                if let (interface, next) = WaylandWire.string(request.payload, at: 4) {
                    bound[WaylandWire.word(request.payload, next + 4)] = interface
                }
            case let (object, 1) where bound[object] == "xdg_activation_v1": bound[first] = "xdg_activation_token_v1"
            case let (object, 3) where bound[object] == "xdg_activation_token_v1": event(object, 0, [.string("tok-42")])
            default: break
            }
        }
    }

    @Test func mutterIsToldOfTheLaunchAndItsIdIsTheToken() {
        let mutter = ScriptedCompositor([("wl_compositor", 5), ("gtk_shell1", 5), ("xdg_activation_v1", 1)])
        let token = WaylandActivation.obtain(appID: "io.github.gymbell.Gymbell.Window", startupID: "gymbell-1f", over: mutter)
        #expect(token == "gymbell-1f")
        #expect(mutter.strings("gtk_shell1", 3) == ["gymbell-1f"])
        #expect(mutter.requests.filter { $0.object == 1 && $0.opcode == 0 }.count == 2, "a round trip after it: Mutter has it")
        #expect(mutter.strings("xdg_activation_token_v1", 1).isEmpty, "no xdg-activation token: Mutter would not honour it")
    }

    @Test func elsewhereAnXdgActivationTokenForTheWindowsAppID() {
        let sway = ScriptedCompositor([("wl_compositor", 4), ("xdg_activation_v1", 1), ("org_kde_kwin_idle", 1)])
        let token = WaylandActivation.obtain(appID: "io.github.gymbell.Gymbell.Window", startupID: "gymbell-1f", over: sway)
        #expect(token == "tok-42")
        #expect(sway.strings("xdg_activation_token_v1", 1) == ["io.github.gymbell.Gymbell.Window"])
        #expect(sway.requests.contains { $0.opcode == 4 && $0.payload.isEmpty }, "the token object is destroyed; the token stays valid")
    }

    @Test func anOldGtkShellWithoutNotifyLaunchFallsBackToXdgActivation() {
        let old = ScriptedCompositor([("gtk_shell1", 2), ("xdg_activation_v1", 1)])
        #expect(WaylandActivation.obtain(appID: "a", startupID: "s", over: old) == "tok-42")
    }

    @Test func noTokenWhereTheCompositorOffersNeitherOrHangsUp() {
        #expect(WaylandActivation.obtain(appID: "a", startupID: "s", over: ScriptedCompositor([("wl_compositor", 4)])) == nil)
        let gone = ScriptedCompositor([("xdg_activation_v1", 1)])
        gone.hangsUp = true
        #expect(WaylandActivation.obtain(appID: "a", startupID: "s", over: gone) == nil)
    }

    @Test func theSocketIsTheDisplaysNameInTheRuntimeFolderOrItsPath() {
        let environment = { (values: [String: String]) in { (name: String) in values[name] } }
        #expect(WaylandActivation.socketPath(environment(["WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": "/run/user/1000"])) == "/run/user/1000/wayland-1")
        #expect(WaylandActivation.socketPath(environment(["WAYLAND_DISPLAY": "/tmp/gb/wl-0"])) == "/tmp/gb/wl-0")
        #expect(WaylandActivation.socketPath(environment(["WAYLAND_DISPLAY": "wayland-1"])) == nil)
        #expect(WaylandActivation.socketPath(environment(["XDG_RUNTIME_DIR": "/run/user/1000"])) == nil, "X11: no Wayland display")
        #expect(WaylandActivation.obtain(appID: "a", environment: environment(["WAYLAND_DISPLAY": "/nonexistent/wl-0"])) == nil)
    }

    @Test func theWireFramesStringsPaddedAndEventsCutAnywhere() {
        let bytes = WaylandWire.request(5, 3, [.string("abc"), .uint(9)])
        #expect(bytes == [5, 0, 0, 0, 3, 0, 20, 0, 4, 0, 0, 0, 97, 98, 99, 0, 9, 0, 0, 0])
        let two = WaylandWire.request(2, 0, [.string("gtk_shell1")]) + WaylandWire.request(3, 0, [.uint(1)])
        var buffer = Array(two.prefix(13))
        #expect(WaylandWire.events(from: &buffer).isEmpty)
        buffer += two.dropFirst(13)
        let events = WaylandWire.events(from: &buffer)
        #expect(events.map(\.object) == [2, 3] && buffer.isEmpty)
        #expect(WaylandWire.string(events[0].payload, at: 0)?.0 == "gtk_shell1")
    }
}
