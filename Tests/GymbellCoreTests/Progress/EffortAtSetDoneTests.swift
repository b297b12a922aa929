import Testing
@testable import GymbellCore

/// `gymbell set-done --rpe 8` / `--rir 2` (RPE 10 − 2) and the bus's SetDoneAs {"rpe": 8}: the engine
/// takes an RPE of 0 to 10, nothing else.
@Suite("Effort at set-done")
struct EffortAtSetDoneTests {
    @Test(arguments: [
        (SetCorrection(rpe: 8), nil), (SetCorrection(rpe: 0), nil), (SetCorrection(rpe: 10), nil),
        (SetCorrection(rpe: 10.5), "an RPE must be 0 to 10, not 10.5"), (SetCorrection(rpe: -1), "an RPE must be 0 to 10, not -1"),
        (SetCorrection(rpe: .nan), "an RPE must be 0 to 10, not nan"), (SetCorrection(rpe: 1e308), "an RPE must be 0 to 10, not 1e+308"),
    ] as [(SetCorrection, String?)])
    func effortAtSetDoneIsChecked(correction: SetCorrection, refusal: String?) {
        do {
            try Limits.check(correction)
            #expect(refusal == nil)
        } catch {
            #expect(error == .invalidArgument(refusal ?? ""))
        }
    }
}
