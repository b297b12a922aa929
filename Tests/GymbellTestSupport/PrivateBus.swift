import Foundation

/// A `dbus-daemon` of the test's own, stopped by `stop()` (and, as a fallback, on release).
///
/// `--print-address` on stdout doubles as the readiness signal: the daemon prints it once it listens.
/// Shared by the test targets of the modules that talk over the bus (GymbellBusTests, GymbellNotifyTests).
public final class PrivateBus {
    public let address: String
    private let process: Process
    /// The bus's own folder (its socket), removed when it stops: room for a test's files beside it.
    public let directory: URL
    /// With `outlivingTheTests`: the pipe whose closing ends the daemon.
    private let lifeline: Pipe?

    /// - Parameter allowingEveryUser: a bus that accepts connections from every Unix user (the
    ///   session bus only accepts its own user), on an abstract socket so that file permissions
    ///   do not get in the way; for tests that call as another user.
    /// - Parameter outlivingTheTests: the daemon ends with this process (when the pipe it waits on
    ///   closes), never while it runs, and `stop()` does nothing: for a bus that GDBus's session-bus
    ///   connection uses (libnotify's), which ends the process when its bus goes away.
    public init(allowingEveryUser: Bool = false, outlivingTheTests: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gymbell-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        var arguments = ["--nofork", "--print-address=1"]
        if allowingEveryUser {
            let config = directory.appendingPathComponent("bus.conf")
            try Self.everyUserConfig(listen: "unix:abstract=gymbell-test-\(UUID().uuidString)")
                .write(to: config, atomically: true, encoding: .utf8)
            arguments.append("--config-file=\(config.path)")
        } else {
            arguments += ["--session", "--address=unix:path=\(directory.appendingPathComponent("bus").path)"]
        }

        process = Process()
        if outlivingTheTests {
            // sh waits for its stdin to close (this process ending), then ends the daemon (SIGKILL: see
            // killHard) and removes the directory (its $0).
            let lifeline = Pipe()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "/usr/bin/dbus-daemon \"$@\" </dev/null & read -r _; kill -KILL $!; rm -rf \"$0\"", directory.path,
            ] + arguments
            process.standardInput = lifeline
            self.lifeline = lifeline
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            process.arguments = arguments
            lifeline = nil
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice  // "Failed to set fd limit" as root: harmless
        try process.run()

        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        let line = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else {
            killHard(process)
            throw PrivateBusError.noAddress
        }
        address = line
    }

    deinit {
        stop()
    }

    /// Ends the daemon; every connection to it sees a disconnect.
    public func stop() {
        guard lifeline == nil else { return }
        if process.isRunning {
            killHard(process)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func everyUserConfig(listen: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>\(listen)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow user="*"/>
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }
}

public enum PrivateBusError: Error {
    case noAddress
}

/// SIGKILL, because children spawned from test threads inherit their blocked signal mask:
/// SIGTERM (`Process.terminate()`) would stay pending forever.
public func killHard(_ process: Process) {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
}
