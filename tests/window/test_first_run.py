"""The first run: no config file anywhere, no daemon. The window opens on its welcome; the person picks
the days, the time, what they train with, a proposed week or one workout template, and start at login,
presses Finish; the config is written, the daemon started, and Today shows the next reminder. Real GTK
under Xvfb, AT-SPI, the pointer and the keyboard."""

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
    window.click_node("check box", "Barbell and plates")  # what one trains with: Push, Pull and Legs offered
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


def keys(window, *names):
    window.display.xdotool("key", *names)


def week_text(window):
    return next((t for t in window.texts() if t.startswith("Mon: ")), None)


def test_the_welcome_proposes_a_week_from_what_one_trains_with_chosen_by_keyboard(daemon, window, env, cli):
    """Issue 44: nothing but a mat proposes circuit, 7-minute and Tabata with mobility between; the
    keyboard alone (arrow keys in the group) chooses dumbbells, and the week follows; Finish writes it."""
    env.config_file.unlink()
    window.launch()
    window.wait_for_text(r"^Welcome to gymbell$")
    assert week_text(window) == ("Mon: Full-body circuit · Tue: Mobility flow · Wed: 7-minute workout · "
                                 "Thu: Mobility flow · Fri: Tabata"), window.texts()
    shown = {n["name"] for n in window.showing() if n["role"] == "check box"}
    assert {"Proposed week", "Full-body circuit", "7-minute workout", "Tabata", "Mobility flow", "Just reminders"} <= shown
    assert not shown & {"Push Day", "Dumbbell full body"}, shown  # other equipment's workouts are not offered
    # The pointer puts the focus in the group; from there the keyboard alone.
    window.click_node("check box", "Nothing but a mat")
    wait_until(lambda: next((n for n in window.showing() if n["name"] == "Nothing but a mat" and n["focused"]), None), 5,
               what="the focus on 'Nothing but a mat'")
    keys(window, "Right")  # the next of the group, Dumbbells, focused and chosen
    wait_until(lambda: (week_text(window) or "").startswith("Mon: Dumbbell full body"), 5, interval=0.2,
               what="the week proposed for dumbbells")
    assert week_text(window) == ("Mon: Dumbbell full body · Tue: Mobility flow · Wed: 7-minute workout · "
                                 "Thu: Mobility flow · Fri: Dumbbell full body")
    assert window.node("check box", "Dumbbell full body")
    window.act("push button", "Friday")  # a training day fewer: the week follows
    wait_until(lambda: week_text(window) and "Fri" not in week_text(window), 5, interval=0.2, what="the week without Friday")
    window.click("Finish the welcome")
    owner = wait_until(daemon.name_owner, 15, what="the welcome to start the daemon")
    try:
        text = env.config_file.read_text()
        for line in ('mon = "dumbbells"', 'tue = "mobility"', 'wed = "seven_minute"', 'thu = "mobility"',
                     "[workouts.dumbbells]", "[workouts.mobility]", "[workouts.seven_minute]"):
            assert re.search(rf"^{re.escape(line)}$", text, re.M), line
        assert "[workouts.circuit]" not in text
        assert cli("config", "check", str(env.config_file)).returncode == 0
    finally:
        stop_started_daemon(env, daemon, owner)
