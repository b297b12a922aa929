import Foundation
import GymbellTestSupport
import Testing

@testable import GymbellPlatform

/// Tests that run the GLib default main context. There is one per process and only one thread
/// can run it at a time, so every such suite nests in here (`extension MainContextTests`) and
/// they run one after another, and after or before those of the other test targets (`.mainContext`).
@Suite(.serialized, .mainContext)
struct MainContextTests {}

extension MainContextTests {
    @Suite
    struct MainLoopTests {
        @Test func idleRunsOnceAndTimeoutsFireOnceInDeadlineOrder() {
            let loop = MainLoop()
            var events: [String] = []
            loop.idle { events.append("idle") }
            loop.after(seconds: 0.2) { events.append("200 ms") }
            loop.after(seconds: 0.02) { events.append("20 ms") }
            loop.after(seconds: 0.3) { loop.quit() }
            loop.run()
            #expect(events == ["idle", "20 ms", "200 ms"])
        }

        @Test func cancelledCallbacksDoNotRunAndCancellingTwiceIsHarmless() {
            let loop = MainLoop()
            var ran: [String] = []
            let idle = loop.idle { ran.append("idle") }
            let timeout = loop.after(seconds: 0.01) { ran.append("timeout") }
            let fired = loop.after(seconds: 0) { ran.append("fired") }
            loop.cancel(idle)
            loop.cancel(timeout)
            loop.after(seconds: 0.05) { loop.quit() }
            loop.run()
            loop.cancel(timeout)
            loop.cancel(fired)  // already ran: nothing to remove, no GLib warning
            #expect(ran == ["fired"])
        }

        @Test func watchReadableCallsBackUntilCancelled() throws {
            var fds: [Int32] = [0, 0]
            try #require(pipe(&fds) == 0)
            defer {
                close(fds[0])
                close(fds[1])
            }
            let loop = MainLoop()
            var received: [UInt8] = []
            var token: SourceToken?
            token = loop.watchReadable(fd: fds[0]) {
                var byte: UInt8 = 0
                if read(fds[0], &byte, 1) == 1 { received.append(byte) }
                if received.count == 2 {
                    loop.cancel(token!)
                    loop.after(seconds: 0.03) { loop.quit() }  // a third byte would arrive in time
                }
            }
            for byte: UInt8 in [7, 8, 9] {
                var value = byte
                _ = write(fds[1], &value, 1)
            }
            loop.after(seconds: 5) { loop.quit() }
            loop.run()
            #expect(received == [7, 8])
        }

        @Test func unixSignalsArriveOnTheLoop() {
            let loop = MainLoop()
            var handled = 0
            let token = loop.onUnixSignal(SIGHUP) {
                handled += 1
                loop.quit()
            }
            defer { loop.cancel(token) }  // GLib restores the default disposition
            // To the process: the test's own thread may block the signal, the main thread does not.
            loop.idle { kill(getpid(), SIGHUP) }
            let timeout = loop.after(seconds: 5) { loop.quit() }
            loop.run()
            loop.cancel(timeout)
            #expect(handled == 1)
        }
    }
}

extension MainContextTests {
    @Suite
    struct OffLoopWorkTests {
        /// The work runs on another thread while the loop goes on (a timer fires meanwhile); its value
        /// comes back on the loop's thread.
        @Test func theValueComesBackOnTheLoopWhileTheLoopWentOn() {
            let loop = MainLoop()
            let loopThread = pthread_self()
            var events: [String] = []
            var workThread: pthread_t?
            var doneOnLoop = false
            OffLoopWork.run(name: "test-work", { () -> Int in
                workThread = pthread_self()
                usleep(200_000)
                return 42
            }) { value in
                events.append("value \(value)")
                doneOnLoop = pthread_equal(pthread_self(), loopThread) != 0
                loop.quit()
            }
            loop.after(seconds: 0.05) { events.append("timer") }
            loop.after(seconds: 5) { loop.quit() }
            loop.run()
            #expect(events == ["timer", "value 42"])
            #expect(doneOnLoop)
            #expect(workThread.map { pthread_equal($0, loopThread) == 0 } == true)
        }
    }
}
