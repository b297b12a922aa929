import Glibc

/// The voice, run by the sound helper when other audio makes room (`spd-say --wait …`; issue 47): the
/// music stays lowered or paused until the sentence has been spoken, not only for the sound beside it.
/// Its standard input and output are /dev/null: the pipes to the daemon stay the helper's.
final class Speaker {
    private var running: [pid_t] = []
    private let report: (String) -> Void

    init(report: @escaping (String) -> Void) {
        self.report = report
    }

    /// Starts `argv[0]` (searched on PATH) with the rest as its arguments.
    func speak(_ argv: [String]) {
        guard let program = argv.first, !program.isEmpty else { return }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        var arguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, &actions, nil, &arguments, environ)
        if status == 0 {
            running.append(pid)
        } else {
            report("cannot speak: could not run \"\(program)\": \(String(cString: strerror(status)))")
        }
    }

    /// Whether a voice it started is still speaking (those that have ended are reaped).
    var isSpeaking: Bool {
        running.removeAll { waitpid($0, nil, WNOHANG) != 0 }  // exited (its pid) or not a child (-1)
        return !running.isEmpty
    }

    /// Waits until the voices have ended, at most `seconds`.
    func finish(waitingAtMost seconds: Double) {
        var waited = 0.0
        while isSpeaking, waited < seconds {
            usleep(100_000)
            waited += 0.1
        }
    }
}
