"""What the suites of workouts of steps (issue 44) share, each written once: a circuit written as
config.toml, and where a running workout of steps stands, read through the real CLI.

    from step_workouts import circuit, ok, status, step, wait_for_step
    write_config(circuit(rest="2s", round_rest="3s", plank="4s"))
"""

import json
import time

import pytest


def circuit(rest="1s", round_rest="2s", plank="2s", get_ready="1s", rounds=2, title="Full body"):
    """[workouts.body]: `rounds` rounds of Push-ups × 10 (a station by reps) and a Plank held `plank`."""
    return (f'[workouts.body]\ntitle = "{title}"\nkind = "circuit"\nrounds = {rounds}\nrest = "{rest}"\n'
            f'round_rest = "{round_rest}"\nget_ready = "{get_ready}"\n'
            f'stations = [{{ name = "Push-ups", reps = 10 }}, {{ name = "Plank", time = "{plank}" }}]\n')


def ok(cli, *args):
    """`gymbell ARGS`'s standard output; the test fails with its error when it exits otherwise than 0."""
    r = cli(*args)
    assert r.returncode == 0, f"gymbell {' '.join(args)}: {r.stderr}"
    return r.stdout


def status(cli):
    """`gymbell status --json`, read."""
    return json.loads(ok(cli, "status", "--json"))


def step(cli):
    """The step of the workout of steps running now (`status`'s "step"); None without one."""
    session = status(cli)["session"]
    return session and session["step"]


def wait_for_step(cli, label, round_, timeout):
    """The step once it is `label` of round `round_`; the test fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        now = step(cli)
        if now and now["label"] == label and now["round"] == round_:
            return now
        if time.monotonic() >= deadline:
            pytest.fail(f"timed out after {timeout:.1f} s waiting for the step {label!r}, round {round_} (now: {now})")
        time.sleep(0.05)
