import GymbellPlatform
import GymbellTestSupport
import Testing

@testable import GymbellWayland

/// Away on Wayland against a compositor of the wire protocol alone (fake_compositor.py, written from
/// the protocols' XML): which protocol is chosen, what is asked of it, what its events and its going
/// away become. The real compositors (sway 1.7, KWin 5.27) are tests/desktops/test_wayland_away.py's.
@Suite(.mainContext, .enabled(if: FakeCompositor.available, "python3 is not installed"))
struct WaylandIdleTests {
    let loop = MainLoop()

    @Test func extIdleNotifyIsPreferredAndItsEventsAreTold() throws {
        let compositor = try FakeCompositor(offering: ["ext", "kde"])
        defer { compositor.stop() }
        var changes: [Bool] = []
        let idle = try WaylandIdle(loop: loop, socket: compositor.socket, awayAfter: 600) { changes.append($0) }
        defer { idle.close() }
        #expect(idle.used == .extIdleNotify && !idle.isAway)
        #expect(try compositor.requests(3) == ["bind wl_seat", "bind ext_idle_notifier_v1", "get 600000"])

        compositor.tell("idle")
        #expect(loop.run { changes == [true] })
        #expect(idle.isAway)
        compositor.tell("resume")
        #expect(loop.run { changes == [true, false] })
    }

    @Test func kdeIdleWhereExtIsNotOffered() throws {
        let compositor = try FakeCompositor(offering: ["kde"])
        defer { compositor.stop() }
        var changes: [Bool] = []
        let idle = try WaylandIdle(loop: loop, socket: compositor.socket, awayAfter: 12.5) { changes.append($0) }
        defer { idle.close() }
        #expect(idle.used == .kdeIdle)
        #expect(try compositor.requests(3) == ["bind wl_seat", "bind org_kde_kwin_idle", "get 12500"])
        compositor.tell("idle")
        #expect(loop.run { changes == [true] })
    }

    @Test func aCompositorWithoutAnIdleProtocolIsAnError() throws {
        let compositor = try FakeCompositor(offering: [])
        defer { compositor.stop() }
        #expect {
            _ = try WaylandIdle(loop: loop, socket: compositor.socket, awayAfter: 60) { _ in }
        } throws: { error in
            "\(error)".contains("neither ext-idle-notify-v1 nor org_kde_kwin_idle")
        }
    }

    @Test func aCompositorThatNeverAnswersIsAnErrorWithinItsBound() throws {
        let silent = try SilentSocket()
        defer { silent.close() }
        let began = ContinuousClock.now
        #expect {
            _ = try WaylandIdle(loop: loop, socket: silent.path, awayAfter: 60) { _ in }
        } throws: { error in
            "\(error)".contains("the Wayland compositor did not answer within 5 s")
        }
        let took = ContinuousClock.now - began
        #expect(took >= .milliseconds(4950) && took < .seconds(8), "given up after 5 s, took \(took)")
    }

    @Test func noCompositorIsAnError() {
        #expect {
            _ = try WaylandIdle(loop: loop, socket: "/nonexistent/wayland-gymbell", awayAfter: 60) { _ in }
        } throws: { error in
            "\(error)".contains("cannot connect to the Wayland compositor /nonexistent/wayland-gymbell")
        }
    }

    @Test func aNewThresholdIsAskedAtOnceWhenPresentAndAtTheNextInputWhenAway() throws {
        let compositor = try FakeCompositor(offering: ["ext"])
        defer { compositor.stop() }
        var changes: [Bool] = []
        let idle = try WaylandIdle(loop: loop, socket: compositor.socket, awayAfter: 600) { changes.append($0) }
        defer { idle.close() }
        #expect(try compositor.requests(3).last == "get 600000")

        idle.change(awayAfter: 300)  // present: the notification made anew now
        #expect(try compositor.requests(2) == ["destroy", "get 300000"])

        compositor.tell("idle")
        #expect(loop.run { changes == [true] })
        idle.change(awayAfter: 120)  // away: made now, it would never say "resumed" for this away
        loop.run(for: 0.3)
        compositor.tell("mark")
        compositor.tell("resume")
        #expect(loop.run { changes == [true, false] })
        #expect(try compositor.requests(3) == ["mark", "destroy", "get 120000"])
    }

    @Test func aCompositorThatGoesAwayIsNobodyAwayAndSaidOnce() throws {
        let compositor = try FakeCompositor(offering: ["kde"])
        var changes: [Bool] = []
        var lost: [String] = []
        let idle = try WaylandIdle(
            loop: loop, socket: compositor.socket, awayAfter: 60, onLost: { lost.append($0) }
        ) { changes.append($0) }
        defer { idle.close() }
        compositor.tell("idle")
        #expect(loop.run { changes == [true] })

        compositor.tell("hangup")
        #expect(loop.run { changes == [true, false] })
        #expect(lost.count == 1 && lost[0].contains("closed the connection"))
        idle.change(awayAfter: 30)  // closed: nothing more to ask or say
        loop.run(for: 0.2)
        #expect(changes == [true, false] && lost.count == 1)
        compositor.stop()
    }
}
