"""The Progress page of the Workouts window (issue 46, item 5): a short history imported through the real
CLI (a Strong export written by the test: three sessions a week apart), the page opened by a pointer click
on its switcher, each chart's accessible description (what a screen reader says) and the records read
over AT-SPI, the exercise changed by the keyboard, the page read on screen by OCR; `--progress` (the
weekly summary's click) opens the window on the page; with nothing logged, a sentence and no chart.
Real GTK under Xvfb, the real daemon on a private bus. The history stays small: the Log's rows make the
accessibility tree slow to walk."""

import datetime
import re
import time

from conftest import wait_until
from test_keyboard import keys, move_focus
from test_programme import TODAY_PROGRAM, ocr_window

HEADER = "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration"
# Bench Press 5 reps at 60, 66, 72 kg: Epley 70, 77, 84 kg; Squat 5 at 90, 96, 102 kg: 105, 112, 119 kg.
BENCH, SQUAT = (60, 66, 72), (90, 96, 102)


def days_ago(n):
    return datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=n)


def short(day):
    return f"{day.day} {day.strftime('%b')}"


def import_history(cli, tmp_path, days=(21, 14, 7)):
    """Three sessions, 21, 14 and 7 days ago at 10:00 UTC (or `days` ago), imported with `gymbell import`."""
    rows = [HEADER]
    for ago, bench, squat in zip(days, BENCH, SQUAT):
        when = f"{days_ago(ago).isoformat()} 10:00:00"
        rows.append(f'{when};"Push";"Bench Press";1;{bench};kg;5;;;;0;"";"";1h')
        rows.append(f'{when};"Push";"Squat";1;{squat};kg;5;;;;0;"";"";1h')
    path = tmp_path / "strong.csv"
    path.write_text("\n".join(rows) + "\n")
    r = cli("import", str(path), "--time-zone", "UTC")
    assert r.returncode == 0, r.stderr


def description(window, name, pattern):
    regex = re.compile(pattern)
    return wait_until(lambda: next((n["description"] for n in window.showing() if n["name"] == name
                                    and regex.search(n.get("description", ""))), None),
                      15, interval=0.3, what=f"the chart {name!r} saying {pattern!r}")


SWITCH_ROLES = ("toggle button", "push button", "radio button", "page tab")  # the view switcher's, not the page's own node


def click_tab(window, name):
    """A pointer click on the page tab `name`. Two switchers carry the tabs: the header's (narrowed away at
    this width, still in the tree) and the bar at the bottom that shows: the lowest one is clicked."""
    tabs = wait_until(lambda: [n for n in window.showing() if n["name"] == name and n["role"] in SWITCH_ROLES
                               and n.get("extents", [0, 0, 0, 0])[2] > 0], 10, interval=0.2, what=f"the {name} tab")
    x, y, w, h = max(tabs, key=lambda n: n["extents"][1])["extents"]
    window.display.click(x + w // 2, y + h // 2)


def open_progress(window):
    """The Workouts window from the header bar, then its Progress page by a pointer click on its switcher
    (once the window shows its first page: a click before it is drawn goes nowhere)."""
    window.press("Workouts and programme")
    window.wait_for_text(r"^Choose a workout to change it\.$")
    time.sleep(0.5)
    click_tab(window, "Progress")


def test_progress_shows_the_charts_and_records_in_words_and_on_screen(daemon, window, write_config, cli, tmp_path):
    write_config(TODAY_PROGRAM)
    daemon.start()
    import_history(cli, tmp_path)
    window.vars["TZ"] = "UTC"
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    open_progress(window)
    first, last = short(days_ago(21)), short(days_ago(7))

    line = description(window, "Progress chart", r"^Bench Press")
    assert line == f"Bench Press, estimated one-rep max: 70 kg on {first} to 84 kg on {last}, best 84 kg", line
    bars = description(window, "Weekly chart", r"^Bench Press")
    assert re.fullmatch(r"Bench Press, volume per week, last 12 weeks: trained in 3 weeks, the most 360 kg in the week of "
                        r"\d{1,2} \w{3}, this week 0 kg", bars), bars
    calendar = description(window, "Training calendar", r"^Training calendar")
    assert calendar == "Training calendar, last 12 weeks: 3 workouts on 3 days; this week 0", calendar
    window.wait_for_text(rf"^Best set 5 × 72 kg on {last}, estimated one-rep max 84 kg$")
    window.wait_for_text(rf"^Best set 5 × 102 kg on {last}, estimated one-rep max 119 kg$")

    screen = ocr_window(window, "progress-page")
    assert "Your progress" in screen and "estimated one-rep max" in screen, screen

    # The exercise by the keyboard: Tab to the chooser, open it, Down to Squat, Enter.
    move_focus(window, "Tab", "Exercise")
    keys(window, "space")
    time.sleep(0.5)
    keys(window, "Down", "Return")
    line = description(window, "Progress chart", r"^Squat")
    assert line == f"Squat, estimated one-rep max: 105 kg on {first} to 119 kg on {last}, best 119 kg", line
    assert description(window, "Weekly chart", r"^Squat").startswith("Squat, volume per week, last 12 weeks: trained in 3 weeks, the most 510 kg")


def test_progress_launch_opens_the_page_and_empty_history_says_so(daemon, window, write_config, cli):
    """`gymbell-window --progress`, what the daemon runs for a click on the weekly summary, with nothing
    logged: the sentence, the report's button, and no chart."""
    write_config(TODAY_PROGRAM)
    daemon.start()
    window.launch("--progress")
    window.wait_for_text(r"^Nothing logged yet$", timeout=20)
    window.wait_for_text(r"^Your charts and records show here once you have done a workout\.$")
    window.button("Open the full report")
    time.sleep(0.5)
    shown = [n["name"] for n in window.showing() if n["name"] in ("Progress chart", "Weekly chart", "Training calendar")
             and n.get("extents", [0, 0, 0, 0])[2] > 0 and n["role"] != "label"]
    assert shown == [], shown
    assert cli("history", "--json").stdout.strip() in ("[]", ""), "nothing written by looking"


def lb(kilograms):
    """A weight in pounds as the window writes it: to a tenth, no trailing .0."""
    value = round(kilograms / 0.45359237, 1)
    return f"{value:g} lb"


def test_weights_follow_the_kit_s_unit_and_an_import_shows_on_the_open_page(daemon, window, write_config, cli, tmp_path):
    """`[kit] unit = "lb"`: the kilograms logged are shown in pounds. The history imported while the page
    is open shows on it by itself (the daemon says Changed once it has read its state again: issue 48), and
    again when the page is switched away and back."""
    write_config(TODAY_PROGRAM + '\n[kit]\nunit = "lb"\nbars = [45]\n')
    daemon.start()
    window.vars["TZ"] = "UTC"
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    open_progress(window)
    window.wait_for_text(r"^Nothing logged yet$")
    import_history(cli, tmp_path, days=(35, 28, 21))
    window.wait_for_text(rf"^Best set 5 × {lb(72)} on {short(days_ago(21))}, estimated one-rep max {lb(84)}$")
    click_tab(window, "Workouts")
    window.wait_for_text(r"^Choose a workout to change it\.$")
    time.sleep(0.3)
    click_tab(window, "Progress")
    first, last = short(days_ago(35)), short(days_ago(21))
    line = description(window, "Progress chart", r"^Bench Press")
    assert line == f"Bench Press, estimated one-rep max: {lb(70)} on {first} to {lb(84)} on {last}, best {lb(84)}", line
    window.wait_for_text(rf"^Best set 5 × {lb(72)} on {last}, estimated one-rep max {lb(84)}$")


def test_the_charts_speak_german(daemon, window, write_config, cli, tmp_path):
    write_config(TODAY_PROGRAM)
    daemon.start()
    import_history(cli, tmp_path)
    window.vars["TZ"] = "UTC"
    window.launch(lang="de_DE.UTF-8")
    window.wait_for_text(r"^Nächste Trainingserinnerung$")
    window.press("Trainings und Programm")
    window.wait_for_text(r"^Wähle ein Training, um es zu ändern\.$")
    time.sleep(0.5)
    click_tab(window, "Fortschritt")
    line = description(window, "Fortschrittsdiagramm", r"^Bench Press")
    assert re.fullmatch(r"Bench Press, geschätztes Einwiederholungsmaximum: 70 kg am .+ bis 84 kg am .+, Bestwert 84 kg", line), line
    calendar = description(window, "Trainingskalender", r"^Trainingskalender")
    assert calendar == "Trainingskalender, letzte 12 Wochen: 3 Trainings an 3 Tagen; diese Woche 0", calendar
    window.wait_for_text(r"^Bester Satz 5 × 72 kg am .+, geschätztes Einwiederholungsmaximum 84 kg$")


def test_what_became_of_the_reminders_shows_on_progress(daemon, window, write_config, cli, server, recorder):
    """Issue 47 row 3 in the window: a daily reminder shown and snoozed (its button, through the recording
    server), then Progress says "1 reminder" and "0 started · 1 snoozed · 0 skipped · 0 ignored", as
    `gymbell stats` counts it."""
    from workout_config import push_workout, weekday
    due = time.time() + 4
    hms = time.strftime("%H:%M:%S", time.gmtime(due))  # the daemon under test runs in UTC
    write_config(f'[reminders]\ntime = "{hms}"\n[program]\n{weekday()} = "push"\n' + push_workout())
    daemon.start()
    shown = recorder.wait_for_notify("Workout Time!", timeout=20)
    server.invoke_action(shown["id"], "snooze")
    wait_until(lambda: "1 snoozed" in cli("stats").stdout, 10, what="the snooze counted")
    window.launch("--progress")
    window.wait_for_text(r"^1 reminder$", timeout=20)
    window.wait_for_text(r"^0 started · 1 snoozed · 0 skipped · 0 ignored$")
    window.wait_for_text(r"^What became of the daily reminders of the last 30 days\.$")
