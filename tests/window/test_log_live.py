"""The Log live and grouped, and the Workouts window with the daemon stopped (issue 46, items 6 and 7): each
session is one row that opens to its sets, the page is walked by Tab in few stops, a session logged from
the CLI shows without touching the window (the daemon's Changed signal; nothing polls), and a stopped
daemon shows a banner whose button starts it again while Export CSV and Save correction are insensitive.
Real GTK under Xvfb, the real daemon on a private bus; AT-SPI, xdotool keys and pointer clicks."""

import json
import re
import time

from conftest import stop_started_daemon, wait_until
from test_keyboard import focused, keys
from test_programme import TODAY_PROGRAM, ocr_window, open_session, page

BANNER = "gymbell is not running — reminders and the log wait for it"
EXPORT = "Export the sets as CSV"
SET = "Bench Press, set 1"
SUMMARY = re.compile(r"^today at \d\d:\d\d · 2 sets · 1\u202f[12][28]0 kg · completed$")  # 8 × 80 kg twice, or 6 and 8


def workout(cli, *set_done):
    """One Push Day from the CLI: started, its sets done (`set_done`: the arguments of each), completed."""
    before = len(json.loads(cli("history", "--json").stdout or "[]"))
    assert cli("start", "push").returncode == 0
    for arguments in set_done:
        assert cli("set-done", *arguments).returncode == 0
    wait_until(lambda: len([s for s in json.loads(cli("history", "--json").stdout) if s["outcome"] == "completed"]) > before
               if set_done else True, 15, what="the workout to be completed")


def rows(window):
    """The session rows showing on the Log: the list items titled Push Day with extents."""
    return [n for n in window.showing() if n["role"] == "list item" and n["name"] == "Push Day"
            and n.get("extents", [0, 0, 0, 0])[2] > 0]


def sets_in_sight(window):
    """The rows of the sets of an opened session."""
    return [n for n in window.showing() if n["role"] == "list item" and n["name"] == SET and n.get("extents", [0, 0, 0, 0])[2] > 0]


def summaries(window):
    return [t for t in window.texts() if SUMMARY.match(t)]


def sensitive(window, role, name):
    """Whether the node of `role` named `name` takes input (AT-SPI's SENSITIVE), shown or in a closed row."""
    return wait_until(lambda: next((n for n in window.tree() if n["role"] == role and n["name"] == name), None), 10,
                      interval=0.2, what=f"a {role} named {name!r}")["sensitive"]


def test_three_sessions_are_three_rows_that_open_to_their_sets_and_tab_walks_them_in_few_stops(daemon, window, write_config, cli):
    write_config(TODAY_PROGRAM)
    daemon.start()
    for _ in range(3):
        workout(cli, (), ())
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    window.press("Workouts and programme")
    page(window, "Log")
    wait_until(lambda: len(summaries(window)) == 3, 10, interval=0.2, what="three session rows with their summary")
    assert not sets_in_sight(window), "a set in sight before its session was opened"
    open_session(window, "Push Day")
    wait_until(lambda: sets_in_sight(window), 10, interval=0.2, what="the first session's sets in sight")
    window.click_node("list item", "Push Day")  # closed again: Tab walks closed rows

    # The focus on the row clicked; Shift+Tab to the page's first button, "Open report", then Tab on to its
    # last, "Restore…": every session and button on the way, in few stops.
    wait_until(lambda: focused(window) == ("list item", "Push Day"), 5, interval=0.1, what="the focus on the row clicked")
    keys(window, "shift+Tab")
    seen = [wait_until(lambda: (lambda f: f if f != ("list item", "Push Day") else None)(focused(window)), 5, interval=0.1,
                       what="the focus to leave the first row")]
    for _ in range(15):
        if seen[-1] == ("push button", "Restore a backup"):
            break
        keys(window, "Tab")
        time.sleep(0.15)
        seen.append(wait_until(lambda: focused(window), 5, interval=0.1, what="a focused node"))
    assert seen[0] == ("push button", "Open report") and seen[-1] == ("push button", "Restore a backup"), seen
    assert len([s for s in seen if s == ("list item", "Push Day")]) == 3, seen
    for button in ("Import a training log", EXPORT, "Back up the whole state"):
        assert ("push button", button) in seen, seen
    assert len(seen) <= 12, f"{len(seen)} Tab stops over the Log page with 3 sessions: {seen}"
    print(f"\nTab stops: {len(seen)} over the Log page with 3 sessions: {seen}")


def test_a_session_logged_from_the_cli_shows_on_the_open_log_by_itself(daemon, window, write_config, cli):
    write_config(TODAY_PROGRAM)
    daemon.start()
    workout(cli, (), ())
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    window.press("Workouts and programme")
    page(window, "Log")
    wait_until(lambda: len(summaries(window)) == 1, 10, interval=0.2, what="the one session's row")
    open_session(window, "Push Day")
    wait_until(lambda: sets_in_sight(window), 10, interval=0.2, what="the session's sets in sight")
    window.click_node("list item", SET)
    window.set_value(f"Reps of {SET}", 5)  # a correction being typed, not saved
    began = time.monotonic()
    assert cli("start", "push").returncode == 0
    assert cli("set-done", "--reps", "6").returncode == 0
    running = wait_until(lambda: next((t for t in window.texts() if re.match(r"^today at \d\d:\d\d · 1 set · 480 kg · running$", t)), None),
                         15, interval=0.2, what="the running session's row with its one set")
    shown_after = time.monotonic() - began
    assert len(rows(window)) >= 2, rows(window)
    assert cli("set-done").returncode == 0
    wait_until(lambda: len(summaries(window)) == 2, 15, interval=0.2, what="the second session completed on the page")
    assert running not in window.texts()
    # The row the person opened stays open: its sets still in sight.
    assert sets_in_sight(window), "the opened session closed when the page was read again"
    typed = [n.get("text") for n in window.tree() if n["role"] == "spin button" and n["name"] == f"Reps of {SET}"]
    assert "5" in typed, f"the correction being typed was lost when the page was read again: {typed}"
    print(f"\nthe running session on the open Log {shown_after:.2f} s after `gymbell start`")


def test_a_stopped_daemon_shows_a_banner_disables_what_needs_it_and_its_button_starts_it(daemon, window, write_config, cli, env):
    write_config(TODAY_PROGRAM)
    daemon.start()
    workout(cli, (), ())
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    window.press("Workouts and programme")
    page(window, "Log")
    open_session(window, "Push Day")
    window.node("push button", f"Save correction of {SET}")
    assert BANNER not in window.texts()
    assert sensitive(window, "push button", EXPORT) and sensitive(window, "push button", f"Save correction of {SET}")

    daemon.kill()  # SIGTERM
    window.wait_for_text(f"^{BANNER}$")
    wait_until(lambda: not sensitive(window, "push button", EXPORT), 10, interval=0.2, what="Export CSV insensitive")
    buttons = {n["name"]: n["sensitive"] for n in window.tree() if n["role"] == "push button"}
    for name in (f"Save correction of {SET}", "Open report", "Import a training log", "Back up the whole state", "Restore a backup"):
        assert buttons.get(name) is False, (name, buttons)
    screen = ocr_window(window, "log-banner", height=160)  # under the header bar, on screen
    assert "gymbell is not running — reminders and the log" in screen, screen  # (white on blue: read by AT-SPI only)
    page(window, "Weights")
    window.wait_for_text(f"^{BANNER}$")  # over every page
    page(window, "Log")

    window.click("Start gymbell")
    owner = wait_until(daemon.name_owner, 15, what="the banner's button to start a daemon")
    try:
        wait_until(lambda: BANNER not in window.texts(), 15, interval=0.2, what="the banner to go")
        wait_until(lambda: sensitive(window, "push button", EXPORT), 10, interval=0.2, what="Export CSV sensitive again")
        assert sensitive(window, "push button", f"Save correction of {SET}")
        # And it works again: a correction saved reaches the log.
        window.click_node("list item", SET)
        window.set_value(f"Reps of {SET}", 7)
        window.click(f"Save correction of {SET}")
        wait_until(lambda: [s["reps"] for s in json.loads(cli("history", "--sets", "--json").stdout)][:1] == [7], 15,
                   what="the correction in the log")
    finally:
        stop_started_daemon(env, daemon, owner)
