"""End-to-end tests of issue 27's parts 5 and 6: text from the config reaches the terminal as text
(the CLI escapes control characters in names; `config check` and the daemon warn of bidirectional
controls; a D-Bus refusal quotes a long argument short) and counts read as language (gettext plurals,
in English and in German)."""

import json
import subprocess
from pathlib import Path

import dbus
import pytest

from conftest import GYMBELL_IFACE, GYMBELL_NAME, GYMBELL_PATH, wait_until
from workout_config import ALL_DAYS, program

pytestmark = pytest.mark.gymbell

# A title and exercise names with ESC (a screen clear, a colour), BEL, a backspace and a line break,
# written as TOML escapes; every day plans the workout.
HOSTILE = (
    f'[reminders]\ntime = "23:59"\ndays = {ALL_DAYS}\n'
    + program("push") +
    '[workouts.push]\n'
    'title = "Push\\u001b[2J\\u0007 Day"\n'
    'kind = "strength"\n'
    'exercises = [\n'
    '  { name = "Bench\\u001b[31m Press\\b", sets = 2, reps = 8, weight = 80, unit = "kg", rest = 60 },\n'
    '  { name = "Dips\\nFAKE: line", sets = 1, reps = 10, rest = 60 },\n'
    ']\n')
TITLE = "Push\\e[2J\\a Day"
BENCH = "Bench\\e[31m Press\\b"
DIPS = "Dips\\nFAKE: line"


def run(env, binary, *args):
    """`gymbell args…`, its output as bytes: nothing of it may be a raw ESC, BEL or backspace."""
    r = subprocess.run([str(binary), *args], env=env.vars, capture_output=True, timeout=20)
    for raw in (b"\x1b", b"\x07", b"\x08"):
        assert raw not in r.stdout and raw not in r.stderr, (args, raw, r.stdout, r.stderr)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def out(env, binary, *args):
    rc, stdout, stderr = run(env, binary, *args)
    assert rc == 0, (args, stderr)
    # A name's line break is "\n" in the line, never a line of its own.
    assert not any(line.startswith("FAKE") for line in stdout.splitlines()), stdout
    return stdout


def test_names_with_control_characters_are_printed_escaped(daemon, write_config, env, gymbell_bin):
    write_config(HOSTILE)
    daemon.start()
    assert out(env, gymbell_bin, "start", "push") == f"Started {TITLE}.\n"
    assert out(env, gymbell_bin, "set-done") == f"Set recorded. Rest 1m; next: {BENCH} — set 2 of 2, 8 × 80 kg.\n"
    status = out(env, gymbell_bin, "status")
    assert status.startswith(f"Session: {TITLE} (strength), started "), status
    assert f"Rest over ⏰ — Time for your next set! Next: {BENCH} — set 2 of 2" in status, status
    assert out(env, gymbell_bin, "set-done") == f"Set recorded. Rest 1m; next: {DIPS} — set 1 of 1, 10 reps.\n"
    assert out(env, gymbell_bin, "set-done") == f"Workout complete: 3 sets of {TITLE}.\n"

    logged = out(env, gymbell_bin, "history", "--sets").splitlines()
    assert len(logged) == 3, logged
    assert [BENCH in logged[0], BENCH in logged[1], DIPS in logged[2]] == [True, True, True], logged
    history = out(env, gymbell_bin, "history").splitlines()
    assert len(history) == 1 and f"{TITLE} (strength)" in history[0] and "completed" in history[0], history

    weights = out(env, gymbell_bin, "weights").splitlines()
    assert len(weights) == 3 and weights[1].startswith(BENCH + "  80 kg") and weights[2].startswith(DIPS), weights
    # Columns line up as shown: measured after escaping.
    assert weights[0].index("Planned") == weights[1].index("80 kg") == weights[2].index("body weight"), weights
    raised = out(env, gymbell_bin, "weights", "--set", "Bench\x1b[31m Press\x08", "--to", "85")
    assert raised == f"{BENCH}: 85 kg from the next workout on (configured: 80 kg).\n", raised
    assert out(env, gymbell_bin, "weights", "--reset") == f"{BENCH}: back to 80 kg as configured.\n"

    upcoming = out(env, gymbell_bin, "upcoming", "--days", "2").splitlines()
    assert upcoming and all(f"Workout Time! — Today: {TITLE} — {BENCH} 80 kg, {DIPS}" in line for line in upcoming), upcoming
    assert out(env, gymbell_bin, "start").startswith(f"Started {TITLE}")
    stopped = out(env, gymbell_bin, "stop")
    assert stopped.startswith(f'Stopped strength session "{TITLE}".\n'), stopped

    # JSON is escaped by its encoder and left as it is: the names come back whole.
    sets = json.loads(out(env, gymbell_bin, "history", "--sets", "--json"))
    assert sets[0]["exercise"] == "Bench\x1b[31m Press\x08" and sets[2]["exercise"] == "Dips\nFAKE: line"

    # A refusal quotes the name as the config writes it.
    rc, _, stderr = run(env, gymbell_bin, "start", "no\x1bpe\nFAKE")
    assert rc == 1 and 'no workout named "no\\u001Bpe\\nFAKE" in ' in stderr and '; defined: "push"' in stderr, stderr
    assert len(stderr.splitlines()) == 1, stderr


OVERRIDE_TOML = ('[workouts.push]\nkind = "strength"\ntitle = "\u202eyaD hsuP"\n'
                 'exercises = [{ name = "Bench\\u202E Press", sets = 1, rest = 60 }]\n')
WARNING_TEXT = (": a bidirectional control, which can show the text around it reordered (in a notification, a terminal, "
                "an editor); remove it unless the text needs it")


def test_config_check_warns_of_bidirectional_controls_and_the_file_stays_valid(cli, tmp_path):
    path = tmp_path / "c.toml"
    path.write_text(OVERRIDE_TOML)
    r = cli("config", "check", path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines() == [
        f"{path}:3:10: warning: U+202E RIGHT-TO-LEFT OVERRIDE" + WARNING_TEXT,
        f"{path}:4:29: warning: U+202E RIGHT-TO-LEFT OVERRIDE, written as an escape" + WARNING_TEXT,
        f"{path}: OK",
    ], r.stdout
    assert "\u202e" not in r.stdout

    # Among errors, in file order; the errors decide the exit status.
    path.write_text(OVERRIDE_TOML + '[rest]\ndefault = "\u202e"\n')
    r = cli("config", "check", path)
    assert r.returncode == 1
    lines = r.stdout.splitlines()
    assert [l.split(": ", 2)[1][:7] for l in lines] == ["warning", "warning", "rest.de", "warning"], lines
    assert lines[2] == f'{path}:6:11: rest.default: "\\u202E" is not a duration; write e.g. "40s", "2m", "1m30s", "2h" or a number of seconds'

    help_text = cli("config", "check", "--help").stdout
    assert "warning" in help_text and "exit status stays 0" in help_text, help_text


def test_the_daemon_uses_a_config_with_warnings_and_logs_them(daemon, write_config, cli):
    write_config(OVERRIDE_TOML)
    daemon.start()
    log = lambda: daemon.log.read_text(errors="replace")
    wait_until(lambda: "U+202E RIGHT-TO-LEFT OVERRIDE" in log(), 5, what="the warning in the daemon's log")
    assert log().count("warning: U+202E") == 2, log()
    r = cli("start", "push")
    assert r.returncode == 0 and r.stdout == "Started \\u{202E}yaD hsuP.\n", r.stdout + r.stderr
    assert cli("reload").returncode == 0
    wait_until(lambda: log().count("warning: U+202E") == 4, 5, what="the warnings again on reload")


def test_a_megabyte_argument_is_refused_with_a_short_error(running_daemon, bus, cli):
    control = dbus.Interface(bus.get_object(GYMBELL_NAME, GYMBELL_PATH, introspect=False), GYMBELL_IFACE)
    huge = "\x1b[2J" + "x" * (1 << 20)
    calls = {
        "Start": lambda: control.Start(huge),
        "SetWeight": lambda: control.SetWeight(huge, 100.0),
        "ResetWeights": lambda: control.ResetWeights([huge]),
        "SetDoneAs": lambda: control.SetDoneAs(huge),
    }
    for name, call in calls.items():
        with pytest.raises(dbus.exceptions.DBusException) as refused:
            call()
        message = refused.value.get_dbus_message()
        assert refused.value.get_dbus_name() == "org.freedesktop.DBus.Error.InvalidArgs", name
        assert len(message) < 300 and '"\\u001B[2J' + "x" * 36 + '…" (1048580 characters)' in message, (name, message[:400])
    # What the command line can carry (an argument is at most 128 KiB) is cut alike.
    r = cli("start", "y" * 100_000)
    assert r.returncode == 1 and len(r.stderr) < 300 and '"' + "y" * 40 + '…" (100000 characters)' in r.stderr, r.stderr[:400]


TWO_WORKOUTS = (
    '[workouts.one]\ntitle = "Push Day"\nkind = "strength"\nexercises = [{ name = "Squat", sets = 1, reps = 5, rest = 60 }]\n'
    '[workouts.two]\ntitle = "Pull Day"\nkind = "strength"\nexercises = [{ name = "Row", sets = 2, reps = 5, rest = 60 }]\n')


def complete(cli, recorder, workout, sets, title, summary):
    """Runs `workout` through its `sets`; the last reply and the completion's notification."""
    assert cli("start", workout).returncode == 0
    for _ in range(sets):
        r = cli("set-done")
        assert r.returncode == 0, r.stderr
    done = recorder.wait_for(lambda n: n["event"] == "Notify" and n["summary"] == summary and n["body"].startswith(title), 5,
                             what=f"the completion of {title}")
    return r.stdout, done["body"]


def test_one_set_and_two_sets_read_as_english(daemon, write_config, cli, recorder):
    write_config(TWO_WORKOUTS)
    daemon.start()
    assert complete(cli, recorder, "one", 1, "Push Day", "Workout complete 🎉") == (
        "Workout complete: 1 set of Push Day.\n", "Push Day: 1 set done. Great work!")
    assert complete(cli, recorder, "two", 2, "Pull Day", "Workout complete 🎉") == (
        "Workout complete: 2 sets of Pull Day.\n", "Pull Day: 2 sets done. Great work!")


def test_one_set_and_two_sets_read_as_german(daemon, write_config, cli, recorder, env, tmp_path):
    if "de_DE.utf8" not in subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split():
        pytest.skip("no de_DE.UTF-8 locale here (scripts/install-deps.sh sets it up)")
    catalogs = tmp_path / "locale" / "de" / "LC_MESSAGES"
    catalogs.mkdir(parents=True)
    subprocess.run(["msgfmt", "--check", "-o", catalogs / "gymbell.mo", Path(__file__).parents[2] / "po" / "de.po"], check=True)
    env.vars.update(LANG="de_DE.UTF-8", GYMBELL_LOCALEDIR=str(tmp_path / "locale"))
    write_config(TWO_WORKOUTS)
    daemon.start()
    assert complete(cli, recorder, "one", 1, "Push Day", "Training geschafft 🎉") == (
        "Training geschafft: 1 Satz Push Day.\n", "Push Day: 1 Satz geschafft. Starke Leistung!")
    assert complete(cli, recorder, "two", 2, "Pull Day", "Training geschafft 🎉") == (
        "Training geschafft: 2 Sätze Pull Day.\n", "Pull Day: 2 Sätze geschafft. Starke Leistung!")
