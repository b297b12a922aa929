"""The first run: no config file anywhere, no daemon. The window opens on its welcome; the person picks
the days, the time, a workout template and start at login, presses Finish; the config is written, the
daemon started, and Today shows the next reminder. Real GTK under Xvfb, AT-SPI and the pointer."""

import re
import time

from conftest import stop_started_daemon, wait_until


def test_first_run_from_no_config_to_today_with_the_next_reminder(daemon, window, env, cli, record_timing):
    env.config_file.unlink()  # no config of the user's, and env's XDG_CONFIG_DIRS holds none either
    window.launch()
    window.wait_for_text(r"^Welcome to gymbell$")
    assert daemon.name_owner() is None
    window.click_node("push button", "Saturday")  # the pointer: the weekend on too (Mon–Fri are preset)
    window.act("push button", "Sunday")  # AT-SPI
    target = (int(time.time()) // 60 + 121) * 60  # about two hours ahead (UTC), on a whole minute
    hour, minute = time.gmtime(target).tm_hour, time.gmtime(target).tm_min
    window.set_value("Reminder hour", hour)
    window.set_value("Reminder minute", minute)
    window.click_node("check box", "Pull Day")  # the pointer (GTK 4.8 gives check buttons no AT-SPI action)
    window.click("Finish the welcome")
    finished = time.monotonic()
    owner = wait_until(daemon.name_owner, 15, what="the welcome to start the daemon")
    try:
        window.wait_for_text(r"^Pull Day$", timeout=15)  # Today: the reminder names the chosen workout
        record_timing("welcome Finish to Today readable over AT-SPI (daemon started)", time.monotonic() - finished)
        window.wait_for_text(rf"(today|tomorrow) at {hour:02}:{minute:02}$")
        text = env.config_file.read_text()
        assert f'time = "{hour:02}:{minute:02}"' in text and "[workouts.pull]" in text
        assert 'days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]' in text
        assert "# " in text  # as commented as the built-in default
        assert (env.config_home / "autostart" / "io.github.gymbell.Gymbell.desktop").is_file()  # start at login
        upcoming = cli("upcoming", "--days", "2")
        assert f"{hour:02}:{minute:02}" in upcoming.stdout, upcoming.stdout
    finally:
        stop_started_daemon(env, daemon, owner)


def test_a_window_with_a_config_file_opens_on_today_not_the_welcome(daemon, window):
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    assert not [t for t in window.texts() if t == "Welcome to gymbell"]


def test_the_welcome_with_a_daemon_already_running_on_the_built_in_default(daemon, window, env):
    env.config_file.unlink()
    daemon.start()  # running on the built-in default: no file anywhere
    window.launch()
    window.wait_for_text(r"^Welcome to gymbell$")
    assert not [n for n in window.showing() if n["role"] == "push button" and n["name"] == "Preferences"]
    window.click_node("check box", "Just reminders")
    window.click_node("check box", "Start gymbell at login")  # off: no autostart entry
    window.click("Finish the welcome")
    window.wait_for_text(r"^Next workout reminder$", timeout=15)
    window.wait_for_text(r"^Time to Workout! 💪$")  # just reminders: no workout named
    text = env.config_file.read_text()
    assert not re.search(r"^\[workouts\.", text, re.M)  # (the default's commented examples aside)
    assert 'days = ["mon", "tue", "wed", "thu", "fri"]' in text
    assert not (env.config_home / "autostart" / "io.github.gymbell.Gymbell.desktop").exists()
    assert window.button("Preferences")
    daemon.restart()  # the file written is the one the daemon reads after a restart
    window.wait_for_text(r"^Next workout reminder$", timeout=15)
