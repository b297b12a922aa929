import Testing
@testable import GymbellCore

@Test func explore() throws {
    let samples: [String] = [
        """
        [reminders]
        time = "25:00"
        snooze_minutes = 0
        late_grace = "2 hours"
        start_command = ["", 3]
        enabled = "yes"
        days = "mon"

        [workouts.a]
        kind = "hiit"
        rounds = 0
        work = true
        rest = "2h"
        walk = 3
        [workouts.b]
        knd = "walkrun"
        [workouts.c]
        kind = "yoga"
        rounds = 3
        foo = 1
        [workouts.d]
        kind = "walk-run"
        [workouts.e]
        kind = "strength"
        exercises = []
        [workouts.f]
        kind = "strength"
        exercises = ["x", { name = "", sets = 51, reps = 0, weight = -1, unit = "", rest = [1, 2] }]
        [workouts.g]
        kind = "strength"
        [workouts.h]
        kind = "walkrun"
        run = "2m"
        walks = "1m"
        repeat = 2
        """,
        "[workouts]\npush = 3\n[program]\nMon = \"push\"\nmon = \"push\"\nfoo = 1\n",
        "[reminders]\ntime = 18:00:00\ndays = [\"MON\", \"Tue\"]\n[rest]\ndefault = 1.5\nwarn_before = 10\n",
    ]
    for s in samples {
        do { let c = try ConfigParser.parse(s, path: "c.toml"); print("OK", c) }
        catch { print(error.description); print("--") }
    }
}
