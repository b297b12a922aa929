import ArgumentParser
import GymbellControl
import GymbellCore

/// A duration on the command line: `40s`, `2m`, `1m30s`, `2h` or plain seconds.
struct DurationArgument: ExpressibleByArgument {
    let seconds: Double

    init?(argument: String) {
        guard let seconds = DurationText.parse(argument) else { return nil }
        self.seconds = seconds
    }

    static var defaultValueDescription: String { "DUR" }
}

/// A signed duration for `rest --adjust`: `+15`, `-15`, `+1m`, `-30s`.
struct SignedDurationArgument: ExpressibleByArgument {
    let seconds: Double

    init?(argument: String) {
        var text = Substring(argument)
        var sign = 1.0
        if text.first == "+" {
            text = text.dropFirst()
        } else if text.first == "-" {
            sign = -1
            text = text.dropFirst()
        }
        guard let magnitude = DurationText.parse(String(text)) else { return nil }
        seconds = sign * magnitude
    }
}

/// Runs a client command, turning its failure into a sentence on stderr and exit status 1.
func withDaemon<T>(_ body: (GymbellClient) throws(ClientError) -> T) throws -> T {
    do {
        return try body(try GymbellClient())
    } catch {
        printError(error.description)
        throw ExitCode.failure
    }
}
