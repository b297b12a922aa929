#!/usr/bin/python3
"""gymbell benchmarks (issue 6): delivery lateness against the alternatives, idle cost, scale, control
latency — all in one run, on private session buses with the recording notification server of the
end-to-end harness (tests/e2e), which this script reuses.

    make bench                                   # release build (static stdlib) + this script
    /usr/bin/python3 bench/run.py --bin PATH     # any build
    /usr/bin/python3 bench/run.py --quick        # a 1-minute smoke run with smaller counts

Writes bench/results/latest.md (the full report) and bench/results/README-snippet.md (the table for
docs/benchmarks.md), and prints both. Figures are medians and ratios from this one run; they vary with the
machine's load, so the report names the machine and its load average.
"""

import argparse
import datetime as dt
import json
import os
import platform
import sqlite3
import subprocess
import sys
import shutil
import time
import traceback
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent

from world import World, smaps_rollup_kb, start_daemon_watched  # noqa: E402  (also puts the harness on sys.path)
from reliability_support import (  # noqa: E402  (the harness loader; see that module)
    H, HIIT_COMPLETE_TITLE, HIIT_REST_OVER_TITLE, REST_TITLE, WORK_DONE_TITLE, context_switches,
    cpu_ns, cpu_ticks, daemon_notifies, rss_by_mapping, median, pending_dues, percentile, proc_status_kb,
    proc_threads, raw_call, status_json,
)

import dbus  # noqa: E402
from workout_config import ALL_DAYS  # noqa: E402  (tests/support)

import years as years_section  # noqa: E402  (bench/years.py: issue 33)
import sync_bench  # noqa: E402  (bench/sync_bench.py: issue 48)

GOAL_MEDIAN_MS = 2.0
GOAL_P99_MS = 10.0
GOAL_RSS_MB = 21.0          # issue 16: VmRSS idle after one reminder
GOAL_PSS_MB = 13.0          # issue 16: PSS (shared pages divided among their users)
GOAL_BINARY_MB = 17.0       # issue 16: stripped binary
GOAL_DEB_MB = 5.0           # issue 16: the .deb ≤ 5 MB (the window is the package gymbell-window, issue 29)
GOAL_WINDOW_DEB_MB = 5.0    # issue 29: gymbell-window's .deb, its own static Swift runtime inside
GOAL_STARTUP_FULL_MS = 20.0  # issue 16: start-up with 10 000 pending
GOAL_STARTUP_MS = 200.0
GOAL_RAW_MS = 2.0
GOAL_WINDOW_MAPPED_MS = 250.0  # issue 29 said 300 ms; issue 46: launch to window visible ≤ 250 ms (release)


class Sizes:
    def __init__(self, quick):
        self.hiit_rounds = 10 if quick else 100       # 2 reminders per round, 1 s apart
        self.rests = 5 if quick else 20
        self.alt_count = 30 if quick else 200
        self.alt_spacing = 0.3
        self.alt_delay = 3 if quick else 10
        self.idle_seconds = 10 if quick else 60
        self.scale_n = 1000 if quick else 10_000
        self.rtt_calls = 30 if quick else 50
        self.control_calls = 30 if quick else 100
        # Start-ups per figure (median): the first after the bench wrote the database checks every
        # page (another program touched the file), and this shared machine adds outliers.
        self.startups = 3 if quick else 9


# --- small helpers -------------------------------------------------------------------------------

def ms(x):
    return f"{x * 1000:.2f} ms" if x is not None else "—"


def stats(lateness):
    xs = sorted(lateness)
    return {"n": len(xs), "median": median(xs), "p99": percentile(xs, 99), "max": xs[-1], "min": xs[0]}


def log(msg):
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def machine():
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    swift = "?"
    try:
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True,
                               timeout=30).stdout.strip().splitlines()[0]
    except Exception:
        pass
    return {"nproc": os.cpu_count(), "cpu": cpu, "kernel": platform.release(),
            "os": _os_name(), "load": os.getloadavg(), "swift": swift}


def _os_name():
    try:
        for line in open("/etc/os-release"):
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.system()


def build_info(binary):
    path = Path(binary).resolve()
    kind = "release" if "/release/" in str(path) else ("debug" if "/debug/" in str(path) else "?")
    try:
        ldd = subprocess.run(["ldd", str(path)], capture_output=True, text=True, timeout=30).stdout
        static = "libswiftCore" not in ldd
    except Exception:
        static = None
    return {"path": str(path), "kind": kind, "static_stdlib": static,
            "size_mb": path.stat().st_size / 1e6,
            "mtime": dt.datetime.fromtimestamp(path.stat().st_mtime).isoformat(timespec="seconds")}


# --- 1. delivery lateness ------------------------------------------------------------------------

def match_in_order(dues_titles, records):
    """Pair planned (due, title) with received records in time order; returns lateness list and
    the number of planned reminders without a record."""
    recs = sorted(records, key=lambda r: r["t"])
    lateness, lost = [], 0
    j = 0
    for due, title in sorted(dues_titles):
        # the next record of that title not earlier than 0.5 s before its due instant
        while j < len(recs) and recs[j]["t"] < due - 0.5:
            j += 1
        if j < len(recs) and recs[j]["summary"] == title and recs[j]["t"] <= due + 5:
            lateness.append(recs[j]["t"] - due)
            j += 1
        else:
            lost += 1
    return lateness, lost


def bench_lateness(root, binary, sz):
    w = World(root / "lateness", binary)
    out = {}
    try:
        w.start_daemon()
        # a) one real HIIT session: 2 reminders per round, 1 s apart
        log(f"lateness: gymbell HIIT {sz.hiit_rounds} × 1 s / 1 s ({2 * sz.hiit_rounds} reminders)")
        w.cli("hiit", "--rounds", sz.hiit_rounds, "--work", 1, "--rest", 1)
        plan = [(d, t) for d, t, _ in pending_dues(status_json(w.env, binary))
                if t in (WORK_DONE_TITLE, HIIT_REST_OVER_TITLE, HIIT_COMPLETE_TITLE)]
        assert len(plan) == 2 * sz.hiit_rounds, f"expected {2 * sz.hiit_rounds} pending, got {len(plan)}"
        time.sleep(max(0.0, plan[-1][0] + 1.5 - time.time()))
        recs = daemon_notifies(w.recorder)
        recs = [r for r in recs if r["summary"] in (WORK_DONE_TITLE, HIIT_REST_OVER_TITLE, HIIT_COMPLETE_TITLE)]
        late, lost = match_in_order(plan, recs)
        out["gymbell_hiit"] = dict(stats(late), lost=lost, late=late)

        # b) sequential rest timers (a new rest replaces the previous one)
        log(f"lateness: gymbell {sz.rests} × `gymbell rest 2`")
        rest_plan = []
        for _ in range(sz.rests):
            before = len(daemon_notifies(w.recorder, REST_TITLE))
            w.cli("rest", 2)
            st = status_json(w.env, binary)
            due = [H.parse_instant(p["due"]) for p in st["pending"] if p["kind"] == "rest_over"]
            if due:
                rest_plan.append((due[0], REST_TITLE))
            deadline = time.time() + 5
            while len(daemon_notifies(w.recorder, REST_TITLE)) == before and time.time() < deadline:
                time.sleep(0.02)
            time.sleep(0.1)
        late, lost = match_in_order(rest_plan, daemon_notifies(w.recorder, REST_TITLE))
        lost += sz.rests - len(rest_plan)
        out["gymbell_rest"] = dict(stats(late), lost=lost, late=late)
        w.stop_daemon()

        # c) sleep N && notify-send, many overlapping, one every SPACING s
        log(f"lateness: `sleep {sz.alt_delay} && notify-send` × {sz.alt_count}")
        dues, procs = {}, []
        t0 = time.time() + 0.2
        for i in range(sz.alt_count):
            time.sleep(max(0.0, t0 + i * sz.alt_spacing - time.time()))
            issued = time.time()
            procs.append(subprocess.Popen(
                ["sh", "-c", f"sleep {sz.alt_delay} && notify-send -a bench-sleep 'Rest over' '#{i}'"],
                env=w.env.vars, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL))
            dues[i] = issued + sz.alt_delay
        for p in procs:
            p.wait(60)
        time.sleep(0.5)
        got = {int(r["body"][1:]): r["t"] for r in w.recorder.notifies(lambda r: r["app_name"] == "bench-sleep")}
        late = [got[i] - dues[i] for i in dues if i in got]
        out["sleep_notify_send"] = dict(stats(late), lost=len(dues) - len(late), late=late)

        # d) a Python GLib timeout_add_seconds scheduler + libnotify (gi)
        log(f"lateness: GLib timeout_add_seconds scheduler × {sz.alt_count}")
        res = root / "glib.json"
        r = subprocess.run([H.PYTHON, str(BENCH / "glib_scheduler.py"), "--count", str(sz.alt_count),
                            "--spacing", str(sz.alt_spacing), "--delay", str(sz.alt_delay),
                            "--out", str(res)], env=w.env.vars, capture_output=True, text=True,
                           timeout=sz.alt_count * sz.alt_spacing + sz.alt_delay + 60)
        if r.returncode != 0:
            raise RuntimeError(f"glib_scheduler.py failed: {r.stderr[-2000:]}")
        time.sleep(0.3)
        gdues = {int(k): v for k, v in json.loads(res.read_text())["dues"].items()}
        got = {int(r["body"][1:]): r["t"] for r in w.recorder.notifies(lambda r: r["app_name"] == "bench-glib")}
        late = [got[i] - gdues[i] for i in gdues if i in got]
        out["glib_timeout_add_seconds"] = dict(stats(late), lost=len(gdues) - len(late), late=late)

        # e) the floor of this measurement: a python3-dbus Notify, send instant → receipt instant
        log("lateness: measurement floor (python3-dbus Notify → server receipt) × 100")
        sent = {}
        for i in range(100):
            sent[i] = time.time()
            w.conn.call_blocking("org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                 "org.freedesktop.Notifications", "Notify", "susssasa{sv}i",
                                 ["bench-floor", 0, "", "floor", f"#{i}", [], {}, -1], timeout=10)
            time.sleep(0.01)
        got = {int(r["body"][1:]): r["t"] for r in w.recorder.notifies(lambda r: r["app_name"] == "bench-floor")}
        late = [got[i] - sent[i] for i in sent if i in got]
        out["floor"] = dict(stats(late), lost=len(sent) - len(late), late=late)
    finally:
        w.close()
    return out


# --- 0. footprint: memory after one reminder, sizes on disk -----------------------------------------

def drop_from_page_cache(path):
    """Evicts the file's cached pages, so that what the daemon maps is read in as it runs (a cold start
    after boot), not left resident by the build or an earlier run."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def bench_footprint(root, binary, deb, window_deb=None):
    """The issue-16 measurement: the binary dropped from the page cache, the daemon started with the
    default config, one rest reminder delivered, then 2 s idle; VmRSS, PSS and anonymous memory from
    /proc/PID/smaps_rollup. Sizes: the binary as built, a stripped copy, the .deb."""
    out = {"binary_mb": Path(binary).stat().st_size / 1e6}
    stripped = Path(root) / "gymbell-stripped"
    Path(root).mkdir(parents=True, exist_ok=True)
    subprocess.run(["strip", "-o", str(stripped), str(binary)], check=True)
    out["stripped_mb"] = stripped.stat().st_size / 1e6
    out["deb_mb"] = Path(deb).stat().st_size / 1e6 if deb and Path(deb).is_file() else None
    out["window_deb_mb"] = Path(window_deb).stat().st_size / 1e6 if window_deb and Path(window_deb).is_file() else None
    data = Path(binary).read_bytes()
    out["icu"] = any(marker in data for marker in (b"icudt", b"FoundationInternationalization"))
    drop_from_page_cache(binary)
    w = World(Path(root) / "footprint", binary)
    try:
        w.start_daemon()
        w.cli("rest", 1)
        w.recorder.wait_for_notify(REST_TITLE, 10)
        time.sleep(2.0)
        pid = w.proc.pid
        rollup = smaps_rollup_kb(pid)
        out.update(rss_kb=proc_status_kb(pid, "VmRSS"), hwm_kb=proc_status_kb(pid, "VmHWM"),
                   pss_kb=rollup.get("Pss"), anon_kb=rollup.get("Anonymous"), rss_top=rss_by_mapping(pid))
        log(f"footprint: RSS {out['rss_kb'] / 1024:.1f} MB, PSS {out['pss_kb'] / 1024:.1f} MB, "
            f"stripped {out['stripped_mb']:.1f} MB, .deb {out['deb_mb'] or 0:.1f} MB")
    finally:
        w.close()
    return out


# --- 2. idle cost ---------------------------------------------------------------------------------

def bench_idle(root, binary, sz, control_calls):
    w = World(root / "idle", binary)
    out = {}
    try:
        daily = time.gmtime(time.time() + 6 * 3600)  # the daemon runs with TZ=UTC
        w.env.write_config(f'[reminders]\ntime = "{daily.tm_hour:02d}:{daily.tm_min:02d}"\ndays = {ALL_DAYS}\n')
        out["startup_first"] = w.start_daemon()
        w.cli("rest", 3600)
        st = status_json(w.env, binary)
        out["pending"] = len(st["pending"])
        out["next_daily"] = st["next_daily"]
        pid = w.proc.pid
        time.sleep(2.0)  # let start-up work and the rest command settle
        log(f"idle: {sz.idle_seconds} s with a daily reminder and a 1 h rest pending (pid {pid})")
        cs0, tk0, ns0 = context_switches(pid), cpu_ticks(pid), cpu_ns(pid)
        time.sleep(sz.idle_seconds)
        cs1, tk1, ns1 = context_switches(pid), cpu_ticks(pid), cpu_ns(pid)
        hz = os.sysconf("SC_CLK_TCK")
        out.update(seconds=sz.idle_seconds, ctx_switches=cs1 - cs0, cpu_ms_ticks=(tk1 - tk0) * 1000 / hz,
                   cpu_ms_sched=(ns1 - ns0) / 1e6, threads=len(proc_threads(pid)),
                   vmhwm_kb=proc_status_kb(pid, "VmHWM"), vmrss_kb=proc_status_kb(pid, "VmRSS"),
                   rss_top=rss_by_mapping(pid))

        # 4. control latency, on this daemon (a daily reminder and a rest pending)
        log(f"control: {control_calls} × `gymbell status --json`, raw Status, bus GetId")
        cli_t = []
        for _ in range(control_calls):
            t = time.perf_counter()
            w.cli("status", "--json")
            cli_t.append(time.perf_counter() - t)
        raw_t = []
        for _ in range(control_calls):
            t = time.perf_counter()
            raw_call(w.conn, "Status")
            raw_t.append(time.perf_counter() - t)
        bus_obj = w.conn.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus", introspect=False)
        floor_t = []
        for _ in range(control_calls):
            t = time.perf_counter()
            bus_obj.GetId(dbus_interface="org.freedesktop.DBus")
            floor_t.append(time.perf_counter() - t)
        out["control"] = {"cli": stats(cli_t), "raw": stats(raw_t), "floor": stats(floor_t),
                          "calls": control_calls}
        out["ctx_after_control"] = context_switches(pid) - cs1
    finally:
        w.close()
    return out


# --- 3. scale -------------------------------------------------------------------------------------

def rtt(conn, calls, method, sig="", args=()):
    times = []
    for _ in range(calls):
        t = time.perf_counter()
        raw_call(conn, method, sig, args, timeout=30)
        times.append(time.perf_counter() - t)
    return stats(times)


def bench_scale(root, binary, sz):
    w = World(root / "scale", binary)
    out = {}
    db = w.env.state_home / "gymbell" / "state.sqlite"
    try:
        w.start_daemon()  # creates and migrates the database
        w.stop_daemon()
        with sqlite3.connect(db) as c:
            cols = [row[1] for row in c.execute("PRAGMA table_info(reminder)")]
        out["schema"] = cols
        need = {"id", "kind", "due", "title", "body", "content", "session_id"}
        if not need <= set(cols):
            raise RuntimeError(f"reminder table has columns {cols}, expected at least {sorted(need)}")

        def measure(label):
            log(f"scale: {label}: {sz.startups} start-ups, {sz.rtt_calls} Rest and Status calls")
            startups = []
            for k in range(sz.startups):
                startups.append(w.start_daemon())
                if k < sz.startups - 1:
                    w.stop_daemon()
            pid = w.proc.pid
            pending = len(json.loads(str(raw_call(w.conn, "Status", timeout=30)))["pending"])
            res = {"startup": stats(startups), "pending": pending,
                   "rest": rtt(w.conn, sz.rtt_calls, "Rest", "u", [dbus.UInt32(3600)]),
                   "status": rtt(w.conn, max(5, sz.rtt_calls // 5), "Status"),
                   "vmrss_kb": proc_status_kb(pid, "VmRSS"), "vmhwm_kb": proc_status_kb(pid, "VmHWM")}
            # The pending reminders must still be there after the Rest calls, or the comparison
            # measured something else (a Rest cancels the previous session's and snoozed reminders).
            res["pending_after"] = len(json.loads(str(raw_call(w.conn, "Status", timeout=30)))["pending"])
            raw_call(w.conn, "Stop")
            w.stop_daemon()
            return res

        out["empty"] = measure("0 pending")
        now = time.time()
        # Milestone celebrations held for later, without a session: neither cancelled by a new
        # session nor removed when a session counts as today's training (snoozes, held daily
        # reminders and rest-day advice are), so every Rest call sees all of them.
        # Rows as the daemon writes them: what they say as JSON in `content` (decoded at start-up),
        # the English text beside it for people reading the database.
        rows = [(f"bench-{i:05d}", "milestone", now + 2 * 86400 + i * 60, "Milestone reached 🏆",
                 "7 training days in a row! 🔥", '{"milestones":{"_0":[{"streak":{"_0":7}}]}}', None)
                for i in range(sz.scale_n)]
        with sqlite3.connect(db) as c:
            c.executemany("INSERT INTO reminder (id, kind, due, title, body, content, session_id) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        out["n"] = sz.scale_n
        out["full"] = measure(f"{sz.scale_n} pending")
    finally:
        w.close()
    return out


# --- report ---------------------------------------------------------------------------------------

def verdict(ok):
    return "met" if ok else "**not met**"


def report(m, b, lat, idle, scale, errors, elapsed, quick, foot=None, win=None, years=None):
    L = []
    when = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    static = {True: "static Swift stdlib", False: "dynamic Swift stdlib", None: "stdlib linkage unknown"}[b["static_stdlib"]]
    L.append(f"Measured {when} in one run of `bench/run.py` ({elapsed / 60:.1f} min{', QUICK smoke sizes' if quick else ''}) "
             f"on {m['nproc']} × {m['cpu']}, Linux {m['kernel']} ({m['os']}), load average "
             f"{m['load'][0]:.2f} / {m['load'][1]:.2f} / {m['load'][2]:.2f} at the start (machine shared with "
             f"other builds). gymbell: **{b['kind']} build**, {static}, {b['size_mb']:.1f} MB "
             f"(`{os.path.relpath(b['path'], REPO)}`); {m['swift']}. Private `dbus-daemon` per scenario, "
             f"the e2e recording notification server (python3-dbus) timestamps every Notify on receipt.")
    L.append("")
    goals = []
    if foot:
        mb = lambda kb: kb / 1024
        goals.append(("PSS, idle after one reminder (binary dropped from the page cache first)",
                      f"{mb(foot['pss_kb']):.1f} MB (anonymous {mb(foot['anon_kb']):.1f} MB)", f"≤ {GOAL_PSS_MB:g} MB",
                      mb(foot["pss_kb"]) <= GOAL_PSS_MB))
        goals.append(("VmRSS, the same moment", f"{mb(foot['rss_kb']):.1f} MB (peak {mb(foot['hwm_kb']):.1f} MB)",
                      f"≤ {GOAL_RSS_MB:g} MB", mb(foot["rss_kb"]) <= GOAL_RSS_MB))
        goals.append(("binary, stripped", f"{foot['stripped_mb']:.1f} MB (as built {foot['binary_mb']:.1f} MB)"
                      + ("; **ICU inside**" if foot["icu"] else "; no ICU"),
                      f"≤ {GOAL_BINARY_MB:g} MB", foot["stripped_mb"] <= GOAL_BINARY_MB and not foot["icu"]))
        if foot.get("deb_mb") is not None:
            goals.append((".deb (gymbell)", f"{foot['deb_mb']:.2f} MB", f"≤ {GOAL_DEB_MB:g} MB", foot["deb_mb"] <= GOAL_DEB_MB))
        if foot.get("window_deb_mb") is not None:
            goals.append((".deb (gymbell-window)", f"{foot['window_deb_mb']:.2f} MB", f"≤ {GOAL_WINDOW_DEB_MB:g} MB",
                          foot["window_deb_mb"] <= GOAL_WINDOW_DEB_MB))
        if foot.get("rss_top"):
            top = ", ".join(f"{n} {kb / 1024:.1f} MB" for kb, n in foot["rss_top"])
            L.append(f"Largest resident mappings after one reminder (/proc/PID/smaps): {top}.")
            L.append("")
    if lat:
        L.append("**Delivery lateness** — due instant → Notify received by the notification server")
        L.append("")
        L.append("| scheduler | reminders | median | p99 | max | lost |")
        L.append("| --- | ---: | ---: | ---: | ---: | ---: |")
        rows = [("gymbell daemon: one HIIT session, 1 s work / 1 s rest", "gymbell_hiit"),
                ("gymbell daemon: `gymbell rest 2`, one after another", "gymbell_rest"),
                ("`sleep N && notify-send` (shell, libnotify-bin)", "sleep_notify_send"),
                ("Python GLib `timeout_add_seconds` + libnotify (gi)", "glib_timeout_add_seconds"),
                ("(floor: a python3-dbus Notify, send → receipt)", "floor")]
        for label, key in rows:
            s = lat.get(key)
            if s and s["n"]:
                L.append(f"| {label} | {s['n']} | {ms(s['median'])} | {ms(s['p99'])} | {ms(s['max'])} | {s['lost']} |")
        g = (lat["gymbell_hiit"]["late"] + lat["gymbell_rest"]["late"])
        gs = stats(g)
        L.append(f"| **gymbell, all** | {gs['n']} | **{ms(gs['median'])}** | **{ms(gs['p99'])}** | {ms(gs['max'])} | "
                 f"{lat['gymbell_hiit']['lost'] + lat['gymbell_rest']['lost']} |")
        L.append("")
        ratios = []
        for label, key in rows[2:4]:
            s = lat.get(key)
            if s and s["n"] and gs["median"] > 0:
                ratios.append(f"{label.split(' (')[0]}: median ×{s['median'] / gs['median']:.0f}, "
                              f"p99 ×{s['p99'] / gs['p99']:.0f} of gymbell's")
        if ratios:
            L.append("Ratios: " + "; ".join(ratios) + ".")
            L.append("")
        goals.append(("delivery lateness median", f"{ms(gs['median'])} (n = {gs['n']})", f"≤ {GOAL_MEDIAN_MS:g} ms",
                      gs["median"] * 1000 <= GOAL_MEDIAN_MS))
        goals.append(("delivery lateness p99", ms(gs["p99"]), f"≤ {GOAL_P99_MS:g} ms", gs["p99"] * 1000 <= GOAL_P99_MS))
    if idle:
        goals.append((f"idle wake-ups ({idle['seconds']} s, daily + 1 h rest pending, all {idle['threads']} threads)",
                      f"{idle['ctx_switches']} context switches, CPU {idle['cpu_ms_sched']:.2f} ms "
                      f"(/proc stat: {idle['cpu_ms_ticks']:.0f} ms)", "0", idle["ctx_switches"] == 0))
        goals.append(("peak RSS (VmHWM) after start-up, idle with a daily and a 1 h rest pending",
                      f"{idle['vmhwm_kb'] / 1024:.1f} MB (RSS now {idle['vmrss_kb'] / 1024:.1f} MB)",
                      f"≤ {GOAL_RSS_MB:g} MB ({b['kind']})", idle["vmhwm_kb"] / 1024 <= GOAL_RSS_MB))
    if idle and idle.get("rss_top"):
        top = ", ".join(f"{n} {kb / 1024:.1f} MB" for kb, n in idle["rss_top"])
        L.append(f"Largest resident mappings of the idle daemon (/proc/PID/smaps): {top}.")
        L.append("")
    if scale:
        e, f, n = scale["empty"], scale["full"], scale["n"]
        goals.append(("start-up to bus name owned, 0 pending", f"{ms(e['startup']['median'])} (median of {e['startup']['n']})",
                      f"≤ {GOAL_STARTUP_MS:g} ms", e["startup"]["median"] * 1000 <= GOAL_STARTUP_MS))
        goals.append((f"start-up to bus name owned, {n:,} pending", f"{ms(f['startup']['median'])} "
                      f"(×{f['startup']['median'] / e['startup']['median']:.2f})",
                      f"≤ {GOAL_STARTUP_FULL_MS:g} ms", f["startup"]["median"] * 1000 <= GOAL_STARTUP_FULL_MS))
        goals.append((f"memory with {n:,} pending", f"RSS {f['vmrss_kb'] / 1024:.1f} MB, peak {f['vmhwm_kb'] / 1024:.1f} MB "
                      f"(0 pending: {e['vmrss_kb'] / 1024:.1f} / {e['vmhwm_kb'] / 1024:.1f} MB)", "—", None))
        ratio = f["rest"]["median"] / e["rest"]["median"]
        kept = f.get("pending_after", 0) >= n
        goals.append((f"one more reminder (`Rest` round trip, median of {f['rest']['n']}), {n:,} vs 0 pending",
                      f"{ms(f['rest']['median'])} vs {ms(e['rest']['median'])}: ×{ratio:.2f}"
                      + ("" if kept else f" (**invalid**: only {f.get('pending_after')} pending after the calls)"),
                      "O(log n): ≈ flat (×≤ 1.5)", ratio <= 1.5 and kept))
        goals.append((f"`Status` round trip, {n:,} vs 0 pending (lists every pending reminder)",
                      f"{ms(f['status']['median'])} vs {ms(e['status']['median'])}: "
                      f"×{f['status']['median'] / e['status']['median']:.0f}", "— (O(n) output)", None))
    if idle and "control" in idle:
        c = idle["control"]
        goals.append((f"raw D-Bus `Status` round trip (python3-dbus, median of {c['calls']})",
                      f"{ms(c['raw']['median'])} (p99 {ms(c['raw']['p99'])})", f"≤ {GOAL_RAW_MS:g} ms",
                      c["raw"]["median"] * 1000 <= GOAL_RAW_MS))
        goals.append((f"`gymbell status --json` round trip, process start included (median of {c['calls']})",
                      f"{ms(c['cli']['median'])} (p99 {ms(c['cli']['p99'])})", "—", None))
        goals.append(("bus floor: `org.freedesktop.DBus.GetId` round trip", ms(c["floor"]["median"]), "—", None))
    if win:
        goals.append((f"window: launch → window mapped (Xvfb, cairo renderer, median of {win['runs']})",
                      f"{ms(win['mapped_median'])} (fastest {ms(win['mapped'][0])}, slowest {ms(win['mapped'][-1])})",
                      f"≤ {GOAL_WINDOW_MAPPED_MS:g} ms", win["mapped_median"] * 1000 <= GOAL_WINDOW_MAPPED_MS))
        goals.append(("window: memory with Today shown", f"RSS {win['window_rss_kb'] / 1024:.1f} MB, PSS {win['window_pss_kb'] / 1024:.1f} MB",
                      "—", None))
        goals.append((f"daemon PSS before / after {win['runs']} windows came and went",
                      f"{win['daemon_pss_before_kb'] / 1024:.1f} / {win['daemon_pss_after_kb'] / 1024:.1f} MB"
                      + ("; **maps GTK**" if win["daemon_maps_gtk"] else "; no GTK mapped"),
                      f"≤ {GOAL_PSS_MB:g} MB", win["daemon_pss_after_kb"] / 1024 <= GOAL_PSS_MB and not win["daemon_maps_gtk"]))
    if goals:
        L.append("**Goals** (issues 6, 16 and 29)")
        L.append("")
        L.append("| measure | figure | goal | |")
        L.append("| --- | --- | --- | --- |")
        for what, fig, goal, ok in goals:
            L.append(f"| {what} | {fig} | {goal} | {'' if ok is None else verdict(ok)} |")
        L.append("")
    if years:
        L += years_section.report_lines(years, ms, verdict)
    if errors:
        L.append("**Sections that failed in this run**")
        L.append("")
        for name, err in errors:
            L.append(f"- {name}: `{err}`")
        L.append("")
    return "\n".join(L)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=str(REPO / ".build-pkg-release" / "release" / "gymbell"))
    ap.add_argument("--out", default=str(BENCH / "results" / "latest.md"))
    ap.add_argument("--quick", action="store_true", help="small counts: a smoke run of about a minute")
    ap.add_argument("--deb", help="the gymbell .deb built from this binary (make bench passes it), for its size")
    ap.add_argument("--window-deb", help="the gymbell-window .deb built with it (make bench passes it), for its size")
    ap.add_argument("--only", choices=["footprint", "lateness", "idle", "scale", "window", "years", "sync"], action="append",
                    help="run only these sections (repeatable)")
    a = ap.parse_args()
    binary = Path(a.bin)
    if not (binary.is_file() and os.access(binary, os.X_OK)):
        sys.exit(f"bench: no gymbell binary at {binary}; build it: "
                 "make release-static (or make bench, which also builds the .deb)")
    sz = Sizes(a.quick)
    sections = a.only or ["footprint", "lateness", "idle", "scale", "window", "years", "sync"]
    m, b = machine(), build_info(binary)
    log(f"{b['kind']} build {b['path']} on {m['nproc']} × {m['cpu']}; load {m['load']}")
    began = time.monotonic()
    errors, foot, lat, idle, scale, win, years, sync = [], None, None, None, None, None, None, None
    # Scratch space kept until the next run (daemon logs, server records): bench/results/work/.
    root = Path(a.out).resolve().parent / "work"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    if True:
        for name in sections:
            try:
                if name == "footprint":
                    foot = bench_footprint(root, binary, a.deb, a.window_deb)
                elif name == "lateness":
                    lat = bench_lateness(root, binary, sz)
                elif name == "idle":
                    idle = bench_idle(root, binary, sz, sz.control_calls)
                elif name == "scale":
                    scale = bench_scale(root, binary, sz)
                elif name == "window":
                    from window_bench import bench_window
                    win = bench_window(root, binary, H, start_daemon_watched, runs=3 if a.quick else 7)
                elif name == "years":
                    years = years_section.bench_years(root, binary, sz, sz.startups, quick=a.quick)
                elif name == "sync":
                    sync = sync_bench.bench_sync(root, binary, quick=a.quick)
            except Exception as e:  # report the others anyway
                traceback.print_exc()
                errors.append((name, f"{type(e).__name__}: {e}"[:500]))
    elapsed = time.monotonic() - began
    table = report(m, b, lat, idle, scale, errors, elapsed, a.quick, foot, win, years) + "\n".join(sync_bench.report_lines(sync, ms)) + "\n"
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    raw = {"machine": m, "build": b, "footprint": foot, "lateness": lat, "idle": idle, "scale": scale, "window": win,
           "years": years, "sync": sync,
           "errors": errors}
    full = ("# gymbell benchmarks\n\n" + table + "\nRaw figures (seconds): `" + out.with_suffix(".json").name
            + "` beside this file. Method: bench/run.py's docstring and comments; goals: issues 6 and 16.\n")
    out.write_text(full)
    out.with_suffix(".json").write_text(json.dumps(raw, indent=1, default=str))
    snippet = out.parent / "README-snippet.md"
    snippet.write_text("## Performance\n\n" + table)
    print("\n" + full)
    log(f"done in {elapsed / 60:.1f} min: {out}, {snippet}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
