"""A logged set corrected (issue 30, item 4): the real daemon on a private bus, its wall clock moved
day by day (tests/support/clockshift.c, TZ=Europe/Berlin). Two workouts log sets through the CLI; one
set is corrected through `gymbell history correct` and one through the bus's CorrectSet; the log
(`history --sets`), the records (the bus's Records, the report page) and the volume (`stats`) follow,
and read the same after a restart and on the next day."""

import datetime as dt
import json
import zoneinfo

import dbus
import pytest

from conftest import GYMBELL_IFACE, GYMBELL_NAME, GYMBELL_PATH, clock_shifted_to

pytestmark = pytest.mark.gymbell

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
BENCH = ('[workouts.bench]\ntitle = "Bench Day"\nkind = "strength"\nexercises = [\n'
         '  { name = "Bench Press", sets = 1, reps = 8, weight = 100, unit = "kg", rest = 60 },\n'
         '  { name = "Squat", sets = 1, reps = 5, weight = 120, unit = "lb", rest = 60 },\n]\n')


def start_daemon_on(daemon, env, day, clock="18:00"):
    if daemon.running:
        daemon.kill()
    h, m = map(int, clock.split(":"))
    env.vars.update(clock_shifted_to(dt.datetime(2026, 12, day, h, m, tzinfo=BERLIN).timestamp()))
    env.vars["TZ"] = "Europe/Berlin"
    daemon.start()


def run_json(cli, *args):
    r = cli(*args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def logged(cli):
    return [(s["exercise"], s["reps"], s["weight"], s["unit"], s["failed"])
            for s in run_json(cli, "history", "--sets", "--days", "30")]


def records(bus):
    gymbell = dbus.Interface(bus.get_object(GYMBELL_NAME, GYMBELL_PATH, introspect=False), GYMBELL_IFACE)
    report = json.loads(str(gymbell.Records()))
    return [(r["kind"], r["set"]["exercise"], r["set"]["reps"], r["set"]["weight"]) for r in report["records"]]


def test_a_logged_set_corrected_by_cli_and_bus_and_the_records_follow(daemon, env, write_config, cli, bus, tmp_path):
    write_config(BENCH)
    start_daemon_on(daemon, env, 7)
    assert cli("start", "bench").returncode == 0
    assert cli("set-done").returncode == 0                               # 8 × 100 kg
    assert cli("set-done").returncode == 0                               # 5 × 120 lb
    start_daemon_on(daemon, env, 8)
    assert cli("start", "bench").returncode == 0
    assert cli("set-done", "--weight", "105").returncode == 0            # a record: 8 × 105 over 8 × 100
    assert cli("set-done", "--reps", "4").returncode == 0                # failed: fewer than planned
    sets = run_json(cli, "history", "--sets", "--days", "30")
    ids = [s["id"] for s in sets]
    assert len(set(ids)) == 4 and all(isinstance(i, int) for i in ids), sets
    assert logged(cli) == [("Bench Press", 8, 100, "kg", False), ("Squat", 5, 120, "lb", False),
                           ("Bench Press", 8, 105, "kg", False), ("Squat", 4, 120, "lb", True)]
    assert ("heaviest", "Bench Press", 8, 105) in records(bus)
    text = cli("history", "--sets", "--days", "30").stdout
    assert f"#{ids[2]}" in text.splitlines()[2] and "8 × 105 kg" in text.splitlines()[2], text
    volume = run_json(cli, "stats")["volume_kg"]

    # The 105 kg was really 95: no record any more, 80 kg less lifted.
    r = cli("history", "correct", str(ids[2]), "--weight", "95")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"Set {ids[2]} (Bench Press, set 1) is now 8 × 95 kg (was 8 × 105 kg).", r.stdout
    assert logged(cli)[2] == ("Bench Press", 8, 95, "kg", False)
    assert not [x for x in records(bus) if x[1] == "Bench Press" and x[3] == 105], records(bus)
    assert run_json(cli, "stats")["volume_kg"] == pytest.approx(volume - 80, abs=0.1)

    # Over the bus: the failed squat was 6 reps, done; unit kept, a record over 5 × 120 lb.
    gymbell = dbus.Interface(bus.get_object(GYMBELL_NAME, GYMBELL_PATH, introspect=False), GYMBELL_IFACE)
    reply = str(gymbell.CorrectSet(dbus.UInt32(ids[3]), json.dumps({"reps": 6, "failed": False})))
    assert reply == f"Set {ids[3]} (Squat, set 1) is now 6 × 120 lb (was 4 × 120 lb, failed).", reply
    after = [("Bench Press", 8, 100, "kg", False), ("Squat", 5, 120, "lb", False),
             ("Bench Press", 8, 95, "kg", False), ("Squat", 6, 120, "lb", False)]
    assert logged(cli) == after
    now_records = records(bus)
    assert ("estimated_1rm", "Squat", 6, 120) in now_records, now_records
    report = tmp_path / "report.html"
    assert cli("report", "-o", str(report)).returncode == 0
    page = report.read_text(encoding="utf-8")
    assert "6 × 120 lb" in page and "8 × 105 kg" not in page

    # Errors say what is wrong and change nothing.
    for args, message in [((str(max(ids) + 100), "--reps", "3"), f"no set has the id {max(ids) + 100}"),
                          ((str(ids[0]),), "nothing to change"),
                          ((str(ids[0]), "--failed", "--done"), "not both"),
                          ((str(ids[0]), "--reps", "1001"), "reps must be 0 to 1000"),
                          ((str(ids[0]), "--weight", "2000.5"), "a weight must be 0 to 2000"),
                          # Plain decimals only (issue 42: 0x10 was taken as 16 kg).
                          ((str(ids[0]), "--weight=-1"), "'-1' is invalid for '--weight <weight>': write it as a plain decimal"),
                          ((str(ids[0]), "--weight", "0x10"), "'0x10' is invalid for '--weight <weight>': write it as a plain decimal number, digits with at most one dot, such as 82.5"),
                          ((str(ids[0]), "--weight", "1e2"), "'1e2' is invalid"),
                          ((str(ids[0]), "--weight", "inf"), "'inf' is invalid"),
                          ((str(ids[0]), "--reps", "+8"), "'+8' is invalid for '--reps <reps>': write it as a plain whole number, digits only, such as 12")]:
        bad = cli("history", "correct", *args)
        assert bad.returncode != 0 and message in bad.stderr, (args, bad.stderr)
    with pytest.raises(dbus.DBusException) as refused:
        gymbell.CorrectSet(dbus.UInt32(ids[0]), "{\"reps\": \"many\"}")
    assert refused.value.get_dbus_name().endswith("InvalidArgs"), refused.value
    same = cli("history", "correct", str(ids[0]), "--reps", "8")
    assert same.returncode == 0 and "nothing changed" in same.stdout, same.stdout
    assert logged(cli) == after
    help_text = cli("history", "correct", "--help").stdout
    assert all(word in help_text for word in ("--reps", "--weight", "--failed", "--done", "history --sets", "CorrectSet"))

    # After a restart, and on the next day (a clean exit kept a summary; the log is what counts).
    for day in (8, 9):
        start_daemon_on(daemon, env, day, "21:00")
        assert logged(cli) == after
        assert records(bus) == now_records
        assert run_json(cli, "stats")["volume_kg"] == pytest.approx(volume - 80 + 2 * 120 * 0.45359237, abs=0.1)


# Every numeric option of the command line: plain decimals taken, the rest refused with a sentence naming
# the value and an example, before anything is asked of the daemon (none runs here).
PLAIN_NUMBERS = [
    (("history", "correct", "1", "--weight"), "0x10", "plain decimal number"),
    (("history", "correct", "1", "--weight"), "nan", "plain decimal number"),
    (("history", "correct", "1", "--weight"), "1,5", "plain decimal number"),
    (("history", "correct", "--reps", "3"), "0x1", "plain whole number"),
    (("history", "correct", "1", "--reps"), "1e1", "plain whole number"),
    (("history", "correct", "1", "--seconds"), "4.5", "plain whole number"),
    (("history", "correct", "1", "--rpe"), "0x8", "plain decimal number"),
    (("history", "correct", "1", "--rpe"), "nan", "plain decimal number"),
    (("set-done", "--weight"), "0X10", "plain decimal number"),
    (("set-done", "--reps"), "8.0", "plain whole number"),
    (("history", "--days"), "+7", "plain whole number"),
    (("upcoming", "--days"), "1e1", "plain whole number"),
    (("report", "--weeks"), "0x4", "plain whole number"),
    (("export-ics", "--weeks"), "inf", "plain whole number"),
    (("hiit", "--work", "40s", "--rest", "20s", "--rounds"), "0b11", "plain whole number"),
    (("walkrun", "--run", "2m", "--walk", "1m", "--repeats"), "２", "plain whole number"),
    (("snooze", "--minutes"), "1e1", "plain whole number"),
    (("weights", "--set", "Bench Press", "--to"), "0x10", "plain decimal number"),
    (("rest",), "0x10", "invalid"),
    (("rest", "--adjust"), "+0x10", "invalid"),
]


@pytest.mark.parametrize("args,value,sentence", PLAIN_NUMBERS, ids=lambda v: v if isinstance(v, str) else None)
def test_numbers_on_the_command_line_are_plain_decimals(cli, args, value, sentence):
    r = cli(*args, value)
    assert r.returncode != 0
    assert f"'{value}' is invalid" in r.stderr and sentence in r.stderr, r.stderr
    assert "no gymbell daemon" not in r.stderr
