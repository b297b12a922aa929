import Testing
@testable import GymbellCore

/// Which idle source says the person is away, by the session (issue 31).
@Suite("AwaySource: Mutter's idle monitor, the Wayland compositor's idle notifications, the X server's IDLETIME or none")
struct AwaySourceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let display: String?
        let wayland: String?
        let mutter: Bool
        let source: AwaySource
        var testDescription: String { "DISPLAY=\(display ?? "-") WAYLAND_DISPLAY=\(wayland ?? "-") mutter=\(mutter)" }
    }

    @Test(arguments: [
        // GNOME on Wayland (Xwayland's DISPLAY too) and on X11: Mutter's monitor whenever it is on the bus.
        Case(display: ":0", wayland: "wayland-0", mutter: true, source: .mutterIdleMonitor),
        Case(display: ":0", wayland: nil, mutter: true, source: .mutterIdleMonitor),
        Case(display: nil, wayland: "wayland-0", mutter: true, source: .mutterIdleMonitor),
        // Plasma, Cinnamon, MATE, xfce, LXQt, Budgie on X11 (or GNOME's X11 session before the shell is up).
        Case(display: ":0", wayland: nil, mutter: false, source: .x11IdleTime),
        Case(display: ":0", wayland: "", mutter: false, source: .x11IdleTime),
        Case(display: "localhost:10.0", wayland: nil, mutter: false, source: .x11IdleTime),
        // Another Wayland compositor (Plasma Wayland, sway): its own idle notifications, also where Xwayland
        // gives a DISPLAY (Xwayland's counter sees only X clients' input).
        Case(display: ":1", wayland: "wayland-1", mutter: false, source: .wayland),
        Case(display: nil, wayland: "wayland-0", mutter: false, source: .wayland),
        Case(display: nil, wayland: "/run/user/1000/wayland-1", mutter: false, source: .wayland),
        Case(display: "", wayland: "wayland-0", mutter: false, source: .wayland),
        // No display at all (a daemon started from a text console or before the session).
        Case(display: nil, wayland: nil, mutter: false, source: .none),
        Case(display: "", wayland: nil, mutter: false, source: .none),
    ])
    func chosen(_ c: Case) {
        #expect(AwaySource.choose(display: c.display, waylandDisplay: c.wayland, mutterIdleMonitor: c.mutter) == c.source)
    }
}
