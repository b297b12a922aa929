#!/usr/bin/python3
"""Regenerates packaging/symbol-order.txt: the functions a day's use of the daemon runs, which
`make release-static` asks lld to lay out together (`--symbol-ordering-file`), so that the pages of
code an idle daemon keeps resident hold code it runs rather than neighbours pulled in by the kernel's
fault-around (issue 16: the idle RSS and PSS).

    make release-static && /usr/bin/python3 bench/symbol_order.py [--bin PATH] [--out FILE]

The release daemon runs under callgrind (no demangling: lld wants the symbols as linked) on a private
bus with the e2e recording notification server through start-up and a rest (listed first), then a HIIT and a walk/run
session, a strength workout with set-done, status, upcoming, history, stats, suggest, a reload,
skip-today, export-ics and stop. Every function of the binary it ran is listed once, each part hottest first. A
list gone stale costs nothing but memory: lld ignores names it does not find, and functions not listed
follow the listed ones. Functions in the static libraries' large one-per-object sections are left out
(see `coarse_functions`). Takes about two minutes.
"""
import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))
import world as B  # noqa: E402  (the bench's private-bus world; puts the harness on sys.path)
from reliability_support import H, start_daemon_timed  # noqa: E402

CONFIG = '''[reminders]
time = "23:59"
days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
[program]
mon = "push"
[workouts.push]
title = "Push Day"
kind = "strength"
exercises = [ { name = "Bench Press", sets = 2, reps = 5, weight = 60, unit = "kg", rest = 2 } ]
'''


def profile(binary, root):
    w = B.World(root, binary)
    out = root / "callgrind.out"
    try:
        w.env.write_config(CONFIG)
        # Valgrind 3.19 (Debian 12) gives up on the debug information Swift 6.3's release build writes
        # ("Possibly corrupted debuginfo file"): it runs a copy without it; the symbols are the same.
        profiled = root / "gymbell-without-debug-info"
        subprocess.run(["strip", "--strip-debug", "-o", str(profiled), str(binary)], check=True)
        wrapper = root / "under-callgrind.sh"
        wrapper.write_text(f'#!/bin/sh\nexec valgrind --tool=callgrind --demangle=no --callgrind-out-file={out} {profiled} "$@"\n')
        wrapper.chmod(0o755)
        w.proc, _ = start_daemon_timed(w.env, wrapper, w.daemon_log, w.conn, timeout=120)

        def cli(*args, wait=0.0):
            H.run_cli(w.env, binary, *args)
            time.sleep(wait)

        # First part: start-up and one reminder, what the idle daemon of `make bench` has run.
        cli("rest", "2", wait=4)
        subprocess.run(["callgrind_control", "--dump=start-up and one reminder", str(w.proc.pid)],
                       check=True, capture_output=True)
        cli("rest", "30")
        cli("rest", "--adjust", "+5")
        cli("status")
        cli("status", "--json")
        cli("stop")
        cli("hiit", "--rounds", "2", "--work", "2s", "--rest", "2s", wait=10)
        cli("walkrun", "--run", "2s", "--walk", "2s", "--repeats", "1", wait=6)
        cli("start", "push", wait=1)
        cli("set-done", wait=4)
        cli("set-done", wait=4)
        for args in (["upcoming", "--days", "7"], ["history", "--days", "7"], ["stats"], ["suggest"], ["reload"],
                     ["skip-today"], ["export-ics", "--weeks", "1", "-o", str(root / "w.ics")]):
            cli(*args)
        time.sleep(2)
        w.stop_daemon()
    finally:
        w.close()
    parts = []
    for path in root.glob("callgrind.out*"):
        header = path.read_text(errors="replace").split("\n", 30)
        number = next((int(line.split(":")[1]) for line in header if line.startswith("part:")), 0)
        parts.append((number, path))
    return [path for _, path in sorted(parts)], profiled


def coarse_functions(limit=64 * 1024):
    """Functions that the static Swift libraries keep in one large `.text` section per object (parts
    compiled without function sections: Swift.o's is 1.6 MB, _RegexParser.o's 0.5 MB). lld moves an
    input section whole, so listing one of them would put the whole section among the hot code and
    spread it over megabytes; left out, such a section follows the listed ones."""
    libdir = Path(shutil.which("swiftc")).resolve().parent.parent / "lib" / "swift_static" / "linux"
    names = set()
    for archive in sorted(libdir.glob("*.a")):
        text = subprocess.run(["readelf", "-SsW", str(archive)], capture_output=True, text=True, errors="replace").stdout
        big = set()  # indexes of the current object's large plain .text sections
        for line in text.splitlines():
            if line.startswith("File: "):
                big = set()
                continue
            parts = line.replace("[ ", "[").split()
            if len(parts) >= 6 and parts[0].startswith("[") and parts[1] == ".text":
                if int(parts[5], 16) > limit:
                    big.add(parts[0].strip("[]"))
            elif len(parts) == 8 and parts[3] == "FUNC" and parts[6] in big:
                names.add(parts[7])
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=str(REPO / ".build-pkg-release" / "release" / "gymbell"))
    ap.add_argument("--out", default=str(REPO / "packaging" / "symbol-order.txt"))
    a = ap.parse_args()
    binary = Path(a.bin).resolve()
    root = Path(tempfile.mkdtemp(prefix="gymbell-order."))
    try:
        parts, profiled = profile(binary, root)
        defined = set(subprocess.run(["nm", str(binary)], capture_output=True, text=True, check=True)
                      .stdout.split())
        coarse = coarse_functions()
        names, listed = [], set()
        # The first part's functions first: the pages an idle daemon keeps hold what it ran, and
        # what only commands run (status, report, …) comes after them.
        for part in parts:
            annotated = subprocess.run(["callgrind_annotate", "--threshold=100", str(part)],
                                       capture_output=True, text=True, check=True).stdout
            for line in annotated.splitlines():
                fields = line.split(None, 2)
                if len(fields) == 3 and fields[0].replace(",", "").isdigit() and f"[{profiled}]" in fields[2]:
                    name = fields[2].split(":", 1)[-1].rsplit(" [", 1)[0].rsplit("'", 1)[0]
                    if name in defined and name not in coarse and name not in listed:
                        names.append(name)
                        listed.add(name)
            print(f"{part.name}: {len(names)} functions so far")
        if not names:
            sys.exit(f"no function of {binary} in the profile: {a.out} left as it was")
        Path(a.out).write_text("\n".join(names) + "\n")
        print(f"{len(names)} functions → {a.out} ({len(coarse)} in large sections of the static libraries left out)")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
