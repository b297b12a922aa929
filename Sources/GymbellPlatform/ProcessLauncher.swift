import CGLib

/// Starts a program from an argv array, never through a shell, detached from the daemon
/// (GLib reaps it, so no zombie is left behind).
public enum ProcessLauncher {
    /// Starts `argv[0]` (searched on PATH) with the rest as its arguments, in this process's environment
    /// with `adding` set in it; returns its pid.
    @discardableResult
    public static func spawn(_ argv: [String], adding: [String: String] = [:]) throws(SystemError) -> Int32 {
        guard let program = argv.first, !program.isEmpty else { throw SystemError(message: "the command to run is empty") }
        var pid: GPid = 0
        var error: UnsafeMutablePointer<GError>?
        var environment: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? = nil
        if !adding.isEmpty {
            environment = g_get_environ()
            for (name, value) in adding.sorted(by: { $0.key < $1.key }) { environment = g_environ_setenv(environment, name, value, 1) }
        }
        defer { if let environment { g_strfreev(environment) } }
        let ok = withCArguments(argv) { g_spawn_async(nil, $0, environment, flags, gb_child_reset_signal_mask, nil, &pid, &error) }
        if ok == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw SystemError(message: "could not run \"\(program)\": \(message)")
        }
        return pid
    }

    /// Starts `argv[0]` with pipes to its standard input and from its standard output (its standard
    /// error is the daemon's); the pipes are close-on-exec, so no other program keeps them open.
    public static func spawnPiped(_ argv: [String]) throws(SystemError) -> (pid: Int32, input: Int32, output: Int32) {
        guard let program = argv.first, !program.isEmpty else { throw SystemError(message: "the command to run is empty") }
        var pid: GPid = 0
        var input: gint = -1
        var output: gint = -1
        var error: UnsafeMutablePointer<GError>?
        let pipedFlags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_CLOEXEC_PIPES.rawValue)
        let ok = withCArguments(argv) {
            g_spawn_async_with_pipes(nil, $0, nil, pipedFlags, gb_child_reset_signal_mask, nil, &pid, &input, &output, nil, &error)
        }
        if ok == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw SystemError(message: "could not run \"\(program)\": \(message)")
        }
        return (pid, input, output)
    }

    /// Runs `argv[0]` (searched on PATH) to its end and returns its exit status and what it wrote to
    /// stdout and stderr; nil when it could not be started or did not exit normally.
    public static func capture(_ argv: [String]) -> (status: Int32, output: String, error: String)? {
        guard let program = argv.first, !program.isEmpty else { return nil }
        var output: UnsafeMutablePointer<gchar>?
        var errorText: UnsafeMutablePointer<gchar>?
        var waitStatus: gint = 0
        var error: UnsafeMutablePointer<GError>?
        let ok = withCArguments(argv) {
            g_spawn_sync(nil, $0, nil, flags, gb_child_reset_signal_mask, nil, &output, &errorText, &waitStatus, &error)
        }
        defer { g_free(output); g_free(errorText) }
        if let error { g_error_free(error) }
        guard ok != 0, waitStatus & 0x7f == 0 else { return nil }  // exited, not killed by a signal
        let text = { (bytes: UnsafeMutablePointer<gchar>?) in bytes.map { String(cString: $0) } ?? "" }
        return ((waitStatus >> 8) & 0xff, text(output), text(errorText))
    }

    /// Searched on PATH, never through a shell; stdin from /dev/null.
    private static let flags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_STDIN_FROM_DEV_NULL.rawValue)

    /// `argv` as the NULL-terminated C array GLib's spawn functions take, alive during `body`.
    private static func withCArguments<T>(_ argv: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> T) -> T {
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArgs.append(nil)
        defer { for arg in cArgs { free(arg) } }
        return cArgs.withUnsafeMutableBufferPointer { body($0.baseAddress) }
    }

    /// Whether `program` is found on PATH (an optional helper such as `spd-say` may be missing).
    public static func isInstalled(_ program: String) -> Bool {
        guard let path = g_find_program_in_path(program) else { return false }
        g_free(path)
        return true
    }
}
