"""The "years" section of `make bench` (issue 33): the daemon with years of training history.

A generator writes 10 and 30 years of strength workouts into the state database through the real
schema (the daemon creates and migrates the file, then stops; the rows are inserted as its own
writes make them: `session` and `set_log`), five sessions a week (Monday to Friday), 23 sets each on
average: 2 600 sessions and 60 000 sets in 10 years. Then, per size: start-up to bus name owned,
idle PSS / RSS, and the CLI round trips people make (process start included): `status`, `stats`,
`history --days 30`, `history --sets --days 3650 --json`, `report --weeks 104`; and whether a large
reply holds up a reminder: a `gymbell rest` falls due while 60 000 sets are being exported, and its
lateness (due → Notify at the server) is measured.
"""

import datetime as dt
import json
import sqlite3
import threading
import time
from pathlib import Path

from world import World, smaps_rollup_kb  # noqa: E402  (bench/world.py; also puts the harness on sys.path)
from reliability_support import H, REST_TITLE, daemon_notifies, median, proc_status_kb, raw_call, status_json  # noqa: E402

EXERCISES = [
    # name, start kg, kg added per year
    ("Bench Press", 60.0, 2.5), ("Overhead Press", 35.0, 1.25), ("Dips", None, 0), ("Triceps Pushdown", 20.0, 1.0),
    ("Squat", 80.0, 5.0), ("Deadlift", 100.0, 5.0), ("Leg Press", 120.0, 5.0), ("Calf Raise", 60.0, 2.5),
    ("Barbell Row", 60.0, 2.5), ("Pull-up", None, 0), ("Biceps Curl", 12.0, 0.5), ("Face Pull", 15.0, 0.5),
]
WORKOUTS = {  # weekday → (workout, title, exercise indexes)
    0: ("push", "Push Day", [0, 1, 2, 3, 0]), 1: ("pull", "Pull Day", [8, 9, 10, 11, 8]),
    2: ("legs", "Leg Day", [4, 5, 6, 7, 4]), 3: ("push", "Push Day", [0, 1, 2, 3, 1]),
    4: ("pull", "Pull Day", [8, 9, 10, 11, 9]),
}
SETS_PER_EXERCISE = [5, 5, 4, 5, 4]  # 23 a session; every 13th session one more: 60 000 in 2 600

CONFIG = """[reminders]
time = "18:00"
days = ["mon", "tue", "wed", "thu", "fri"]

[program]
mon = "push"
tue = "pull"
wed = "legs"
thu = "push"
fri = "pull"

[workouts.push]
title = "Push Day"
kind = "strength"
exercises = [
  { name = "Bench Press", sets = 5, reps = 5, weight = 80, rest = 90 },
  { name = "Overhead Press", sets = 5, reps = 8, weight = 40, rest = 90 },
  { name = "Dips", sets = 4, reps = 12, rest = 60 },
]

[workouts.pull]
title = "Pull Day"
kind = "strength"
exercises = [
  { name = "Barbell Row", sets = 5, reps = 8, weight = 70, rest = 90 },
  { name = "Pull-up", sets = 4, reps = 8, rest = 90 },
]

[workouts.legs]
title = "Leg Day"
kind = "strength"
exercises = [
  { name = "Squat", sets = 5, reps = 5, weight = 100, rest = 120 },
  { name = "Deadlift", sets = 3, reps = 5, weight = 120, rest = 120 },
]
"""


def generate(db, years, end):
    """Writes `years` years of weekday strength sessions ending the day before `end` (epoch) into the
    database `db` (created by the daemon); returns (sessions, sets)."""
    end_day = dt.datetime.fromtimestamp(end, dt.timezone.utc).date() - dt.timedelta(days=1)
    weeks = 52 * years
    start_day = end_day - dt.timedelta(weeks=weeks)
    start_day -= dt.timedelta(days=start_day.weekday())  # a Monday
    sessions, sets = [], []
    n = 0
    for week in range(weeks):
        for weekday in range(5):
            day = start_day + dt.timedelta(days=7 * week + weekday)
            workout, title, plan = WORKOUTS[weekday]
            began = dt.datetime(day.year, day.month, day.day, 18, (n * 7) % 40, tzinfo=dt.timezone.utc).timestamp()
            sid = f"years-{n:06d}"
            at = began
            count = 0
            years_in = (week / 52.0)
            for k, (index, number_of_sets) in enumerate(zip(plan, SETS_PER_EXERCISE)):
                name, base, per_year = EXERCISES[index]
                extra = 1 if (k == 0 and n % 13 == 0) else 0
                for number in range(1, number_of_sets + extra + 1):
                    at += 150
                    reps = [5, 8, 8, 10, 12][(n + number) % 5]
                    failed = (n * 31 + number) % 17 == 0
                    weight = None if base is None else round((base + per_year * years_in + ((n + k) % 3) * 1.25) * 4) / 4
                    sets.append((sid, workout, name, number, reps - (1 if failed else 0), reps, weight, "kg",
                                 1 if failed else 0, at))
                    count += 1
            outcome = "completed" if n % 23 else "stopped"
            sessions.append((sid, "strength", title, began, began + 3600, workout, outcome, at + 60, count, at))
            n += 1
    with sqlite3.connect(db) as c:
        c.executemany("INSERT INTO session (id, kind, title, started_at, ends_at, workout, outcome, ended_at, sets_done, "
                      "last_progress_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", sessions)
        c.executemany("INSERT INTO set_log (session_id, workout, exercise, set_number, reps, planned_reps, weight, unit, "
                      "failed, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", sets)
    return len(sessions), len(sets)


def timed_cli(w, runs, *args):
    """Median and max seconds of `gymbell ARGS` (process start included) over `runs` runs, and the
    last output's size."""
    times, size = [], 0
    for _ in range(runs):
        t = time.perf_counter()
        r = w.cli(*args)
        times.append(time.perf_counter() - t)
        size = len(r.stdout)
    return {"median": median(times), "max": max(times), "n": runs, "bytes": size}


def rest_during_export(w, rounds):
    """A `gymbell rest 1` falls due while `history --sets --days 3650 --json` exports the whole log,
    `rounds` times: the rest's lateness (due → Notify received) and how long each export took."""
    late, exports = [], []
    for _ in range(rounds):
        before = len(daemon_notifies(w.recorder, REST_TITLE))
        w.cli("rest", 1)
        st = status_json(w.env, w.binary)
        due = [H.parse_instant(p["due"]) for p in st["pending"] if p["kind"] == "rest_over"][0]
        done = threading.Event()

        def export():
            while not done.is_set():
                t = time.perf_counter()
                w.cli("history", "--sets", "--days", 3650, "--json")
                exports.append(time.perf_counter() - t)

        # Exports back to back from before the due instant until the reminder has arrived: the daemon
        # is producing one whenever the rest falls due.
        threads = [threading.Thread(target=export)]
        for th in threads:
            th.start()
        deadline = time.time() + 10
        while len(daemon_notifies(w.recorder, REST_TITLE)) == before and time.time() < deadline:
            time.sleep(0.01)
        done.set()
        for th in threads:
            th.join(60)
        got = daemon_notifies(w.recorder, REST_TITLE)[before:]
        if got:
            late.append(got[0]["t"] - due)
        time.sleep(0.3)
    return {"late": late, "median": median(late) if late else None, "max": max(late) if late else None,
            "lost": rounds - len(late), "exports": len(exports), "export_median": median(exports) if exports else None}


def rest_during_transfers(root, binary, years=10, rounds=3):
    """Issue 34: a `gymbell rest 2` falls due while the daemon writes an import of `years` years (gymbell's
    own set-log CSV of the generated history, imported into an empty state) and while it restores a
    backup of that size: the rest's lateness (due → Notify at the server), whether the due instant fell
    inside the daemon's part of the command (after the CLI read the file), and the slowest `status`
    answered meanwhile. The import (restore) is started so that the daemon's part is half done when the
    rest falls due; its CLI part is timed first (the dry run; a refused restore)."""
    root = Path(root)
    source = World(root / "source", binary)
    try:
        source.env.write_config(CONFIG)
        source.start_daemon()
        source.stop_daemon()
        sessions, sets = generate(source.env.state_home / "gymbell" / "state.sqlite", years, time.time())
        source.start_daemon()
        csv = root / "log.csv"
        csv.write_text(source.cli("history", "--sets", "--csv", "--days", min(3660, 366 * years + 10)).stdout)
        full = root / "full.sqlite"
        source.cli("backup", full)
    finally:
        source.close()
    w = World(root / "target", binary)
    out = {"sessions": sessions, "sets": sets}
    try:
        w.env.write_config(CONFIG)
        w.start_daemon()
        empty = root / "empty.sqlite"
        w.cli("backup", empty)

        def timed(*args):
            t = time.perf_counter()
            w.cli(*args)
            return time.perf_counter() - t

        cli_part = {"import": median([timed("import", csv, "--dry-run") for _ in range(2)]), "restore": 0.0}
        whole = {"import": timed("import", csv), "restore": timed("restore", full)}
        timed("restore", empty)
        for kind, args in (("import", ("import", csv)), ("restore", ("restore", full))):
            late, inside, status_max, took = [], 0, [], []
            for _ in range(rounds):
                if kind == "import":
                    w.cli("restore", empty)
                before = len(daemon_notifies(w.recorder, REST_TITLE))
                w.cli("rest", 2)
                st = status_json(w.env, w.binary)
                due = [H.parse_instant(p["due"]) for p in st["pending"] if p["kind"] == "rest_over"][0]
                daemon_part = max(whole[kind] - cli_part[kind], 0.0)
                time.sleep(max(0.0, due - time.time() - cli_part[kind] - daemon_part / 2))
                done = threading.Event()
                statuses = []

                def ask():
                    while not done.is_set():
                        t = time.perf_counter()
                        w.cli("status")
                        statuses.append(time.perf_counter() - t)

                asker = threading.Thread(target=ask)
                started = time.time()
                asker.start()
                took.append(timed(*args))
                ended = time.time()
                deadline = time.time() + 10
                while len(daemon_notifies(w.recorder, REST_TITLE)) == before and time.time() < deadline:
                    time.sleep(0.01)
                done.set()
                asker.join(30)
                got = daemon_notifies(w.recorder, REST_TITLE)[before:]
                if got:
                    late.append(got[0]["t"] - due)
                inside += started + cli_part[kind] <= due <= ended
                status_max.append(max(statuses) if statuses else None)
                time.sleep(0.3)
            out[kind] = {"late": late, "median": median(late) if late else None, "max": max(late) if late else None,
                         "lost": rounds - len(late), "due_inside_daemon_part": inside, "took": took,
                         "cli_part": cli_part[kind], "status_max": status_max}
    finally:
        w.close()
    return out


def bench_years(root, binary, sz, start_daemon_count, quick=False):
    """Both sizes; `start_daemon_count` start-ups per figure."""
    out = {}
    for years in ([1, 3] if quick else [10, 30]):
        w = World(Path(root) / f"years-{years}", binary)
        res = {"years": years}
        try:
            w.env.write_config(CONFIG)
            w.start_daemon()  # creates and migrates the database
            w.stop_daemon()
            db = w.env.state_home / "gymbell" / "state.sqlite"
            t = time.perf_counter()
            res["sessions"], res["sets"] = generate(db, years, time.time())
            res["generate_s"] = time.perf_counter() - t
            wal = db.with_name(db.name + "-wal")
            res["db_mb"] = (db.stat().st_size + (wal.stat().st_size if wal.exists() else 0)) / 1e6
            # Start-up to the bus name owned, and to the first answer (a `Stats` call made the moment the
            # name is owned: the set log's summary, read on a thread of its own meanwhile, is in it).
            startups, answers = [], []
            for k in range(start_daemon_count):
                owned = w.start_daemon()
                t = time.perf_counter()
                raw_call(w.conn, "Stats", timeout=30)
                startups.append(owned)
                answers.append(owned + time.perf_counter() - t)
                if k < start_daemon_count - 1:
                    w.stop_daemon()
            res["startup"] = {"median": median(startups), "max": max(startups), "n": len(startups)}
            res["first_answer"] = {"median": median(answers), "max": max(answers), "n": len(answers)}
            pid = w.proc.pid
            w.cli("status")
            time.sleep(2.0)
            rollup = smaps_rollup_kb(pid)
            res["idle"] = {"pss_kb": rollup.get("Pss"), "rss_kb": proc_status_kb(pid, "VmRSS"),
                           "anon_kb": rollup.get("Anonymous"), "hwm_kb": proc_status_kb(pid, "VmHWM")}
            runs = 3 if quick else 7
            res["status"] = timed_cli(w, runs, "status")
            res["stats"] = timed_cli(w, runs, "stats")
            res["history_30"] = timed_cli(w, runs, "history", "--days", 30)
            res["sets_json"] = timed_cli(w, max(3, runs // 2), "history", "--sets", "--days", 3650, "--json")
            report = Path(root) / f"report-{years}.html"
            res["report_104"] = timed_cli(w, max(3, runs // 2), "report", "--weeks", 104, "-o", report)
            res["after"] = {"pss_kb": smaps_rollup_kb(pid).get("Pss"), "rss_kb": proc_status_kb(pid, "VmRSS"),
                            "hwm_kb": proc_status_kb(pid, "VmHWM")}
            res["rest_during_export"] = rest_during_export(w, 3 if quick else 5)
        finally:
            w.close()
        out[str(years)] = res
    return out


if __name__ == "__main__":
    # `python3 bench/years.py --transfers BINARY`: the issue-34 figures alone (a rest due during an
    # import and a restore of ten years), without the rest of `make bench`.
    import sys
    import tempfile
    binary = sys.argv[sys.argv.index("--transfers") + 1]
    with tempfile.TemporaryDirectory(prefix="gymbell-transfers-") as root:
        print(json.dumps(rest_during_transfers(root, binary), indent=1))


GOAL_PSS_MB = 13.0
GOAL_STARTUP_MS = 30.0
GOAL_STATS_MS = 20.0
GOAL_REPORT_MS = 300.0
GOAL_LATE_MS = 2.0


def report_lines(years, ms, verdict):
    """The section's table for bench/results/latest.md."""
    L = ["**Years of history** (issue 33): strength sessions Monday to Friday, 23 sets each on average, written "
         "into the state database before start-up; CLI figures include the `gymbell` process's own start "
         "(median; max in brackets)", "",
         "| history | start-up (name owned) | first answer (`Stats`) | idle PSS / RSS | `status` | `stats` | `history --days 30` | "
         "`history --sets --days 3650 --json` | `report --weeks 104` | RSS after these | rest due during exports |",
         "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for key, r in years.items():
        if "idle" not in r:
            continue
        cell = lambda f: f"{ms(f['median'])} ({ms(f['max'])})"
        late = r.get("rest_during_export", {})
        L.append(f"| {r['years']} years: {r['sessions']:,} sessions, {r['sets']:,} sets ({r['db_mb']:.1f} MB) "
                 f"| {cell(r['startup'])} | {cell(r['first_answer'])} | {r['idle']['pss_kb'] / 1024:.1f} / {r['idle']['rss_kb'] / 1024:.1f} MB "
                 f"| {cell(r['status'])} | {cell(r['stats'])} | {cell(r['history_30'])} "
                 f"| {cell(r['sets_json'])}, {r['sets_json']['bytes'] / 1e6:.1f} MB | {cell(r['report_104'])} "
                 f"| {r['after']['rss_kb'] / 1024:.1f} MB (peak {r['after']['hwm_kb'] / 1024:.1f}) "
                 f"| late {ms(late.get('median'))} (max {ms(late.get('max'))}, lost {late.get('lost')}) over "
                 f"{late.get('exports')} exports of {ms(late.get('export_median'))} |")
    L.append("")
    goals = []
    for key, r in years.items():  # the goals hold for 10 years and for 30 alike (issue 33)
        if "idle" not in r:
            continue
        n = f"{r['years']} years"
        goals += [
            (f"{n}: idle PSS", f"{r['idle']['pss_kb'] / 1024:.1f} MB", f"≤ {GOAL_PSS_MB:g} MB",
             r["idle"]["pss_kb"] / 1024 <= GOAL_PSS_MB),
            (f"{n}: start-up to bus name owned", ms(r["startup"]["median"]), f"≤ {GOAL_STARTUP_MS:g} ms",
             r["startup"]["median"] * 1000 <= GOAL_STARTUP_MS),
            (f"{n}: start-up to the first answer (`Stats` the moment the name is owned)", ms(r["first_answer"]["median"]),
             f"≤ {GOAL_STARTUP_MS:g} ms", r["first_answer"]["median"] * 1000 <= GOAL_STARTUP_MS),
            (f"{n}: `gymbell stats`", ms(r["stats"]["median"]), f"≤ {GOAL_STATS_MS:g} ms",
             r["stats"]["median"] * 1000 <= GOAL_STATS_MS),
            (f"{n}: `gymbell report --weeks 104`", ms(r["report_104"]["median"]), f"≤ {GOAL_REPORT_MS:g} ms",
             r["report_104"]["median"] * 1000 <= GOAL_REPORT_MS),
        ]
        late = r.get("rest_during_export", {})
        if late.get("median") is not None:
            goals.append((f"{n}: a rest due while the whole log is exported, lateness median",
                          f"{ms(late['median'])} (max {ms(late['max'])})", f"≤ {GOAL_LATE_MS:g} ms",
                          late["median"] * 1000 <= GOAL_LATE_MS and not late["lost"]))
    if goals:
        L += ["| measure (issue 33) | figure | goal | |", "| --- | --- | --- | --- |"]
        L += [f"| {a} | {b} | {c} | {verdict(ok)} |" for a, b, c, ok in goals]
        L.append("")
    return L
