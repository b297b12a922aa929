"""gymbell as a person meets it: the real `gymbell daemon` showing its reminders through the real
dunst under Xvfb, looked at with screenshots and answered through dunst's own controls (its context
menu, run by a scripted dmenu, and `dunstctl action`). DESIGN.md §7, "Visual".

Each test: Xvfb :N (1024x600), a private session bus, dunst with the test dunstrc
(desktop_support.DUNSTRC), then gymbell daemon with TZ=UTC, temporary XDG dirs and a config written by
the test. Screenshots are kept under the test's tmp dir (artifacts/*.png; paths printed). Its own
fixtures (`desktop`: Xvfb + dunst, `gymbell`: the daemon) are defined here; the suite's conftest
bounds each test (60 s here) and gives the e2e harness's `env` and `gymbell_bin`.
"""

import json
import time

import pytest

from desktop_support import (H, OFFSET, SCREEN_H, SCREEN_W, Dunst, Xvfb, boottime_ms, colours, content_box,
                             differing_pixels, leftovers, screenshot)
from workout_config import ALL_DAYS  # tests/support

pytestmark = [pytest.mark.gymbell, pytest.mark.time_limit(60)]

# From the e2e harness.
cli = H.cli
write_config = H.write_config


class Desktop:
    def __init__(self, env, root, request):
        self.env = env
        self.root = root
        self.request = request
        self.artifacts = root / "artifacts"
        self.artifacts.mkdir(exist_ok=True)
        self.xvfb = Xvfb(root)
        self.dunst = None
        self.groups = []  # process groups started here, to check they are gone afterwards

    @property
    def display(self):
        return self.xvfb.display

    def start(self):
        H._attach_log(self.request, "Xvfb output", self.xvfb.log)
        self.xvfb.start()
        self.groups.append(self.xvfb.proc.pid)
        # Everything the test runs from now on (gymbell daemon and CLI included) sees this display.
        self.env.vars["DISPLAY"] = self.display
        self.dunst = Dunst(self.env, self.display, self.root)
        H._attach_log(self.request, "dunst output", self.dunst.log)
        H._attach_log(self.request, "dunst: notifications taken in", self.dunst.shown_log)
        H._attach_log(self.request, "scripted dmenu runs", self.root / "dmenu.jsonl")
        self.dunst.start()
        self.groups.append(self.dunst.proc.pid)
        return self

    def screenshot(self, name):
        """The whole screen, saved as artifacts/<name>.png under the test's tmp dir; path printed."""
        path = screenshot(self.display, self.artifacts / f"{name}.png")
        print(f"screenshot: {path}")
        return path

    def stop(self):
        if self.dunst is not None:
            self.dunst.stop()
        self.xvfb.stop()


@pytest.fixture
def desktop(env, tmp_path, request):
    d = Desktop(env, tmp_path, request)
    try:
        yield d.start()
    finally:
        d.stop()
    left = leftovers(d.groups)
    assert not left, f"processes left running: {left}"


@pytest.fixture
def gymbell(gymbell_bin, env, desktop, request):
    """The real `gymbell daemon` on the test's bus and display (after dunst); call .start()."""
    d = H.Daemon(env, gymbell_bin, request)
    try:
        yield d
    finally:
        d.stop()
    if d.proc is not None:
        assert d.proc.poll() is not None, "gymbell daemon still running"
        left = leftovers([d.proc.pid])
        assert not left, f"processes of the daemon's group still running: {left}"

DAILY_TITLE = "Time to Workout! 💪"
DAILY_BODY = "Your daily workout awaits."
WORK_DONE = "Work phase done ✅"
REST_OVER = "Rest over 💥"
HIIT_COMPLETE = "HIIT session complete 🎉"
SESSION_CATEGORY = "x-gymbell.session"


def status(cli):
    r = cli("status", "--json")
    assert r.returncode == 0, f"gymbell status --json: {r.stderr}"
    return json.loads(r.stdout)


def daily_config(hms, extra=""):
    # No sound: dunst has no `sound` capability, so gymbell would run canberra-gtk-play itself.
    return (f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\n{extra}'
            '[sound]\nenabled = false\n')


def wait_for_daily_reminder(desktop, due):
    """Until dunst has taken in the daily reminder and shows it as the one bubble on screen."""
    dunst = desktop.dunst
    record = H.wait_until(
        lambda: next((r for r in dunst.shown() if r.get("summary") == DAILY_TITLE), None),
        timeout=max(due - time.time(), 0) + 8, interval=0.05, what=f"dunst to show {DAILY_TITLE!r}")
    H.wait_until(lambda: dunst.count("displayed") == 1, timeout=5, what="one notification displayed")
    assert record["body"] == DAILY_BODY
    assert record["app_name"] == "gymbell" and record["category"] == "x-gymbell.daily"
    assert record["urgency"] == "NORMAL" and record["timeout"] == "0"
    return record


def assert_bubbles_top_right(shot, empty):
    """The screenshot is not blank: colours, a difference from the empty screen, and a content box
    where dunst puts its bubbles (top right, OFFSET px from both edges)."""
    assert colours(empty) <= 2, f"the empty screen {empty} is not empty"
    n = colours(shot)
    assert n > 2, f"{shot} has {n} colour(s): nothing drawn"
    changed = differing_pixels(shot, empty)
    assert changed > 2000, f"{shot} differs from the empty screen in only {changed:.0f} pixels"
    x, y, w, h = content_box(shot)
    assert x >= SCREEN_W // 2, f"content starts at x={x}, not in the right half"
    assert abs((x + w) - (SCREEN_W - OFFSET)) <= 2, f"content ends at x={x + w}, not {SCREEN_W - OFFSET}"
    assert abs(y - OFFSET) <= 2 and y + h <= SCREEN_H, f"content at y={y}..{y + h}, not from {OFFSET}"
    return x, y, w, h


# --- 1. Snooze 1 hour through dunst's context menu -----------------------------------------------------

def test_daily_reminder_shows_in_dunst_and_snooze_from_context_menu(desktop, gymbell, write_config, cli):
    dunst = desktop.dunst
    empty = desktop.screenshot("empty-screen")
    hms, due = H.local_hms_ahead(4)
    write_config(daily_config(hms))
    gymbell.start()
    assert H.parse_instant(status(cli)["next_daily"]) == pytest.approx(due, abs=0.01)

    shown = wait_for_daily_reminder(desktop, due)
    shot = desktop.screenshot("daily-reminder")
    assert_bubbles_top_right(shot, empty)

    # The person opens dunst's context menu and picks "Snooze 1 hour".
    dunst.choose_in_menu("Snooze 1 hour")
    chosen_at = time.time()
    r = dunst.ctl("context")
    assert r.returncode == 0, f"dunstctl context: {r.stderr}"
    run = H.wait_until(lambda: dunst.dmenu_runs(), timeout=5, what="dunst to run the dmenu")[0]
    menu = (desktop.root / "dmenu-stdin-1.txt").read_text()
    print(f"dunst's menu (dmenu stdin, {desktop.root / 'dmenu-stdin-1.txt'}):\n{menu}")
    assert "Start Workout" in menu and "Snooze 1 hour" in menu
    assert run["lines"] and all(DAILY_TITLE in line for line in run["lines"]), run["lines"]
    assert run["chosen"] and "Snooze 1 hour" in run["chosen"] and f"[{shown['id']}," in run["chosen"]

    # gymbell got it: one snoozed reminder an hour from now, and the bubble is gone.
    snoozed = H.wait_until(lambda: [p for p in status(cli)["pending"] if p["kind"] == "snoozed"],
                           timeout=5, what="a snoozed reminder in `gymbell status --json`")
    assert len(snoozed) == 1
    assert H.parse_instant(snoozed[0]["due"]) == pytest.approx(chosen_at + 60 * 60, abs=10)
    assert snoozed[0]["title"] == "Workout Reminder"
    H.wait_until(lambda: dunst.count("displayed") == 0, timeout=5, what="the reminder to be closed")
    assert [n["summary"] for n in dunst.history()] == [DAILY_TITLE]
    after = desktop.screenshot("after-snooze")
    assert differing_pixels(after, empty) == 0, f"{after}: the screen is not empty again"
    assert len(dunst.dmenu_runs()) == 1


# --- 2. Start Workout --------------------------------------------------------------------------------

@pytest.mark.parametrize("how", ["context-menu", "dunstctl-action"])
def test_start_workout_from_dunst_runs_start_command(desktop, gymbell, write_config, cli, how):
    dunst = desktop.dunst
    started = desktop.root / "started"
    hms, due = H.local_hms_ahead(4)
    write_config(daily_config(hms, f'start_command = ["touch", "{started}"]\n'))
    gymbell.start()
    shown = wait_for_daily_reminder(desktop, due)
    desktop.screenshot(f"daily-reminder-{how}")

    if how == "context-menu":
        # The menu's "Start Workout" line for the `start` action (the default action has the same label).
        dunst.choose_in_menu("Start Workout", f"[{shown['id']},start]")
        r = dunst.ctl("context")
        assert r.returncode == 0, f"dunstctl context: {r.stderr}"
        run = H.wait_until(lambda: dunst.dmenu_runs(), timeout=5, what="dunst to run the dmenu")[0]
        assert run["chosen"] and run["chosen"].startswith("#Start Workout"), run
    else:
        # The topmost bubble's default action, as a middle click on it would (mouse_middle_click).
        r = dunst.ctl("action", "0")
        assert r.returncode == 0, f"dunstctl action 0: {r.stderr}"

    H.wait_until(started.exists, timeout=5, what="start_command to touch the file")
    H.wait_until(lambda: dunst.count("displayed") == 0, timeout=5, what="the reminder to be closed")
    next_daily = H.parse_instant(status(cli)["next_daily"])
    # Trained today: the next reminder is tomorrow's at the same time (every day, TZ=UTC).
    assert next_daily == pytest.approx(due + 86400, abs=1)
    assert H.utc(next_daily).date() > H.utc(due).date()
    if how == "dunstctl-action":
        assert dunst.dmenu_runs() == [], "a default action should not need the menu"


# --- 3. The session's resident notification, updated in place ---------------------------------------

def test_hiit_session_notification_is_updated_in_place_in_dunst(desktop, gymbell, write_config, cli):
    dunst = desktop.dunst
    write_config('[reminders]\nenabled = false\n[sound]\nenabled = false\n')
    gymbell.start()
    empty = desktop.screenshot("empty-screen")

    r = cli("hiit", "--rounds", "2", "--work", "2s", "--rest", "1s")
    assert r.returncode == 0, r.stderr
    session = status(cli)["session"]
    began, ends = H.parse_instant(session["started_at"]), H.parse_instant(session["ends_at"])
    assert ends - began == pytest.approx(6, abs=0.01)

    # Watch dunst through the session: how many bubbles it displays, on its own clock.
    samples, shot = [], None
    while time.time() < ends + 1.0:
        count = dunst.count("displayed")
        samples.append((boottime_ms(), count))
        if shot is None and time.time() >= began + 2.6:  # work 1 done (2 s): "Rest, round 1 of 2"
            shot = desktop.screenshot("hiit-mid-session")
        time.sleep(0.1)
    H.wait_until(lambda: status(cli)["session"] is None, timeout=5, what="the session to end")
    # After the session: only the completion, in the session's one bubble (it expires by itself).
    H.wait_until(lambda: dunst.count("displayed") == 1, timeout=5, what="only the completion after the session")

    shown = dunst.shown()
    for record in shown:  # DUNST_TIMESTAMP is on the clock the samples use (CLOCK_BOOTTIME, ms)
        assert 0 <= record["recorded_boottime_ms"] - int(record["timestamp"]) < 5000, record

    # One notification, replaced in place: one dunst id, saying each instruction in turn.
    assert len({r["id"] for r in shown}) == 1, [(r["id"], r["summary"]) for r in shown]
    said = []
    for r in shown:
        if not said or said[-1] != r["summary"]:
            said.append(r["summary"])
    assert said == ["HIIT", WORK_DONE, REST_OVER, WORK_DONE, HIIT_COMPLETE], said
    assert all(r["urgency"] == "NORMAL" for r in shown), [r["urgency"] for r in shown]
    running = [r for r in shown if r["category"] == SESSION_CATEGORY]
    assert [r["body"].split("\n")[-1].split(" · ")[0] for r in running][-1] == "Rest, round 2 of 2"
    progress = [int(r["progress"]) for r in running]
    assert progress == sorted(progress) and progress[-1] < 100, progress

    # Never more than one bubble of the session at once, and one nearly all the time.
    counts = [count for _, count in samples]
    print(f"displayed: {counts}")
    assert max(counts) <= 1, f"more than one bubble of the session displayed: {samples}"
    assert counts.count(1) >= len(counts) - 2, "the session's notification was missing"

    assert shot is not None
    assert_bubbles_top_right(shot, empty)


# --- 4. A paused workout, resumed from dunst's context menu -------------------------------------------

PAUSED_TITLE = "Paused workout: Leg Day"
PAUSED_BODY = "You stopped at exercise 1 of 2. Resume?"


def test_paused_workout_resumed_from_dunst(desktop, gymbell, write_config, cli):
    dunst = desktop.dunst
    write_config('[reminders]\nenabled = false\npause_after = "3s"\n[sound]\nenabled = false\n'
                 '[workouts.legs]\ntitle = "Leg Day"\nkind = "strength"\nexercises = [\n'
                 '  { name = "Squat", sets = 2, reps = 5, weight = 100, unit = "kg", rest = 60 },\n'
                 '  { name = "Lunge", sets = 2, reps = 10, rest = 60 },\n]\n')
    gymbell.start()
    empty = desktop.screenshot("empty-screen")
    r = cli("start", "legs")
    assert r.returncode == 0, r.stderr
    started = time.time()

    paused = H.wait_until(lambda: next((n for n in dunst.shown() if n.get("summary") == PAUSED_TITLE), None),
                          timeout=10, what=f"dunst to show {PAUSED_TITLE!r}")
    assert time.time() - started >= 2.9
    assert paused["body"] == PAUSED_BODY
    assert paused["urgency"] == "NORMAL" and paused["timeout"] == "0" and paused["category"] == SESSION_CATEGORY
    shot = desktop.screenshot("paused-workout")
    assert_bubbles_top_right(shot, empty)

    # The person picks "Resume" in dunst's context menu.
    dunst.choose_in_menu("Resume", f"[{paused['id']},resume]")
    r = dunst.ctl("context")
    assert r.returncode == 0, f"dunstctl context: {r.stderr}"
    run = H.wait_until(lambda: dunst.dmenu_runs(), timeout=5, what="dunst to run the dmenu")[0]
    menu = (desktop.root / "dmenu-stdin-1.txt").read_text()
    assert "Resume" in menu and "End workout" in menu, menu
    assert run["chosen"] and run["chosen"].startswith("#Resume"), run
    resumed = time.time()

    # gymbell closes the reminder; the workout runs on and the pause counts afresh from the resume.
    H.wait_until(lambda: any(n["id"] == int(paused["id"]) for n in dunst.history()), timeout=5,
                 what="the paused reminder to be closed (in dunst's history)")
    session = status(cli)["session"]
    assert session is not None and session["kind"] == "strength"
    again = H.wait_until(lambda: [n for n in dunst.shown() if n.get("summary") == PAUSED_TITLE][1:], timeout=10,
                         what="a second paused reminder 3 s after the resume")[0]
    assert time.time() - resumed >= 2.9
    assert again["body"] == PAUSED_BODY
