"""The training log's files in the window (issue 34, item 4): on the Log page of the Workouts window, a
Strong export chosen with GTK's file chooser driven by the keyboard (its location typed), the summary
the CLI prints read in a dialog (AT-SPI and OCR), Import clicked; `gymbell history --sets --json` has the
sets and the page shows the sessions. Then "Export CSV…" writes the same CSV as `history --sets --csv`,
"Back up…" a backup; the export imported into a fresh state gives the same history, and so does the
backup restored. Real GTK under Xvfb, the real daemon on a private bus."""

import json
import os
import shutil
import time

from conftest import harness, wait_until

state_db = harness.state_db
from test_programme import TODAY_PROGRAM, ocr_window, open_session, page

SAMPLE = os.path.join(os.path.dirname(__file__), "..", "e2e", "import_samples", "strong-semicolon.csv")


def as_json(cli, *args):
    r = cli(*args, "--json", "--days", "3660")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def keys(window, *args):
    window.display.xdotool(*args, timeout=30)


def choose_file(window, accept, path, save=False, besides=()):
    """The file chooser answered by the keyboard: focus in it (a click beside its buttons, as no window
    manager gives focus), ctrl+L and the path typed into its location entry (a save chooser's name
    entry has the focus already: its text replaced), then Enter."""
    # The chooser's accept button (named with its label twice, the mnemonic's): the chooser is up.
    # `besides`: the window's own buttons whose names start with the same word ("Open report").
    button = wait_until(lambda: next((n for n in window.showing() if n["role"] == "push button" and n["name"] not in besides
                                      and n["name"].split(" ")[0] == accept and n["extents"][2] > 0), None),
                        15, interval=0.2, what=f"the chooser's {accept} button")
    x, y, w, h = button["extents"]
    window.display.move(x - 20, y + h // 2)   # beside it, between the buttons: harmless
    keys(window, "click", "1")
    time.sleep(0.3)
    if not save:
        keys(window, "key", "--clearmodifiers", "ctrl+l")
        time.sleep(0.3)
    keys(window, "key", "--clearmodifiers", "ctrl+a")
    keys(window, "type", "--delay", "10", path)
    time.sleep(0.3)
    keys(window, "key", "Return")


def test_a_log_imported_exported_and_backed_up_in_the_window(daemon, window, write_config, cli, env, tmp_path):
    write_config(TODAY_PROGRAM)
    daemon.start()
    window.vars["GSETTINGS_BACKEND"] = "memory"  # the chooser keeps its settings (no dconf on the test's bus)
    window.vars["TZ"] = "Europe/Berlin"     # the zone the sample's times were written in (the window reads the local one)
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    window.press("Workouts and programme")
    page(window, "Log")
    window.wait_for_text(r"^No sessions yet$")

    window.click("Import a training log")
    choose_file(window, "Open", os.path.abspath(SAMPLE))
    window.wait_for_text(r"^Import this log\?$", timeout=20)
    # Strong's "Bench Press (Barbell)" is plainly the config's Bench Press: the dialog guesses it (a
    # choice of its own, below the summary), and the summary names the exercises as they will come in.
    summary = window.wait_for_text(r"^Strong \(older export[^$]*\nExercises: Bench Press, Deadlift \(Barbell\)\.", timeout=20)
    lines = summary.splitlines()
    assert lines[0].endswith(" export: 2 workouts, 3 sets, 2 exercises."), summary
    assert "From 2025-03-29 to 2025-03-30" in lines[1] and "(times read in Europe/Berlin)" in lines[1], summary
    assert "  line 4: a distance without time or reps (gymbell logs reps, weight and time, not distances)" in lines, summary
    assert '  line 6: weight "abc" is not a number of 0 to 2000' in lines, summary
    dry = cli(  # what `gymbell import --dry-run` says with the flags the dialog's choices are
       "import", os.path.abspath(SAMPLE), "--time-zone", "Europe/Berlin", "--map", "Bench Press (Barbell)=Bench Press",
       "--dry-run").stdout.splitlines()
    assert lines == dry[:-1], (lines, dry)
    screen = ocr_window(window, "import-summary")
    assert "Import this log" in screen and "skipped" in screen, screen
    assert as_json(cli, "history", "--sets") == []   # nothing written before Import

    window.answer("Import")
    window.wait_for_text(r"^Imported: 2 workouts with 3 sets; 0 already in your history$", timeout=20)
    sets = as_json(cli, "history", "--sets")
    sessions = as_json(cli, "history")
    assert len(sets) == 3 and len(sessions) == 2
    assert ("Bench Press", 2, 5, 85, "kg") in [(s["exercise"], s["set"], s["reps"], s["weight"], s["unit"]) for s in sets]
    window.wait_for_text(r"^Push$")                       # the page shows the imported sessions
    open_session(window, "Push")                          # one row a session (issue 46), opened to its sets
    window.wait_for_text(r"^5 × 85 kg · RPE 8$")      # the RPE the export gave (issue 44)

    export = tmp_path / "out" / "sets.csv"
    export.parent.mkdir()
    window.click("Export the sets as CSV")
    choose_file(window, "Save", str(export), save=True)
    wait_until(export.exists, 20, what="the export written")
    window.wait_for_text(r"^3 sets written to ")
    r = cli("history", "--sets", "--csv", "--days", "3660")
    assert export.read_text() == r.stdout
    assert not [p for p in export.parent.iterdir() if p.name != "sets.csv"]   # no temporary file left

    backup = tmp_path / "out" / "state-backup.sqlite"
    window.click("Back up the whole state")
    choose_file(window, "Save", str(backup), save=True)
    window.wait_for_text(r"^Backed up 2 sessions and 3 sets to ", timeout=20)
    assert backup.exists()

    window.stop()
    daemon.kill()
    shutil.move(str(state_db(env).parent), str(tmp_path / "old-state"))
    daemon.start()
    assert as_json(cli, "history", "--sets") == []
    r = cli("import", str(export))
    assert r.returncode == 0 and r.stdout.startswith("gymbell export: 2 workouts, 3 sets, 2 exercises."), r.stdout + r.stderr
    assert as_json(cli, "history", "--sets") == sets
    assert as_json(cli, "history") == sessions
    daemon.restart()
    assert as_json(cli, "history", "--sets") == sets

    daemon.kill()
    shutil.rmtree(state_db(env).parent)
    daemon.start()
    r = cli("restore", str(backup))
    assert r.returncode == 0, r.stderr
    assert as_json(cli, "history", "--sets") == sets
    assert as_json(cli, "history") == sessions


def test_a_backup_holding_far_less_is_restored_in_the_window_only_when_confirmed(daemon, window, write_config, cli, env, tmp_path):
    """Issue 42: "Restore…" on the Log page; a backup with 2 of the history's 6 sessions asks first with
    "Replace your history?" naming both; Cancel changes nothing, Replace takes it back, the replaced
    history kept aside."""
    import sqlite3
    write_config(TODAY_PROGRAM)
    daemon.start()
    daemon.kill()
    start = time.time() - 10 * 86400
    harness.insert_state_rows(env, sessions=[
        {"id": f"past-{n}", "kind": "strength", "title": "Push Day", "started_at": start + n * 86400, "ends_at": start + n * 86400 + 3600,
         "workout": "push", "outcome": "completed", "ended_at": start + n * 86400 + 3600, "sets_done": 1,
         "last_progress_at": start + n * 86400 + 3600} for n in range(6)],
        sets=[{"session_id": f"past-{n}", "workout": "push", "exercise": "Bench Press", "set_number": 1, "reps": 5, "planned_reps": 5,
               "weight": 80.0, "unit": "kg", "failed": 0, "at": start + n * 86400 + 60} for n in range(6)])
    daemon.start()
    backup = tmp_path / "two.sqlite"
    assert cli("backup", str(backup)).returncode == 0
    with sqlite3.connect(backup) as db:
        db.execute("DELETE FROM set_log WHERE session_id NOT IN ('past-0', 'past-1')")
        db.execute("DELETE FROM session WHERE id NOT IN ('past-0', 'past-1')")
    db.close()
    window.vars["GSETTINGS_BACKEND"] = "memory"
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    window.press("Workouts and programme")
    page(window, "Log")

    def ask():
        window.press("Restore a backup")  # through AT-SPI: below the fold of six sessions
        choose_file(window, "Open", str(backup), besides=("Open report",))
        window.wait_for_text(r"^Replace your history\?$", timeout=20)
        return window.wait_for_text(r"holds 2 sessions, 2 sets, far less than your history now \(6 sessions, 6 sets\)")

    body = ask()
    assert "The history it replaces is kept aside" in body, body
    window.answer("Cancel")
    time.sleep(1)
    assert len(as_json(cli, "history")) == 6
    assert not [p for p in state_db(env).parent.iterdir() if p.name.startswith(("replaced-", "restoring-"))]

    ask()
    window.answer("Replace")
    toast = window.wait_for_text(r"^Restored: 2 sessions and 2 sets now; the replaced history is kept in ", timeout=20)
    assert [h["id"] for h in as_json(cli, "history")] == ["past-0", "past-1"]
    kept = toast.split(" is kept in ")[1].strip()
    assert os.path.dirname(kept) == str(state_db(env).parent) and os.path.exists(kept)
    with sqlite3.connect(f"file:{kept}?mode=ro", uri=True) as db:
        assert db.execute("SELECT count(*) FROM session").fetchone() == (6,)
    db.close()
