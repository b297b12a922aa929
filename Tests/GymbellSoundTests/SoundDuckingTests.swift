import Foundation
import GymbellTestSupport
import GymbellCore
import Testing

@testable import GymbellPlatform
@testable import GymbellSound

/// What the daemon tells its sound helper about making room (issue 47), with SoundPlayerTests' shell
/// script standing in for the helper.
@Suite(.mainContext)
struct SoundDuckingTests {
    func lines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func aHelperIsToldTheShareOnceAndToldAgainWhenItChanges() throws {
        let loop = MainLoop()
        let file = NSTemporaryDirectory() + "sound-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let player = SoundPlayer(loop: loop, helper: SoundPlayerTests.fakeHelper(recordingTo: file)) { _ in }
        player.hold(.themed("complete"))
        player.play(.themed("complete"), duck: .lower(percent: 30))
        player.play(.themed("complete"), duck: .lower(percent: 30))
        player.play(.themed("complete"), duck: .off)
        player.play(.themed("complete"), duck: .pause)
        player.release()
        loop.run { player.helpersRunning == 0 }
        #expect(lines(file) == [
            "cache theme complete", "duck 30", "play theme complete", "play theme complete", "duck off", "play theme complete",
            "duck pause", "play theme complete", "ended",
        ])
        // A new helper leaves other audio alone until told otherwise: nothing said when off.
        try? FileManager.default.removeItem(atPath: file)
        player.play(.themed("bell"))
        loop.run { player.helpersRunning == 0 }
        #expect(lines(file) == ["play theme bell", "ended"])
    }

    @Test func theVoiceGoesToAHelperThatMakesRoomAndBackToTheCallerWhenNoneTakesIt() throws {
        let loop = MainLoop()
        let file = NSTemporaryDirectory() + "sound-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let player = SoundPlayer(loop: loop, helper: SoundPlayerTests.fakeHelper(recordingTo: file)) { _ in }
        #expect(player.speak(["spd-say", "--wait", "--", "Rest over. Time for your next set!"], duck: .pause))
        loop.run { player.helpersRunning == 0 }
        #expect(lines(file) == ["duck pause", "speak spd-say\t--wait\t--\tRest over. Time for your next set!", "ended"])
        // No helper can be started: the caller speaks itself.
        let none = SoundPlayer(loop: loop, helper: ["/nonexistent/gymbell-sound-helper"]) { _ in }
        #expect(!none.speak(["spd-say", "--", "Hi"], duck: .lower(percent: 30)))
    }

    @Test func theStartAsksAHelperToSetBackOnlyWhenTheJournalListsSomething() throws {
        let loop = MainLoop()
        let file = NSTemporaryDirectory() + "sound-\(UUID().uuidString)"
        let journal = NSTemporaryDirectory() + "ducked-\(UUID().uuidString)"
        defer { for path in [file, journal] { try? FileManager.default.removeItem(atPath: path) } }
        let player = SoundPlayer(loop: loop, helper: SoundPlayerTests.fakeHelper(recordingTo: file)) { _ in }
        player.restoreLowered(journals: [journal + "-paused", journal])
        #expect(player.helpersRunning == 0)  // no journal: no helper started
        try "1\t7\t1\t2\t0/music\n".write(toFile: journal, atomically: true, encoding: .utf8)
        player.restoreLowered(journals: [journal + "-paused", journal])
        loop.run { player.helpersRunning == 0 }
        #expect(lines(file) == ["restore", "ended"])
    }
}
