"""`gymbell config set` / `unset` (issue 29, item 5: the config writer): the person's file is edited
where its values stand, written atomically, and the running daemon applies it through its file
watcher — `gymbell upcoming` shows the new time within a second. A file with errors is never
overwritten. The real daemon on a private bus, TZ=UTC."""

import json
import os
import time

import pytest

from conftest import local_hms_ahead, parse_instant

pytestmark = pytest.mark.gymbell

COMMENTED = ('# Anna\'s settings — keep these notes\n'
             '[reminders]\n'
             'time = "{time}"   # after work\n'
             'days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]\n'
             '\n'
             '# my bell\n'
             '[sound]\n'
             "name = 'complete'\n")


def upcoming_daily(cli):
    r = cli("upcoming", "--days", "2", "--json")
    assert r.returncode == 0, r.stderr
    return [parse_instant(e["due"]) for e in json.loads(r.stdout) if e["kind"] == "daily"]


def test_config_set_is_applied_by_the_running_daemon(daemon, write_config, cli, env, record_timing):
    first, first_due = local_hms_ahead(3600)
    second, second_due = local_hms_ahead(7200)
    if second.endswith(":00"):  # `config set` writes a whole minute as "HH:MM": the file would differ from the text
        second, second_due = local_hms_ahead(7201)
    path = write_config(COMMENTED.format(time=first))
    os.chmod(path, 0o600)
    daemon.start()
    assert upcoming_daily(cli)[0] == pytest.approx(first_due, abs=0.01)

    r = cli("config", "set", "reminders.time", second)
    assert r.returncode == 0, r.stderr
    written = time.monotonic()
    assert r.stdout == f"{path}: reminders.time set\n"
    # Only the value changed: the comments, the literal quotes and the mode are the person's.
    assert path.read_text() == COMMENTED.format(time=second)
    assert os.stat(path).st_mode & 0o777 == 0o600
    while True:
        if upcoming_daily(cli)[0] == pytest.approx(second_due, abs=0.01):
            break
        assert time.monotonic() - written < 1.0, "upcoming did not show the new time within a second"
        time.sleep(0.02)
    record_timing("config set to upcoming showing it", time.monotonic() - written)

    # A key the file lacks gets a line of its own in its table; unset takes it out again.
    assert cli("config", "set", "reminders.snooze_minutes", "15").returncode == 0
    assert 'days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]\nsnooze_minutes = 15\n\n# my bell' in path.read_text()
    assert cli("config", "unset", "reminders.snooze_minutes").returncode == 0
    assert path.read_text() == COMMENTED.format(time=second)

    # After a restart the daemon reads the written file.
    daemon.restart()
    assert upcoming_daily(cli)[0] == pytest.approx(second_due, abs=0.01)


def test_a_bad_value_or_a_broken_file_is_not_written(daemon, write_config, cli):
    first, first_due = local_hms_ahead(3600)
    path = write_config(COMMENTED.format(time=first))
    daemon.start()

    r = cli("config", "set", "reminders.snooze_minutes", "0")
    assert r.returncode == 1
    assert r.stdout == f"{path}:5:18: reminders.snooze_minutes: 0 is out of range; use 1 to 1440\n"
    assert path.read_text() == COMMENTED.format(time=first)

    broken = COMMENTED.format(time="25:00")
    path.write_text(broken)
    r = cli("config", "set", "reminders.time", "19:00")
    assert r.returncode == 1
    assert r.stdout.startswith(f"{path}:3:8: reminders.time: \"25:00\" is not a time of day"), r.stdout
    assert path.read_text() == broken


def test_config_set_without_a_file_starts_from_the_default(env, cli):
    # No daemon needed: the file is written for the next start.
    assert not env.config_file.exists()
    r = cli("config", "set", "reminders.days", "mon", "wed", "fri")
    assert r.returncode == 0, r.stderr
    text = env.config_file.read_text()
    assert text.startswith("# gymbell configuration")
    assert '\ndays = ["mon", "wed", "fri"]\n' in text
    assert cli("config", "check").stdout == f"{env.config_file}: OK\n"


def test_the_synced_folder_is_set_refused_when_relative_and_unset(daemon, write_config, cli, env):
    path = write_config(COMMENTED.format(time="18:00"))
    daemon.start()
    r = cli("config", "set", "sync.folder", "Sync/gymbell")
    assert r.returncode != 0
    assert 'sync.folder: "Sync/gymbell" is not an absolute path; write it from / or from ~/ ("~/Sync/gymbell")' in r.stderr
    assert path.read_text() == COMMENTED.format(time="18:00")
    assert "sync.folder" in cli("config", "set", "--help").stdout
    assert cli("config", "set", "sync.folder", "~/Sync/gymbell").returncode == 0
    assert path.read_text().endswith('\n[sync]\nfolder = "~/Sync/gymbell"\n')
    status = lambda: json.loads(cli("status", "--json").stdout)["sync"]
    deadline = time.monotonic() + 5
    while not (status() or {}).get("folder") == str(env.home / "Sync" / "gymbell"):
        assert time.monotonic() < deadline, "the daemon did not follow the folder"
        time.sleep(0.05)
    assert cli("config", "unset", "sync.folder").returncode == 0
    assert path.read_text() == COMMENTED.format(time="18:00")
    deadline = time.monotonic() + 5
    while status() is not None:
        assert time.monotonic() < deadline, "the daemon still follows a folder"
        time.sleep(0.05)
