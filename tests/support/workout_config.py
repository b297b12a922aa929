"""Config texts the Python suites write again and again, each written once: the week's days, a
[program] table, the one-exercise Push Day, and Push Day planned every day.

    from workout_config import ALL_DAYS, program, push_workout, weekday
    write_config(f'[reminders]\\ntime = "{hms}"\\ndays = {ALL_DAYS}\\n' + program("push", [weekday()]) + push_workout())

tests/support is on sys.path in every suite (scripts/test.sh's PYTHONPATH; the conftests add it for a
run by hand) and in the bench."""

import time

#: the days' keys as the config names them, Monday first (time.gmtime().tm_wday's order)
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
#: every day, as a TOML array: `days = {ALL_DAYS}` in [reminders]
ALL_DAYS = "[" + ", ".join(f'"{day}"' for day in WEEKDAYS) + "]"


def weekday(offset_days=0, at=None):
    """Today's key in UTC (the daemon under test runs with TZ=UTC), or the key `offset_days` on; of the
    instant `at` when given (a reminder due seconds after 23:59:5x falls on the next day). Asked when a
    test writes its config, never kept at import: a run crosses midnight."""
    return WEEKDAYS[time.gmtime((time.time() if at is None else at) + offset_days * 86400).tm_wday]


def program(workout="push", days=WEEKDAYS):
    """A [program] table planning `workout` on each of `days` (every day unless told)."""
    return "[program]\n" + "".join(f'{day} = "{workout}"\n' for day in days)


def push_workout(sets=2, reps=8, weight=80, unit="kg", rest=30, title="Push Day"):
    """[workouts.push]: a strength workout of one exercise, Bench Press (`weight` None: none)."""
    load = "" if weight is None else f"weight = {weight}, unit = \"{unit}\", "
    return (f'[workouts.push]\ntitle = "{title}"\nkind = "strength"\n'
            f'exercises = [ {{ name = "Bench Press", sets = {sets}, reps = {reps}, {load}rest = {rest} }} ]\n')


def push_every_day(**workout):
    """Push Day planned every day: the [program] table and its [workouts.push] (push_workout's
    arguments)."""
    return program("push") + "\n" + push_workout(**workout)
