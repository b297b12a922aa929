import Testing
@testable import GymbellFormats

@Suite("Import: the log's exercise names against the person's (the window's name choices)")
struct ImportNamesTests {
    static let mine = ["Bench Press", "Back Squat", "Row", "Overhead Press", "Push-ups", "Plank"]

    @Test func unmatchedKeepsTheLogsOrderAndIgnoresCase() {
        let log = ["Bench Press (Barbell)", "plank", "Row", "Squat (Barbell)", "Push Ups"]
        #expect(ImportNames.unmatched(log, known: Self.mine) == ["Bench Press (Barbell)", "Squat (Barbell)", "Push Ups"])
        #expect(ImportNames.unmatched(log, known: []) == log)
        #expect(ImportNames.unmatched([], known: Self.mine) == [])
    }

    @Test(arguments: [
        ("Bench Press (Barbell)", "Bench Press"),   // Strong's equipment in brackets
        ("bench press [dumbbell]", "Bench Press"),
        ("Push Ups", "Push-ups"),                   // a hyphen is a space
        ("PUSH-UPS", "Push-ups"),
        ("Barbell Row", "Row"),                     // an implement before the movement
        ("Dumbbell Row (Dumbbell)", "Row"),
        ("Cable Fly", nil),                          // none of the person's
        ("Squat (Barbell)", nil),                    // "Squat" is not "Back Squat": asked, not guessed
        ("(Barbell)", nil),                          // nothing left to compare
        ("Pendlay Row", nil),                        // a word before that is no implement
    ] as [(String, String?)])
    func guess(_ log: String, _ expected: String?) {
        #expect(ImportNames.guess(log, among: Self.mine) == expected)
    }

    @Test func twoCandidatesAreAQuestionNotAGuess() {
        #expect(ImportNames.guess("Curl (Dumbbell)", among: ["Curl", "curl"]) == nil)
        #expect(ImportNames.guess("Curl", among: ["Barbell Curl", "Dumbbell Curl"]) == nil)
    }

    @Test func aChoiceGoesOverTheConfigsMappingOfTheSameName() {
        // [exercise_names] made Strong's name "Bench"; the person now calls "Bench" their "Bench Press".
        let configured = ["Bench Press (Barbell)": "Bench", "Deadlift (Barbell)": "Deadlift"]
        let mapped = ImportNames.remapped(configured, shown: "Bench", to: "Bench Press")
        #expect(mapped == ["Bench Press (Barbell)": "Bench Press", "Bench": "Bench Press", "Deadlift (Barbell)": "Deadlift"])
        #expect(ImportNames.remapped(configured, shown: "Bench", to: "Bench") == configured)  // kept as shown
        // Choosing a log's name back to itself takes its own mapping away.
        #expect(ImportNames.remapped(["A": "B"], shown: "B", to: "A") == ["B": "A"])
    }
}
