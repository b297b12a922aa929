"""A logged set corrected in the window (issue 30, item 4): the Log page of the Workouts window opens
a set, its reps typed on the keyboard into their spin button (fewer than planned), its weight set through
AT-SPI, its failed switch turned off with a pointer click (else fewer reps count as failed), "Save correction" clicked; `gymbell history --sets` and the best
sets (the bus's Records, what the report shows) follow, read again after the daemon restarted. Real
GTK under Xvfb, the real daemon on a private bus; AT-SPI, pointer, keyboard and OCR."""

import json

import dbus

from conftest import wait_until
from test_programme import TODAY_PROGRAM, ocr_window, open_session, page

SET = "Bench Press, set 1"


def logged(cli):
    r = cli("history", "--sets", "--json")
    assert r.returncode == 0, r.stderr
    return [(s["exercise"], s["set"], s["reps"], s["weight"], s["failed"]) for s in json.loads(r.stdout)]


def heaviest(env):
    bus = env.connect()
    try:
        gymbell = dbus.Interface(bus.get_object("io.github.gymbell.Gymbell", "/io/github/gymbell/Gymbell", introspect=False),
                                 "io.github.gymbell.Gymbell1")
        bests = json.loads(str(gymbell.Records()))["bests"]
    finally:
        bus.close()
    return {b["exercise"]: (b["heaviest"]["reps"], b["heaviest"]["weight"]) for b in bests}


def test_a_set_corrected_on_the_log_page_and_the_log_and_records_follow(daemon, window, write_config, cli, env):
    write_config(TODAY_PROGRAM)
    daemon.start()
    assert cli("start", "push").returncode == 0
    assert cli("set-done", "--reps", "7").returncode == 0   # one short: failed
    assert cli("set-done").returncode == 0
    wait_until(lambda: "completed" in cli("history").stdout, 15, what="the workout to be completed")
    assert logged(cli) == [("Bench Press", 1, 7, 80, True), ("Bench Press", 2, 8, 80, False)]
    assert heaviest(env) == {"Bench Press": (8, 80)}

    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    window.press("Workouts and programme")
    page(window, "Log")
    open_session(window, "Push Day")  # one row a session (issue 46), opened to its sets
    window.wait_for_text(r"^7 × 80 kg — failed$")
    # The set opens with a pointer click on its row; its controls come into sight.
    window.click_node("list item", SET)
    reps = wait_until(lambda: (lambda n: n if n["extents"][2] > 0 and n["extents"][1] > 0 else None)(
        window.node("spin button", f"Reps of {SET}")), 10, interval=0.2, what="the reps spin button in sight")
    # The reps typed on the keyboard; the weight set through AT-SPI, as a screen reader can.
    x, y, w, h = reps["extents"]
    window.display.click(x + w // 2, y + h // 2)
    window.display.xdotool("key", "--clearmodifiers", "ctrl+a")
    window.display.xdotool("type", "--delay", "15", "6", timeout=30)
    window.display.xdotool("key", "Tab")
    window.set_value(f"Weight of {SET} in kg", 85)
    window.click_node("switch" if any(n["role"] == "switch" for n in window.showing()) else "check box", f"{SET} failed")
    screen = ocr_window(window, "log-correcting")
    assert "Correct this set" in screen and "Weight in kg" in screen, screen  # on screen, read by OCR
    window.click(f"Save correction of {SET}")
    # 6 reps of 8 planned would count as failed; the switch said it was not (it was the plan for today).
    window.wait_for_text(r"^6 × 85 kg$")          # the page read the log again
    assert logged(cli) == [("Bench Press", 1, 6, 85, False), ("Bench Press", 2, 8, 80, False)]
    assert heaviest(env) == {"Bench Press": (6, 85)}
    assert "7 × 80 kg — failed" not in window.texts()

    # Saved with nothing changed: said so, nothing written.
    window.click_node("list item", SET)
    window.click(f"Save correction of {SET}")
    window.wait_for_text(r"^Nothing to correct: the set is as logged\.$")

    daemon.restart()
    assert logged(cli) == [("Bench Press", 1, 6, 85, False), ("Bench Press", 2, 8, 80, False)]
    assert heaviest(env) == {"Bench Press": (6, 85)}
