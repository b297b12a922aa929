"""Preferences as a person uses them: a setting changed through the accessibility tree and the pointer
reaches the daemon through the config file (it watches the file); the file's comments survive; a file
with mistakes is shown and never overwritten; a file changed on disk while the window is open keeps
both changes. Real GTK under Xvfb, the real daemon on a private bus (TZ=UTC), AT-SPI and pointer."""

import json
import time

from conftest import wait_until
from gymbell_e2e_harness import parse_instant

ALL_DAYS = '[reminders]\ntime = "18:00"\ndays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]\n'

COMMENTED = """# My gym plan — written by hand.
# Keep these comments!

[reminders]
# when the reminder comes
time = "18:00"   # after work
days = ["mon", "wed", "fri"]  # three days a week

# snoozing
snooze_minutes = 30   # half an hour

[sound]
enabled = true  # I like the bell
"""


def open_preferences(window):
    window.wait_for_text(r"^Next workout reminder$")
    window.click("Preferences")
    window.node("spin button", "Reminder hour")


def upcoming_daily(cli):
    r = cli("upcoming", "--days", "2", "--json")
    assert r.returncode == 0, r.stderr
    return [parse_instant(e["due"]) for e in json.loads(r.stdout) if e["kind"] == "daily"]


def test_a_time_set_in_preferences_reaches_upcoming_within_a_second(daemon, window, write_config, cli, record_timing):
    path = write_config(ALL_DAYS)
    daemon.start()
    window.launch()
    open_preferences(window)
    target = (int(time.time()) // 60 + 121) * 60  # a whole minute about two hours ahead (UTC)
    hour, minute = time.gmtime(target).tm_hour, time.gmtime(target).tm_min
    window.set_value("Reminder hour", hour)  # through AT-SPI, as a screen reader sets a spin button
    window.set_value("Reminder minute", minute)
    written = time.monotonic()
    while not (upcoming_daily(cli) and upcoming_daily(cli)[0] == target):
        assert time.monotonic() - written < 1.0, f"upcoming did not show {hour:02}:{minute:02} within a second"
        time.sleep(0.02)
    record_timing("preference set to upcoming showing it", time.monotonic() - written)
    assert f'time = "{hour:02}:{minute:02}"' in path.read_text()

    window.act("check box", "Private mode")  # a switch, toggled through AT-SPI
    wait_until(lambda: "private = true" in path.read_text(), 5, what="private = true in the file")
    window.act("check box", "Lower other audio while it plays")  # issue 47: other audio makes room for the sound
    wait_until(lambda: 'duck = "30%"' in path.read_text(), 5, what='duck = "30%" in the file')
    window.act("check box", "Pause media players instead")  # … or its media players paused (MPRIS)
    wait_until(lambda: 'duck = "pause"' in path.read_text(), 5, what='duck = "pause" in the file')
    window.click_node("push button", "Sunday")  # a weekday, with the pointer
    wait_until(lambda: '"sun"' not in path.read_text(), 5, what="Sunday off in the file")
    assert 'days = ["mon", "tue", "wed", "thu", "fri", "sat"]' in path.read_text()
    assert cli("config", "check", str(path)).returncode == 0, "what the window wrote reads back"
    daemon.restart()  # what was written is what the daemon reads after a restart
    assert upcoming_daily(cli)[0] == target or time.gmtime(target).tm_wday == 6
    window.wait_for_text(r"^Next workout reminder$")


def test_a_hand_commented_config_keeps_every_comment_after_three_edits(daemon, window, write_config):
    path = write_config(COMMENTED)
    daemon.start()
    window.launch()
    open_preferences(window)
    window.set_value("Snooze minutes", 45)
    wait_until(lambda: "snooze_minutes = 45" in path.read_text(), 5, what="snooze 45 in the file")
    window.act("push button", "Monday")  # Monday off
    wait_until(lambda: '"mon"' not in path.read_text(), 5, what="Monday off in the file")
    window.act("check box", "Play a sound")  # the sound off
    wait_until(lambda: "enabled = false" in path.read_text(), 5, what="the sound off in the file")
    expected = (COMMENTED.replace("snooze_minutes = 30", "snooze_minutes = 45")
                .replace('["mon", "wed", "fri"]', '["wed", "fri"]')
                .replace("enabled = true", "enabled = false"))
    assert path.read_text() == expected


def test_a_broken_config_is_shown_with_its_line_and_column_and_never_overwritten(daemon, window, write_config, env):
    write_config(ALL_DAYS)
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    broken = ALL_DAYS.replace('"18:00"', '"25:00"') + "# mine, half done\n"
    path = env.config_file
    path.write_text(broken)
    window.click("Preferences")
    message = window.wait_for_text(r"config\.toml:2:8: reminders\.time")
    assert str(path) in message
    before = path.read_bytes()
    window.act("check box", "Private mode")  # the controls are off: nothing is written
    window.set_value("Snooze minutes", 10)
    time.sleep(0.5)
    assert path.read_bytes() == before


def test_a_file_changed_on_disk_while_open_keeps_both_changes(daemon, window, write_config):
    path = write_config(COMMENTED)
    daemon.start()
    window.launch()
    open_preferences(window)
    time.sleep(0.1)
    # Another editor changes the file while the Preferences are open…
    path.write_text(COMMENTED.replace("enabled = true  # I like the bell", "enabled = false  # quiet for now"))
    window.set_value("Snooze minutes", 20)  # …and the person changes something else: both stay
    wait_until(lambda: "snooze_minutes = 20" in path.read_text(), 5, what="snooze 20 in the file")
    assert path.read_text() == COMMENTED.replace("enabled = true  # I like the bell", "enabled = false  # quiet for now") \
        .replace("snooze_minutes = 30", "snooze_minutes = 20")


def test_a_change_that_clashes_with_one_on_disk_asks_which_stays(daemon, window, write_config):
    path = write_config(COMMENTED)
    daemon.start()
    window.launch()
    open_preferences(window)
    theirs = COMMENTED.replace("snooze_minutes = 30", "snooze_minutes = 99").replace("# snoozing", "# snoozing, edited")
    path.write_text(theirs)
    window.set_value("Snooze minutes", 20)  # the same key changed on disk: the person is asked
    window.wait_for_text(r"^The config file changed on disk$")
    assert path.read_text() == theirs
    window.answer("Keep mine")
    wait_until(lambda: "snooze_minutes = 20" in path.read_text(), 5, what="snooze 20 in the file")
    assert path.read_text() == theirs.replace("snooze_minutes = 99", "snooze_minutes = 20")
    # The other answer keeps the file's change and shows it.
    path.write_text(theirs)
    window.set_value("Snooze minutes", 25)
    window.wait_for_text(r"^The config file changed on disk$")
    window.answer("Keep the file's")
    time.sleep(0.5)
    assert path.read_text() == theirs
    wait_until(lambda: window.node("spin button", "Snooze minutes").get("text") == "99", 5, what="the spin showing 99")


def test_learning_the_time_writes_auto_and_shows_each_weekdays_reminder(daemon, window, write_config, cli):
    path = write_config(ALL_DAYS)
    daemon.start()
    window.launch()
    open_preferences(window)
    window.act("check box", "Learn the time")
    wait_until(lambda: 'time = "auto"' in path.read_text(), 5, what='time = "auto" in the file')
    # Nothing learned yet (no history): each weekday falls back to the fixed time, and says so.
    window.wait_for_text(r"^Monday: 18:00 \(not learned yet\)\nTuesday: 18:00")
    assert json.loads(cli("suggest", "--json").stdout)["auto"] is True
    assert window.node("list item", "Reminder time")["sensitive"] is False  # the fixed time waits


def test_start_at_login_and_the_start_command(daemon, window, write_config, env):
    path = write_config(ALL_DAYS)
    daemon.start()
    window.launch()
    open_preferences(window)
    entry = env.config_home / "autostart" / "io.github.gymbell.Gymbell.desktop"
    assert not entry.exists()
    window.act("check box", "Start at login")  # runs `gymbell autostart enable`
    wait_until(entry.is_file, 10, what="the autostart entry")
    window.act("check box", "Start at login")  # `gymbell autostart disable`
    wait_until(lambda: not entry.exists(), 10, what="the autostart entry to go")
    # The start command, typed into its entry (quotes keep a space) and applied with Enter.
    window.display.click(200, 300, button=5, repeat=30)  # the wheel, down to the last group
    wait_until(lambda: 0 < window.node("text", "Command run at a workout's start")["extents"][1] < 600, 5,
               what="the start command's entry scrolled into view")
    window.click_node("text", "Command run at a workout's start")
    window.display.xdotool("type", "--delay", "20", "notify-send 'Leg day'", timeout=20)
    window.display.xdotool("key", "Return")
    wait_until(lambda: 'start_command = ["notify-send", "Leg day"]' in path.read_text(), 5, what="the start command in the file")


def test_quiet_hours_on_changed_and_off(daemon, window, write_config, cli):
    path = write_config(ALL_DAYS)
    daemon.start()
    window.launch()
    open_preferences(window)
    window.act("check box", "Quiet hours")
    wait_until(lambda: "[quiet_hours]" in path.read_text(), 5, what="[quiet_hours] in the file")
    window.set_value("Quiet until hour", 6)
    wait_until(lambda: 'end = "06:00"' in path.read_text(), 5, what="quiet hours ending at 06:00")
    assert 'start = "22:00"' in path.read_text()
    window.act("check box", "Quiet hours")
    wait_until(lambda: "start =" not in path.read_text(), 5, what="the quiet hours removed")
    assert path.read_text().startswith(ALL_DAYS)
    assert cli("config", "check").returncode == 0


def test_pausing_players_instead_and_back_keeps_the_persons_share(daemon, window, write_config):
    path = write_config(ALL_DAYS + '[sound]\nduck = "50%"\n')
    daemon.start()
    window.launch()
    open_preferences(window)
    window.act("check box", "Pause media players instead")  # issue 47: players paused through MPRIS
    wait_until(lambda: 'duck = "pause"' in path.read_text(), 5, what='duck = "pause" in the file')
    window.act("check box", "Pause media players instead")  # back to lowering: their 50 %, not the standard 30 %
    wait_until(lambda: 'duck = "50%"' in path.read_text(), 5, what='duck = "50%" in the file again')
    window.act("check box", "Lower other audio while it plays")
    wait_until(lambda: "duck = false" in path.read_text(), 5, what="duck = false in the file")
