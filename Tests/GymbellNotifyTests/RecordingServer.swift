import Foundation
import GymbellPlatform
import GymbellTestSupport

/// The end-to-end tests' recording notification server (tests/e2e/notification_server.py, one JSON
/// line an event; its control interface plays the user) on a private bus that libnotify takes for
/// the session bus. One for the whole test process: libnotify reaches the bus through GDBus's
/// session-bus connection, which ends the process when its bus goes away, and reads its address once.
final class RecordingServer: @unchecked Sendable {
    static let shared = Result { try RecordingServer() }

    let address: String
    let log: String
    private let bus: PrivateBus

    private init() throws {
        bus = try PrivateBus(outlivingTheTests: true)
        address = bus.address
        log = bus.directory.appendingPathComponent("notifications.jsonl").path
        FileManager.default.createFile(atPath: log, contents: nil)
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)

        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("tests/e2e/notification_server.py").path
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [script, log, "--address", address]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()  // it ends with the bus (exit on disconnect)
        let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard said.hasPrefix("ready") else { throw ServerError.notReady(said) }
    }

    /// Every record so far.
    func records() -> [[String: Any]] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// The records of `event` about notification `id` (every one: nil).
    func records(_ event: String, id: UInt32? = nil) -> [[String: Any]] {
        records().filter { $0["event"] as? String == event && (id == nil || ($0["id"] as? Int).map(UInt32.init) == id) }
    }

    /// Plays the user through the server's control interface (InvokeAction, Close), as dbus-send.
    func control(_ method: String, _ arguments: String...) throws {
        let send = Process()
        send.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
        send.arguments = [
            "--bus=\(address)", "--print-reply", "--dest=org.gymbell.TestNotificationServer",
            "/org/gymbell/TestNotificationServer", "org.gymbell.TestNotificationServer.\(method)",
        ] + arguments
        send.standardOutput = FileHandle.nullDevice
        let error = Pipe()
        send.standardError = error
        try send.run()
        let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        send.waitUntilExit()
        guard send.terminationStatus == 0 else { throw ServerError.refused(method, said) }
    }

    enum ServerError: Error {
        case notReady(String)
        case refused(String, String)
    }
}
