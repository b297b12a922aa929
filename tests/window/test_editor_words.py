"""The workout editor in a person's words (issue 46): one name to type (the file's key derived from it
and kept when the workout is renamed, so the programme and the history go on pointing at it), what is
wrong said at its field before Save (and Save waiting until it is right), and a weekday that already
trains another workout asked about instead of silently taken. Real GTK under Xvfb, the real daemon on a
private bus; the pointer, the keyboard and AT-SPI."""

import time
import tomllib

from conftest import wait_until
from test_programme import HAND_WRITTEN, open_programme, type_into


def workouts(path):
    return tomllib.loads(path.read_text())["workouts"]


def clear(window, name):
    """The entry named `name` emptied from the keyboard: a pointer click into it, all selected, deleted."""
    x, y, w, h = window.node("text", name)["extents"]
    window.display.click(x + w // 2, y + h // 2)
    window.display.xdotool("key", "--clearmodifiers", "ctrl+a", "BackSpace")
    wait_until(lambda: window.node("text", name).get("text") == "", 5, what=f"the entry {name!r} empty")


def type_name(window, text):
    """`text` typed into the workout's name (its ü, ß, é on keys of their own: xpointer.bind_letters)."""
    type_into(window, "Workout name", text)


def save_sensitive(window):
    return window.button("Save workout")["sensitive"]


def new_hiit(window):
    window.click("New HIIT workout")
    window.wait_for_text(r"^8 × \(30s work \+ 15s rest\) = 6 min$")  # the length, computed in Core


def test_a_name_with_spaces_and_an_accent_gets_a_key_that_stays_when_renamed(daemon, window, write_config, cli):
    path = write_config(HAND_WRITTEN)
    daemon.start()
    window.launch()
    open_programme(window)
    new_hiit(window)
    type_name(window, "Café Intervals")  # the only name to type
    window.wait_for_text(r"^Café Intervals$")  # the editor's title follows the name
    window.press("Save workout")
    wait_until(lambda: "cafe_intervals" in path.read_text(), 5, what="the new workout in the file")
    text = path.read_text()
    assert text.startswith(HAND_WRITTEN) and "\n[workouts.cafe_intervals]\ntitle = \"Café Intervals\"\n" in text, text
    assert workouts(path)["cafe_intervals"] == {"title": "Café Intervals", "kind": "hiit", "rounds": 8, "work": "30s", "rest": "15s"}
    check = cli("config", "check")
    assert check.returncode == 0, check.stdout + check.stderr
    wait_until(lambda: cli("start", "cafe_intervals").returncode == 0, 5, what="the daemon to start it by its key")
    assert cli("stop").returncode == 0

    # Renamed: the title changes, the key (what the programme and the history name) stays.
    window.wait_for_text(r"^Café Intervals$")  # the list shows it by its name, with its length
    window.wait_for_text(r"HIIT · 8 × \(30s work \+ 15s rest\) = 6 min")
    window.click_node("list item", "Café Intervals")
    type_name(window, "Süße Sprints")
    window.wait_for_text(r"^Süße Sprints$")
    window.press("Save workout")
    wait_until(lambda: "Süße Sprints" in path.read_text(), 5, what="the new name in the file")
    assert path.read_text() == text.replace('title = "Café Intervals"', 'title = "Süße Sprints"'), path.read_text()
    assert sorted(workouts(path)) == ["bike", "cafe_intervals"]
    assert cli("config", "check").returncode == 0
    daemon.restart()  # what was written is what the daemon reads after a restart
    wait_until(lambda: cli("start", "cafe_intervals").returncode == 0, 15, what="the renamed workout to start by its key")
    assert cli("stop").returncode == 0
    window.wait_for_text(r"^Süße Sprints$")


def test_an_empty_or_taken_name_is_said_at_the_field_and_save_waits(daemon, window, write_config, cli):
    path = write_config(HAND_WRITTEN)
    daemon.start()
    window.launch()
    open_programme(window)
    new_hiit(window)
    assert save_sensitive(window)  # a new workout's free name ("My workout") can be saved at once
    clear(window, "Workout name")
    window.wait_for_text(r"^Give the workout a name\.$")  # at the name, in words
    window.wait_for_text(r"^Fix the marked fields to save the workout\.$")  # next to Save
    wait_until(lambda: not save_sensitive(window), 5, what="Save insensitive")
    for text in window.texts():  # no TOML, no path, no flag
        assert "workouts." not in text and "config.toml" not in text and "--" not in text, text
    time.sleep(0.5)
    assert path.read_text() == HAND_WRITTEN

    type_into(window, "Workout name", "bike hiit")  # another workout's name, however it is written
    window.wait_for_text(r"^Another workout is called “Bike HIIT”; choose another name\.$")
    assert not save_sensitive(window)
    type_into(window, "Workout name", "Sprints")
    wait_until(lambda: save_sensitive(window), 5, what="Save sensitive once the name is right")
    assert not any("Give the workout a name" in t or "Another workout" in t or "Fix the marked" in t for t in window.texts())
    window.press("Save workout")
    wait_until(lambda: "[workouts.sprints]" in path.read_text(), 5, what="the workout in the file")
    assert cli("config", "check").returncode == 0


def test_a_weekday_that_trains_another_workout_is_asked(daemon, window, write_config, cli):
    path = write_config(HAND_WRITTEN + '\n[program]\nthu = "bike"\n')
    daemon.start()
    window.launch()
    open_programme(window)
    new_hiit(window)
    type_into(window, "Workout name", "Sprints")
    window.click("Monday")  # a free day: no question
    window.click("Thursday")
    window.wait_for_text(r"^Thursday already has Bike HIIT$")
    window.wait_for_text(r"^A day trains one workout\. Replace Bike HIIT on Thursday with this one, or keep Bike HIIT there\?$")
    window.answer("Keep Bike HIIT")
    wait_until(lambda: not any("already has" in t for t in window.texts()), 5, what="the question closed")
    window.press("Save workout")
    wait_until(lambda: "[workouts.sprints]" in path.read_text(), 5, what="the workout in the file")
    program = tomllib.loads(path.read_text())["program"]
    assert program == {"mon": "sprints", "thu": "bike"}, program  # Thursday kept its workout
    assert cli("config", "check").returncode == 0

    # Asked again and answered Replace: Thursday trains Sprints, the HIIT stays in the file.
    window.wait_for_text(r"^Sprints$")
    window.click_node("list item", "Sprints")
    window.click("Thursday")
    window.wait_for_text(r"^Thursday already has Bike HIIT$")
    window.answer("Replace")
    window.press("Save workout")
    wait_until(lambda: 'thu = "sprints"' in path.read_text(), 5, what="Thursday replaced in the file")
    assert tomllib.loads(path.read_text())["program"] == {"mon": "sprints", "thu": "sprints"}
    assert sorted(workouts(path)) == ["bike", "sprints"]
    assert cli("config", "check").returncode == 0


def test_an_exercise_is_headed_by_its_name_and_an_unnamed_one_waits(daemon, window, write_config, cli):
    path = write_config(HAND_WRITTEN)
    daemon.start()
    window.launch()
    open_programme(window)
    window.click("New strength workout")
    type_into(window, "Workout name", "Legs at Home")
    window.wait_for_text(r"^Add at least one exercise\.$")  # nothing to do yet: said next to Save
    assert not save_sensitive(window)
    window.press("Add exercise")  # the keyboard goes to its name
    type_into(window, "Exercise 1 name", "Goblet Squat")
    window.wait_for_text(r"^1\. Goblet Squat$")  # its header follows the name typed
    wait_until(lambda: save_sensitive(window), 5, what="Save sensitive with one named exercise")
    clear(window, "Exercise 1 name")
    window.wait_for_text(r"^Give it a name\.$")  # at the exercise
    wait_until(lambda: not save_sensitive(window), 5, what="Save insensitive with an unnamed exercise")
    type_into(window, "Exercise 1 name", "Split Squat")
    window.wait_for_text(r"^1\. Split Squat$")
    wait_until(lambda: save_sensitive(window), 5, what="Save sensitive again")
    window.press("Save workout")
    wait_until(lambda: "[workouts.legs_at_home]" in path.read_text(), 5, what="the workout in the file")
    assert workouts(path)["legs_at_home"]["exercises"][0]["name"] == "Split Squat"
    assert cli("config", "check").returncode == 0
