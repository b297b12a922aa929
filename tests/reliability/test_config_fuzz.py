"""Fuzz the config parser through `gymbell config check FILE` with thousands of mutated files.

Seeds: the shipped default (data/config.toml) and a full config using every section the parser
knows today (DESIGN.md §5; both must be valid).
Each case applies 1–4 seeded mutations: byte flips/inserts/deletes, line deletes/duplicates/swaps,
truncation, uncommenting, and TOML-aware token replacement with edge values (huge and negative
numbers, nan/inf, bad times and durations, wrong types, empty and very long strings, control
characters, invalid UTF-8). Properties:

- never a crash: the exit status is 0 (valid) or 1 (refused), never a signal, never a hang;
- every refusal prints at least one `PATH:LINE:COLUMN: message` line, 1 ≤ LINE ≤ lines in the
  file + 1 and COLUMN ≥ 1.

The corpus is generated and checked once per run (module fixture); the two tests read its results.
GYMBELL_FUZZ_SEED and GYMBELL_FUZZ_CASES override the seed (default fixed: 6) and the count.
"""

import errno
import os
import random
import re
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from reliability_support import H, REPO

pytestmark = pytest.mark.gymbell

SEED = int(os.environ.get("GYMBELL_FUZZ_SEED", "6"))
CASES = int(os.environ.get("GYMBELL_FUZZ_CASES", "3000"))
WORKERS = 2
TIMEOUT = 10.0

FULL_CONFIG = '''\
[reminders]
enabled = true
time = "18:00"
days = ["mon", "wed", "fri"]
rest_days = false
snooze_minutes = 60
late_grace = "2h"
start_command = ["xdg-open", "https://example.org/my-workout"]

[rest]
default = "90s"
warn_before = "0s"

[sound]
enabled = true
name = "complete"

[program]
mon = "push"
wed = "hiit20"
fri = "walk"

[workouts.push]
title = "Push Day"
kind = "strength"
exercises = [
  { name = "Bench Press", sets = 4, reps = 8, weight = 80, unit = "kg", rest = [90, 90, 90, 120] },
  { name = "Overhead Press", sets = 3, reps = 10, weight = 40, unit = "kg", rest = 90 },
]

[workouts.hiit20]
title = "HIIT 20"
kind = "hiit"
rounds = 5
work = "40s"
rest = "20s"

[workouts.walk]
title = "Walk/Run"
kind = "walkrun"
run = "2m"
walk = "1m"
repeats = 4
'''

EDGE_VALUES = [
    '""', '"25:61"', '"24:00"', '"23:59:60"', '"-1s"', '"1m30"', '"1h1h"', '"0s"', '"99999999h"',
    '"1e999s"', '1e999', '-1e999', 'nan', '+inf', '-inf', '-0', '0', '-1', '9223372036854775807',
    '9223372036854775808', '-9223372036854775809', '0x7fffffff', '0b101', '0o777', '1_000',
    '3.14', 'true', 'false', '[]', '[[]]', '[1, "a"]', '{}', '{ a = 1 }', '"${HOME}"', '"\\u0000"',
    '"\\uD800"', '"\\U0010FFFF"', "'''multi\nline'''", '"""x"""', '1979-05-27T07:32:00Z',
    '07:32:00', '1979-05-27', '"mon"', '"xyz"', '["mon", "mon"]', '["sun", "funday"]',
    '"' + "a" * 10000 + '"', '[' + ", ".join(["1"] * 2000) + ']', '"💪"', "'literal'", '"\\q"',
]
INSERTS = ['"', "'", "[", "]", "[[", "]]", "{", "}", "=", ",", "#", "\n", "\\", "\x00", "\t", ".",
           "-", ":", "é", "💪", "\r", "\ufeff", "\u202e", "\x7f", '"""', "'''", " = ", "\n[", "a.b.c"]
TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|[-+]?[0-9][0-9_.:eE+-]*|[A-Za-z_][A-Za-z0-9_-]*|[\[\]{}=,]')


def mutate(data: bytes, rng: random.Random, seeds) -> bytes:
    op = rng.randrange(12)
    if not data:
        return rng.choice(INSERTS).encode()
    pos = rng.randrange(len(data) + 1)
    if op == 0:  # byte flip
        i = rng.randrange(len(data))
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    if op == 1:  # insert an interesting character
        return data[:pos] + rng.choice(INSERTS).encode() + data[pos:]
    if op == 2:  # delete a few bytes
        return data[:pos] + data[pos + rng.randint(1, 8):]
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    if op == 3:  # delete a line
        return b"\n".join(lines[:i] + lines[i + 1:])
    if op == 4:  # duplicate a line
        return b"\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
    if op == 5:  # swap two lines
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return b"\n".join(lines)
    if op == 6:  # truncate
        return data[:pos]
    if op == 7:  # uncomment a commented line (the default file documents most keys in comments)
        commented = [k for k, line in enumerate(lines) if line.lstrip().startswith(b"#")]
        if commented:
            k = rng.choice(commented)
            lines[k] = re.sub(rb"^\s*#\s?", b"", lines[k])
        return b"\n".join(lines)
    if op == 8:  # splice a line from another seed
        other = rng.choice(seeds).split(b"\n")
        return b"\n".join(lines[:i] + [rng.choice(other)] + lines[i:])
    if op == 9:  # invalid UTF-8
        return data[:pos] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"]) + data[pos:]
    # op 10, 11: replace a token with an edge value (most productive: gets past the TOML syntax)
    text = data.decode("utf-8", "surrogateescape")
    tokens = list(TOKEN.finditer(text))
    if not tokens:
        return data
    t = rng.choice(tokens)
    new = text[:t.start()] + rng.choice(EDGE_VALUES) + text[t.end():]
    return new.encode("utf-8", "surrogateescape")


def make_case(i, seeds):
    rng = random.Random(f"{SEED}-{i}")
    data = rng.choice(seeds)
    for _ in range(rng.randint(1, 4)):
        data = mutate(data, rng, seeds)
    return data


POSITION = r":(\d+):(\d+): \S"


def check_case(binary, path: Path, data: bytes):
    """None when the case behaves, else a short description of what went wrong."""
    path.write_bytes(data)
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(path.parent), "LANG": "C.UTF-8", "TZ": "UTC"}
    for attempt in range(50):
        try:
            r = subprocess.run([str(binary), "config", "check", str(path)], capture_output=True,
                               timeout=TIMEOUT, env=env)
            break
        except subprocess.TimeoutExpired:
            return ("hang", f"no answer within {TIMEOUT:.0f} s")
        except OSError as e:  # ETXTBSY: the binary is being relinked by a concurrent `swift build`
            if e.errno != errno.ETXTBSY or attempt == 49:
                raise
            time.sleep(0.2)
    out = (r.stdout + r.stderr).decode("utf-8", "replace")
    if r.returncode < 0:
        why = [l for l in out.splitlines() if re.search(r"Assertion|Fatal error|panic|Program crashed", l)]
        return ("crash", f"killed by signal {-r.returncode}: "
                + (why[0].replace(str(path), "FILE") if why else out[-300:]))
    if r.returncode not in (0, 1):
        return ("exit", f"exit status {r.returncode}: {out[-400:]}")
    if r.returncode == 1:
        max_line = data.count(b"\n") + 1
        positions = [(int(a), int(b)) for a, b in re.findall(re.escape(str(path)) + POSITION, out)]
        good = [(ln, col) for ln, col in positions if 1 <= ln <= max_line and col >= 1]
        if not good:
            first = out.strip().splitlines()[0] if out.strip() else "(no output)"
            if positions:
                return ("position", f"positions {positions} outside 1..{max_line} lines / column ≥ 1: {first}")
            return ("unpositioned", first.replace(str(path), "FILE"))
    return None


@pytest.fixture(scope="module")
def fuzz_results(tmp_path_factory):
    binary = H.gymbell_binary()
    seeds = [(REPO / "data" / "config.toml").read_bytes(), FULL_CONFIG.encode()]
    work = tmp_path_factory.mktemp("config-fuzz")
    cases = [make_case(i, seeds) for i in range(CASES)]
    for s in seeds:  # the seeds themselves are valid
        p = work / "seed.toml"
        p.write_bytes(s)
        r = subprocess.run([str(binary), "config", "check", str(p)], capture_output=True, text=True)
        assert r.returncode == 0, f"seed config refused: {r.stdout}{r.stderr}"

    def run(i):
        slot = work / f"w{i % WORKERS}"
        slot.mkdir(exist_ok=True)
        return i, check_case(binary, slot / f"case-{i}.toml", cases[i])

    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        outcomes = list(pool.map(run, range(CASES)))
    elapsed = time.monotonic() - t0
    failures = {}
    for i, problem in outcomes:
        if problem:
            failures.setdefault(problem[0], []).append((i, problem[1]))
    keep = work / "failures"
    keep.mkdir()
    for kind, items in failures.items():
        for i, _ in items[:20]:
            (keep / f"{kind}-{i}.toml").write_bytes(cases[i])
    print(f"config fuzz: seed {SEED}, {CASES} cases in {elapsed:.1f} s "
          f"({elapsed / CASES * 1000 * WORKERS:.1f} ms per check, {WORKERS} at a time); "
          f"problems: { {k: len(v) for k, v in failures.items()} }; examples kept in {keep}")
    return {"failures": failures, "keep": keep, "cases": cases}


def describe(results, kinds):
    lines = []
    for kind in kinds:
        items = results["failures"].get(kind, [])
        if not items:
            continue
        classes = {}
        for i, message in items:
            key = re.sub(r"\d+", "N", message)[:160]
            classes.setdefault(key, []).append(i)
        lines.append(f"{kind}: {len(items)} of {CASES} cases, {len(classes)} distinct messages:")
        for key, ids in sorted(classes.items(), key=lambda kv: -len(kv[1]))[:12]:
            sample = results["cases"][ids[0]]
            lines.append(f"  {len(ids):5d}× {key}\n         e.g. case {ids[0]} "
                         f"({len(sample)} bytes): {sample[:120]!r}")
    lines.append(f"failing inputs kept in {results['keep']}")
    return "\n".join(lines)


def test_config_check_never_crashes(fuzz_results):
    bad = [k for k in ("crash", "hang", "exit") if fuzz_results["failures"].get(k)]
    assert not bad, describe(fuzz_results, bad)


def test_config_check_errors_are_positioned(fuzz_results):
    bad = [k for k in ("unpositioned", "position") if fuzz_results["failures"].get(k)]
    assert not bad, describe(fuzz_results, bad)


# A config file that is just "[" and a newline aborts the TOML parser (toml++ assertion in
# parse_key, found by the fuzzer above). The daemon reads the same parser at start-up and on reload:
# it must survive such a file (refuse it, keep the config in force).
KNOWN_CRASHERS = [b"[\n", b"[\nx = { a #= 1 }\n"]


@pytest.mark.parametrize("data", KNOWN_CRASHERS, ids=["bracket-newline", "bracket-inline-table-comment"])
def test_daemon_survives_a_config_that_crashes_the_parser(data, env, daemon, cli, write_config):
    write_config("[reminders]\nsnooze_minutes = 30\n")
    daemon.start()
    env.config_file.write_bytes(data)
    r = cli("reload")
    assert daemon.running, f"`gymbell reload` of {data!r} killed the daemon:\n{daemon.output()[-1500:]}"
    assert r.returncode == 1, f"reload of {data!r}: exit {r.returncode}: {r.stdout}{r.stderr}"
    assert re.search(r":(\d+):(\d+): ", r.stdout + r.stderr), r.stdout + r.stderr
    daemon.kill()
    daemon.start()  # fails the test if the daemon cannot start with this file in place
    assert cli("status").returncode == 0
