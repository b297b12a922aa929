import Foundation
import Synchronization
import CGLib
import Glibc
import Testing

@testable import GymbellPlatform

@Suite("SharedWork: work one thread offers and whichever gets to it first does")
struct SharedWorkTests {
    @Test func aWaitingHelperDoesTheOfferedWorkAndTheOffererGetsItsValue() {
        let share = SharedWork<Int>()
        let ranOn = Mutex<pthread_t?>(nil)
        let helper = BackgroundWork(name: "gymbell-test") { () -> pthread_t in
            share.help()  // waits for the offer
            return pthread_self()
        }
        share.offer {
            ranOn.withLock { $0 = pthread_self() }
            return 42
        }
        let helperThread = helper.wait()  // help() returns once it has done the work
        #expect(share.collect() == 42)
        #expect(ranOn.withLock { $0 }.map { pthread_equal($0, helperThread) != 0 } == true)
    }

    @Test func withoutAHelperTheOffererDoesItWhenItCollects() {
        let share = SharedWork<String>()
        let ranOn = Mutex<pthread_t?>(nil)
        share.offer {
            ranOn.withLock { $0 = pthread_self() }
            return "done here"
        }
        #expect(share.collect() == "done here")
        #expect(ranOn.withLock { $0 }.map { pthread_equal($0, pthread_self()) != 0 } == true)
        share.close()
        share.help()  // late: returns at once, nothing left to do
    }

    /// The offerer collects while the helper is still at it: it gets the helper's value, not a second run.
    @Test func collectingWhileTheHelperWorksWaitsForItsValue() {
        let share = SharedWork<Int>()
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let runs = Mutex(0)
        let helper = BackgroundWork(name: "gymbell-test") { share.help() }
        share.offer {
            runs.withLock { $0 += 1 }
            started.signal()
            gate.wait()
            return 7
        }
        started.wait()  // the helper has it
        let collector = BackgroundWork(name: "gymbell-test") { share.collect() }
        gate.signal()
        #expect(collector.wait() == 7)
        helper.wait()
        #expect(runs.withLock { $0 } == 1)
    }

    /// A helper waiting for work that never comes (a small agenda, an error before the offer) is let go.
    @Test func closingWithoutAnOfferLetsTheHelperGo() {
        let share = SharedWork<Int>()
        let helper = BackgroundWork(name: "gymbell-test") { () -> Bool in
            share.help()
            return true
        }
        share.close()
        #expect(helper.wait())
        share.help()  // a second call passes at once too
    }

    /// An offer withdrawn (the offerer failed before collecting) is not carried out by a later helper.
    @Test func closingWithdrawsAnOfferNobodyTook() {
        let share = SharedWork<Int>()
        let runs = Mutex(0)
        share.offer {
            runs.withLock { $0 += 1 }
            return 1
        }
        share.close()
        share.help()
        #expect(runs.withLock { $0 } == 0)
    }
}

@Suite("SharedLibrary: libraries loaded when first used")
struct SharedLibraryTests {
    @Test func aLibraryThatIsNotInstalledIsNamedInTheError() {
        #expect {
            _ = try SharedLibrary.functions(of: "libgymbell-missing.so.0", gb_gsettings_functions_load)
        } throws: { error in
            "\(error)".contains("cannot load libgymbell-missing.so.0")
        }
    }

    @Test func aLibraryWithoutAFunctionCalledIsRefused() {
        // libdbus has none of GIO's functions.
        #expect {
            _ = try SharedLibrary.functions(of: "libdbus-1.so.3", gb_gsettings_functions_load)
        } throws: { error in
            "\(error)".contains("libdbus-1.so.3 lacks a function gymbell calls") && "\(error)".contains("g_settings_")
        }
    }

    /// libnotify's table is filled by every daemon the end-to-end tests start (its notifier), and by
    /// GymbellNotifyTests; libcanberra's in GymbellSoundTests.
    @Test func theTablesFillFromTheInstalledLibraries() throws {
        // GSettings' table (SettingWatch): every function found, or this throws.
        _ = try SharedLibrary.functions(of: "libgio-2.0.so.0", gb_gsettings_functions_load)
    }
}
