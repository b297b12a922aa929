import Foundation
import GymbellTestSupport
import Testing

@testable import GymbellPlatform
@testable import GymbellSound

/// The daemon's side of the sound helper, with a shell script standing in for the helper: it
/// records what it is asked and answers as SoundHelper does.
@Suite(.mainContext)
struct SoundPlayerTests {
    static func fakeHelper(recordingTo file: String) -> [String] {
        ["/bin/sh", "-c", """
            while IFS= read -r line; do
              printf '%s\\n' "$line" >> '\(file)'
              case "$line" in play*) echo played;; cache*) echo 'problem no sound here';; esac
            done
            echo ended >> '\(file)'
            """]
    }

    func lines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func heldWhileNearASoundAndGoneAfterTheRelease() throws {
        let loop = MainLoop()
        let file = NSTemporaryDirectory() + "sound-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var reports: [String] = []
        let player = SoundPlayer(loop: loop, helper: Self.fakeHelper(recordingTo: file)) { reports.append($0) }
        #expect(player.helpersRunning == 0)  // nothing started before a sound is near

        player.hold(.themed("complete"))
        player.play(.themed("complete"))
        loop.run { reports.count == 2 }
        #expect(player.isHeld && player.helpersRunning == 1)
        #expect(reports == ["no sound here", "sound plays again"])

        player.release()
        loop.run { player.helpersRunning == 0 }
        #expect(lines(file) == ["cache theme complete", "play theme complete", "ended"])
    }

    @Test func aSoundPlayedWhileNotHeldStartsAHelperThatEndsAfterIt() throws {
        let loop = MainLoop()
        let file = NSTemporaryDirectory() + "sound-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let player = SoundPlayer(loop: loop, helper: Self.fakeHelper(recordingTo: file)) { _ in }
        player.play(.file("/tmp/a b\nc.oga"))
        #expect(player.helpersRunning == 1)
        loop.run { player.helpersRunning == 0 }
        #expect(lines(file) == ["play file /tmp/a b\\nc.oga", "ended"])
    }

    @Test func aDelayedHoldStartsTheHelperOnlyThen() throws {
        let loop = MainLoop()
        let file = NSTemporaryDirectory() + "sound-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let player = SoundPlayer(loop: loop, helper: Self.fakeHelper(recordingTo: file)) { _ in }
        player.hold(.themed("bell"), inSeconds: 0.2)
        #expect(player.helpersRunning == 0 && !player.isHeld)
        loop.run { player.isHeld }
        #expect(player.helpersRunning == 1)
        player.release()
        loop.run { player.helpersRunning == 0 }
        #expect(lines(file) == ["cache theme bell", "ended"])
    }

    /// A machine without a sound server: after one helper found none, the next rests start no
    /// helper process until the back-off has passed (30 s, then 60 s …); a sound played resets it.
    @Test func noHelperIsStartedWhileTheSoundServerWasJustUnreachable() throws {
        let loop = MainLoop()
        let file = NSTemporaryDirectory() + "sound-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let answers = NSTemporaryDirectory() + "answer-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: answers) }
        try "unreachable".write(toFile: answers, atomically: true, encoding: .utf8)
        let helper = ["/bin/sh", "-c", """
            echo started >> '\(file)'
            while IFS= read -r line; do cat '\(answers)'; echo; done
            """]
        var now = 1000.0
        let player = SoundPlayer(loop: loop, helper: helper, clock: { now }) { _ in }

        player.play(.themed("complete"))
        loop.run { player.isBackingOff }
        loop.run { player.helpersRunning == 0 }
        for _ in 0..<5 { player.play(.themed("complete")) }  // the next rests, within 30 s
        #expect(player.helpersRunning == 0)
        #expect(lines(file) == ["started"])

        now += 31  // the back-off passed: one more try, unreachable again, now for 60 s
        player.play(.themed("complete"))
        loop.run { player.isBackingOff }
        loop.run { player.helpersRunning == 0 }  // that helper has played out and exited
        now += 31
        player.play(.themed("complete"))
        #expect(player.helpersRunning == 0)
        #expect(lines(file) == ["started", "started"])

        now += 30  // 61 s after: the server is back
        try "played".write(toFile: answers, atomically: true, encoding: .utf8)
        player.play(.themed("complete"))
        loop.run { player.helpersRunning == 0 }
        #expect(!player.isBackingOff)
        player.play(.themed("complete"))
        loop.run { player.helpersRunning == 0 }
        #expect(lines(file) == ["started", "started", "started", "started"])
    }

    @Test func aHelperThatCannotStartIsReportedOnce() {
        let loop = MainLoop()
        var reports: [String] = []
        let player = SoundPlayer(loop: loop, helper: ["/nonexistent/gymbell"]) { reports.append($0) }
        player.play(.themed("complete"))
        player.play(.themed("complete"))
        #expect(reports.count == 1 && reports[0].hasPrefix("no sound: cannot start the sound helper"))
    }
}

@Suite
struct SoundMessageTests {
    @Test(arguments: [
        SoundMessage.cache(.themed("complete")), .play(.file("/home/a\\b/new\nline.oga")), .problem("no sound: x"), .unreachable, .played, .asked(at: 1_796_000_000.125),
    ])
    func roundTrips(_ message: SoundMessage) {
        let line = message.line
        #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil)
        #expect(SoundMessage(line: line.dropLast()) == message)
    }

    @Test func linesAreSplitWhereTheyEndNotWhereReadsEnd() {
        var buffer = LineBuffer()
        let first = Array("play theme a\npla".utf8).withUnsafeBytes { buffer.append($0) }
        let second = Array("y theme b\n".utf8).withUnsafeBytes { buffer.append($0) }
        #expect(first == ["play theme a"] && second == ["play theme b"])
    }
}
