import Foundation

/// `systemctl --user` on gymbell.service, or nil where no systemd user manager answers.
struct SystemdUserUnit {
    let enablement: String
    let activity: String?

    var enabled: Bool { enablement.hasPrefix("enabled") }

    var summary: String {
        switch enablement {
        case "not-found": return "not installed."
        default: return enablement + (activity.map { ", \($0)." } ?? " (whether it runs is unknown: no systemd user manager answered).")
        }
    }

    static func query() -> SystemdUserUnit? {
        guard let systemctl = findExecutable("systemctl") else { return nil }
        guard let enabled = run(systemctl, ["--user", "is-enabled", "gymbell.service"]) else { return nil }
        let state = enabled.output.isEmpty ? (enabled.error.contains("No such file") ? "not-found" : "") : enabled.output
        guard !state.isEmpty else { return nil }  // "Failed to connect to bus" and the like
        let active = run(systemctl, ["--user", "is-active", "gymbell.service"])?.output
        return SystemdUserUnit(enablement: state, activity: active.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Runs a program for at most two seconds; its first line of stdout and of stderr.
    private static func run(_ program: String, _ arguments: [String]) -> (output: String, error: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()  // a systemctl that hangs on a broken bus is "did not answer"
            process.waitUntilExit()
            return nil
        }
        func firstLine(_ pipe: Pipe) -> String {
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
        return (firstLine(output), firstLine(error))
    }

    private static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
