"""The Syncthing pair itself (tests/support/syncthing_pair.py), without gymbell: a file written on one
side arrives whole on the other, both ways; paused, both sides change it, resumed → a conflict copy on
both. About 2 s."""

import time

from syncthing_pair import FOLDER


def arrived(path, text, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if path.read_text() == text:
                return time.monotonic()
        except OSError:
            pass
        time.sleep(0.02)
    raise AssertionError(f"{path} did not read {text!r} within {timeout} s")


def test_a_file_travels_both_ways_and_a_paused_pair_makes_a_conflict_copy(syncthing, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    print(f"started → connected: {syncthing.wait_connected():.2f} s")
    assert (a / ".stfolder").is_dir() and (b / ".stfolder").is_dir(), "Syncthing made both folders"
    status = syncthing["a"].get(f"/rest/db/status?folder={FOLDER}")
    assert status["state"] == "idle", status
    # A → B by the watcher alone (fsWatcherDelayS=1).
    (a / "from-a.jsonl").write_text('{"n": 1}\n')
    began = time.monotonic()
    took = arrived(b / "from-a.jsonl", '{"n": 1}\n', 15) - began
    print(f"a → b by the watcher: {took:.2f} s")
    # B → A after a scan.
    (b / "from-b.jsonl").write_text('{"n": 2}\n')
    syncthing.scan("b")
    arrived(a / "from-b.jsonl", '{"n": 2}\n', 15)
    syncthing.wait_in_sync()
    # Offline, both change the same file: one keeps the name, the other becomes a conflict copy, on both.
    syncthing.pause()
    (a / "from-a.jsonl").write_text('{"n": 1}\n{"side": "a"}\n')
    (b / "from-a.jsonl").write_text('{"n": 1}\n{"side": "b"}\n')
    syncthing.scan("a")
    syncthing.scan("b")
    syncthing.resume()
    print(f"resumed → connected: {syncthing.wait_connected():.2f} s")
    syncthing.wait_in_sync()
    for side in (a, b):
        copies = [p for p in side.iterdir() if ".sync-conflict-" in p.name]
        assert len(copies) == 1 and copies[0].name.startswith("from-a.sync-conflict-"), sorted(side.iterdir())
        texts = {(side / "from-a.jsonl").read_text(), copies[0].read_text()}
        assert texts == {'{"n": 1}\n{"side": "a"}\n', '{"n": 1}\n{"side": "b"}\n'}, texts
    assert syncthing.conflict_copies("a") == syncthing.conflict_copies("b")
