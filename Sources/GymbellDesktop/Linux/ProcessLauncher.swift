import CGLib

/// Starts a program from an argv array, never through a shell, detached from the daemon
/// (GLib reaps it, so no zombie is left behind).
public enum ProcessLauncher {
    /// Starts `argv[0]` (searched on PATH) with the rest as its arguments; returns its pid.
    @discardableResult
    public static func spawn(_ argv: [String]) throws(SystemError) -> Int32 {
        guard let program = argv.first, !program.isEmpty else { throw SystemError(message: "the command to run is empty") }
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArgs.append(nil)
        defer { for arg in cArgs { free(arg) } }
        var pid: GPid = 0
        var error: UnsafeMutablePointer<GError>?
        let flags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_STDIN_FROM_DEV_NULL.rawValue)
        let ok = cArgs.withUnsafeMutableBufferPointer { buffer in
            g_spawn_async(nil, buffer.baseAddress, nil, flags, gb_child_reset_signal_mask, nil, &pid, &error)
        }
        if ok == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw SystemError(message: "could not run \"\(program)\": \(message)")
        }
        return pid
    }

    /// Whether `program` is found on PATH (an optional helper such as `spd-say` may be missing).
    public static func isInstalled(_ program: String) -> Bool {
        guard let path = g_find_program_in_path(program) else { return false }
        g_free(path)
        return true
    }
}
