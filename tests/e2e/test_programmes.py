"""Several programmes at once (issue 47, row 1), through the real CLI and daemon on a private bus
(TZ=UTC), seen at the recording server: a strength `[program]` and a running plan
`[programs.running]` on the same day give one daily reminder naming both, with a Start button for
each; the second button starts the second workout; `start` without a name starts the first and says
what else is planned; `upcoming` and `export-ics` hold both; a running plan whose weeks are over
plans nothing; `config check` tells a mistake in a `[programs.NAME]` at its line."""

import datetime
import json
import time

import pytest

from conftest import local_hms_ahead, parse_instant, wait_until
from workout_config import ALL_DAYS, push_workout, weekday

pytestmark = pytest.mark.gymbell

TOLERANCE = 1.5

RUNS = ('[workouts.easy_run]\ntitle = "Easy Run"\nkind = "walkrun"\nrun = "5m"\nwalk = "1m"\nrepeats = 4\n'
        '[workouts.long_run]\ntitle = "Long Run"\nkind = "walkrun"\nrun = "10m"\nwalk = "1m"\nrepeats = 6\n')


def utc_day(offset=0):
    return (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=offset)).date()


def two_programmes(reminder_time="23:59:59", start_offset=-1, weeks=2):
    """Push Day today in [program]; Easy Run today and Long Run tomorrow in a running plan that
    started `start_offset` days from today and lasts `weeks` weeks."""
    return (f'[reminders]\ntime = "{reminder_time}"\ndays = {ALL_DAYS}\nweekly_summary = false\n'
            f'[program]\n{weekday()} = "push"\n'
            f'[programs.running]\ntitle = "Running plan"\n{weekday()} = "easy_run"\n{weekday(1)} = "long_run"\n'
            f'start = {utc_day(start_offset).isoformat()}\nweeks = {weeks}\npriority = 2\n'
            + push_workout(sets=3, rest=90) + RUNS)


def status(cli):
    r = cli("status", "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_one_reminder_names_both_and_its_second_button_starts_the_second(daemon, write_config, cli, server, recorder):
    hms, due = local_hms_ahead(4)
    write_config(two_programmes(hms))
    daemon.start()
    shown = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + TOLERANCE + 2)
    assert shown["body"] == "Today: Push Day — Bench Press 80 kg · about 5 min\nAlso today: Easy Run"
    assert shown["actions"] == ["default", "Start Workout", "start", "Start Workout", "start:easy_run", "Start Easy Run",
                                "snooze", "Snooze 1 hour"]
    server.invoke_action(shown["id"], "start:easy_run")
    recorder.wait_for_close(shown["id"], timeout=5)
    st = status(cli)
    assert st["session"]["title"] == "Easy Run" and st["session"]["kind"] == "walkrun", st
    # Kept across a restart, like any session.
    daemon.restart()
    assert status(cli)["session"]["title"] == "Easy Run"


def test_start_starts_the_first_and_says_what_else_is_planned(daemon, write_config, cli):
    write_config(two_programmes())
    daemon.start()
    r = cli("start")
    assert r.returncode == 0, r.stderr
    assert "Started Push Day; also planned today: Easy Run (gymbell start easy_run)" in r.stdout, r.stdout
    assert status(cli)["session"]["title"] == "Push Day"
    assert cli("stop").returncode == 0
    r = cli("start", "easy_run")
    assert r.returncode == 0 and status(cli)["session"]["title"] == "Easy Run", r.stdout + r.stderr


def test_upcoming_and_the_calendar_hold_both_within_the_plans_weeks(daemon, write_config, cli):
    # The running plan began six days ago and lasts one week: today is its last day.
    write_config(two_programmes(start_offset=-6, weeks=1))
    daemon.start()
    r = cli("upcoming", "--days", "8", "--json")
    assert r.returncode == 0, r.stderr
    daily = [e for e in json.loads(r.stdout) if e["kind"] == "daily"]
    assert daily[0]["workout"] == "push" and daily[0]["also"] == ["easy_run"], daily[0]
    assert daily[0]["body"].endswith("\nAlso today: Easy Run")
    # Tomorrow the plan is over: no Long Run; next week's push day alone.
    assert [e["workout"] for e in daily] == ["push", "push"], daily
    assert "also" not in daily[1] or daily[1]["also"] is None
    human = cli("upcoming", "--days", "2")
    assert "Also today: Easy Run" in human.stdout, human.stdout
    ics = cli("export-ics", "--weeks", "1")
    assert ics.returncode == 0, ics.stderr
    today = utc_day().strftime("%Y%m%d")
    assert f"UID:push-{today}@gymbell" in ics.stdout and f"UID:easy_run-{today}@gymbell" in ics.stdout, ics.stdout
    assert "long_run-" not in ics.stdout


def test_a_mistake_in_a_programme_is_told_at_its_line_and_the_daemon_keeps_the_last_good(daemon, write_config, cli, env):
    write_config(two_programmes())
    daemon.start()
    bad = two_programmes().replace('title = "Running plan"', 'title = "Running plan"\npriority = 0')
    bad = bad.replace("priority = 2\n", "")
    write_config(bad)
    r = cli("config", "check")
    assert r.returncode != 0
    line = bad.splitlines().index("priority = 0") + 1
    assert f"config.toml:{line}:12: programs.running.priority: 0 is out of range; use 1 to 9" in r.stderr + r.stdout, r.stderr
    # The daemon still plans with the config it had.
    wait_until(lambda: status(cli) is not None, timeout=5, what="the daemon to answer")
    up = json.loads(cli("upcoming", "--days", "1", "--json").stdout)
    assert any(e.get("also") == ["easy_run"] for e in up), up
