import Foundation
import Testing
@testable import GymbellCore

@Suite("Config parser: typed values and located messages")
struct ConfigParserTests {
    /// The diagnostics `text` produces, one `path:line:column: message` string each; [] when it parses.
    private static func diagnostics(_ text: String) -> [String] {
        do {
            _ = try ConfigParser.parse(text, path: "config.toml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    // MARK: Good configs

    @Test func builtInDefaultParsesToTheDefaults() throws {
        let parsed = try ConfigParser.parse(ConfigParser.defaultText, path: "(built-in default)")
        // The file spells out every default, and defines no program or workouts.
        #expect(parsed == Config())
        #expect(ConfigParser.defaultConfig() == parsed)
        #expect(ConfigParser.defaultText.hasPrefix("# gymbell configuration"))
    }

    @Test func designExampleDecodesToTypedValues() throws {
        let text = """
        [reminders]                 # daily workout reminder
        enabled = true
        time = "07:30"
        days = ["mon", "Wed", "FRI"]
        rest_days = true
        snooze_minutes = 30
        late_grace = "1h30m"
        start_command = ["xdg-open", "https://example.org/my-workout"]

        [rest]
        default = 75
        warn_before = "10s"

        [sound]
        enabled = false
        name = "bell"
        file = "/usr/share/sounds/ting.oga"

        [program]                   # weekday → workout; unlisted weekdays are rest days
        mon = "push"
        wed = "hiit20"
        fri = 'walk/run'

        [workouts.push]
        title = "Push Day"
        kind = "strength"
        exercises = [
          { name = "Bench Press", sets = 4, reps = 8, weight = 80, unit = "kg", rest = [90, 90, "1m30s", "2m"] },
          { name = "Overhead Press", sets = 3, reps = 10, weight = 40.5, unit = "kg", rest = 90 },
          { name = "Plank", sets = 2, rest = "45s" },
        ]

        [workouts.hiit20]
        title = "HIIT 20"
        kind = "hiit"               # hiit: rounds/work/rest · walkrun: run/walk/repeats
        rounds = 5
        work = "40s"
        rest = "20s"

        [workouts."walk/run"]
        kind = "walkrun"
        run = "2m"
        walk = 60
        repeats = 2
        """
        let config = try ConfigParser.parse(text, path: "config.toml")

        var reminders = DailyReminderSettings()
        reminders.time = try #require(LocalTime(hour: 7, minute: 30))
        reminders.days = [.mon, .wed, .fri]
        reminders.restDays = true
        reminders.snoozeMinutes = 30
        reminders.lateGrace = 5400
        reminders.startCommand = ["xdg-open", "https://example.org/my-workout"]
        #expect(config.reminders == reminders)

        var rest = RestSettings()
        rest.defaultDuration = 75
        rest.warnBefore = 10
        #expect(config.rest == rest)

        var sound = SoundSettings()
        sound.enabled = false
        sound.name = "bell"
        sound.file = "/usr/share/sounds/ting.oga"
        #expect(config.sound == sound)

        #expect(config.program == [.mon: "push", .wed: "hiit20", .fri: "walk/run"])
        #expect(config.workouts == [
            "push": WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: [
                Exercise(name: "Bench Press", sets: 4, reps: 8, weight: 80, unit: "kg", rest: [90, 90, 90, 120]),
                Exercise(name: "Overhead Press", sets: 3, reps: 10, weight: 40.5, unit: "kg", rest: [90, 90, 90]),
                Exercise(name: "Plank", sets: 2, rest: [45, 45]),
            ])),
            "hiit20": WorkoutDefinition(name: "hiit20", title: "HIIT 20",
                                        kind: .hiit(HIITPlan(rounds: 5, work: 40, rest: 20))),
            // No title: the table's name is the title.
            "walk/run": WorkoutDefinition(name: "walk/run", title: "walk/run",
                                          kind: .walkRun(WalkRunPlan(run: 120, walk: 60, repeats: 2))),
        ])
    }

    @Test func leftOutSettingsKeepTheirDefaults() throws {
        #expect(try ConfigParser.parse("", path: "config.toml") == Config())
        let config = try ConfigParser.parse("[reminders]\nsnooze_minutes = 15\n", path: "config.toml")
        var expected = Config()
        expected.reminders.snoozeMinutes = 15
        #expect(config == expected)
    }

    struct Spelling: Sendable, CustomTestStringConvertible {
        let text: String
        let setting: @Sendable (Config) -> Double
        let expected: Double
        var testDescription: String { text }
    }

    static let spellings: [Spelling] = [
        Spelling(text: "[reminders]\ntime = 18:30:15", setting: { Double($0.reminders.time.secondsSinceMidnight) },
                 expected: 18 * 3600 + 30 * 60 + 15),
        Spelling(text: "[reminders]\ntime = \"06:05:04\"", setting: { Double($0.reminders.time.secondsSinceMidnight) },
                 expected: 6 * 3600 + 5 * 60 + 4),
        Spelling(text: "[rest]\ndefault = 1.5", setting: { $0.rest.defaultDuration }, expected: 1.5),
        Spelling(text: "[rest]\nwarn_before = \"0.5\"", setting: { $0.rest.warnBefore }, expected: 0.5),
        Spelling(text: "[rest]\nwarn_before = \"23h59m59s\"", setting: { $0.rest.warnBefore }, expected: 86399),
        Spelling(text: "[reminders]\nlate_grace = 0", setting: { $0.reminders.lateGrace }, expected: 0),
        Spelling(text: "[reminders]\nlate_grace = \"24h\"", setting: { $0.reminders.lateGrace }, expected: 86400),
        Spelling(text: "[reminders]\nsnooze_minutes = 1440", setting: { Double($0.reminders.snoozeMinutes) }, expected: 1440),
    ]

    @Test("other spellings the parser accepts", arguments: spellings)
    func acceptedSpellings(_ spelling: Spelling) throws {
        let config = try ConfigParser.parse(spelling.text, path: "config.toml")
        #expect(spelling.setting(config) == spelling.expected)
    }

    // MARK: Bad configs, one kind of mistake each

    @Test("each mistake gives one exact, located message", arguments: [
        (
            "syntax error",
            "[reminders]\ntime = \n",
            ["config.toml:2:8: TOML syntax error: expected a value after =, saw the end of the line"]
        ),
        (
            "syntax error: unclosed header",
            "# my config\n[reminders\ntime = \"18:00\"\n",
            ["config.toml:2:11: TOML syntax error: expected ] at the end of the table header, saw the end of the line"]
        ),
        (
            "syntax error: a key twice",
            "[reminders]\ntime = \"18:00\"\ntime = \"19:00\"\n",
            ["config.toml:3:8: TOML syntax error: reminders.time is already defined on line 2; a key can be given only once"]
        ),
        (
            "NUL character (a binary file, most likely)",
            "[reminders]\ntime = \"18:00\"\n\u{0}\n[oops]\n",
            ["config.toml:3:1: the file contains a NUL character; a config file must be UTF-8 text"]
        ),
        (
            "unknown key with suggestion",
            "[reminders]\nenabled = true\ntme = \"18:00\"\n",
            ["config.toml:3:1: unknown key \"tme\" in [reminders]; did you mean \"time\"?"]
        ),
        (
            "unknown key without a close match",
            "[rest]\n  length = 90\n",
            ["config.toml:2:3: unknown key \"length\" in [rest]; valid keys are default and warn_before"]
        ),
        (
            "key of another table",
            "[reminders]\nwarn_before = \"10s\"\n",
            ["config.toml:2:1: unknown key \"warn_before\" in [reminders]; it belongs in [rest]"]
        ),
        (
            "unknown table",
            "[sound]\nenabled = true\n\n[notifications]\nurgency = \"low\"\n",
            ["config.toml:4:2: unknown table [notifications]; the tables are [reminders], [rest], [sound], [quiet_hours], [attention], [mpris], [progress], [program], [programs.NAME], [workouts.NAME], [exercise_names], [kit] and [sync]"]
        ),
        (
            "misspelt table",
            "[reminder]\ntime = \"18:00\"\n",
            ["config.toml:1:2: unknown table [reminder]; did you mean [reminders]?"]
        ),
        (
            "setting outside its table",
            "time = \"18:00\"\n",
            ["config.toml:1:1: \"time\" must be inside a table: put it under [reminders]"]
        ),
        (
            "unknown key in [reminders] without a close match",
            "[reminders]\nvolume = 3\n",
            ["config.toml:2:1: unknown key \"volume\" in [reminders]; valid keys are enabled, time, days, rest_days, snooze_minutes, late_grace, start_command, auto_lead, pause_after, rest_after_days, rest_advice_time, streak_warning, streak_warning_time, weekly_summary, milestones, private and announce"]
        ),
        (
            "wrong type",
            "[reminders]\ntime = 18\n",
            ["config.toml:2:8: reminders.time: expected a string like \"18:00\" or \"auto\", got integer 18"]
        ),
        (
            "wrong type: boolean",
            "[sound]\nenabled = \"yes\"\n",
            ["config.toml:2:11: sound.enabled: expected true or false, got string \"yes\""]
        ),
        (
            "wrong type: a section that is not a table",
            "rest = \"90s\"\n",
            ["config.toml:1:8: rest: expected a table [rest], got string \"90s\""]
        ),
        (
            "bad time",
            "[reminders]\ntime = \"25:00\"   # too late\n",
            ["config.toml:2:8: reminders.time: \"25:00\" is not a time of day; write \"HH:MM\" or \"HH:MM:SS\", e.g. \"18:00\", or \"auto\""]
        ),
        (
            "bad weekday in the middle of an array",
            "[reminders]\ndays = [\"mon\", \"wedn\", \"fri\"]\n",
            ["config.toml:2:16: reminders.days[1]: \"wedn\" is not a weekday; did you mean \"wed\"?"]
        ),
        (
            "bad weekday in a multi-line array",
            "[reminders]\ndays = [\n  \"mon\",  # start of week\n  \"funday\",\n]\n",
            ["config.toml:4:3: reminders.days[1]: \"funday\" is not a weekday; use mon, tue, wed, thu, fri, sat or sun"]
        ),
        (
            "out of range",
            "[reminders]\nsnooze_minutes = 0\n",
            ["config.toml:2:18: reminders.snooze_minutes: 0 is out of range; use 1 to 1440"]
        ),
        (
            "duration out of range",
            "[rest]\nwarn_before = \"24h\"\n",
            ["config.toml:2:15: rest.warn_before: \"24h\" is out of range; use at least 0s and less than 24h"]
        ),
        (
            "not a duration",
            "[reminders]\nlate_grace = \"2 hours\"\n",
            ["config.toml:2:14: reminders.late_grace: \"2 hours\" is not a duration; write e.g. \"40s\", \"2m\", \"1m30s\", \"2h\" or a number of seconds"]
        ),
        (
            "empty program name in start_command",
            "[reminders]\nstart_command = [\"\", \"--now\"]\n",
            ["config.toml:2:18: reminders.start_command[0]: the program to run is empty; give its name or path first"]
        ),
        (
            "program naming an undefined workout",
            "[program]\nmon = \"push\"\ntue = \"legs\"\n\n[workouts.push]\nkind = \"hiit\"\nrounds = 3\nwork = 30\nrest = 30\n",
            ["config.toml:3:7: program.tue: no workout is named \"legs\"; define it in a table [workouts.legs]"]
        ),
        (
            "program naming a misspelt workout",
            "[program]\nmon = \"psuh\"\n\n[workouts.push]\nkind = \"hiit\"\nrounds = 3\nwork = 30\nrest = 30\n",
            ["config.toml:2:7: program.mon: no workout is named \"psuh\"; did you mean \"push\"?"]
        ),
        (
            "program key that is not a weekday",
            "[program]\nmonday = \"push\"\n[workouts.push]\nkind = \"walkrun\"\nrun = 60\nwalk = 60\nrepeats = 1\n",
            ["config.toml:2:1: unknown key \"monday\" in [program]; did you mean \"mon\"?"]
        ),
        (
            "strength rest array of wrong length",
            """
            [workouts.push]
            kind = "strength"
            exercises = [
              { name = "Bench Press", sets = 4, rest = [90, 90, 120] },
            ]
            """,
            ["config.toml:4:44: workouts.push.exercises[0].rest: 3 rests for 4 sets; give one rest per set, or a single duration for all of them"]
        ),
        (
            "key of another kind",
            "[workouts.push]\nkind = \"strength\"\nrounds = 5\nexercises = [{ name = \"Squat\", sets = 3, rest = \"2m\" }]\n",
            ["config.toml:3:1: \"rounds\" is not used by kind \"strength\" in [workouts.push]; strength workouts take title, kind and exercises"]
        ),
        (
            "bad kind",
            "[workouts.yoga]\nkind = \"yoga\"\n",
            ["config.toml:2:8: workouts.yoga.kind: \"yoga\" is not a workout kind; use \"strength\", \"hiit\", \"walkrun\", \"circuit\" or \"amrap\""]
        ),
        (
            "missing kind points at the table header",
            "[workouts.hiit20]\nrounds = 5\nwork = \"40s\"\nrest = \"20s\"\n",
            ["config.toml:1:11: [workouts.hiit20] is missing \"kind\"; add kind = \"strength\", \"hiit\", \"walkrun\", \"circuit\" or \"amrap\""]
        ),
        (
            "missing interval setting points at the table header",
            "[workouts.hiit20]\nkind = \"hiit\"\nrounds = 5\nrest = \"20s\"\n",
            ["config.toml:1:11: [workouts.hiit20] is missing \"work\"; a hiit workout needs rounds, work and rest"]
        ),
        (
            "misspelt key is not also reported missing",
            "[workouts.run]\nkind = \"walkrun\"\nrun = \"2m\"\nwalk = \"1m\"\nrepeat = 3\n",
            ["config.toml:5:1: unknown key \"repeat\" in [workouts.run]; did you mean \"repeats\"?"]
        ),
        (
            "exercise that is not an inline table",
            "[workouts.legs]\nkind = \"strength\"\nexercises = [\"Squat\"]\n",
            ["config.toml:3:14: workouts.legs.exercises[0]: expected an exercise like { name = \"Squat\", sets = 3, reps = 5, rest = \"2m\" }, got string \"Squat\""]
        ),
        (
            "unknown key in an exercise",
            "[workouts.legs]\nkind = \"strength\"\nexercises = [\n  { name = \"Squat\", sets = 3, rest = 90 },\n  { name = \"Lunge\", setz = 3, rest = 90 },\n]\n",
            ["config.toml:5:21: unknown key \"setz\" in workouts.legs.exercises[1]; did you mean \"sets\"?"]
        ),
        (
            "quoted workout name",
            "[workouts.\"leg day\"]\nkind = \"strength\"\nexercises = [{ name = \"Squat\", sets = 0, rest = 90 }]\n",
            ["config.toml:3:39: workouts.\"leg day\".exercises[0].sets: 0 is out of range; use 1 to 50"]
        ),
        (
            "a unit that is not a weight",
            "[workouts.legs]\nkind = \"strength\"\nexercises = [{ name = \"Squat\", sets = 3, rest = 90, unit = \"stone\" }]\n",
            ["config.toml:3:60: workouts.legs.exercises[0].unit: \"stone\" is not a unit of weight; use \"kg\" or \"lb\""]
        ),
        (
            "a body region gymbell does not know",
            "[workouts.legs]\nkind = \"strength\"\nexercises = [{ name = \"Squat\", sets = 3, rest = 90, body = \"arms\" }]\n",
            ["config.toml:3:60: workouts.legs.exercises[0].body: \"arms\" is not a body region; use \"upper\" or \"legs\""]
        ),
        (
            "progress: a percentage out of range and a misspelt key",
            "[progress]\nrecord_min_percent = 150\noverload_session = 3\n",
            ["config.toml:2:22: progress.record_min_percent: 150 is out of range; use 0 to 100",
             "config.toml:3:1: unknown key \"overload_session\" in [progress]; did you mean \"overload_sessions\"?"]
        ),
        (
            "progress: an increment that is not a number",
            "[progress]\nlegs_increment = \"5kg\"\n",
            ["config.toml:2:18: progress.legs_increment: expected a weight in kg like 2.5, got string \"5kg\""]
        ),
        (
            "dotted keys at the top level",
            "workouts.easy.kind = \"walkrun\"\nworkouts.easy.run = \"3h\"\nworkouts.easy.walk = 60\nworkouts.easy.repeats = 2\n",
            ["config.toml:2:21: workouts.easy.run: \"3h\" is out of range; use 1s to 2h"]
        ),
    ] as [(String, String, [String])])
    func badConfig(_ mistake: String, text: String, expected: [String]) {
        #expect(Self.diagnostics(text) == expected, "\(mistake)")
    }

    // MARK: Many mistakes at once

    @Test func everyMistakeIsReportedInFileOrder() throws {
        let text = """
        # A config with several mistakes.
        [workouts.push]
        kind = "strength"
        exercises = [
          { name = "Bench Press", sets = 4, rest = [90, 90] },   # one rest short… two
          { name = "", sets = 3, rest = "forever" },
        ]

        [reminders]
        tme = "18:00"
        days = ["mon", "tus"]
        snooze_minutes = 2000

        [program]
        mon = "legs"

        [quiet_hours]
        start = "22:00"
        """
        let errors = #expect(throws: ConfigErrors.self) { try ConfigParser.parse(text, path: "/home/me/.config/gymbell/config.toml") }
        let expected = [
            "/home/me/.config/gymbell/config.toml:5:44: workouts.push.exercises[0].rest: 2 rests for 4 sets; give one rest per set, or a single duration for all of them",
            "/home/me/.config/gymbell/config.toml:6:12: workouts.push.exercises[1].name: the exercise name is empty",
            "/home/me/.config/gymbell/config.toml:6:33: workouts.push.exercises[1].rest: \"forever\" is not a duration; write e.g. \"40s\", \"2m\", \"1m30s\", \"2h\" or a number of seconds",
            "/home/me/.config/gymbell/config.toml:10:1: unknown key \"tme\" in [reminders]; did you mean \"time\"?",
            "/home/me/.config/gymbell/config.toml:11:16: reminders.days[1]: \"tus\" is not a weekday; did you mean \"tue\"?",
            "/home/me/.config/gymbell/config.toml:12:18: reminders.snooze_minutes: 2000 is out of range; use 1 to 1440",
            "/home/me/.config/gymbell/config.toml:15:7: program.mon: no workout is named \"legs\"; define it in a table [workouts.legs]",
            "/home/me/.config/gymbell/config.toml:17:2: [quiet_hours] is missing \"end\"; quiet hours need both start and end, e.g. start = \"22:00\" and end = \"07:00\"",
        ]
        #expect(errors?.diagnostics.map(\.description) == expected)
        #expect(errors?.description == expected.joined(separator: "\n"))
        #expect(errors?.diagnostics.first == ConfigDiagnostic(
            path: "/home/me/.config/gymbell/config.toml", line: 5, column: 44,
            message: "workouts.push.exercises[0].rest: 2 rests for 4 sets; give one rest per set, or a single duration for all of them"))
    }

    @Test func errorsAreSortedByLineThenColumn() {
        let errors = ConfigErrors(diagnostics: [
            ConfigDiagnostic(path: "c.toml", line: 3, column: 1, message: "c"),
            ConfigDiagnostic(path: "c.toml", line: 1, column: 9, message: "b"),
            ConfigDiagnostic(path: "c.toml", line: 1, column: 2, message: "a"),
        ])
        #expect(errors.description == "c.toml:1:2: a\nc.toml:1:9: b\nc.toml:3:1: c")
    }
}
