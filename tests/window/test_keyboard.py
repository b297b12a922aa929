"""The window driven by the keyboard alone (issue 46): the first run from the welcome to Today with Tab,
the arrow keys, Space and Enter, no pointer and no AT-SPI action; the app frame's shortcuts. Real GTK
under Xvfb, xdotool keys, read back through AT-SPI."""

import time

from conftest import stop_started_daemon, wait_until


def keys(window, *names):
    window.display.xdotool("key", "--delay", "60", *names, timeout=20)


def type_text(window, text):
    window.display.xdotool("type", "--delay", "60", text, timeout=20)


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


def top_windows(window):
    """The names of the window's top-level windows that are open (mapped) now."""
    return {n["name"] for n in window.tree() if n["role"] in ("frame", "window", "dialog") and n.get("visible")}


def wait_open(window, name, open_=True):
    wait_until(lambda: (name in top_windows(window)) == open_, 10, interval=0.2,
               what=f"the window {name!r} to {'open' if open_ else 'close'} (open: {top_windows(window)})")


def test_the_app_frame_answers_the_standard_keys_and_its_primary_menu(daemon, window, env):
    """F10 opens the primary menu (Preferences, Keyboard Shortcuts, About gymbell); Ctrl+comma the
    Preferences and Ctrl+W closes them; Ctrl+? the keyboard shortcuts; F1 About gymbell; Ctrl+Q quits
    (the daemon keeps running); Ctrl+W on the main window closes it, which ends the app too. Without a
    window manager the keyboard follows the pointer: it rests over the windows (all at 0,0)."""
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    window.display.move(120, 160)
    keys(window, "F10")
    items = wait_until(lambda: {n["name"] for n in window.showing() if n["role"] != "push button"
                                and n["name"] in ("Preferences", "Keyboard Shortcuts", "About gymbell")
                                and n.get("extents", [0, 0, 0, 0])[2] > 0} or None, 10, interval=0.2, what="the primary menu")
    wait_until(lambda: len({n["name"] for n in window.showing() if n["role"] == "menu item"} & {
        "Preferences", "Keyboard Shortcuts", "About gymbell"}) == 3, 10, interval=0.2, what=f"the menu's three items (seen {items})")
    keys(window, "Escape")
    wait_until(lambda: not [n for n in window.showing() if n["role"] == "menu item" and n["name"] == "About gymbell"
                            and n.get("extents", [0, 0, 0, 0])[2] > 0], 10, interval=0.2, what="the menu to close")
    keys(window, "ctrl+comma")
    wait_open(window, "Preferences")
    window.wait_for_text(r"^Learn the time$")
    keys(window, "ctrl+w")
    wait_open(window, "Preferences", False)
    keys(window, "ctrl+question")
    wait_open(window, "Keyboard Shortcuts")
    window.wait_for_text(r"^Open the main menu$")
    keys(window, "ctrl+w")
    wait_open(window, "Keyboard Shortcuts", False)
    keys(window, "F1")
    window.wait_for_text(r"^0\.1\.0$")  # About gymbell: its version
    assert "Workout reminders for the Linux desktop" in window.texts()
    keys(window, "ctrl+w")
    wait_until(lambda: "0.1.0" not in window.texts(), 10, interval=0.2, what="About to close")
    assert window.proc.poll() is None  # the main window stays
    keys(window, "ctrl+q")
    assert window.proc.wait(timeout=10) == 0
    assert daemon.name_owner() is not None  # quitting the window leaves the daemon running
    second = window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    keys(window, "ctrl+w")  # the main window closed: the app ends
    assert second.wait(timeout=10) == 0
