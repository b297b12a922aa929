"""End-to-end tests of daily reminders from a training program (issue: program days, Start Workout,
Snooze, rest days, reload, late start-up) and of adapting to the notification server (no server yet,
no `actions` capability). The real daemon on a private bus, TZ=UTC, observed at the recording server."""

import json
import signal
import time

import pytest

from conftest import Daemon, local_hms_ahead, parse_instant, utc, wait_until
from workout_config import ALL_DAYS, push_workout, weekday

pytestmark = pytest.mark.gymbell

TOLERANCE = 1.5


def status(cli):
    r = cli("status", "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


PUSH = push_workout(sets=3, rest=90)


def test_program_day_reminder_and_start_workout_button(daemon, write_config, cli, server, recorder, env):
    hms, due = local_hms_ahead(4)
    started = env.root / "started"
    write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\nstart_command = ["touch", "{started}"]\n'
                 f'[program]\n{weekday()} = "push"\n' + PUSH)
    daemon.start()
    assert parse_instant(status(cli)["next_daily"]) == pytest.approx(due, abs=0.01)
    shown = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + TOLERANCE + 2)
    assert shown["body"] == "Today: Push Day — Bench Press 80 kg · about 5 min"
    assert shown["actions"] == ["default", "Start Workout", "start", "Start Workout", "snooze", "Snooze 1 hour"]
    assert shown["t"] - due <= TOLERANCE
    server.invoke_action(shown["id"], "start")
    recorder.wait_for_close(shown["id"], timeout=5)
    wait_until(started.exists, timeout=5, what="start_command to run")
    st = status(cli)
    assert st["session"]["kind"] == "strength" and st["session"]["title"] == "Push Day"
    assert st["session"]["phase"] == "Bench Press — set 1 of 3, 8 × 80 kg"
    # Trained today, and only today's weekday is a program day: next week's is the next reminder.
    assert parse_instant(st["next_daily"]) == pytest.approx(due + 7 * 86400, abs=0.01)


def test_rest_day_reminder_has_no_buttons(daemon, write_config, cli, recorder):
    hms, due = local_hms_ahead(4)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\nrest_days = true\n'
                 f'[program]\n{weekday(1)} = "push"\n' + PUSH)
    daemon.start()
    shown = recorder.wait_for_notify("Rest Day", timeout=due - time.time() + TOLERANCE + 2)
    assert shown["body"] == "Recovery is progress. Take it easy today!"
    assert shown["actions"] == ["default", "Dismiss"], "nothing to do but a click that closes it"


def test_days_not_chosen_get_nothing(daemon, write_config, cli, recorder):
    hms, due = local_hms_ahead(3)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = ["{weekday(1)}"]\n')
    daemon.start()
    assert parse_instant(status(cli)["next_daily"]) == pytest.approx(due + 86400, abs=0.01)
    time.sleep(due - time.time() + 1.5)
    assert recorder.notifies(lambda r: r["summary"].startswith("Time to Workout")) == []


def test_snooze_button_then_skip_today(daemon, write_config, cli, server, recorder):
    hms, due = local_hms_ahead(4)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\nsnooze_minutes = 30\n')
    daemon.start()
    shown = recorder.wait_for_notify("Time to Workout! 💪", timeout=due - time.time() + TOLERANCE + 2)
    server.invoke_action(shown["id"], "snooze")
    recorder.wait_for_close(shown["id"], timeout=5)
    snoozed = wait_until(lambda: [p for p in status(cli)["pending"] if p["kind"] == "snoozed"], timeout=5,
                         what="a snoozed reminder")
    assert parse_instant(snoozed[0]["due"]) == pytest.approx(shown["t"] + 30 * 60, abs=5)
    # Snoozing again moves it again (from the CLI), still one pending.
    assert cli("snooze", "--minutes", "5").returncode == 0
    again = [p for p in status(cli)["pending"] if p["kind"] == "snoozed"]
    assert len(again) == 1 and parse_instant(again[0]["due"]) == pytest.approx(time.time() + 300, abs=5)
    # The snooze survives a restart.
    daemon.restart(signal.SIGKILL)
    assert [p["due"] for p in status(cli)["pending"] if p["kind"] == "snoozed"] == [again[0]["due"]]
    r = cli("skip-today")
    assert r.returncode == 0 and "No more reminders today" in r.stdout
    st = status(cli)
    assert [p for p in st["pending"] if p["kind"] == "snoozed"] == []
    assert parse_instant(st["next_daily"]) == pytest.approx(due + 86400, abs=0.01)


def test_reload_replans_at_once_and_a_bad_config_is_refused(daemon, write_config, cli, env):
    write_config('[reminders]\ntime = "06:00"\n')
    daemon.start()
    first = status(cli)["next_daily"]
    assert utc(parse_instant(first)).strftime("%H:%M:%S") == "06:00:00"
    write_config('[reminders]\ntime = "07:15:30"\n')
    r = cli("reload")
    assert r.returncode == 0 and str(env.config_file) in r.stdout, r.stdout + r.stderr
    assert utc(parse_instant(status(cli)["next_daily"])).strftime("%H:%M:%S") == "07:15:30"
    # SIGHUP does the same.
    write_config('[reminders]\ntime = "08:00"\n')
    daemon.proc.send_signal(signal.SIGHUP)
    wait_until(lambda: utc(parse_instant(status(cli)["next_daily"])).strftime("%H:%M") == "08:00", timeout=5,
               what="SIGHUP to reload the config")
    # A broken file is refused with its positioned errors; the one in force stays.
    write_config('[reminders]\ntime = "25:00"\n')
    bad = cli("reload")
    assert bad.returncode == 1
    assert f"{env.config_file}:2:8: reminders.time" in bad.stderr, bad.stderr
    assert utc(parse_instant(status(cli)["next_daily"])).strftime("%H:%M") == "08:00"
    assert daemon.running


def test_late_start_up_fires_once_within_grace(daemon, write_config, cli, recorder):
    write_config('[reminders]\ntime = "03:00"\n')
    daemon.start()  # a first run: it remembers when it last looked
    daemon.kill(signal.SIGTERM)
    hms, due = local_hms_ahead(2)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\nlate_grace = "1h"\n')
    time.sleep(due - time.time() + 1.5)
    daemon.start()
    shown = recorder.wait_for_notify("Time to Workout! 💪", timeout=3)
    assert shown["t"] - due >= 1.0  # late, shown at start-up
    daemon.restart(signal.SIGTERM)
    time.sleep(1)
    assert len(recorder.notifies(lambda r: r["summary"] == "Time to Workout! 💪")) == 1, "shown twice"
    assert parse_instant(status(cli)["next_daily"]) == pytest.approx(due + 86400, abs=0.01)


def test_late_start_up_beyond_grace_skips(daemon, write_config, cli, recorder):
    write_config('[reminders]\ntime = "03:00"\n')
    daemon.start()
    daemon.kill(signal.SIGTERM)
    hms, due = local_hms_ahead(2)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\nlate_grace = "1s"\n')
    time.sleep(due - time.time() + 2.5)
    daemon.start()
    time.sleep(1.5)
    assert recorder.notifies(lambda r: r["summary"] == "Time to Workout! 💪") == []
    assert parse_instant(status(cli)["next_daily"]) == pytest.approx(due + 86400, abs=0.01)


def test_upcoming_lists_program_days(daemon, write_config, cli):
    write_config(f'[reminders]\ntime = "23:59:59"\ndays = {ALL_DAYS}\nrest_days = true\n'
                 f'[program]\n{weekday(1)} = "push"\n' + PUSH)
    daemon.start()
    r = cli("upcoming", "--days", "3", "--json")
    assert r.returncode == 0, r.stderr
    entries = json.loads(r.stdout)
    titles = [e["title"] for e in entries]
    assert titles[-2:] == ["Workout Time!", "Rest Day"]
    assert entries[-2]["workout"] == "push" and entries[-2]["body"] == "Today: Push Day — Bench Press 80 kg · about 5 min"
    human = cli("upcoming", "--days", "3")
    assert human.returncode == 0 and "Today: Push Day — Bench Press 80 kg · about 5 min" in human.stdout, human.stdout
    assert cli("upcoming", "--days", "0").returncode != 0


def test_reminders_wait_for_a_notification_server(env, gymbell_bin, cli, start_server, request):
    daemon = Daemon(env, gymbell_bin, request)
    try:
        daemon.start()  # no notification server on the bus yet
        assert cli("rest", "1").returncode == 0
        time.sleep(2)
        assert daemon.running
        server = start_server()
        from conftest import Recorder
        recorder = Recorder(server.log)
        shown = recorder.wait_for_notify("Rest over ⏰", timeout=5)
        assert shown["body"] == "Time for your next set!"
    finally:
        daemon.stop()


def test_server_without_actions_gets_cli_hints_instead_of_buttons(env, gymbell_bin, cli, start_server, write_config, request):
    server = start_server("--capabilities", "body,body-markup")
    from conftest import Recorder
    recorder = Recorder(server.log)
    hms, due = local_hms_ahead(4)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\n')
    daemon = Daemon(env, gymbell_bin, request)
    try:
        daemon.start()
        shown = recorder.wait_for_notify("Time to Workout! 💪", timeout=due - time.time() + TOLERANCE + 2)
        assert shown["actions"] == []
        assert "gymbell start" in shown["body"] and "gymbell snooze" in shown["body"]
    finally:
        daemon.stop()


def test_german_notifications(env, daemon, write_config, cli, recorder):
    env.vars["LANG"] = "de_DE.UTF-8"
    hms, due = local_hms_ahead(4)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\n')
    daemon.start()
    daily = recorder.wait_for_notify("Zeit fürs Training! 💪", timeout=due - time.time() + TOLERANCE + 2)
    assert daily["body"] == "Dein tägliches Training wartet."
    assert daily["actions"] == ["default", "Training starten", "start", "Training starten", "snooze", "In 1 Stunde erinnern"]
    assert cli("rest", "1").returncode == 0
    rest = recorder.wait_for_notify("Pause vorbei ⏰", timeout=4)
    assert rest["body"] == "Zeit für deinen nächsten Satz!"
    card = recorder.notifies(lambda r: r["hints"].get("category") == "x-gymbell.session")[0]
    assert card["summary"] == "Pause" and card["actions"] == ["default", "Schließen", "stop", "Beenden"]


def test_start_says_what_happened_on_a_rest_day_and_without_a_programme(daemon, write_config, cli):
    """Issue 46: `gymbell start` never says "Workout started." when nothing started. On a rest day of a
    programme it starts nothing, exits non-zero and names the workouts; with no programme it says that
    no workout is tracked."""
    write_config(f'[program]\n{weekday(1)} = "push"\n' + PUSH)  # tomorrow only: today is a rest day
    daemon.start()
    r = cli("start")
    assert r.returncode != 0
    assert "today is a rest day in the programme: no workout started" in r.stderr and '"push"' in r.stderr, r.stderr
    assert "started" not in r.stdout.lower()
    assert status(cli)["session"] is None
    r = cli("start", "push")
    assert r.returncode == 0 and r.stdout.strip() == "Started Push Day.", r.stdout
    assert status(cli)["session"]["title"] == "Push Day"
    assert cli("stop").returncode == 0
    write_config(PUSH)  # no programme: just reminders
    assert cli("reload").returncode == 0
    r = cli("start")
    assert r.returncode == 0
    assert r.stdout.strip() == "No workout is planned today, so none is tracked; no more reminders today.", r.stdout
    assert status(cli)["session"] is None
