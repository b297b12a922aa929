import Foundation
import Glibc
import Testing

@testable import GymbellPlatform

@Suite("BackgroundWork: a value worked out on a thread of its own")
struct BackgroundWorkTests {
    @Test func theWorkRunsOnAnotherThreadWhileTheCallerGoesOn() {
        let caller = pthread_self()
        // The work waits until the caller has gone on: were it run by `wait()`, this would hang.
        let callerWentOn = DispatchSemaphore(value: 0)
        let work = BackgroundWork(name: "gymbell-test") { () -> (pthread_t, [Int]) in
            callerWentOn.wait()
            return (pthread_self(), Array(0..<10_000))
        }
        callerWentOn.signal()
        let (worker, numbers) = work.wait()
        #expect(pthread_equal(worker, caller) == 0)
        #expect(numbers.count == 10_000 && numbers.last == 9_999)
    }

    /// What the work made is the caller's after `wait()`, objects included (the daemon hands over
    /// its open state database this way).
    @Test func whatTheWorkMadeIsTheCallersAfterTheWait() {
        final class Box { var values: [String] = [] }
        let work = BackgroundWork(name: "gymbell-test") { () -> Box in
            let box = Box()
            for number in 0..<1_000 { box.values.append("value \(number)") }
            return box
        }
        let box = work.wait()
        box.values.append("the caller's")
        #expect(box.values.count == 1_001 && box.values.first == "value 0")
    }
}
