import FoundationEssentials
import GymbellCore
import GymbellPlatform

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

    /// Runs a program for at most two seconds (coreutils' `timeout`); its first line of stdout and of stderr.
    private static func run(_ program: String, _ arguments: [String]) -> (output: String, error: String)? {
        // A systemctl that hangs on a broken bus is "did not answer" (timeout exits with 124).
        guard let result = ProcessLauncher.capture(["timeout", "2", program] + arguments), result.status != 124 else { return nil }
        func firstLine(_ text: String) -> String {
            text.split(separator: "\n").first.map { $0.trimmingWhitespace() } ?? ""
        }
        return (firstLine(result.output), firstLine(result.error))
    }

    private static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
