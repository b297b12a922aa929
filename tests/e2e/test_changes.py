"""End-to-end tests of what makes the daemon re-plan on its own: the config file saved (in place or by
an editor's atomic rename), the time zone changed (the localtime link re-pointed), and a resume from
suspend announced by logind's PrepareForSleep(false) on the system bus (a second private bus here)."""

import json
import os
import subprocess
import time

import pytest

from conftest import parse_instant, utc, wait_until

pytestmark = pytest.mark.gymbell


def next_daily_hm(cli):
    r = cli("status", "--json")
    assert r.returncode == 0, r.stderr
    return utc(parse_instant(json.loads(r.stdout)["next_daily"])).strftime("%H:%M")


def test_saving_the_config_file_replans_at_once(daemon, write_config, cli, env):
    write_config('[reminders]\ntime = "06:00"\n')
    daemon.start()
    assert next_daily_hm(cli) == "06:00"
    env.config_file.write_text('[reminders]\ntime = "06:30"\n')  # written in place
    wait_until(lambda: next_daily_hm(cli) == "06:30", timeout=5, what="the saved config to be applied")
    temporary = env.config_file.with_name(".config.toml.swp")
    temporary.write_text('[reminders]\ntime = "07:45"\n')
    os.rename(temporary, env.config_file)  # an editor's atomic save
    wait_until(lambda: next_daily_hm(cli) == "07:45", timeout=5, what="the renamed-over config to be applied")
    env.config_file.write_text('[reminders]\ntime = "99:00"\n')  # a broken save is refused
    time.sleep(1.5)
    assert next_daily_hm(cli) == "07:45"
    assert "config not reloaded" in daemon.output() and "reminders.time" in daemon.output()


def test_a_time_zone_change_re_resolves_the_daily_reminder(daemon, write_config, cli, env):
    link = env.root / "localtime"
    os.symlink("/usr/share/zoneinfo/Europe/Berlin", link)
    env.vars.pop("TZ")
    env.vars["GYMBELL_LOCALTIME"] = str(link)
    write_config('[reminders]\ntime = "09:00"\n')
    daemon.start()
    berlin = next_daily_hm(cli)
    assert berlin in ("08:00", "07:00"), berlin  # 09:00 in Berlin: UTC+1 in winter, UTC+2 in summer
    staging = env.root / "localtime.new"
    os.symlink("/usr/share/zoneinfo/Asia/Kolkata", staging)
    os.rename(staging, link)  # what `ln -sf` and timedatectl do
    wait_until(lambda: next_daily_hm(cli) == "03:30", timeout=5, what="09:00 Kolkata (03:30 UTC)")
    assert "the time zone changed" in daemon.output()


def test_resume_from_suspend_replans(daemon, write_config, cli, env, tmp_path):
    system = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address=1", f"--address=unix:path={tmp_path}/system_bus"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        address = system.stdout.readline().strip()
        env.vars["DBUS_SYSTEM_BUS_ADDRESS"] = address
        daemon.start()
        time.sleep(0.3)
        for flag in ("true", "false"):
            subprocess.run(
                ["dbus-send", f"--bus={address}", "--type=signal", "/org/freedesktop/login1",
                 "org.freedesktop.login1.Manager.PrepareForSleep", f"boolean:{flag}"], check=True)
        wait_until(lambda: "resumed from suspend" in daemon.output(), timeout=5, what="the daemon to see the resume")
        assert daemon.output().count("resumed from suspend") == 1  # PrepareForSleep(true) is going to sleep
        assert cli("status").returncode == 0
    finally:
        system.kill()
        system.wait()
