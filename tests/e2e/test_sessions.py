"""End-to-end tests of workout sessions (issue: HIIT, walk/run and strength sessions): the real daemon
on a private bus, driven through the real CLI and through ActionInvoked, observed at the recording
notification server. Timelines are DESIGN.md §4's; lateness is recorded, not asserted tightly."""

import json
import signal
import statistics
import time

import pytest

from conftest import parse_instant, wait_until

pytestmark = pytest.mark.gymbell

TOLERANCE = 1.5
SESSION_CATEGORY = "x-gymbell.session"


def status(cli):
    r = cli("status", "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def session_reminders(st):
    return [p for p in st["pending"] if p["kind"] not in ("daily", "snoozed", "rest_day")]


def is_session_notice(r):
    """A Notify of the session's one notification: while it runs (its category) or its last word."""
    return (r["hints"].get("category") == SESSION_CATEGORY
            or r["summary"].endswith("complete 🎉") or r["summary"].startswith("Rest over"))


def session_notices(recorder):
    return recorder.notifies(is_session_notice)


def transitions(recorder, session_title=None):
    """What the session's notification said at each reminder: (summary, first body line) changes,
    leaving out the notices that show the session's phase under its own title."""
    said = []
    for r in session_notices(recorder):
        if r["summary"] == session_title:
            continue
        if said and (said[-1]["summary"], said[-1]["body"].split("\n")[0]) == (r["summary"], r["body"].split("\n")[0]):
            continue
        said.append(r)
    return said


def check_one_notification(recorder):
    """The session has one notification at a time: replaced in place, or — after the user chose an
    action on it — closed and shown afresh. Nothing piles up. Returns the ids it had, in order."""
    open_ids, ids = set(), []
    for r in recorder.records():
        if r["event"] == "Notify" and is_session_notice(r):
            open_ids.add(r["id"])
            if r["id"] not in ids:
                ids.append(r["id"])
            assert len(open_ids) == 1, f"two session notifications open at once: {open_ids}\n{recorder.dump()}"
            assert r["hints"].get("suppress-sound") is True and "sound-name" not in r["hints"], r
            assert r["hints"].get("desktop-entry") == "io.github.gymbell.Gymbell"
            assert "default" in r["actions"], "every notification has a default action"
        elif r["event"] == "CloseNotification":
            open_ids.discard(r["id"])
    assert ids, "no session notification"
    return ids


def check_timeline(recorder, planned, record_timing, label, session_title):
    """Every planned reminder is said once, in order, with its texts, near its due instant, by the
    session's one notification; the last word (completion) is left to expire by itself."""
    deadline = max(parse_instant(p["due"]) for p in planned) + TOLERANCE + 1
    wait_until(lambda: len(transitions(recorder, session_title)) >= len(planned), timeout=deadline - time.time(),
               what=f"{len(planned)} reminders")
    time.sleep(0.5)
    got = transitions(recorder, session_title)
    assert [(r["summary"], r["body"].split("\n")[0]) for r in got] == [(p["title"], p["body"]) for p in planned], recorder.dump()
    lateness = [r["t"] - parse_instant(p["due"]) for r, p in zip(got, planned)]
    for late in lateness:
        assert -0.05 <= late <= TOLERANCE, f"{label}: a reminder arrived {late:+.3f} s off its due instant"
    record_timing(f"{label} lateness median", statistics.median(lateness))
    record_timing(f"{label} lateness max", max(lateness))
    first = check_one_notification(recorder)[0]
    running, last = got[:-1], got[-1]
    for r in running:
        assert r["hints"].get("category") == SESSION_CATEGORY and "stop" in r["actions"], r
        assert r["expire_timeout"] > 0, "a timed phase's notice expires a little after the phase"
    assert last["actions"] == ["default", "Dismiss"] and last["expire_timeout"] == 10000, last
    assert last["hints"].get("urgency") == 1
    assert not recorder.closes(lambda c: c["id"] == first), "the completion is left to expire by itself"


def test_hiit_three_rounds_runs_to_plan(running_daemon, cli, recorder, record_timing):
    r = cli("hiit", "--rounds", "3", "--work", "2s", "--rest", "1")
    assert r.returncode == 0, r.stderr
    st = status(cli)
    assert st["session"]["kind"] == "hiit"
    start = parse_instant(st["session"]["started_at"])
    planned = session_reminders(st)
    assert [round(parse_instant(p["due"]) - start, 3) for p in planned] == [2, 3, 5, 6, 8, 9]
    assert [p["kind"] for p in planned] == ["hiit_work_done", "hiit_rest_over"] * 2 + ["hiit_work_done", "hiit_complete"]
    assert round(parse_instant(st["session"]["ends_at"]) - start, 3) == 9
    assert st["session"]["phase"] == "work, round 1 of 3"
    check_timeline(recorder, planned, record_timing, "HIIT 3×2s/1s", st["session"]["title"])
    assert [p["title"] for p in planned][-1] == "HIIT session complete 🎉"
    after = status(cli)
    assert after["session"] is None and session_reminders(after) == []
    # While it runs, the notification says the phase under the instruction.
    said = transitions(recorder, st["session"]["title"])
    assert said[0]["body"] == "Time to rest.\nRest, round 1 of 3", said[0]
    # No sound server here: said once, clearly, and everything else works.
    log = running_daemon.output()
    assert log.count("no sound: libcanberra says") == 1 and "is a sound server such as PipeWire or PulseAudio running?" in log, log
    assert said[1]["body"] == "Get moving!\nWork, round 2 of 3", said[1]


def test_walkrun_runs_to_plan(running_daemon, cli, recorder, record_timing):
    assert cli("walkrun", "--run", "2s", "--walk", "1s", "--repeats", "2").returncode == 0
    st = status(cli)
    start = parse_instant(st["session"]["started_at"])
    planned = session_reminders(st)
    assert [round(parse_instant(p["due"]) - start, 3) for p in planned] == [2, 3, 5, 6]
    assert [p["title"] for p in planned] == ["Run done 🏃", "Walk done 🚶", "Run done 🏃", "Walk/Run session complete 🎉"]
    assert st["session"]["phase"] == "run, repeat 1 of 2"
    check_timeline(recorder, planned, record_timing, "walk/run 2s/1s×2", st["session"]["title"])


def test_named_interval_workout_from_config(daemon, write_config, cli):
    write_config('[workouts.quick]\ntitle = "Quick HIIT"\nkind = "hiit"\nrounds = 2\nwork = "40s"\nrest = "20s"\n')
    daemon.start()
    r = cli("start", "quick")
    assert r.returncode == 0, r.stderr
    assert "Quick HIIT" in r.stdout
    st = status(cli)
    assert st["session"]["title"] == "Quick HIIT" and st["session"]["kind"] == "hiit"
    start = parse_instant(st["session"]["started_at"])
    assert [round(parse_instant(p["due"]) - start) for p in session_reminders(st)] == [40, 60, 100, 120]
    bad = cli("start", "nope")
    assert bad.returncode == 1 and "no workout named \"nope\"" in bad.stderr and "quick" in bad.stderr


def test_a_new_session_cancels_the_previous_and_stop_says_what_it_cancelled(running_daemon, cli, recorder):
    assert cli("hiit", "--rounds", "5", "--work", "40s", "--rest", "20s").returncode == 0
    assert len(session_reminders(status(cli))) == 10
    assert cli("walkrun", "--run", "2m", "--walk", "1m", "--repeats", "2").returncode == 0
    st = status(cli)
    assert st["session"]["kind"] == "walkrun"
    assert [p["kind"] for p in session_reminders(st)] == ["run_done", "walk_done", "run_done", "walkrun_complete"]
    r = cli("stop")
    assert r.returncode == 0
    assert "Cancelled 4 reminders" in r.stdout, r.stdout
    assert "Walk/Run session complete 🎉" in r.stdout
    st = status(cli)
    assert st["session"] is None and session_reminders(st) == []
    again = cli("stop")
    assert again.returncode == 0 and "No session was running" in again.stdout


def test_kill_mid_session_collapses_overdue_and_fires_the_rest_once(running_daemon, cli, recorder, record_timing):
    assert cli("hiit", "--rounds", "3", "--work", "2s", "--rest", "1s").returncode == 0
    st = status(cli)
    start = parse_instant(st["session"]["started_at"])
    planned = session_reminders(st)  # due at +2 +3 +5 +6 +8 +9
    time.sleep(max(0, start + 1 - time.time()))
    running_daemon.kill(signal.SIGKILL)
    time.sleep(max(0, start + 5.4 - time.time()))  # +2, +3 and +5 fall due while it is down
    running_daemon.start()
    check_after = planned[3:]
    collapsed = recorder.wait_for_notify("Work phase done ✅", timeout=3)
    record_timing("restart → collapsed reminder", collapsed["t"] - (start + 5))
    deadline = parse_instant(planned[-1]["due"]) + TOLERANCE + 1
    recorder.wait_for_notify("HIIT session complete 🎉", timeout=deadline - time.time())
    time.sleep(1)
    got = transitions(recorder, st["session"]["title"])
    # One notice for the three overdue transitions (the current one), then each later one once.
    assert [r["summary"] for r in got] == ["Work phase done ✅"] + [p["title"] for p in check_after], recorder.dump()
    for r, p in zip(got[1:], check_after):
        assert abs(r["t"] - parse_instant(p["due"])) <= TOLERANCE
    assert status(cli)["session"] is None


def test_strength_session_set_rest_next_set_and_completion(daemon, write_config, cli, server, recorder):
    write_config(
        '[rest]\nwarn_before = "1s"\n'
        '[workouts.push]\ntitle = "Push Day"\nkind = "strength"\nexercises = [\n'
        '  { name = "Bench Press", sets = 2, reps = 8, weight = 80, unit = "kg", rest = [2, 90] },\n'
        '  { name = "Dips", sets = 1, reps = 10, rest = 60 },\n]\n')
    daemon.start()
    r = cli("start", "push")
    assert r.returncode == 0 and "Push Day" in r.stdout, r.stderr
    st = status(cli)
    assert st["session"]["kind"] == "strength" and st["session"]["phase"] == "Bench Press — set 1 of 2, 8 × 80 kg"
    wait_until(lambda: session_notices(recorder), timeout=3, what="the session notification")
    card = session_notices(recorder)[0]
    card_id = card["id"]
    assert card["summary"] == "Push Day" and card["body"] == "Now: Bench Press — set 1 of 2, 8 × 80 kg", card
    assert card["actions"] == ["default", "Set done", "set-done", "Set done", "fewer-reps", "Fewer reps", "stop", "End workout"], card
    assert card["expire_timeout"] == 0, "waiting for the set: it stays"

    r = cli("set-done")
    assert r.returncode == 0 and "Next: " not in r.stdout and "next: Bench Press — set 2 of 2" in r.stdout, r.stdout
    warn = recorder.wait_for_notify("Rest ends soon", timeout=3)
    over = recorder.wait_for_notify("Rest over ⏰", timeout=3)
    assert over["body"] == "Time for your next set! Next: Bench Press — set 2 of 2, 8 × 80 kg"
    assert over["t"] - warn["t"] == pytest.approx(1, abs=0.3)
    # "Rest over" is the session's notification: Set done is on it, one click away.
    assert over["id"] == card_id and warn["id"] == card_id and "set-done" in over["actions"], over

    # The second set through the session notification's button (ActionInvoked), not the CLI.
    server.invoke_action(card_id, "set-done")
    st = None
    for _ in range(60):
        st = status(cli)
        if "resting" in st["session"]["phase"]:
            break
        time.sleep(0.05)
    assert st["session"]["phase"] == "resting; next: Dips — set 1 of 1, 10 reps", st
    over = [p for p in st["pending"] if p["kind"] == "rest_over"]
    assert len(over) == 1 and over[0]["body"].endswith("Next: Dips — set 1 of 1, 10 reps")

    r = cli("rest", "--adjust", "-15")
    assert r.returncode == 0, r.stderr
    moved = [p for p in status(cli)["pending"] if p["kind"] == "rest_over"][0]
    assert parse_instant(moved["due"]) == pytest.approx(parse_instant(over[0]["due"]) - 15, abs=0.01)

    r = cli("set-done")
    assert r.returncode == 0 and "Workout complete" in r.stdout
    done = recorder.wait_for_notify("Workout complete 🎉", timeout=3)
    assert done["body"] == "Push Day: 3 sets done. Great work!"
    assert done["expire_timeout"] == 10000
    assert status(cli)["session"] is None
    # In place until the user acts on it; after an action (servers may close it) a new one in its place.
    ids = check_one_notification(recorder)
    assert ids[0] == card_id and done["id"] == ids[-1] and len(ids) == 2, ids

    none = cli("set-done")
    assert none.returncode == 1 and "no strength workout is running" in none.stderr


def test_rest_adjust_without_a_rest_is_refused(running_daemon, cli):
    r = cli("rest", "--adjust", "+15")
    assert r.returncode == 1 and "no rest is running" in r.stderr
