"""End-to-end tests of the training log (issue 18): the real daemon on a private bus, driven through
the real CLI and ActionInvoked, its set log read back with `gymbell history --sets` and from the state
database across a restart."""

import json
import sqlite3
import time

import pytest

from conftest import parse_instant
from workout_config import program, weekday

pytestmark = pytest.mark.gymbell

PUSH = ('[workouts.push]\ntitle = "Push Day"\nkind = "strength"\nexercises = [\n'
        '  { name = "Bench Press", sets = 2, reps = 8, weight = 80, unit = "kg", rest = 60 },\n'
        '  { name = "Squat", sets = 1, reps = 5, weight = 225, unit = "lb", rest = 60 },\n'
        '  { name = "Dips", sets = 1, reps = 10, rest = 60 },\n]\n')


def sets(cli, *args):
    r = cli("history", "--sets", "--json", *args)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_every_set_done_is_logged_as_planned_and_kept_across_a_restart(daemon, env, write_config, cli, server, recorder):
    write_config(PUSH)
    daemon.start()
    assert sets(cli) == []
    empty = cli("history", "--sets")
    assert empty.returncode == 0 and "No sets logged" in empty.stdout, empty.stdout
    assert cli("start", "push").returncode == 0
    before = time.time()
    assert cli("set-done").returncode == 0                       # Bench Press set 1, by the command
    card = recorder.wait_for(lambda r: r["event"] == "Notify" and "set 2 of 2" in r["body"], 5, "the card saying set 2 is next")
    server.invoke_action(card["id"], "set-done")                 # Bench Press set 2, by the button
    recorder.wait_for(lambda r: r["event"] == "Notify" and "Squat" in r["body"], 5, "the card naming the squat")
    assert cli("set-done").returncode == 0                       # Squat
    assert cli("set-done").returncode == 0                       # Dips: the workout is complete

    logged = sets(cli)
    assert [(s["exercise"], s["set"], s["reps"], s["weight"], s["unit"], s["failed"]) for s in logged] == [
        ("Bench Press", 1, 8, 80, "kg", False), ("Bench Press", 2, 8, 80, "kg", False),
        ("Squat", 1, 5, 225, "lb", False), ("Dips", 1, 10, None, "kg", False)], logged
    assert len({s["session"] for s in logged}) == 1 and all(s["workout"] == "push" for s in logged)
    assert all(s["planned_reps"] == s["reps"] for s in logged)
    times = [parse_instant(s["at"]) for s in logged]
    assert times == sorted(times) and before - 0.01 <= times[0] <= time.time()

    human = cli("history", "--sets")
    assert human.returncode == 0, human.stderr
    lines = human.stdout.splitlines()
    assert len(lines) == 4 and "Bench Press" in lines[0] and "8 × 80 kg" in lines[0] and "5 × 225 lb" in lines[2], human.stdout
    assert "10 reps" in lines[3], lines[3]

    daemon.kill()
    db = sqlite3.connect(f"file:{env.state_home / 'gymbell' / 'state.sqlite'}?mode=ro", uri=True)
    assert db.execute("PRAGMA user_version").fetchone()[0] >= 7
    assert db.execute("SELECT COUNT(*) FROM set_log").fetchone()[0] == 4
    db.close()
    daemon.start()
    assert sets(cli) == logged
    assert cli("history", "--sets", "--days", "0").returncode != 0


def test_set_done_with_reps_weight_and_failed_is_logged_as_done(daemon, write_config, cli):
    write_config(PUSH)
    daemon.start()
    assert cli("start", "push").returncode == 0
    r = cli("set-done", "--reps", "6", "--weight", "82.5")
    assert r.returncode == 0 and r.stdout.startswith("Logged 6 × 82.5 kg (failed). Set recorded."), r.stdout + r.stderr
    r = cli("set-done", "--failed")
    assert r.returncode == 0 and r.stdout.startswith("Logged 7 × 80 kg (failed)."), r.stdout
    r = cli("set-done", "--reps", "6")                           # squat: more than the planned 5
    assert r.returncode == 0 and r.stdout.startswith("Logged 6 × 225 lb."), r.stdout
    bad = cli("set-done", "--weight=-3")
    assert bad.returncode != 0 and "write it as a plain decimal number" in bad.stderr and "-3" in bad.stderr, bad.stderr
    logged = sets(cli)
    assert [(s["reps"], s["weight"], s["failed"]) for s in logged] == [(6, 82.5, True), (7, 80, True), (6, 225, False)], logged
    help_text = cli("set-done", "--help").stdout
    assert "--reps" in help_text and "--weight" in help_text and "--failed" in help_text and "history --sets" in help_text


BENCH = ('[workouts.bench]\ntitle = "Bench Day"\nkind = "strength"\nexercises = [\n'
         '  { name = "Bench Press", sets = 1, reps = 8, weight = 100, unit = "kg", rest = 60 },\n'
         '  { name = "Squat", sets = 1, reps = 5, weight = 120, unit = "kg", rest = 60 },\n]\n')


def test_personal_records_batched_into_one_notification_after_the_workout(daemon, env, write_config, cli, server, recorder,
                                                                          tmp_path):
    # Details opens the training report: xdg-open is a stand-in that notes what it was given.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    opened = tmp_path / "opened.txt"
    (bin_dir / "xdg-open").write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {opened}\n')
    (bin_dir / "xdg-open").chmod(0o755)
    env.vars["PATH"] = f"{bin_dir}:{env.vars['PATH']}"
    write_config(BENCH)
    daemon.start()
    assert cli("start", "bench").returncode == 0
    assert cli("set-done").returncode == 0
    assert cli("set-done").returncode == 0                       # first time: nothing to beat
    recorder.wait_for_notify("Workout complete 🎉", timeout=5)
    assert not recorder.notifies(lambda r: "personal record" in r["summary"])
    assert cli("start", "bench").returncode == 0
    assert cli("set-done", "--weight", "105").returncode == 0    # +5 %
    assert cli("set-done", "--weight", "130").returncode == 0    # +8.3 %
    record = recorder.wait_for(lambda r: r["event"] == "Notify" and r["summary"] == "New personal records! 🎉", 5,
                               "one notification with both records")
    assert record["body"] == "Bench Press: 8 × 105 kg (before: 8 × 100 kg)\nSquat: 5 × 130 kg (before: 5 × 120 kg)", record["body"]
    assert record["hints"]["category"] == "x-gymbell.daily"
    assert record["actions"] == ["default", "Details", "details", "Details"], record["actions"]
    time.sleep(0.5)
    assert len(recorder.notifies(lambda r: "personal record" in r["summary"])) == 1

    # Details: the daemon runs `gymbell report --open --exercise "Bench Press"`; the browser is sent on to
    # the report's section of the first record's exercise.
    server.invoke_action(record["id"], "details")
    recorder.wait_for_close(record["id"], timeout=5)
    deadline = time.monotonic() + 10
    while not opened.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    page = opened.read_text().strip()
    report = env.state_home / "gymbell" / "report.html"
    assert page == str(env.state_home / "gymbell" / ".gymbell-report-at.html"), page
    assert 'content="0; url=report.html#exercise-bench-press"' in open(page, encoding="utf-8").read()
    assert 'id="exercise-bench-press"' in report.read_text(encoding="utf-8")


OVERLOAD = ('[workouts.push]\ntitle = "Push Day"\nkind = "strength"\nexercises = [\n'
            '  { name = "Bench Press", sets = 2, reps = 8, weight = 100, rest = 60 },\n'
            '  { name = "Lateral Raise", sets = 1, reps = 12, weight = 10, rest = 60 },\n]\n')


def weights(cli):
    r = cli("weights", "--json")
    assert r.returncode == 0, r.stderr
    return {w["exercise"]: w for w in json.loads(r.stdout)}


def train(cli):
    assert cli("start", "push").returncode == 0
    for _ in range(3):
        r = cli("set-done")
        assert r.returncode == 0, r.stderr


def test_overload_next_time_raises_the_weight_of_the_next_workout(daemon, write_config, cli, server, recorder):
    """Three workouts with every set as planned → "Time for more weight? 💪" → Next time (ActionInvoked)
    → `gymbell weights` and the next workout's card plan 102.5 kg; kept across a restart; reset by hand."""
    write_config('[reminders]\ntime = "23:59:59"\n' + program("push", [weekday(1)]) + OVERLOAD)
    daemon.start()
    assert weights(cli)["Bench Press"]["weight"] == 100
    train(cli)
    train(cli)
    assert not recorder.notifies(lambda r: r["summary"] == "Time for more weight? 💪")
    train(cli)
    offer = recorder.wait_for_notify("Time for more weight? 💪", timeout=15)  # after the completion's 10 s glance
    assert offer["body"] == "Bench Press 100 kg: 3× done. Try 102.5 kg!", offer["body"]  # an isolation lift never
    assert offer["actions"][0::2] == ["next-time", "dismiss"], offer["actions"]
    server.invoke_action(offer["id"], "next-time")
    recorder.wait_for_close(offer["id"], timeout=5)

    planned = weights(cli)
    assert planned["Bench Press"]["weight"] == 102.5 and planned["Bench Press"]["configured"] == 100, planned
    assert planned["Bench Press"]["raised_at"] is not None and planned["Lateral Raise"]["raised_at"] is None
    human = cli("weights")
    assert human.returncode == 0 and "102.5 kg (raised" in human.stdout, human.stdout
    # Tomorrow's daily reminder previews the new weight.
    r = cli("upcoming", "--days", "2", "--json")
    assert r.returncode == 0, r.stderr
    daily = [e for e in json.loads(r.stdout) if e["workout"] == "push"]
    assert daily and daily[0]["body"].startswith("Today: Push Day — Bench Press 102.5 kg, Lateral Raise 10 kg · about"), daily

    daemon.kill()
    daemon.start()
    assert weights(cli)["Bench Press"]["weight"] == 102.5
    assert cli("start", "push").returncode == 0
    recorder.wait_for(lambda r: r["event"] == "Notify" and "8 × 102.5 kg" in r["body"], 5, "the card planning 102.5 kg")
    assert cli("stop").returncode == 0

    r = cli("weights", "--reset", "Bench Press")
    assert r.returncode == 0 and r.stdout.strip() == "Bench Press: back to 100 kg as configured.", r.stdout + r.stderr
    assert weights(cli)["Bench Press"]["weight"] == 100


def test_weights_by_hand_and_their_errors(daemon, write_config, cli):
    write_config(OVERLOAD)
    daemon.start()
    r = cli("weights", "--set", "bench press", "--to", "105")
    assert r.returncode == 0 and r.stdout.strip() == "Bench Press: 105 kg from the next workout on (configured: 100 kg).", r.stdout
    bad = cli("weights", "--set", "Deadlift", "--to", "140")
    assert bad.returncode != 0 and 'no exercise named "Deadlift"' in bad.stderr and '"Bench Press", "Lateral Raise"' in bad.stderr, bad.stderr
    for args, said in [(("--set", "Squat"), "needs --to WEIGHT"), (("--to", "5"), "--to needs --set"),
                       (("--set", "Squat", "--to", "0"), "--to must be more than 0"), (("--reset", "--to", "5"), "--reset cannot go")]:
        r = cli("weights", *args)
        assert r.returncode != 0 and said in r.stderr, (args, r.stderr)
    assert "Next time" in cli("weights", "--help").stdout
    r = cli("weights", "--reset")
    assert r.returncode == 0 and r.stdout.strip() == "Bench Press: back to 100 kg as configured.", r.stdout


def test_fewer_reps_on_the_card_logs_the_set_as_failed_one_short(daemon, write_config, cli, server, recorder):
    write_config(PUSH)
    daemon.start()
    assert cli("start", "push").returncode == 0
    card = recorder.wait_for(lambda r: r["event"] == "Notify" and "set 1 of 2" in r["body"], 5, "the card naming set 1")
    assert card["actions"][0::2] == ["default", "set-done", "fewer-reps", "stop"], card["actions"]
    assert card["actions"][5] == "Fewer reps"
    server.invoke_action(card["id"], "fewer-reps")
    recorder.wait_for(lambda r: r["event"] == "Notify" and "set 2 of 2" in r["body"], 5, "the card naming set 2")
    logged = sets(cli)
    assert [(s["exercise"], s["set"], s["reps"], s["planned_reps"], s["failed"]) for s in logged] == [
        ("Bench Press", 1, 7, 8, True)], logged
