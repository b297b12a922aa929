import FoundationEssentials
import Testing
@testable import GymbellCore

/// `JSONBytes` must write what `JSONEncoder` wrote before it (`ISO8601.jsonEncoder`): the CLI prints
/// the daemon's JSON as it comes, and scripts read it.
@Suite("JSON written byte by byte, as JSONEncoder wrote it")
struct JSONBytesTests {
    private static let at = Date(timeIntervalSince1970: 1_764_000_000.125)

    private static func encoded(_ sets: [LoggedSet]) -> String { ISO8601.jsonText(sets, orElse: "[]") }

    @Test func everyControlCharacterQuoteAndBackslashAndNonASCIIText() {
        var text = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
        text += "\"\\/é😀\u{7f}\u{2028}\u{FEFF}Bench \"Press\""
        let set = LoggedSet(session: SessionID(text), workout: text, exercise: text, setNumber: 1, reps: 5, weight: 80, at: Self.at)
        #expect(LoggedSet.jsonText([set]) == Self.encoded([set]))
    }

    @Test(arguments: [0.0, -0.0, 80, 82.5, 0.1, 1e-7, 2.5e-5, 100.0 / 3, 1e15, 1e16, 1e21, 123_456_789.125,
                      12_345_678_901_234_567_890, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, -7.25])
    func weights(weight: Double) {
        let set = LoggedSet(session: SessionID("s"), exercise: "Squat", setNumber: 2, reps: 5, weight: weight, unit: .lb, at: Self.at)
        #expect(LoggedSet.jsonText([set]) == Self.encoded([set]))
    }

    @Test func everyOptionalFieldPresentAndAbsent() throws {
        let sets = [
            LoggedSet(session: SessionID("a"), workout: "push", exercise: "Bench", setNumber: 3, reps: 8, plannedReps: 8,
                      weight: 80, unit: .kg, failed: true, at: Self.at, id: 41),
            LoggedSet(session: SessionID("b"), exercise: "Plank", setNumber: 1, reps: nil, weight: nil, at: Self.at),
            LoggedSet(session: SessionID("c"), exercise: "Row", setNumber: 12, reps: 0, plannedReps: nil, weight: 0,
                      at: Self.at, id: Int64.max),
        ]
        #expect(LoggedSet.jsonText(sets) == Self.encoded(sets))
        #expect(try LoggedSet.decode(jsonText: LoggedSet.jsonText(sets)) == sets)
        #expect(LoggedSet.jsonText([]) == Self.encoded([]))
    }

    @Test func instantsFromBeforeTheEpochToFarAhead() {
        var generator = Seeded(state: 33)  // the target's reproducible source
        var sets: [LoggedSet] = []
        for number in 0..<2_000 {
            // 1900 … 2200, milliseconds and the half-millisecond rounding included
            let seconds = -2_208_988_800 + Double(generator.next() % 9_467_280_000) + Double(generator.next() % 2_000) / 2_000
            sets.append(LoggedSet(session: SessionID("s\(number)"), exercise: "Deadlift", setNumber: number, reps: number % 20,
                                  weight: Double(generator.next() % 4_000) / 8, at: Date(timeIntervalSince1970: seconds)))
        }
        #expect(LoggedSet.jsonText(sets) == Self.encoded(sets))
        for set in sets.prefix(200) {
            var bytes: [UInt8] = []
            ISO8601.write(set.at, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == ISO8601.format(set.at))
        }
    }

    @Test func aWeightJSONCannotWriteGivesWhatTheEncoderGave() {
        let set = LoggedSet(session: SessionID("s"), exercise: "Squat", setNumber: 1, reps: 5, weight: .nan, at: Self.at)
        #expect(LoggedSet.jsonText([set]) == "[]")
    }

    @Test(arguments: [0, 7, -7, 10, 99, 100, Int.max, Int.min, -1_000_000])
    func integers(value: Int) {
        var bytes: [UInt8] = []
        JSONBytes.appendDecimal(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }
}
