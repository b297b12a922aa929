"""End-to-end tests of gymbell's walking skeleton: the real `gymbell daemon` on a private bus,
driven through the real CLI, observed through the recording notification server.

Contract: /work/shared/DESIGN.md §1, §4, §5, §7. Build first (`swift build`), then
    /usr/bin/python3 -m pytest tests/e2e -q          (GYMBELL_BIN overrides the binary)
"""

import json
import re
import signal
import subprocess
import time

import pytest

from conftest import (
    DESKTOP_ID, GYMBELL_IFACE, GYMBELL_NAME, GYMBELL_PATH, local_hms_ahead, parse_instant, utc,
    wait_until,
)
from workout_config import ALL_DAYS

pytestmark = pytest.mark.gymbell

REST_TITLE = "Rest over ⏰"
REST_BODY = "Time for your next set!"
DAILY_TITLE = "Time to Workout! 💪"
DAILY_BODY = "Your daily workout awaits."
SNOOZED_TITLE = "Workout Reminder"
SNOOZED_BODY = "Ready to start your workout now?"
# Titles of daily-reminder kinds (§4): these may legitimately change while a test runs at 18:00 UTC,
# when the built-in default's daily reminder fires.
DAILY_TITLES = {DAILY_TITLE, "Workout Time!", SNOOZED_TITLE, "Rest Day"}

FIRE_TOLERANCE = 1.5   # a reminder reaches the server within this of its due instant
CLOCK_TOLERANCE = 0.5  # due instants computed from "now" by the daemon vs. by the test
DAILY_LEAD = 5         # seconds between writing a daily reminder's time and its firing


# --- helpers -------------------------------------------------------------------------------------

def status_json(cli):
    """`gymbell status --json`, checked against the §5 shape, as a dict."""
    r = cli("status", "--json")
    assert r.returncode == 0, f"status --json exited {r.returncode}: {r.stderr}"
    try:
        obj = json.loads(r.stdout)
    except json.JSONDecodeError as e:
        pytest.fail(f"status --json did not print exactly one JSON object ({e}):\n{r.stdout}")
    check_status_shape(obj)
    return obj


def check_status_shape(obj):
    assert isinstance(obj, dict), obj
    for key in ("session", "pending", "next_daily"):
        assert key in obj, f"status --json lacks {key!r}: {obj}"
    session = obj["session"]
    if session is not None:
        assert isinstance(session, dict), session
        for key in ("id", "kind", "started_at", "ends_at"):
            assert key in session, f"session lacks {key!r}: {session}"
        assert isinstance(session["kind"], str)
        parse_instant(session["started_at"])
        if session["ends_at"] is not None:
            parse_instant(session["ends_at"])
    assert isinstance(obj["pending"], list), obj["pending"]
    for entry in obj["pending"]:
        for key in ("id", "kind", "due", "title", "body"):
            assert key in entry, f"pending entry lacks {key!r}: {entry}"
        assert isinstance(entry["kind"], str)
        assert isinstance(entry["title"], str) and isinstance(entry["body"], str)
        parse_instant(entry["due"])
    if obj["next_daily"] is not None:
        parse_instant(obj["next_daily"])


def assert_state_unchanged(before, after, recorder):
    """Status equal, except for what the default 18:00 daily reminder may change if it fired."""
    if not recorder.notifies(lambda r: r["summary"] in DAILY_TITLES):
        assert after == before
    else:
        assert after["session"] == before["session"]
        session_entries = lambda st: [p for p in st["pending"] if p["title"] not in DAILY_TITLES]
        assert session_entries(after) == session_entries(before)


def pending_of(status, kind):
    return [p for p in status["pending"] if p["kind"] == kind]


def the_rest_over(status):
    """The single pending rest_over entry; fails if there are none or several."""
    entries = pending_of(status, "rest_over")
    assert len(entries) == 1, f"expected one pending rest_over, got: {status['pending']}"
    return entries[0]


def due_of(entry):
    return parse_instant(entry["due"])


def assert_due_near(due, earliest, latest, what, slack=CLOCK_TOLERANCE):
    assert earliest - slack <= due <= latest + slack, (
        f"{what}: due {utc(due).isoformat()} not within [{utc(earliest).isoformat()}, "
        f"{utc(latest).isoformat()}] ± {slack} s")


def start_rest(cli, seconds):
    """`gymbell rest SECONDS`; returns (issued_at, returned_at)."""
    t0 = time.time()
    r = cli("rest", seconds)
    t1 = time.time()
    assert r.returncode == 0, f"rest {seconds} exited {r.returncode}: {r.stderr}"
    return t0, t1


def action_pairs(rec):
    actions = rec["actions"]
    assert len(actions) % 2 == 0, f"actions is not a flat key,label list: {actions}"
    return dict(zip(actions[0::2], actions[1::2]))


def assert_common_hints(rec):
    """Every reminder carries the desktop-entry hint and a category (§4), and asks the server not to
    play a sound: gymbell plays it itself (libcanberra; tests/desktops records it)."""
    hints, sigs = rec["hints"], rec["hint_signatures"]
    assert rec["app_name"] == "gymbell", rec
    assert hints.get("suppress-sound") is True and sigs["suppress-sound"] == "b", hints
    assert "sound-name" not in hints and "sound-file" not in hints, hints
    assert hints.get("desktop-entry") == DESKTOP_ID and sigs["desktop-entry"] == "s", hints
    assert isinstance(hints.get("category"), str) and hints["category"], hints
    assert sigs["category"] == "s", sigs


def daily_config(hms, extra=""):
    return (f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\nsnooze_minutes = 60\n{extra}')


def show_daily_reminder(daemon, write_config, recorder, record_timing, extra=""):
    """Configure a daily reminder a few seconds ahead, start the daemon, wait for the reminder.

    Returns (Notify record, the configured instant).
    """
    hms, target = local_hms_ahead(DAILY_LEAD)
    write_config(daily_config(hms, extra))
    daemon.start()
    rec = recorder.wait_for_notify(DAILY_TITLE, timeout=target - time.time() + FIRE_TOLERANCE + 1)
    record_timing("daily reminder lateness", rec["t"] - target)
    assert abs(rec["t"] - target) <= FIRE_TOLERANCE, (
        f"daily reminder for {hms} arrived {rec['t'] - target:+.2f} s off")
    return rec, target


# --- single instance -----------------------------------------------------------------------------

def test_daemon_owns_the_name_and_refuses_a_second_instance(running_daemon, cli):
    owner = running_daemon.name_owner()
    assert owner
    second = cli("daemon")
    assert second.returncode != 0, "a second daemon on the same bus did not fail"
    assert second.returncode > 0, f"second daemon crashed (signal {-second.returncode})"
    assert "already" in second.stderr.lower(), second.stderr
    assert running_daemon.running, "the first daemon died"
    assert running_daemon.name_owner() == owner
    status_json(cli)


# --- rest timer ----------------------------------------------------------------------------------

def test_rest_reminder_arrives_on_time(running_daemon, cli, recorder, record_timing):
    t0, t1 = start_rest(cli, 3)
    due = due_of(the_rest_over(status_json(cli)))
    assert_due_near(due, t0 + 3, t1 + 3, "rest 3")

    rec = recorder.wait_for_notify(REST_TITLE, timeout=due - time.time() + FIRE_TOLERANCE + 1)
    lateness = rec["t"] - due
    record_timing("rest reminder lateness", lateness)
    assert abs(lateness) <= FIRE_TOLERANCE, f"rest reminder arrived {lateness:+.2f} s off its due"
    assert rec["body"].startswith(REST_BODY), rec["body"]
    assert_common_hints(rec)

    # Once shown it is no longer pending.
    wait_until(lambda: not pending_of(status_json(cli), "rest_over"), 3,
               what="the fired rest_over to leave `pending`")
    assert len(recorder.notifies(lambda r: r["summary"] == REST_TITLE)) == 1


def test_rest_status_adjust_replace_and_stop(running_daemon, cli):
    baseline = status_json(cli)
    assert baseline["session"] is None and not pending_of(baseline, "rest_over"), baseline

    t0, t1 = start_rest(cli, 90)
    status = status_json(cli)
    assert status["session"] is not None and status["session"]["kind"] == "rest", status
    entry = the_rest_over(status)
    due = due_of(entry)
    assert_due_near(due, t0 + 90, t1 + 90, "rest 90")
    assert entry["title"] == REST_TITLE and entry["body"].startswith(REST_BODY), entry
    assert_due_near(parse_instant(status["session"]["started_at"]), t0, t1, "session started_at")
    assert status["session"]["ends_at"] is not None, status["session"]
    assert abs(parse_instant(status["session"]["ends_at"]) - due) <= CLOCK_TOLERANCE, status

    human = cli("status")
    assert human.returncode == 0, human.stderr
    assert "rest" in human.stdout.lower(), f"plain status does not mention the rest:\n{human.stdout}"
    with pytest.raises(json.JSONDecodeError):
        json.loads(human.stdout)

    r = cli("rest", "--adjust", "+15")
    assert r.returncode == 0, f"rest --adjust +15: {r.stderr}"
    assert re.fullmatch(r"Rest ends at \d\d:\d\d:\d\d \(1m\d\ds left\)\.\n", r.stdout), r.stdout
    later = due_of(the_rest_over(status_json(cli)))
    assert abs(later - (due + 15)) <= CLOCK_TOLERANCE, f"+15 moved due by {later - due:+.2f} s"

    r = cli("rest", "--adjust", "-15")
    assert r.returncode == 0, f"rest --adjust -15: {r.stderr}"
    back = due_of(the_rest_over(status_json(cli)))
    assert abs(back - later + 15) <= CLOCK_TOLERANCE, f"-15 moved due by {back - later:+.2f} s"

    t0, t1 = start_rest(cli, 30)
    status = status_json(cli)
    assert status["session"] is not None and status["session"]["kind"] == "rest", status
    assert_due_near(due_of(the_rest_over(status)), t0 + 30, t1 + 30, "rest 30 replacing rest 90")

    r = cli("stop")
    assert r.returncode == 0, f"stop: {r.stderr}"
    status = status_json(cli)
    assert status["session"] is None, status
    assert not pending_of(status, "rest_over"), status
    known = {(p["kind"], round(due_of(p), 1)) for p in baseline["pending"]}
    leftovers = [p for p in status["pending"]
                 if (p["kind"], round(due_of(p), 1)) not in known and p["title"] not in DAILY_TITLES]
    assert not leftovers, f"stop left session reminders pending: {leftovers}"


def test_stop_cancels_the_rest_reminder(running_daemon, cli, recorder):
    start_rest(cli, 2)
    assert cli("stop").returncode == 0
    time.sleep(2 + FIRE_TOLERANCE + 1)
    assert not recorder.notifies(lambda r: r["summary"] == REST_TITLE), recorder.dump()


@pytest.mark.parametrize("args", [["0"], ["--", "-5"], ["100000"], ["abc"]],
                         ids=["zero", "negative", "over-24h", "not-a-number"])
def test_bad_rest_input_is_refused_without_changing_state(running_daemon, cli, recorder, args):
    start_rest(cli, 600)  # some state that a bad command must not disturb
    before = status_json(cli)
    r = cli("rest", *args)
    assert r.returncode != 0, f"`gymbell rest {' '.join(args)}` succeeded: {r.stdout}"
    assert r.returncode > 0, f"`gymbell rest {' '.join(args)}` crashed (signal {-r.returncode})"
    assert re.search(r"[A-Za-z]+ [A-Za-z]+", r.stderr), f"no sentence on stderr: {r.stderr!r}"
    assert "Fatal error" not in r.stderr, r.stderr
    assert_state_unchanged(before, status_json(cli), recorder)
    assert running_daemon.running and running_daemon.name_owner()


def gdbus_rest(env, value):
    return subprocess.run(
        ["gdbus", "call", "--session", "--dest", GYMBELL_NAME, "--object-path", GYMBELL_PATH,
         "--method", f"{GYMBELL_IFACE}.Rest", str(value)],
        env=env.vars, capture_output=True, text=True, timeout=20)


def test_dbus_rest_method_validates_and_returns_due(running_daemon, cli, env, recorder):
    r = subprocess.run(
        ["gdbus", "introspect", "--session", "--dest", GYMBELL_NAME, "--object-path", GYMBELL_PATH],
        env=env.vars, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, f"introspection failed: {r.stderr}"
    assert f"interface {GYMBELL_IFACE}" in r.stdout and "Rest(" in r.stdout, r.stdout

    before = status_json(cli)
    bad = gdbus_rest(env, 0)
    assert bad.returncode != 0, f"Rest(0) succeeded: {bad.stdout}"
    assert "org.freedesktop.DBus.Error.InvalidArgs" in bad.stderr, bad.stderr
    assert_state_unchanged(before, status_json(cli), recorder)
    assert running_daemon.running

    t0 = time.time()
    good = gdbus_rest(env, 600)
    t1 = time.time()
    assert good.returncode == 0, good.stderr
    assert good.stdout.strip() not in ("", "()"), "Rest returned nothing, not the due instant"
    assert_due_near(due_of(the_rest_over(status_json(cli))), t0 + 600, t1 + 600, "Rest(600)")


# --- daily reminder and its actions ------------------------------------------------------------

def test_daily_reminder_fires_with_actions(daemon, write_config, recorder, cli, record_timing):
    hms, target = local_hms_ahead(DAILY_LEAD)
    write_config(daily_config(hms))
    startup = daemon.start()
    record_timing("daemon start-up", startup)
    before = status_json(cli)
    if time.time() > target - 0.5:
        pytest.fail(f"daemon start-up took {startup:.1f} s, past the daily reminder set "
                    f"{DAILY_LEAD} s ahead")
    assert before["next_daily"] is not None, before
    assert abs(parse_instant(before["next_daily"]) - target) <= CLOCK_TOLERANCE, (
        f"next_daily {before['next_daily']} is not the configured {hms} UTC")

    rec = recorder.wait_for_notify(DAILY_TITLE, timeout=target - time.time() + FIRE_TOLERANCE + 1)
    record_timing("daily reminder lateness", rec["t"] - target)
    assert abs(rec["t"] - target) <= FIRE_TOLERANCE
    assert rec["body"] == DAILY_BODY
    pairs = action_pairs(rec)
    assert "default" in pairs, rec["actions"]
    assert pairs.get("start") == "Start Workout", rec["actions"]
    assert pairs.get("snooze") == "Snooze 1 hour", rec["actions"]
    assert_common_hints(rec)

    # After firing, next_daily moves to a later day: tomorrow, as every day is a reminder day.
    def moved():
        nd = status_json(cli)["next_daily"]
        return nd is not None and parse_instant(nd) > target + 3600 and nd
    after = wait_until(moved, 3, what="next_daily to move past the reminder that fired")
    assert abs(parse_instant(after) - (target + 86400)) <= CLOCK_TOLERANCE, after
    assert utc(parse_instant(after)).date() > utc(target).date()


def assert_snoozed(cli, since, until, what):
    entries = wait_until(lambda: pending_of(status_json(cli), "snoozed"), 5,
                         what=f"a pending 'snoozed' entry after {what}")
    assert len(entries) == 1, entries
    (entry,) = entries
    assert entry["title"] == SNOOZED_TITLE and entry["body"] == SNOOZED_BODY, entry
    assert_due_near(due_of(entry), since + 3600, until + 3600, f"snooze by {what}", slack=5)


def test_snooze_button(daemon, write_config, recorder, server, cli, record_timing):
    rec, _ = show_daily_reminder(daemon, write_config, recorder, record_timing)
    server.invoke_action(rec["id"], "snooze")
    assert_snoozed(cli, rec["t"], time.time(), "the Snooze button")
    recorder.wait_for_close(rec["id"], timeout=5)


@pytest.mark.parametrize("action", ["start", "default"])
def test_start_button_runs_start_command(daemon, write_config, recorder, server, env, action,
                                         record_timing):
    marker = env.root / "started"
    extra = f"start_command = [\"touch\", {json.dumps(str(marker))}]\n"
    rec, _ = show_daily_reminder(daemon, write_config, recorder, record_timing, extra)
    assert not marker.exists()
    server.invoke_action(rec["id"], action)
    wait_until(marker.exists, 5, what=f"start_command to run after the {action!r} action")
    recorder.wait_for_close(rec["id"], timeout=5)


def test_snooze_from_cli(daemon, write_config, recorder, cli, record_timing):
    rec, _ = show_daily_reminder(daemon, write_config, recorder, record_timing)
    t0 = time.time()
    r = cli("snooze")
    assert r.returncode == 0, f"snooze: {r.stderr}"
    assert_snoozed(cli, t0, time.time(), "`gymbell snooze`")
    # Same as the button: the reminder that was showing is closed.
    recorder.wait_for_close(rec["id"], timeout=5)


# --- restart -------------------------------------------------------------------------------------

def test_rest_reminder_survives_kill_and_restart(running_daemon, cli, recorder, record_timing):
    t0, _ = start_rest(cli, 6)
    due = due_of(the_rest_over(status_json(cli)))
    time.sleep(max(0.0, t0 + 1 - time.time()))
    running_daemon.kill(signal.SIGKILL)
    running_daemon.start()
    assert time.time() < due - 1, "restart took too long to check the reminder before it fires"
    after = the_rest_over(status_json(cli))
    assert abs(due_of(after) - due) <= 0.1, f"due moved across the restart: {after}"

    rec = recorder.wait_for_notify(REST_TITLE, timeout=due - time.time() + FIRE_TOLERANCE + 1)
    lateness = rec["t"] - due
    record_timing("rest lateness across restart", lateness)
    assert abs(lateness) <= FIRE_TOLERANCE, f"arrived {lateness:+.2f} s off its original due"
    time.sleep(3)
    shown = recorder.notifies(lambda r: r["summary"] == REST_TITLE)
    assert len(shown) == 1, f"rest reminder shown {len(shown)} times:\n{recorder.dump()}"


# --- configuration -------------------------------------------------------------------------------

def test_builtin_default_config(running_daemon, cli, env):
    assert not env.config_file.exists()
    status = status_json(cli)
    assert status["next_daily"] is not None, "the built-in default reminds daily at 18:00"
    nd = parse_instant(status["next_daily"])
    assert utc(nd).strftime("%H:%M:%S") == "18:00:00", status["next_daily"]
    now = time.time()
    # Tomorrow's at the latest; today's if it is still ahead or within the 2 h late grace.
    assert now - 2 * 3600 - 1 <= nd <= now + 86400 + 1, status["next_daily"]


def test_config_check_reports_position_and_suggestion(cli, env):
    bad = env.root / "bad.toml"
    bad.write_text('# my settings\n[reminders]\nenabled = true\ntme = "07:30"\n')
    r = cli("config", "check", bad)
    assert r.returncode == 1, f"exit {r.returncode}: {r.stdout}{r.stderr}"
    output = r.stdout + r.stderr
    m = re.search(re.escape(str(bad)) + r":(\d+):(\d+): (.+)", output)
    assert m, f"no `{bad}:<line>:<column>: message` in:\n{output}"
    line, column, message = int(m.group(1)), int(m.group(2)), m.group(3)
    assert line == 4, f"unknown key `tme` is on line 4, reported line {line}"
    assert column >= 1
    assert re.search(r"\btime\b", message), f"message does not suggest `time`: {message}"

    good = env.root / "good.toml"
    good.write_text('[reminders]\ntime = "07:30"\ndays = ["mon", "wed", "fri"]\n'
                    'snooze_minutes = 30\n\n[rest]\ndefault = "2m"\n')
    r = cli("config", "check", good)
    assert r.returncode == 0, f"valid file refused: {r.stdout}{r.stderr}"


# --- no daemon -----------------------------------------------------------------------------------

def test_status_without_daemon_says_how_to_start_one(cli, bus):
    assert not bus.name_has_owner(GYMBELL_NAME)
    r = cli("status")
    assert r.returncode > 0, f"exit {r.returncode}: {r.stdout}"
    assert "gymbell daemon" in r.stderr, r.stderr
