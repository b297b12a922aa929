import Foundation
import GymbellPlatform
import GymbellTestSupport
import Testing

@testable import GymbellX11

/// Away on X11 against a real X server: a bare Xvfb of the test's own (its IDLETIME counter and the
/// X Sync alarms), xdotool's pointer motion (XTEST) as the person's input.
@Suite(.mainContext, .enabled(if: XServer.available, XServer.absence))
struct X11IdleAlarmsTests {
    let loop = MainLoop()

    @Test func awayWhenTheThresholdPassesAndBackWithInput() throws {
        let x = try XServer()
        defer { x.stop() }
        try x.movePointer()
        var changes: [Bool] = []
        let moved = Date()
        let alarms = try X11IdleAlarms(loop: loop, displayName: x.display, awayAfter: 0.6) { changes.append($0) }
        defer { alarms.close() }
        #expect(!alarms.isAway && (alarms.idleAtStart ?? .max) < 600)

        #expect(loop.run { !changes.isEmpty })
        #expect(changes == [true] && alarms.isAway)
        // Told by the alarm, not at once (the server's clock ticks in its own steps: 0.56 s seen).
        #expect(Date().timeIntervalSince(moved) >= 0.45)

        try x.movePointer()
        #expect(loop.run { changes.count == 2 })
        #expect(changes == [true, false] && !alarms.isAway)
    }

    @Test func aNewThresholdIsAppliedAtOnce() throws {
        let x = try XServer()
        defer { x.stop() }
        try x.movePointer()
        var changes: [Bool] = []
        let alarms = try X11IdleAlarms(loop: loop, displayName: x.display, awayAfter: 600) { changes.append($0) }
        defer { alarms.close() }
        loop.run(for: 0.3)
        #expect(changes.isEmpty)

        alarms.change(awayAfter: 0.1)  // idle longer than that already
        #expect(changes == [true])
        alarms.change(awayAfter: 600)
        #expect(changes == [true, false])
    }

    @Test func aServerThatGoesAwayIsNobodyAwayAndTheWatchCloses() throws {
        let x = try XServer()
        var changes: [Bool] = []
        let alarms = try X11IdleAlarms(loop: loop, displayName: x.display, awayAfter: 0.1) { changes.append($0) }
        defer { alarms.close() }
        #expect(loop.run { changes == [true] })

        x.stop()  // the session ended
        #expect(loop.run { changes == [true, false] })
        alarms.change(awayAfter: 0.2)  // closed: nothing more to say
        #expect(changes == [true, false])
    }

    @Test func aDisplayThatCannotBeOpenedIsAnError() {
        #expect {
            _ = try X11IdleAlarms(loop: loop, displayName: ":4093", awayAfter: 1) { _ in }
        } throws: { error in
            "\(error)".contains("cannot open the X display :4093")
        }
    }
}

/// A bare Xvfb: `-displayfd` (it picks a free display itself and names it on our pipe), `-noreset` (a
/// server whose last client left starts afresh, its idle counter with it). tests/support/xvfb.py
/// starts it the same way for the Python suites.
final class XServer {
    static let available = FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")
        || ProcessInfo.processInfo.environment["CI"] == "true"  // on CI it is installed: not there, fail
    static let absence: Comment = "Xvfb is not installed (scripts/install-deps.sh installs it; on CI this fails instead)"

    let display: String
    private let process = Process()

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp", "-noreset"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var said = ""
        while !said.hasSuffix("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        let number = said.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !number.isEmpty else {
            killHard(process)
            throw XServerError.noDisplay
        }
        display = ":" + number
    }

    deinit { stop() }

    func stop() {
        if process.isRunning { killHard(process) }
    }

    private var corner = false

    /// Pointer motion through XTEST: input, so the IDLETIME counter starts again from 0.
    func movePointer() throws {
        corner.toggle()
        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        xdotool.arguments = ["xdotool", "mousemove", corner ? "10" : "300", corner ? "10" : "200"]
        xdotool.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        try xdotool.run()
        xdotool.waitUntilExit()
        guard xdotool.terminationStatus == 0 else { throw XServerError.noInput }
    }

    enum XServerError: Error {
        case noDisplay
        case noInput
    }
}
