"""Issue 48 end to end: two computers, each with its own gymbell daemon (own bus, XDG home, recording
notification server), their `[sync] folder`s kept in step by two real Syncthing instances on 127.0.0.1.

a. A strength workout done on A through the CLI is in B's history within MERGED_WITHIN s of its end;
   B, whose daily reminder and streak-at-risk warning were due later that day, sends neither.
b. A set corrected on B (`gymbell history correct`) reaches A's training log.
c. Both offline (paused in Syncthing), each trains; back online, both histories hold both workouts,
   exactly once each, and `status` tells of the other's journal.
d. Two computers with the same device id (a copied state directory) write the same journal name; trained
   on both while offline, Syncthing makes a `.sync-conflict-` copy; both end with both workouts, and
   `status` names the shared journal.

Measured on 2 cores (2026-12-03, also with four busy loops beside): merged 0.7–1.6 s after the workout
ended, the correction was made or the pair resumed; the whole suite 70–85 s, (a) 40 s of it (it waits
past the reminders' due instants).
"""

import datetime as dt
import time
import uuid

import pytest

from e2e_harness import harness
from workout_config import ALL_DAYS, push_every_day

pytestmark = pytest.mark.gymbell
H = harness()  # tests/e2e/conftest.py's helpers

MERGED_WITHIN = 15.0  # s: a journal line on one side → merged on the other (Syncthing's ~1 s included), under load
TOLERANCE = 2.0  # s: a reminder that would fire does so within this of its due instant (e2e's 1.5, and some)
QUIET = '[reminders]\nenabled = false\nstreak_warning = false\n\n'
PUSH = push_every_day(sets=2, reps=8, weight=80, rest=30)


@pytest.fixture(autouse=True)
def away_from_midnight():
    """The tests count "today" and put reminders on it: not across UTC midnight (the daemons' TZ)."""
    left = 86400 - time.time() % 86400
    if left < 120:
        time.sleep(left + 1)


def train(computer):
    """Push Day on `computer` through the CLI, both sets done; returns the session's history entry."""
    assert computer.ok("start", "push").startswith("Started Push Day")
    computer.ok("set-done")
    assert "Workout complete" in computer.ok("set-done")
    entry = computer.history()[-1]
    assert (entry["workout"], entry["outcome"], entry["sets_done"]) == ("push", "completed", 2), entry
    return entry


def session_ids(computer):
    return [e["id"] for e in computer.history()]


def wait_for_sessions(computer, ids, timeout=MERGED_WITHIN):
    """Until `computer`'s history holds every id in `ids`; returns the seconds it took."""
    began = time.monotonic()
    while not set(ids) <= set(session_ids(computer)):
        if time.monotonic() - began < timeout:
            time.sleep(0.2)
            continue
        pytest.fail(f"{computer.name}'s history did not hold {sorted(ids)} within {timeout:.0f} s; it has "
                    f"{session_ids(computer)}; its folder: {sorted(p.name for p in computer.folder.iterdir())};"
                    f" its status's sync: {computer.json('status')['sync']}")
    return time.monotonic() - began


def sets_of(computer, session):
    return [s for s in computer.sets() if s["session"] == session]


def past_push(days_ago):
    """A completed Push Day row `days_ago` days before today, 12:00 UTC."""
    day = dt.datetime.now(dt.timezone.utc).date() - dt.timedelta(days=days_ago)
    start = dt.datetime.combine(day, dt.time(12), dt.timezone.utc).timestamp()
    return dict(id=str(uuid.uuid4()), kind="strength", title="Push Day", started_at=start, ends_at=start + 600,
                workout="push", outcome="completed", ended_at=start + 600, sets_done=2, last_progress_at=start)


def due_today(computer):
    """B's planned reminders of today: {kind: due epoch} for the daily reminder and the streak warning."""
    today = time.strftime("%Y-%m-%d", time.gmtime())
    return {e["kind"]: H.parse_instant(e["due"]) for e in computer.json("upcoming", "--days", "1")
            if e["kind"] in ("daily", "streak_at_risk") and e["due"].startswith(today)}


# --- a ---------------------------------------------------------------------------------------------

def test_a_workout_on_a_reaches_b_and_b_reminds_nobody_who_trained(computers, record_timing):
    a, b = computers.a, computers.b
    daily_hms, daily_due = H.local_hms_ahead(35)
    warning_hms, warning_due = H.local_hms_ahead(37)
    b.write_config(f'[reminders]\ntime = "{daily_hms}"\ndays = {ALL_DAYS}\nstreak_warning_time = "{warning_hms}"\n\n'
                   + PUSH)
    # B trained on the three days before: a streak today would end.
    b.daemon.start()
    b.daemon.kill()
    H.insert_state_rows(b.env, sessions=[past_push(n) for n in (1, 2, 3)])
    b.daemon.start()
    a.write_config(QUIET + PUSH)
    a.daemon.start()
    assert due_today(b) == {"daily": pytest.approx(daily_due, abs=0.01),
                            "streak_at_risk": pytest.approx(warning_due, abs=0.01)}
    assert b.json("stats")["streak"] == 3

    entry = train(a)
    record_timing("a → b: session merged", took := wait_for_sessions(b, [entry["id"]]))
    assert time.time() < daily_due - 1, f"merged {took:.1f} s after the workout, too late for the test's reminders"
    merged = [e for e in b.history() if e["id"] == entry["id"]]
    assert len(merged) == 1 and {k: merged[0][k] for k in ("workout", "title", "kind", "outcome", "sets_done")} == \
        {"workout": "push", "title": "Push Day", "kind": "strength", "outcome": "completed", "sets_done": 2}, merged
    assert H.parse_instant(merged[0]["started_at"]) == pytest.approx(H.parse_instant(entry["started_at"]), abs=0.01)
    assert [(s["exercise"], s["set"], s["reps"], s["weight"], s["unit"]) for s in sets_of(b, entry["id"])] == \
        [("Bench Press", 1, 8, 80, "kg"), ("Bench Press", 2, 8, 80, "kg")]
    # Trained today, on A: B's streak counts it, nothing of today is planned any more.
    assert b.json("stats")["streak"] == 4
    assert due_today(b) == {}, b.json("upcoming", "--days", "1")
    assert H.parse_instant(b.json("status")["next_daily"]) >= daily_due + 86400 - 1

    # Past both due instants: B sent neither.
    time.sleep(max(0.0, warning_due + TOLERANCE - time.time()))
    reminded = b.recorder.notifies(lambda r: r["summary"] in ("Workout Time!", "Streak at risk 🔥"))
    assert reminded == [], b.recorder.dump()


# --- b ---------------------------------------------------------------------------------------------

def test_a_set_corrected_on_b_reaches_a(computers, record_timing):
    a, b = computers.a, computers.b
    for computer in (a, b):
        computer.write_config(QUIET + PUSH)
        computer.daemon.start()
    entry = train(a)
    wait_for_sessions(b, [entry["id"]])
    second = [s for s in sets_of(b, entry["id"]) if s["set"] == 2]
    assert len(second) == 1 and second[0]["reps"] == 8, sets_of(b, entry["id"])
    corrected = b.ok("history", "correct", second[0]["id"], "--reps", "6")
    assert "is now 6 × 80 kg" in corrected and "(was 8 × 80 kg)" in corrected, corrected
    assert [s["reps"] for s in sets_of(b, entry["id"])] == [8, 6]

    began = time.monotonic()
    H.wait_until(lambda: [s["reps"] for s in sets_of(a, entry["id"])] == [8, 6], MERGED_WITHIN, interval=0.2,
                 what=f"A's log of {entry['id']} to read 8 then 6 reps (it reads {sets_of(a, entry['id'])})")
    record_timing("b → a: correction merged", time.monotonic() - began)
    assert [(s["set"], s["weight"], s["unit"]) for s in sets_of(a, entry["id"])] == [(1, 80, "kg"), (2, 80, "kg")]
    assert [e["id"] for e in a.history()].count(entry["id"]) == 1


# --- c ---------------------------------------------------------------------------------------------

def test_both_offline_each_trains_and_back_online_both_hold_both_once(computers, record_timing):
    a, b = computers.a, computers.b
    for computer in (a, b):
        computer.write_config(QUIET + PUSH)
        computer.daemon.start()
    computers.syncthing.pause()
    on_a, on_b = train(a), train(b)
    assert session_ids(a) == [on_a["id"]] and session_ids(b) == [on_b["id"]]
    computers.syncthing.resume()
    record_timing("resumed → both merged", max(wait_for_sessions(a, [on_b["id"]]), wait_for_sessions(b, [on_a["id"]])))

    computers.syncthing.wait_in_sync()
    time.sleep(2)  # a second look after Syncthing is done: nothing merged twice
    for computer in (a, b):
        assert sorted(session_ids(computer)) == sorted([on_a["id"], on_b["id"]]), computer.history()
        for entry in (on_a, on_b):
            assert [s["set"] for s in sets_of(computer, entry["id"])] == [1, 2], computer.sets()
        assert computer.json("stats")["workouts_completed"] == 2
    # status: the folder, the own device, the other's journal with its one session.
    for computer, other in ((a, b), (b, a)):
        sync = computer.json("status")["sync"]
        assert (sync["folder"], sync["device"], sync["available"]) == (str(computer.folder), computer.device, True), sync
        journals = {j["file"]: j for j in sync["journals"]}
        assert journals.get(other.journal.name, {}).get("sessions") == 1, sync
        assert journals[other.journal.name]["problem"] is None, sync
        assert H.parse_instant(sync["merged_at"]) <= time.time() + 1, sync
        lines = [line for line in computer.ok("status").splitlines() if line.startswith("Sync:")]
        assert len(lines) == 1, computer.ok("status")


# --- d ---------------------------------------------------------------------------------------------

def test_a_copied_device_id_gives_a_conflict_copy_and_both_keep_both_workouts(computers, record_timing):
    a, b = computers.a, computers.b
    computers.syncthing.pause()
    a.write_config(QUIET + PUSH)
    a.daemon.start()
    H.wait_until(lambda: a.json("status")["sync"]["device"], 10, what="A's device id (made when the folder is applied)")
    # B's state directory began as a copy of A's: the same device id, the same journal name.
    b.device_file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    b.device_file.write_bytes(a.device_file.read_bytes())
    b.device_file.chmod(a.device_file.stat().st_mode & 0o777)
    b.write_config(QUIET + PUSH)
    b.daemon.start()
    assert a.device == b.device and a.journal.name == b.journal.name
    on_a = train(a)
    time.sleep(1.1)  # the two journals' mtimes a second apart: which one keeps the name is Syncthing's rule
    on_b = train(b)
    H.wait_until(lambda: a.journal.exists() and b.journal.exists(), 5, what="both journals written")
    computers.syncthing.scan("a")
    computers.syncthing.scan("b")
    computers.syncthing.resume()
    # Syncthing's part: one keeps the name, the other's journal is a conflict copy, on both sides.
    computers.syncthing.wait_connected()
    computers.syncthing.wait_in_sync()
    copies = computers.syncthing.conflict_copies("a")
    assert copies and all(c.startswith(f"gymbell-{a.device}.sync-conflict-") and c.endswith(".jsonl") for c in copies), \
        sorted(p.name for p in a.folder.iterdir())
    assert computers.syncthing.conflict_copies("b") == copies
    # gymbell's: both workouts on both sides, once; and status names the shared journal.
    record_timing("in sync → both merged", max(wait_for_sessions(a, [on_b["id"]]), wait_for_sessions(b, [on_a["id"]])))
    time.sleep(2)  # a second look: nothing merged twice
    for computer in (a, b):
        assert sorted(session_ids(computer)) == sorted([on_a["id"], on_b["id"]]), computer.history()
        for entry in (on_a, on_b):
            assert [s["set"] for s in sets_of(computer, entry["id"])] == [1, 2], computer.sets()
        journals = computer.json("status")["sync"]["journals"]
        assert [j["file"] for j in journals if "another computer writes this journal too" in (j["problem"] or "")] \
            == [computer.journal.name], journals
