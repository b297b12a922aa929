"""The synced folder in the Preferences (issue 48), by keyboard: a relative path typed into "Synced folder"
is refused at the field with its sentence and nothing written; `~/Sync/gymbell` typed and applied is
written as `[sync] folder` and the daemon follows it (`status --json`), the row under it telling what the
daemon's status says — not there yet, there, and how many workouts came from another computer's journal;
"Stop syncing" removes the table. A folder chosen with the folder chooser (its location typed) under the
home directory is written from `~`. Real GTK under Xvfb, the real daemon on a private bus, AT-SPI,
xdotool's keyboard and the config file read back."""

import calendar
import json
import time

from conftest import wait_until
from test_kit import type_and_apply
from test_log_files import choose_file
from workout_config import ALL_DAYS

PUSH = ('[workouts.push]\ntitle = "Push Day"\nkind = "strength"\nexercises = [\n'
        '  { name = "Bench Press", sets = 2, reps = 8, weight = 80, unit = "kg", rest = 60 },\n]\n')
CONFIG = f'[reminders]\ntime = "23:59:59"\ndays = {ALL_DAYS}\n\n' + PUSH
FIELD = "Synced folder"


def status_sync(cli):
    r = cli("status", "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["sync"]


def shifted(instant, seconds):
    t = time.strptime(instant[:19], "%Y-%m-%dT%H:%M:%S")
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(calendar.timegm(t) - seconds)) + instant[19:]


def other_computers_journal(line, count):
    """`count` workouts a day apart before the one on `line` (this computer's journal), as another
    computer's journal lines."""
    base = json.loads(line)
    out = []
    for n in range(1, count + 1):
        entry = dict(base["session"]["entry"], id=f"elsewhere-{n}")
        for key in ("started_at", "ended_at", "last_progress_at"):
            if entry.get(key):
                entry[key] = shifted(entry[key], n * 86400)
        sets = [dict(s, session=f"elsewhere-{n}", at=shifted(s["at"], n * 86400)) for s in base["session"]["sets"]]
        out.append(json.dumps(dict(base, device="0123456789abcdef", session=dict(entry=entry, sets=sets)), separators=(",", ":")))
    return "\n".join(out) + "\n"


def scroll_to_sync(window):
    """Preferences open, the wheel down to the last group, where the synced folder is."""
    window.wait_for_text(r"^Next workout reminder$")
    window.click("Preferences")
    window.node("spin button", "Reminder hour")
    window.display.click(200, 300, button=5, repeat=40)
    wait_until(lambda: 0 < window.node("text", FIELD)["extents"][1] < 700, 5, what="the synced folder's field scrolled into view")


def test_the_synced_folder_typed_is_written_followed_and_cleared(daemon, window, write_config, cli, env):
    path = write_config(CONFIG)
    daemon.start()
    # A workout here before syncing: its journal is written once the folder is set.
    for args in (("start", "push"), ("set-done",), ("set-done",)):
        assert cli(*args).returncode == 0, args
    wait_until(lambda: json.loads(cli("status", "--json").stdout)["session"] is None, 10, what="the workout to end")
    window.launch()
    scroll_to_sync(window)

    # Relative: refused at the field with the reader's reason in words; nothing written.
    before = path.read_text()
    type_and_apply(window, FIELD, "Sync/gymbell")
    window.wait_for_text(r"^Sync/gymbell is not a full path; start it with / or ~/ \(like ~/Sync/gymbell\)$")
    time.sleep(0.5)
    assert path.read_text() == before

    # A folder not made yet: written, followed, and said to be away.
    type_and_apply(window, FIELD, "~/Sync/gymbell")
    wait_until(lambda: '[sync]\nfolder = "~/Sync/gymbell"\n' in path.read_text(), 5, what="[sync] folder in the file")
    assert path.read_text().startswith(before), "only the [sync] table is added"
    folder = env.home / "Sync" / "gymbell"
    wait_until(lambda: (status_sync(cli) or {}).get("folder") == str(folder), 5, what="the daemon following the folder")
    assert status_sync(cli)["available"] is False
    window.wait_for_text(r"^The folder is not there now; your workouts wait here until it is back$")
    assert cli("config", "check", str(path)).returncode == 0

    # The folder made (as Syncthing would): this computer's journal goes there, the row says so.
    folder.mkdir(parents=True)
    window.wait_for_text(r"^The folder is there; no other computer has written to it yet$")
    own = wait_until(lambda: next((f for f in folder.glob("gymbell-*.jsonl") if f.read_text().endswith("\n")), None), 10,
                     what="this computer's journal in the folder")
    # Another computer's journal arrives: its two workouts are merged and counted.
    (folder / "gymbell-0123456789abcdef.jsonl").write_text(other_computers_journal(own.read_text().splitlines()[0], 2))
    window.wait_for_text(r"^The folder is there; 2 workouts came from your other computers$")
    assert [j["sessions"] for j in status_sync(cli)["journals"]] == [2]

    # Stop syncing: the table goes, the daemon follows no folder, the field is empty.
    window.act("push button", "Stop syncing")
    wait_until(lambda: "[sync]" not in path.read_text(), 5, what="[sync] removed from the file")
    assert path.read_text() == before
    wait_until(lambda: status_sync(cli) is None, 5, what="the daemon following no folder")
    assert window.node("text", FIELD).get("text", "") == ""
    assert not any(t.startswith("The folder is") for t in window.texts())


def test_a_folder_chosen_in_the_chooser_is_written_from_home(daemon, window, write_config, cli, env):
    path = write_config(CONFIG)
    folder = env.home / "Sync" / "gymbell"
    folder.mkdir(parents=True)
    daemon.start()
    window.vars["GSETTINGS_BACKEND"] = "memory"  # the chooser keeps its settings (no dconf on the test's bus)
    window.launch()
    scroll_to_sync(window)
    window.click_node("push button", "Choose the synced folder")
    choose_file(window, "Choose", str(folder), besides=("Choose the synced folder",))
    # Under the home directory: written from ~, as it is the same on each computer.
    wait_until(lambda: '[sync]\nfolder = "~/Sync/gymbell"\n' in path.read_text(), 10, what="the chosen folder in the file")
    wait_until(lambda: (status_sync(cli) or {}).get("available") is True, 5, what="the daemon following the folder")
    assert window.node("text", FIELD).get("text") == "~/Sync/gymbell"
    window.wait_for_text(r"^The folder is there; no other computer has written to it yet$")
