import ArgumentParser
import FoundationEssentials
import Glibc
import GymbellPlatform

/// `gymbell window`: runs gymbell-window, the program beside this one (or on PATH), in this process's
/// place. The CLI itself never loads GTK: the window is a program of its own.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open gymbell's window: the next reminder, your streak, and the running workout in large type.",
        discussion: """
            The window is the program gymbell-window (what the app grid's gymbell entry opens), in a \
            package of its own, gymbell-window; a second launch shows the open window. It talks to the \
            daemon like every other command.
            """)

    @Flag(help: "Start today's workout as the window opens.") var startWorkout = false
    @Flag(help: "Start a rest of the configured length as the window opens.") var rest = false

    func validate() throws {
        if startWorkout && rest { throw ValidationError("--start-workout and --rest cannot be given together") }
    }

    func run() throws {
        guard let program = CurrentProcess.installedProgram("gymbell-window") else {
            // The window is a package of its own (docs/packaging.md); the daemon and the CLI work without it.
            throw failure("""
                gymbell's window is not installed: it is the package gymbell-window \
                (sudo apt install gymbell-window), or `make install` from gymbell's source tree. \
                Reminders, workouts and every gymbell command work without it.
                """)
        }
        let argv = [program] + (startWorkout ? ["--start-workout"] : []) + (rest ? ["--rest"] : [])
        var cArguments = argv.map { strdup($0) } + [nil]
        execvp(program, &cArguments)
        let reason = String(cString: strerror(errno))
        throw failure("cannot run \(program): \(reason)")
    }
}
