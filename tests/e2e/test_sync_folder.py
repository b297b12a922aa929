"""Two computers sharing a folder (issue 48), without a sync engine: two real daemons, each with its own
XDG home, bus and recording notification server, and one plain directory as the synced folder (what
Syncthing fills; tests/sync runs the same with two real Syncthing instances). Each writes only its own
journal there and merges the other's: the history, a correction, the day counted as trained, and
what a hostile or broken journal does (nothing)."""

import calendar
import json
import os
import signal
import time
from pathlib import Path

import pytest

from conftest import Daemon, Env, NotificationServer, Recorder, gymbell_binary, run_cli, wait_until

pytestmark = pytest.mark.gymbell

PUSH = ('[workouts.push]\ntitle = "Push Day"\nkind = "strength"\nexercises = [\n'
        '  { name = "Bench Press", sets = 2, reps = 8, weight = 80, unit = "kg", rest = 60 },\n]\n')


class Computer:
    def __init__(self, root, folder, name, extra=""):
        self.name = name
        self.env = Env(root / name)
        self.env.start_bus()
        self.server = NotificationServer(self.env).start()
        self.env.write_config(f'[sync]\nfolder = "{folder}"\n\n' + extra + PUSH)
        self.daemon = Daemon(self.env, gymbell_binary())
        self.daemon.start()

    def cli(self, *args):
        r = run_cli(self.env, gymbell_binary(), *args)
        assert r.returncode == 0, (self.name, args, r.stdout, r.stderr)
        return r.stdout

    def json(self, *args):
        return json.loads(self.cli(*args, "--json"))

    def sessions(self):
        return self.json("history", "--days", "30")

    def sync(self):
        return self.json("status")["sync"]

    def device(self):
        path = self.env.state_home / "gymbell" / "device-id"
        wait_until(path.exists, 5, what=f"{self.name}'s device id")  # made when the folder is first followed
        return path.read_text().strip()

    def train(self):
        self.cli("start", "push")
        self.cli("set-done")
        self.cli("set-done")
        wait_until(lambda: self.json("status")["session"] is None, 10, what=f"{self.name}'s workout to end")

    def stop(self):
        self.daemon.stop()
        self.server.stop()
        self.env.stop()


@pytest.fixture
def pair(tmp_path):
    folder = tmp_path / "Sync" / "gymbell"
    folder.mkdir(parents=True)
    made = []
    try:
        made.append(Computer(tmp_path, folder, "laptop"))
        made.append(Computer(tmp_path, folder, "desktop"))
        yield folder, made[0], made[1]
    finally:
        for c in made:
            c.stop()


def test_a_workout_on_one_computer_is_in_the_others_history_and_a_correction_comes_back(pair):
    folder, laptop, desktop = pair
    laptop.train()
    [done] = laptop.sessions()
    assert (folder / f"gymbell-{laptop.device()}.jsonl").exists()
    wait_until(lambda: [s["id"] for s in desktop.sessions()] == [done["id"]], 10, what="the laptop's workout on the desktop")
    [merged] = desktop.sessions()
    assert (merged["title"], merged["outcome"], merged["sets_done"]) == ("Push Day", "completed", 2)
    sets = desktop.json("history", "--sets", "--days", "30")
    assert [(s["exercise"], s["reps"], s["weight"]) for s in sets] == [("Bench Press", 8, 80)] * 2
    status = desktop.sync()
    assert status["available"] and [j["sessions"] for j in status["journals"]] == [1], status
    assert "1 other computer, 1 workout merged" in desktop.cli("status")

    # Corrected on the desktop (its own number for the set): the laptop's log follows.
    desktop.cli("history", "correct", str(sets[1]["id"]), "--reps", "6")
    wait_until(lambda: [s["reps"] for s in laptop.json("history", "--sets", "--days", "30")] == [8, 6], 10,
               what="the desktop's correction on the laptop")
    # Nothing twice, after both restart.
    laptop.daemon.restart()
    desktop.daemon.restart()
    time.sleep(1)
    assert len(laptop.sessions()) == 1 and len(desktop.sessions()) == 1
    assert [s["reps"] for s in desktop.json("history", "--sets", "--days", "30")] == [8, 6]


def test_a_hostile_journal_is_skipped_with_a_sentence_and_the_good_lines_merge(pair):
    folder, laptop, desktop = pair
    laptop.train()
    own = folder / f"gymbell-{laptop.device()}.jsonl"
    wait_until(lambda: own.exists() and own.read_bytes().endswith(b"\n"), 10, what="the laptop's journal")
    good = own.read_bytes()
    desktop.daemon.kill()
    # A copy under another device with NULs, a newer format, out-of-bounds values and a cut last line;
    # a FIFO named like a journal; a huge line.
    stranger = "0123456789abcdef"
    line = json.loads(good.splitlines()[0])
    far = dict(line, device=stranger)
    far["session"] = dict(line["session"], entry=dict(line["session"]["entry"], id="x-far", started_at="9999-01-01T00:00:00.000Z"))
    newer = dict(line, journal=7)
    lines = [b"\x00\x00garbage", json.dumps(newer).encode(), json.dumps(far).encode(), b"{\"journal\": 1",
             json.dumps(dict(line, device=stranger)).encode()]
    (folder / f"gymbell-{stranger}.jsonl").write_bytes(b"\n".join(lines) + b"\n" + b"x" * (5 << 20) + b"\n" + b'{"journal":1,"dev')
    os.mkfifo(folder / "gymbell-fedcba9876543210.jsonl")
    desktop.daemon.start()
    named = lambda: {j["file"]: j for j in desktop.sync()["journals"]}
    wait_until(lambda: len(named()) == 3, 10, what="the three journals read")
    journals = named()
    bad = journals[f"gymbell-{stranger}.jsonl"]
    assert bad["problem"].startswith("line 1: not a journal line (a NUL byte)"), bad
    assert "not a regular file" in journals["gymbell-fedcba9876543210.jsonl"]["problem"], journals
    assert desktop.daemon.running
    assert desktop.sessions()[0]["id"] == line["session"]["entry"]["id"]


def test_a_day_trained_on_the_laptop_brings_no_daily_reminder_on_the_desktop(tmp_path):
    folder = tmp_path / "Sync" / "gymbell"
    folder.mkdir(parents=True)
    now = time.gmtime(time.time() + 90)
    due = time.strftime("%H:%M", now)
    if due < time.strftime("%H:%M", time.gmtime()):
        pytest.skip("too close to midnight UTC")
    reminders = f'[reminders]\ntime = "{due}"\n\n[program]\nmon = "push"\ntue = "push"\nwed = "push"\nthu = "push"\nfri = "push"\nsat = "push"\nsun = "push"\n\n'
    made = []
    try:
        laptop = Computer(tmp_path, folder, "laptop", reminders)
        made.append(laptop)
        desktop = Computer(tmp_path, folder, "desktop", reminders)
        made.append(desktop)
        assert desktop.json("status")["next_daily"][:10] == time.strftime("%Y-%m-%d", now)
        laptop.train()
        wait_until(lambda: len(desktop.sessions()) == 1, 10, what="the workout merged")
        wait_until(lambda: desktop.json("status")["next_daily"] is None or
                   desktop.json("status")["next_daily"][:10] != time.strftime("%Y-%m-%d", now), 5, what="today quietened")
        # Nothing was shown on the desktop, and today's reminder is gone from its plan (next: tomorrow).
        assert Recorder(desktop.server.log).notifies() == []
        assert not [p for p in desktop.json("status")["pending"] if p["kind"] in ("daily", "snoozed")]
    finally:
        for c in made:
            c.stop()


def years_of(line, stranger, count):
    """`count` workouts two days apart going back from the line's, as the journal of `stranger`: the
    laptop's own line, made into ten years of another computer's."""
    base = json.loads(line)
    out = []
    for n in range(1, count + 1):
        shift = n * 2 * 86400
        entry = dict(base["session"]["entry"], id=f"years-{n}")
        for key in ("started_at", "ended_at", "last_progress_at"):
            entry[key] = shifted(entry[key], shift)
        sets = [dict(s, session=f"years-{n}", at=shifted(s["at"], shift)) for s in base["session"]["sets"]] * 6
        entry["sets_done"] = len(sets)
        out.append(json.dumps(dict(base, device=stranger, session=dict(entry=entry, sets=sets)), separators=(",", ":")))
    return ("\n".join(out) + "\n").encode()


def shifted(instant, seconds):
    t = time.strptime(instant[:19], "%Y-%m-%dT%H:%M:%S")
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(calendar.timegm(t) - seconds)) + instant[19:]


def test_ten_years_from_another_computer_merge_off_the_loop_and_survive_a_kill(pair):
    folder, laptop, desktop = pair
    laptop.train()
    own = folder / f"gymbell-{laptop.device()}.jsonl"
    wait_until(lambda: own.exists() and own.read_bytes().endswith(b"\n"), 10, what="the laptop's journal")
    stranger = "abcdefabcdefabcd"
    journal = years_of(own.read_bytes().splitlines()[0], stranger, 1825)
    assert len(journal) > 5 << 20
    # A rest runs on the desktop while the years arrive: it ends on time all the same.
    rest_began = time.time()
    desktop.cli("rest", "3")
    began = time.monotonic()
    (folder / f"gymbell-{stranger}.jsonl").write_bytes(journal)
    over = Recorder(desktop.server.log).wait_for_notify("Rest over ⏰", timeout=10)
    late = over["t"] - rest_began - 3
    assert late < 1.0, f"the rest ended {late:.2f} s late while the years merged"
    wait_until(lambda: len(desktop.sessions()) > 1, 30, what="the first batches merged")
    # kill -9 halfway (or after: both must end with every workout once).
    desktop.daemon.kill(signal.SIGKILL)
    desktop.daemon.start()
    years = lambda: [s["id"] for s in desktop.json("history", "--days", "3660") if s["id"].startswith("years-")]
    wait_until(lambda: len(years()) == 1825, 120, interval=1, what="ten years merged")
    took = time.monotonic() - began
    ids = [s["id"] for s in desktop.json("history", "--days", "3660")]
    assert len(ids) == len(set(ids)) == 1827  # the years, the laptop's workout, the desktop's rest: each once
    journals = {j["file"]: j for j in desktop.sync()["journals"]}
    assert journals[f"gymbell-{stranger}.jsonl"]["problem"] is None
    print(f"ten years ({len(journal) >> 20} MiB, 1825 workouts × 12 sets) merged in {took:.1f} s with a kill -9; rest over {late:+.2f} s")


def test_a_folder_that_is_away_is_waited_for_and_what_was_done_meanwhile_goes_over(tmp_path):
    """A removable disk: the folder is not there at start; both computers go on alone (the laptop
    trains), and when the disk is back both write and merge."""
    disk = tmp_path / "media" / "DISK"
    folder = disk / "gymbell"
    (tmp_path / "media").mkdir()
    made = []
    try:
        laptop = Computer(tmp_path, folder, "laptop")
        made.append(laptop)
        desktop = Computer(tmp_path, folder, "desktop")
        made.append(desktop)
        status = laptop.sync()
        assert status["available"] is False and status["folder"] == str(folder), status
        assert "not there now" in laptop.cli("status")
        laptop.train()
        [done] = laptop.sessions()
        disk.mkdir()
        folder.mkdir()
        wait_until(lambda: [s["id"] for s in desktop.sessions()] == [done["id"]], 10, what="the workout done while the disk was away")
        assert laptop.sync()["available"] and desktop.sync()["available"]
        # Away again (unmounted): both go on, nothing lost.
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()
        wait_until(lambda: desktop.sync()["available"] is False, 5, what="the desktop to see the folder gone")
        assert [s["id"] for s in desktop.sessions()] == [done["id"]]
    finally:
        for c in made:
            c.stop()


def test_two_computers_with_one_device_id_still_merge_each_others_workouts(tmp_path):
    """A state directory copied to a second computer carries its device id: both write one journal.
    Each merges that journal too, and a conflict copy of it is named in `status` with what to do."""
    folder = tmp_path / "Sync" / "gymbell"
    folder.mkdir(parents=True)
    made = []
    try:
        laptop = Computer(tmp_path, folder, "laptop")
        made.append(laptop)
        device = laptop.device()
        desktop_state = tmp_path / "desktop" / "state" / "gymbell"
        desktop_state.mkdir(parents=True)
        (desktop_state / "device-id").write_text(device + "\n")
        desktop = Computer(tmp_path, folder, "desktop")
        made.append(desktop)
        assert desktop.device() == device
        laptop.train()
        desktop.train()
        both = lambda c: len(c.sessions()) == 2
        wait_until(lambda: both(laptop) and both(desktop), 10, what="each computer's workout on both")
        # Syncthing keeps the other's version as a conflict copy: merged, and named.
        own = folder / f"gymbell-{device}.jsonl"
        (folder / f"gymbell-{device}.sync-conflict-20261203-120000-ABCDEFG.jsonl").write_bytes(own.read_bytes())
        wait_until(lambda: any("another computer writes this journal too" in (j["problem"] or "") for j in desktop.sync()["journals"]), 5,
                   what="the shared id named")
        assert both(desktop) and both(laptop)
    finally:
        for c in made:
            c.stop()
