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

    /// For `@Option(transform:)`: a refusal names an example.
    static func parsed(_ text: String) throws(PlainNumber.Refusal) -> DurationArgument {
        guard let duration = DurationArgument(argument: text) else {
            throw PlainNumber.Refusal(description: "write a duration as plain seconds or with units, such as 90, 40s, 2m or 1m30s")
        }
        return duration
    }
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

    /// For `@Option(transform:)`: a refusal names an example.
    static func parsed(_ text: String) throws(PlainNumber.Refusal) -> SignedDurationArgument {
        guard let duration = SignedDurationArgument(argument: text) else {
            throw PlainNumber.Refusal(description: "write a sign and a duration, such as +15, -15 or +1m")
        }
        return duration
    }
}

/// Numbers on the command line are plain decimals (`PlainDecimal`): one function for every numeric
/// option (`@Option(transform:)`), refusing `0x10`, `1e3`, `inf`, `+5` with a sentence and an example.
/// Durations go through `DurationText`, which takes the same digits (`rest --adjust` a sign before them).
enum PlainNumber {
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// A weight or another number that may have a fraction: `82.5`.
    static func decimal(_ text: String) throws(Refusal) -> Double {
        guard let value = PlainDecimal.value(of: text) else {
            throw Refusal(description: "write it as a plain decimal number, digits with at most one dot, such as 82.5")
        }
        return value
    }

    /// A count (days, weeks, rounds, reps, minutes, an id): `12`.
    static func whole<Number: FixedWidthInteger>(_ text: String) throws(Refusal) -> Number {
        guard PlainDecimal.isWhole(text) else {
            throw Refusal(description: "write it as a plain whole number, digits only, such as 12")
        }
        guard let value = PlainDecimal.whole(text, as: Number.self) else {
            throw Refusal(description: "it is larger than \(Number.max); write a plain whole number such as 12")
        }
        return value
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
