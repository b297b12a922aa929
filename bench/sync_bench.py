"""The "sync" section of `make bench` (issue 48): ten years of one computer's history carried to
another through a synced folder (a plain directory here; tests/sync runs real Syncthing).

Computer A has ten years in its state (bench/years.py's generator: ~2 600 sessions, ~60 000 sets) and
`[sync] folder`: at its start it writes the whole history into its journal — the time until the
journal holds every session, and its size. Computer B starts with the folder already filled and an
empty history: the time until its status counts every workout merged, its PSS before and after (the
merge runs off the loop, 4 MiB at a time), and the lateness of a `gymbell rest 2` that falls due
while the merge runs (due → Notify at B's recording server).
"""

import json
import time
from pathlib import Path

from world import World, smaps_rollup_kb  # noqa: E402
from reliability_support import H, REST_TITLE, daemon_notifies, proc_status_kb, status_json  # noqa: E402
import years as years_section  # noqa: E402


def bench_sync(root, binary, quick=False):
    years = 1 if quick else 10
    folder = Path(root) / "synced"
    folder.mkdir(parents=True, exist_ok=True)
    sync = f'[sync]\nfolder = "{folder}"\n\n'
    res = {"years": years}
    a = World(Path(root) / "sync-a", binary)
    try:
        a.env.write_config(years_section.CONFIG)  # no [sync] yet: the history is made first
        a.start_daemon()
        a.stop_daemon()
        db = a.env.state_home / "gymbell" / "state.sqlite"
        res["sessions"], res["sets"] = years_section.generate(db, years, time.time())
        a.env.write_config(sync + years_section.CONFIG)
        began = time.monotonic()
        a.start_daemon()
        journal = None
        deadline = began + 120
        while time.monotonic() < deadline:
            found = list(folder.glob("gymbell-*.jsonl"))
            if found and found[0].read_bytes().count(b"\n") >= res["sessions"]:
                journal = found[0]
                break
            time.sleep(0.05)
        if journal is None:
            raise RuntimeError("A's journal did not hold its history within 120 s")
        res["journal_s"] = time.monotonic() - began
        res["journal_mb"] = journal.stat().st_size / 1e6
        a.stop_daemon()
    finally:
        a.close()
    b = World(Path(root) / "sync-b", binary)
    try:
        b.env.write_config(sync + years_section.CONFIG)
        began = time.monotonic()
        b.start_daemon()
        pid = b.proc.pid
        res["pss_start_kb"] = smaps_rollup_kb(pid).get("Pss")
        before = len(daemon_notifies(b.recorder, REST_TITLE))
        b.cli("rest", 2)
        due = [H.parse_instant(p["due"]) for p in status_json(b.env, b.binary)["pending"] if p["kind"] == "rest_over"][0]
        merged, late = 0, None
        deadline = began + 300
        while time.monotonic() < deadline:
            st = status_json(b.env, b.binary)
            merged = sum(j["sessions"] for j in (st.get("sync") or {}).get("journals", []))
            got = daemon_notifies(b.recorder, REST_TITLE)[before:]
            if got and late is None:
                late = got[0]["t"] - due
            if merged >= res["sessions"] and late is not None:
                break
            time.sleep(0.05)
        res["merge_s"] = time.monotonic() - began
        res["merged"] = merged
        res["rest_late_s"] = late
        time.sleep(1.0)
        res["pss_after_kb"] = smaps_rollup_kb(pid).get("Pss")
        time.sleep(9.0)  # the daemon trims its heap once idle (IdleTrim)
        res["pss_settled_kb"] = smaps_rollup_kb(pid).get("Pss")
        res["hwm_kb"] = proc_status_kb(pid, "VmHWM")
        # The same history read at a start, for comparison: what holding it costs, merge or not.
        b.stop_daemon()
        b.start_daemon()
        b.cli("status")
        time.sleep(3.0)
        res["pss_restarted_kb"] = smaps_rollup_kb(b.proc.pid).get("Pss")
    finally:
        b.close()
    return res


def report_lines(res, ms):
    if not res:
        return []
    mb = lambda kb: f"{kb / 1024:.1f} MB" if kb else "—"
    return [
        "",
        f"### Two computers (issue 48): {res['years']} years carried through a synced folder",
        "",
        "| what | figure |",
        "|---|---|",
        f"| A writes its whole history into its journal ({res['sessions']} sessions, {res['sets']} sets) | "
        f"{res['journal_s']:.1f} s, {res['journal_mb']:.1f} MB |",
        f"| B merges it all, from its start (off the loop, batches of 200) | {res['merge_s']:.1f} s ({res['merged']} merged) |",
        f"| a rest due on B during the merge: late by | {ms(res['rest_late_s']) if res['rest_late_s'] is not None else 'lost'} |",
        f"| B's PSS at start → 1 s / 10 s after the merge (peak RSS) | {mb(res['pss_start_kb'])} → {mb(res['pss_after_kb'])} / "
        f"{mb(res.get('pss_settled_kb'))} ({mb(res['hwm_kb'])}); restarted on the merged history: {mb(res.get('pss_restarted_kb'))} |",
    ]


if __name__ == "__main__":
    import sys
    import tempfile
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="gymbell-sync-bench-") as root:
        print(json.dumps(bench_sync(root, binary, quick="--quick" in sys.argv), indent=1))
