"""The window driven by the keyboard alone (issue 46): the first run from the welcome to Today with Tab,
the arrow keys, Space and Enter, no pointer and no AT-SPI action; the app frame's shortcuts. Real GTK
under Xvfb, xdotool keys, read back through AT-SPI."""

import os
import subprocess
import time

from conftest import stop_started_daemon, wait_until


def keys(window, *names):
    subprocess.run(["xdotool", "key", "--delay", "60", *names], check=True, timeout=20,
                   env=dict(os.environ, DISPLAY=window.display.name))


def type_text(window, text):
    subprocess.run(["xdotool", "type", "--delay", "60", text], check=True, timeout=20,
                   env=dict(os.environ, DISPLAY=window.display.name))


def focused(window):
    """(role, name) of the node with the keyboard's focus, or None."""
    node = next((n for n in window.showing() if n.get("focused")), None)
    return (node["role"], node["name"]) if node else None


def move_focus(window, key, name, tries=30):
    """Presses `key` until the focus is on the node named `name`; every stop on the way is kept, so
    that a trap (the focus staying put) shows in the failure."""
    seen = [focused(window)]
    for _ in range(tries):
        if seen[-1] and seen[-1][1] == name:
            return seen
        keys(window, key)
        time.sleep(0.15)
        seen.append(wait_until(lambda: focused(window), 5, interval=0.1, what="a focused node"))
        if len(seen) > 4 and len(set(seen[-4:])) == 1:
            break  # four presses, no move: trapped
    assert seen[-1] and seen[-1][1] == name, f"{key} never reached {name!r}; the focus went {seen}"
    return seen


def test_the_first_run_by_keyboard_alone_to_today(daemon, window, env, cli):
    """Tab through the welcome: the weekend on with Space, the time typed, the equipment and one
    workout chosen with the arrow keys, start at login off with Space, Finish with Enter."""
    env.config_file.unlink()
    window.launch()
    window.wait_for_text(r"^Welcome to gymbell$")
    move_focus(window, "Tab", "Saturday")
    keys(window, "space")
    move_focus(window, "Tab", "Sunday")
    keys(window, "space")
    target = (int(time.time()) // 60 + 121) * 60  # about two hours ahead (UTC), on a whole minute
    hour, minute = time.gmtime(target).tm_hour, time.gmtime(target).tm_min
    move_focus(window, "Tab", "Reminder hour")
    keys(window, "ctrl+a")
    type_text(window, f"{hour}")
    move_focus(window, "Tab", "Reminder minute")
    keys(window, "ctrl+a")
    type_text(window, f"{minute}")
    move_focus(window, "Tab", "Nothing but a mat")  # the equipment's group: the chosen one takes the focus
    move_focus(window, "Down", "Barbell and plates")  # an arrow moves the choice within the group (two a row)
    wait_until(lambda: window.node("check box", "Pull Day"), 5, what="the barbell's workouts offered")
    move_focus(window, "Tab", "Proposed week")  # the workouts' group
    path = move_focus(window, "Down", "Pull Day")
    assert ("check box", "Push Day") in path  # Down walks the group, it does not stick on Push Day
    move_focus(window, "Tab", "Start gymbell at login")
    keys(window, "space")  # off
    move_focus(window, "Tab", "Finish the welcome")
    keys(window, "Return")
    owner = wait_until(daemon.name_owner, 15, what="the welcome to start the daemon")
    try:
        window.wait_for_text(r"^Pull Day$", timeout=15)
        window.wait_for_text(rf"(today|tomorrow) at {hour:02}:{minute:02}$")
        text = env.config_file.read_text()
        assert f'time = "{hour:02}:{minute:02}"' in text and "[workouts.pull]" in text
        assert 'days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]' in text
        assert not (env.config_home / "autostart" / "io.github.gymbell.Gymbell.desktop").exists()
        assert f"{hour:02}:{minute:02}" in cli("upcoming", "--days", "2").stdout
    finally:
        stop_started_daemon(env, daemon, owner)
