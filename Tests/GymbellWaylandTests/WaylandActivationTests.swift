import Foundation
import Glibc
import GymbellWayland
import Testing

/// The daemon's own activation token (issue 49) through libwayland-client, against fake_compositor.py on
/// a real Unix socket, which reads the requests off the wire as a real compositor does and answers as
/// Mutter, sway or neither would; and against a socket that is never answered. The real compositors
/// (GNOME Shell 43, sway 1.7) are tests/desktops/test_window_raise.py's.
@Suite(.enabled(if: FakeCompositor.available, "python3 is not installed"))
struct WaylandActivationTests {
    static let appID = "io.github.gymbell.Gymbell.Window"

    /// `WAYLAND_DISPLAY` naming `socket` (a path), as the daemon's environment would.
    static func display(_ socket: String) -> (String) -> String? {
        { name in name == "WAYLAND_DISPLAY" ? socket : nil }
    }

    @Test func mutterIsToldOfTheLaunchAndItsIdIsTheToken() throws {
        let mutter = try FakeCompositor(offering: ["gtk_shell1=5", "xdg_activation_v1"])
        defer { mutter.stop() }
        let token = try #require(WaylandActivation.obtain(appID: Self.appID, environment: Self.display(mutter.socket)))
        #expect(token.hasPrefix("gymbell-") && token.count > 8)
        // nothing asked after it, xdg-activation least of all (Mutter would not honour its token); then gone
        #expect(try mutter.requests(3) == ["bind gtk_shell1 3", "notify_launch \(token)", "left"])
    }

    @Test func elsewhereAnXdgActivationTokenForTheWindowsAppIDDestroyedAfterDone() throws {
        let sway = try FakeCompositor(offering: ["xdg_activation_v1", "kde"])
        defer { sway.stop() }
        #expect(WaylandActivation.obtain(appID: Self.appID, environment: Self.display(sway.socket)) == "tok-42")
        #expect(try sway.requests(5) == [
            "bind xdg_activation_v1", "set_app_id \(Self.appID)", "commit",
            "destroy xdg_activation_token_v1", "destroy xdg_activation_v1",  // the token stays valid
        ])
        #expect(try sway.requests(1) == ["left"])
    }

    @Test func anOldGtkShellWithoutNotifyLaunchFallsBackToXdgActivation() throws {
        let old = try FakeCompositor(offering: ["gtk_shell1=2", "xdg_activation_v1"])
        defer { old.stop() }
        #expect(WaylandActivation.obtain(appID: "a", environment: Self.display(old.socket)) == "tok-42")
        #expect(try old.requests(2) == ["bind xdg_activation_v1", "set_app_id a"])
    }

    @Test func noTokenWhereTheCompositorOffersNeitherOrHangsUp() throws {
        let neither = try FakeCompositor(offering: [])
        defer { neither.stop() }
        #expect(WaylandActivation.obtain(appID: "a", environment: Self.display(neither.socket)) == nil)
        #expect(try neither.requests(1) == ["left"], "nothing bound")

        let gone = try FakeCompositor(offering: ["xdg_activation_v1"])
        defer { gone.stop() }
        gone.tell("hangup")  // read before the client's first request: the connection closed at once
        #expect(WaylandActivation.obtain(appID: "a", environment: Self.display(gone.socket)) == nil)
    }

    @Test func aCompositorThatNeverAnswersIsGivenUpAfterASecond() throws {
        let silent = try SilentSocket()
        defer { silent.close() }
        let began = ContinuousClock.now
        #expect(WaylandActivation.obtain(appID: "a", environment: Self.display(silent.path)) == nil)
        let took = ContinuousClock.now - began
        #expect(took >= .milliseconds(950) && took < .seconds(3), "given up after 1 s in all, took \(took)")
    }

    @Test func theSocketIsTheDisplaysNameInTheRuntimeFolderOrItsPath() {
        let environment = { (values: [String: String]) in { (name: String) in values[name] } }
        #expect(WaylandActivation.socketPath(environment(["WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": "/run/user/1000"])) == "/run/user/1000/wayland-1")
        #expect(WaylandActivation.socketPath(environment(["WAYLAND_DISPLAY": "/tmp/gb/wl-0"])) == "/tmp/gb/wl-0")
        #expect(WaylandActivation.socketPath(environment(["WAYLAND_DISPLAY": "wayland-1"])) == nil)
        #expect(WaylandActivation.socketPath(environment(["XDG_RUNTIME_DIR": "/run/user/1000"])) == nil, "X11: no Wayland display")
        #expect(WaylandActivation.obtain(appID: "a", environment: environment(["XDG_RUNTIME_DIR": "/run/user/1000"])) == nil)
        #expect(WaylandActivation.obtain(appID: "a", environment: environment(["WAYLAND_DISPLAY": "/nonexistent/wl-0"])) == nil)
    }
}

/// A Unix socket that takes connections (the kernel's backlog) and never reads or answers: a compositor
/// that hangs.
final class SilentSocket {
    let path: String
    private let folder: URL
    private let descriptor: Int32

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gb-wl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("wayland-silent").path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 4) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
    }

    func close() {
        _ = Glibc.close(descriptor)
        try? FileManager.default.removeItem(at: folder)
    }
}
