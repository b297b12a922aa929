import Foundation
import Glibc

/// fake_compositor.py on a socket of its own; its records read line by line.
final class FakeCompositor {
    static let python = "/usr/bin/python3"
    static let available = FileManager.default.isExecutableFile(atPath: python)

    let socket: String
    private let folder: URL
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending = ""

    init(offering protocols: [String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gb-wl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        socket = folder.appendingPathComponent("wayland-fake").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fake_compositor.py")
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [script.path, socket] + protocols
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard try line() == "ready" else { throw FakeError.notReady }
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    func tell(_ command: String) {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
    }

    /// The next `count` requests, as "bind INTERFACE" ("bind INTERFACE VERSION" above version 1),
    /// "get TIMEOUT_MS", "destroy" (an idle notification), "destroy INTERFACE" (activation's objects),
    /// "notify_launch STARTUP_ID", "set_app_id APP_ID", "commit", "mark".
    func requests(_ count: Int) throws -> [String] {
        try (0..<count).map { _ in
            let record = try JSONSerialization.jsonObject(with: Data(try line().utf8)) as? [String: Any] ?? [:]
            let version = (record["version"] as? Int).flatMap { $0 > 1 ? $0 : nil }
            return [record["request"], record["interface"] ?? record["timeout"] ?? record["text"], version]
                .compactMap { $0.map { "\($0)" } }.joined(separator: " ")
        }
    }

    /// The next line it printed (waits at most 10 s).
    private func line() throws -> String {
        let deadline = Date().addingTimeInterval(10)
        while !pending.contains("\n") {
            var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard poll(&ready, 1, left) > 0 else { throw FakeError.silent }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw FakeError.silent }
            pending += String(decoding: chunk, as: UTF8.self)
        }
        let end = pending.firstIndex(of: "\n")!
        defer { pending = String(pending[pending.index(after: end)...]) }
        return String(pending[..<end])
    }

    enum FakeError: Error {
        case notReady
        case silent
    }
}
