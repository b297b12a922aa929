import Testing
@testable import GymbellCore

/// A workout's one name and the config key derived from it (issue 46).
@Suite("Workout names and their keys")
struct WorkoutNamesTests {
    @Test("a name becomes a key of lowercase ASCII: accents folded, spaces and signs one underscore")
    func slugs() {
        #expect(WorkoutNames.slug("Home Strength") == "home_strength")
        #expect(WorkoutNames.slug("Kraft Zuhause – Übung") == "kraft_zuhause_ubung")
        #expect(WorkoutNames.slug("Fußball-Zirkel") == "fussball_zirkel")
        #expect(WorkoutNames.slug("  Crème brûlée  ") == "creme_brulee")
        #expect(WorkoutNames.slug("Cafe\u{301} Run") == "cafe_run")  // a decomposed é
        #expect(WorkoutNames.slug("5×5 Stronglifts!") == "5_5_stronglifts")
        #expect(WorkoutNames.slug("Łódź Œuvre") == "lodz_oeuvre")
    }

    @Test("a name of no letter a key can spell still gets a key")
    func nothingLeft() {
        #expect(WorkoutNames.slug("") == "workout")
        #expect(WorkoutNames.slug("💪 !!") == "workout")
        #expect(WorkoutNames.key(for: "Тренировка", taken: ["workout"]) == "workout_2")
    }

    @Test("a key another workout has gets the next free suffix")
    func unique() {
        #expect(WorkoutNames.key(for: "Push Day", taken: []) == "push_day")
        #expect(WorkoutNames.key(for: "Push Day", taken: ["push_day"]) == "push_day_2")
        #expect(WorkoutNames.key(for: "Push day", taken: ["push_day", "push_day_2", "push_day_4"]) == "push_day_3")
        #expect(WorkoutNames.key(for: "push", taken: ["Push"]) == "push")  // keys are compared as written
    }

    @Test("a free name counts on past the names the workouts have, whatever their case")
    func freeNames() {
        let config = Config(workouts: [
            "a": WorkoutDefinition(name: "a", title: "My workout", kind: .strength(exercises: [])),
            "b": WorkoutDefinition(name: "b", title: "my workout 2", kind: .strength(exercises: [])),
        ])
        #expect(WorkoutNames.freeName("My workout", in: config) == "My workout 3")
        #expect(WorkoutNames.freeName("Legs", in: config) == "Legs")
        #expect(WorkoutNames.sameName(" Legs ", "legs"))
        #expect(WorkoutNames.trimmed("\t Legs \n") == "Legs")
    }

    @Test("renaming keeps the key: the saved workout writes its new title under its old table")
    func renameKeepsKey() throws {
        let text = """
            [program]
            thu = "home_strength"

            [workouts.home_strength]
            title = "Home Strength"
            kind = "hiit"
            rounds = 8
            work = "30s"
            rest = "15s"

            """
        let renamed = WorkoutDefinition(name: "home_strength", title: "Kraft daheim", kind: .hiit(HIITPlan(rounds: 8, work: 30, rest: 15)))
        let edited = try ConfigEditor.apply([.update(renamed)], to: text, path: "config.toml")
        #expect(edited.text == text.replacingAll("title = \"Home Strength\"", with: "title = \"Kraft daheim\""))
        #expect(edited.config.workouts["home_strength"]?.title == "Kraft daheim")
        #expect(edited.config.program[.thu] == "home_strength")
    }
}
