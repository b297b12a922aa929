"""The 7-minute workout in the window (issue 44), followed as a person on the mat follows it: the README's
`[workouts.seven]` — twelve named intervals with a rest between — started from Today with a pointer
click, then every interval's exercise read from the live screen in order (its AT-SPI labels), the
"next" line naming the coming exercise during each rest, the countdown there, a pause (the window's own
Pause, clicked) holding the step and its countdown, one exercise read from the screen by OCR, and at the
end the finish page and the history saying completed. The intervals are shortened (2 s work, 2 s rest,
a 2 s get-ready: about 50 s in all); the screen is watched, never timed: each step is seen, whenever
the loaded machine lets the window show it. Real GTK under Xvfb, the real daemon on a private bus."""

import json
import re
import subprocess
import time

from conftest import wait_until

#: the README's 7-minute workout, in its order
EXERCISES = ["Jumping jacks", "Wall sit", "Push-ups", "Crunches", "Step-ups", "Squats", "Triceps dips",
             "Plank", "High knees", "Lunges", "Push-up and rotation", "Side plank"]

SEVEN = """[workouts.seven]          # the 7-minute workout: 12 named intervals, shortened for the test
title = "7-minute workout"
kind = "hiit"
rounds = 12
work = "2s"
rest = "2s"
get_ready = "2s"
exercises = [%s]
""" % ", ".join(f'"{name}"' for name in EXERCISES)

COUNTDOWN = re.compile(r"^\d+:\d\d$")
STEP = re.compile(r"^(.+) — (\d+) s$")  # "Wall sit — 2 s", "Rest — 2 s", "Get ready — 2 s"


class Watch:
    """What the window shows, read again and again (every read one sample: the showing labels), as a
    person glancing at the screen from the mat sees it."""

    def __init__(self, window):
        self.window = window
        self.samples = []  # (monotonic time, labels)
        self.nodes = []  # the showing nodes of the last read

    def read(self):
        self.nodes = self.window.showing()
        labels = [n.get("text", "") for n in self.nodes if n["role"] == "label"]
        self.samples.append((time.monotonic(), labels))
        return labels

    def click(self, name):
        """A pointer click on the push button `name` as the last read placed it (no read of its own in
        between: the workout runs on meanwhile)."""
        button = next(n for n in self.nodes if n["role"] == "push button" and n["name"] == name)
        x, y, w, h = button["extents"]
        self.window.display.click(x + w // 2, y + h // 2)

    def until(self, predicate, timeout, what):
        """Reads until `predicate(labels)` holds; its labels."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            labels = self.read()
            if predicate(labels):
                return labels
            time.sleep(0.05)
        raise AssertionError(f"no {what} within {timeout} s; last read: {self.samples[-1][1] if self.samples else None}")

    def steps(self):
        """The steps seen, in order, each once: (its label, the set of "Next: …" lines and whether a
        countdown showed with it)."""
        seen = []
        for _, labels in self.samples:
            step = next((t for t in labels if STEP.match(t) and not t.startswith("Next: ")), None)
            if step is None:
                continue
            nexts = {t for t in labels if t.startswith("Next: ") or t == "The last step"}
            counted = any(COUNTDOWN.match(t) for t in labels)
            if seen and seen[-1][0] == step:
                seen[-1][1].update(nexts)
                seen[-1][2] = seen[-1][2] or counted
            else:
                seen.append([step, set(nexts), counted])
        return seen


def labels_of(window, role="label"):
    return [n for n in window.showing() if n["role"] == role]


def test_the_seven_minute_workout_is_followed_from_the_mat(daemon, window, write_config, cli, display, record_timing):
    write_config(SEVEN)
    daemon.start()
    window.launch()
    window.click("Start 7-minute workout")  # Today's button, with the pointer
    watch = Watch(window)
    watch.until(lambda labels: "Get ready — 2 s" in labels or any(t.startswith("Jumping jacks") for t in labels), 20,
                what="the get-ready or the first interval")
    # The walk until the sixth interval, then the window's Pause, clicked as the person does.
    watch.until(lambda labels: any(t.startswith("Squats — ") for t in labels), 60, what="the sixth interval, Squats")
    watch.click("Pause")
    held = watch.until(lambda labels: any(t.startswith("Paused") for t in labels), 15, what="the pause on screen")
    step = next(t for t in held if STEP.match(t) and not t.startswith("Next: "))
    counted = wait_until(lambda: next((t for t in window.texts() if COUNTDOWN.match(t)), None), 5,
                         what="the countdown while paused")
    time.sleep(3)  # more than a step's length: nothing moves while paused
    again = watch.read()
    assert step in again and counted in again, (step, counted, again)
    status = json.loads(cli("status", "--json").stdout)["session"]
    assert status["paused"] and status["step"]["label"] == step, status
    # Read from the screen itself by tesseract: the exercise's line (the step's, or in a rest the next
    # one's), cropped and enlarged.
    name = STEP.match(step).group(1)
    line = step
    if name in ("Rest", "Get ready"):
        line = next(t for t in again if t.startswith("Next: "))
        name = STEP.match(line.removeprefix("Next: ")).group(1)
    x, y, w, h = next(n for n in labels_of(window) if n.get("text") == line)["extents"]
    shot = display.screenshot("seven-paused")
    enlarged = shot.with_name("seven-paused-2x.png")
    subprocess.run(["convert", str(shot), "-crop", f"{w + 40}x{h + 20}+{max(0, x - 20)}+{max(0, y - 10)}", "-resize", "200%",
                    str(enlarged)], check=True, timeout=30)
    text = subprocess.run(["tesseract", str(enlarged), "-", "--psm", "7"], capture_output=True, text=True, timeout=60).stdout
    assert name in text, (line, text)
    watch.read()
    watch.click("Resume")
    watch.until(lambda labels: not any(t.startswith("Paused") for t in labels), 15, what="the workout to run on")
    # On to the end: the finish page.
    watch.until(lambda labels: "Workout complete 🎉" in labels, 90, what="the finish page")
    seen = watch.steps()
    running = [(a, b) for (a, before), (b, _) in zip(watch.samples, watch.samples[1:]) if not any(t.startswith("Paused") for t in before)]
    record_timing("longest time between two reads of the running workout's screen", max(b - a for a, b in running))
    work = [STEP.match(label).group(1) for label, _, _ in seen if STEP.match(label).group(1) not in ("Rest", "Get ready")]
    assert work == EXERCISES, seen  # every interval named on screen, in order
    for label, nexts, counted in seen:
        assert counted, (label, seen)  # each step counted down on screen
    rests = [(label, nexts) for label, nexts, _ in seen if label.startswith("Rest")]
    assert len(rests) == len(EXERCISES) - 1, seen
    # During each rest the "next" line names the coming exercise (the one seen after it).
    for index, (label, nexts, _) in enumerate(seen[:-1]):
        if label.startswith(("Rest", "Get ready")):
            coming = STEP.match(seen[index + 1][0]).group(1)
            assert f"Next: {coming} — 2 s" in nexts, (label, coming, nexts)
    assert "The last step" in seen[-1][1], seen[-1]
    # The log: completed.
    history = json.loads(cli("history", "--json").stdout)
    assert [(h["title"], h["outcome"]) for h in history] == [("7-minute workout", "completed")], history
    window.press("Back to Today")
    window.wait_for_text(r"^Next workout reminder$")
