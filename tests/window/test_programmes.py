"""Several programmes in the window (issue 47): a strength programme and a running plan both planning a
workout today — Today names both, each with its own Start button, and the second starts by the pointer;
the Programme page lists the running plan with its days and weeks in words, and a day changed there is
written into its [programs.running] table and planned by the daemon. Real GTK under Xvfb, the real daemon
on a private bus (TZ=UTC), AT-SPI and the pointer."""

import json
import time

from conftest import wait_until
from workout_config import WEEKDAYS, push_workout, weekday

RUNS = ('[workouts.easy_run]\ntitle = "Easy Run"\nkind = "walkrun"\nrun = "5m"\nwalk = "1m"\nrepeats = 4\n'
        '[workouts.long_run]\ntitle = "Long Run"\nkind = "walkrun"\nrun = "10m"\nwalk = "1m"\nrepeats = 6\n')
DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]  # WEEKDAYS' order
# The Workouts window's page between its header bar and its page switcher (no window manager: it sits at 0,0).
PAGE_TOP, PAGE_BOTTOM = 60, 620


def away_from_midnight():
    left = 86400 - time.time() % 86400  # TZ=UTC: "today" must not change under the test
    if left < 120:
        time.sleep(left + 1)


def day_text(seconds):
    """"26 Nov 2026": how the window writes a date in English."""
    t = time.gmtime(seconds)
    return f"{t.tm_mday} {time.strftime('%b', t)} {t.tm_year}"


def two_programmes():
    """[program] plans Push Day today; [programs.running] Easy Run today and Long Run in two days, in the
    second of its two weeks. Returns the config text and the running plan's start day in words."""
    start = time.time() - 7 * 86400
    config = (f'[program]\n{weekday()} = "push"\n\n'
              f'[programs.running]\ntitle = "Running plan"\n{weekday()} = "easy_run"\n{weekday(2)} = "long_run"\n'
              f'start = {time.strftime("%Y-%m-%d", time.gmtime(start))}\nweeks = 2\npriority = 2\n\n'
              + push_workout() + RUNS)
    return config, day_text(start)


def page(window, name):
    """The page of the Workouts window named `name` (its view switcher's button), through AT-SPI."""
    switch = wait_until(lambda: next((n for n in window.showing() if n["name"] == name and n["role"] != "label"
                                      and n.get("extents", [0, 0, 0, 0])[2] > 0), None), 10, interval=0.2,
                        what=f"the page switch {name!r}")
    window.act(switch["role"], name)


def in_sight(window, role, name):
    """The node, once the mouse wheel over the window has scrolled it into sight."""
    for _ in range(30):
        node = window.node(role, name)
        x, y, w, h = node["extents"]
        if w > 0 and PAGE_TOP <= y and y + h <= PAGE_BOTTOM:
            return node
        window.display.click(260, 400, button=5 if y + h > PAGE_BOTTOM else 4)
        time.sleep(0.15)
    raise AssertionError(f"{name!r} not scrolled into sight: {window.node(role, name)['extents']}")


def tomorrows(cli):
    """Tomorrow's daily reminder as `gymbell upcoming --json` lists it, or None."""
    r = cli("upcoming", "--days", "3", "--json")
    assert r.returncode == 0, r.stderr
    tomorrow = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 86400))
    return next((e for e in json.loads(r.stdout) if e["kind"] == "daily" and e["due"].startswith(tomorrow)), None)


def test_today_offers_both_workouts_and_the_second_starts(daemon, window, write_config, cli):
    away_from_midnight()
    config, _ = two_programmes()
    write_config(config)
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Push Day and Easy Run$")  # the headline names both
    buttons = {n["name"] for n in window.showing() if n["role"] == "push button"}
    assert {"Start Push Day", "Start Easy Run", "Start Long Run"} <= buttons, buttons
    assert window.button("Start Push Day") and window.button("Start Easy Run")
    # Long Run is not today's: it is among the other workouts, not beside the Start buttons.
    starts = sorted((n["extents"][1], n["name"]) for n in window.showing() if n["role"] == "push button"
                    and n["name"].startswith("Start "))
    assert [name for _, name in starts][:2] == ["Start Push Day", "Start Easy Run"], starts
    window.click("Start Easy Run")  # the pointer on the second workout's own button
    session = wait_until(lambda: json.loads(cli("status", "--json").stdout)["session"], 10, what="a session")
    assert session["title"] == "Easy Run" and session["kind"] == "walkrun", session
    assert cli("stop").returncode == 0


def test_the_programme_page_lists_the_running_plan_and_changes_its_day(daemon, window, write_config, cli):
    away_from_midnight()
    config, start = two_programmes()
    path = write_config(config)
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Push Day and Easy Run$")
    window.click("Workouts and programme")
    page(window, "Programme")
    days = sorted([(weekday(), "Easy Run"), (weekday(2), "Long Run")], key=lambda d: WEEKDAYS.index(d[0]))
    in_words = ", ".join(f"{day.capitalize()}: {title}" for day, title in days)  # "Mon: Easy Run, Wed: Long Run"
    window.wait_for_text("^" + in_words + "$")
    window.wait_for_text(rf"^Week 2 of 2, from {start}$")
    assert window.node("combo box", f"Running plan {DAY_NAMES[WEEKDAYS.index(weekday())]}")
    assert not [t for t in window.texts() if "programs" in t or "[" in t]  # no TOML paths

    # Tomorrow gets Long Run too: the running plan's own row for that day opened with the pointer.
    assert (tomorrows(cli) or {}).get("workout") != "long_run"
    tomorrow = DAY_NAMES[WEEKDAYS.index(weekday(1))]
    x, y, w, h = in_sight(window, "combo box", f"Running plan {tomorrow}")["extents"]
    def long_runs():
        return {tuple(n["extents"]) for n in window.showing() if n["role"] == "label" and n.get("text") == "Long Run"
                and n["extents"][2] > 0}
    before = long_runs()  # the other day's row and Today's button say it too: the list's item is the new one
    window.display.click(x + w // 2, y + h // 2)
    wait_until(lambda: long_runs() - before, 10, interval=0.2, what="Long Run in the open list")
    # The open list's items are reported ~70 px off to the side (GTK 4.8): chosen with the keyboard, from
    # the item chosen now (Rest day) down past Easy Run to Long Run.
    window.display.xdotool("key", "Down", "Down", "Return")

    wait_until(lambda: f'{weekday(1)} = "long_run"' in path.read_text(), 10, what="the day in config.toml")
    text = path.read_text()
    running = text[text.index("[programs.running]"):text.index("[workouts.push]")]
    assert f'{weekday(1)} = "long_run"' in running, text
    assert text.startswith(f'[program]\n{weekday()} = "push"\n\n'), text  # [program] as it was
    check = cli("config", "check")
    assert check.returncode == 0, check.stdout + check.stderr

    # The daemon's watcher reloads the file: tomorrow's reminder now names Long Run.
    entry = wait_until(lambda: (lambda e: e if e and e["workout"] == "long_run" else None)(tomorrows(cli)), 15,
                       what="tomorrow's reminder planning Long Run")
    assert entry["workout"] == "long_run", entry
    window.wait_for_text("^" + ", ".join(
        f"{day.capitalize()}: {title}" for day, title in sorted(days + [(weekday(1), "Long Run")], key=lambda d: WEEKDAYS.index(d[0])))
        + "$")


def test_a_programme_is_added_by_keyboard_planned_put_after_and_removed(daemon, window, write_config, cli):
    """A running plan added by its title (typed, Enter), given tomorrow's Easy Run, put after [program] with
    its priority, then removed once asked: each read back from config.toml and from the daemon's plan."""
    away_from_midnight()
    # [program] trains Push Day today and tomorrow, after anything of priority 1 to 4.
    path = write_config(f'[program]\n{weekday()} = "push"\n{weekday(1)} = "push"\npriority = 5\n\n' + push_workout() + RUNS)
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Push Day$")
    window.click("Workouts and programme")
    page(window, "Programme")

    x, y, w, h = in_sight(window, "text", "Title of the new programme")["extents"]
    window.display.click(x + w // 2, y + h // 2)
    window.display.xdotool("type", "--delay", "15", "Running plan", timeout=30)
    wait_until(lambda: window.node("text", "Title of the new programme").get("text") == "Running plan", 5, what="the title typed")
    window.display.xdotool("key", "Return")
    wait_until(lambda: "[programs.running_plan]" in path.read_text(), 10, what="the new table in config.toml")
    assert '\n[programs.running_plan]\ntitle = "Running plan"\n' in path.read_text(), path.read_text()
    window.wait_for_text(r"^No days yet$")  # its group, planning nothing yet

    # Tomorrow's Easy Run: the plan's row opened with the pointer, the item chosen with the keyboard.
    tomorrow = DAY_NAMES[WEEKDAYS.index(weekday(1))]
    x, y, w, h = in_sight(window, "combo box", f"Running plan {tomorrow}")["extents"]
    window.display.click(x + w // 2, y + h // 2)
    time.sleep(1)
    window.display.xdotool("key", "Down", "Return")  # Rest day → Easy Run
    wait_until(lambda: f'{weekday(1)} = "easy_run"' in path.read_text(), 10, what="the day in config.toml")
    # Priority 1 (new) comes before [program]'s 5: tomorrow's reminder names Easy Run first.
    entry = wait_until(lambda: (lambda e: e if e and e["workout"] == "easy_run" else None)(tomorrows(cli)), 15,
                       what="tomorrow's reminder planning Easy Run")
    assert entry["workout"] == "easy_run", entry

    window.set_value("Running plan: priority", 9)
    wait_until(lambda: "priority = 9" in path.read_text(), 10, what="the priority in config.toml")
    text = path.read_text()
    assert text[text.index("[programs.running_plan]"):] == (
        f'[programs.running_plan]\ntitle = "Running plan"\n{weekday(1)} = "easy_run"\npriority = 9\n'), text
    assert text.startswith(f'[program]\n{weekday()} = "push"\n{weekday(1)} = "push"\npriority = 5\n'), text
    check = cli("config", "check")
    assert check.returncode == 0, check.stdout + check.stderr
    entry = wait_until(lambda: (lambda e: e if e and e["workout"] == "push" else None)(tomorrows(cli)), 15,
                       what="tomorrow's reminder planning Push Day first")
    assert entry["workout"] == "push", entry

    # Its title changed in its own field (named for a screen reader by the programme): the table keeps its name.
    assert window.node("text", "Title of the new programme").get("text") == ""  # emptied once added
    field = in_sight(window, "text", "Running plan Title")
    assert field.get("text") == "Running plan", field
    x, y, w, h = field["extents"]
    window.display.click(x + w // 2, y + h // 2)
    window.display.xdotool("key", "--clearmodifiers", "ctrl+a", timeout=30)
    window.display.xdotool("type", "--delay", "15", "Runs", timeout=30)
    window.display.xdotool("key", "Return")
    wait_until(lambda: 'title = "Runs"' in path.read_text(), 10, what="the new title in config.toml")
    assert "[programs.running_plan]" in path.read_text()

    window.press("Remove Runs")
    window.answer("Remove")
    wait_until(lambda: "programs" not in path.read_text(), 10, what="the table gone from config.toml")
    text = path.read_text()
    assert "Runs" not in text and "[workouts.easy_run]" in text, text
    assert text.startswith(f'[program]\n{weekday()} = "push"\n{weekday(1)} = "push"\npriority = 5\n'), text
    assert cli("config", "check").returncode == 0
    # The daemon reloads the file: nothing plans Easy Run any more.
    wait_until(lambda: (lambda r: r.returncode == 0 and "easy_run" not in r.stdout)(cli("upcoming", "--days", "3", "--json")), 15,
               what="upcoming without Easy Run")
    wait_until(lambda: not [t for t in window.texts() if t == "No days yet" or "Easy Run" in t and ":" in t], 10,
               what="the plan's group gone")
