"""End-to-end tests of `gymbell report` (issue 18): the real daemon on a private bus, a real strength
workout done through the CLI, weeks of earlier sessions and sets seeded straight into the state
database while the daemon is stopped (as test_history.py does), then the page the real CLI writes:
its markup checked with a strict parser and its figures against the log, then drawn by headless
Chromium and the screenshot checked by its pixels (the calendar's and the bars' colours) and by OCR.

GYMBELL_REPORT_SCREENSHOT=PATH keeps the Chromium screenshot of the sample weeks as PATH (what
scripts/report-screenshot.sh does for docs/report.png)."""

import datetime as dt
import html.parser
import os
import re
import shutil
import signal
import struct
import subprocess
import time
import uuid
import zlib
from pathlib import Path

import pytest

from conftest import insert_state_rows, parse_instant

pytestmark = pytest.mark.gymbell

HOSTILE = 'Curl <script>alert("x")</script> & Co'
PUSH = '''[program]
mon = "push"
wed = "push"
fri = "push"

[workouts.push]
title = "Push Day"
kind = "strength"
exercises = [
  { name = "Bench Press", sets = 2, reps = 8, weight = 100, unit = "kg", rest = 60 },
  { name = "Squat", sets = 1, reps = 5, weight = 245, unit = "lb", rest = 60 },
  { name = "%s", sets = 1, reps = 10, weight = %s, unit = "kg", rest = 60 },
]
'''
# The third exercise: a name from a hostile config (escaping), or the sample's (the picture in docs/progress.md).
HOSTILE_CONFIG = PUSH % (HOSTILE.replace('"', '\\"'), 12)
SAMPLE_CONFIG = PUSH % ("Overhead Press", 40)
WEEKS = 8
# The page's colours (ReportHTML): the calendar's steps 1-4 and the bars.
LEVEL_COLOURS = {1: (0x9B, 0xE9, 0xA8), 2: (0x40, 0xC4, 0x63), 3: (0x30, 0xA1, 0x4E), 4: (0x21, 0x6E, 0x39)}
BAR_COLOUR = (0x3B, 0x6F, 0xD4)
SWATCH = 14
POUND = 0.45359237


@pytest.fixture(autouse=True)
def away_from_midnight():
    """The seeded days count back from today (TZ=UTC): not across midnight."""
    left = 86400 - time.time() % 86400
    if left < 60:
        time.sleep(left + 1)


def today():
    return dt.datetime.now(dt.timezone.utc).date()


def at(day, clock="18:00"):
    return dt.datetime.combine(day, dt.time.fromisoformat(clock), dt.timezone.utc).timestamp()


def sample_weeks(weeks=WEEKS):
    """Deterministic training in the weeks before this one: Push Day on Monday (8 sets) and Friday
    (9 or 12 sets) with the weights going up a little each week (Bench Press and Deadlift in kg, Squat
    in lb), a HIIT session without sets on Wednesday, a long Saturday (18 sets) every third week, and a
    week off. Returns (sessions, sets) rows."""
    sessions, sets = [], []
    monday = today() - dt.timedelta(days=today().weekday())
    for back in range(weeks - 1, 0, -1):
        week_monday = monday - dt.timedelta(weeks=back)
        if back == 4:
            continue  # a week off
        step = weeks - back
        days = [(0, "strength"), (2, "hiit"), (4, "strength")] + ([(5, "strength")] if step % 3 == 0 else [])
        for offset, kind in days:
            day = week_monday + dt.timedelta(days=offset)
            start = at(day, "07:30" if kind == "hiit" else "18:00")
            sid = str(uuid.uuid4())
            title = "HIIT 20" if kind == "hiit" else "Push Day"
            bench = 70 + 2.5 * step
            plan = {
                0: [("Bench Press", 4, 8, bench, "kg"), ("Squat", 4, 5, 185 + 10 * step, "lb")],
                2: [],
                4: [("Bench Press", 3, 8, bench + 2.5, "kg"), ("Squat", 3, 5, 190 + 10 * step, "lb"),
                    ("Deadlift", 3, 5, 100 + 5 * step, "kg")] + ([("Overhead Press", 3, 10, 30 + step, "kg")] if step % 2 == 0 else []),
                5: [("Bench Press", 6, 10, bench - 10, "kg"), ("Squat", 6, 8, 165 + 10 * step, "lb"),
                    ("Deadlift", 6, 6, 90 + 5 * step, "kg")],
            }[offset]
            done = []
            minute = 0
            for exercise, count, reps, weight, unit in plan:
                for n in range(count):
                    done.append(dict(session_id=sid, workout="push", exercise=exercise, set_number=n + 1, reps=reps,
                                     planned_reps=reps, weight=weight, unit=unit, failed=0, at=start + minute * 60))
                    minute += 3
            sessions.append(dict(id=sid, kind=kind, title=title, started_at=start, ends_at=start + 2400,
                                 workout="push" if kind == "strength" else None, outcome="completed",
                                 ended_at=start + 2400, sets_done=len(done), last_progress_at=start))
            sets += done
    return sessions, sets


def seed(daemon, env, sessions, sets):
    """Adds rows to the state database with the daemon stopped; starts it again."""
    if daemon.running:
        daemon.kill(signal.SIGTERM)
    insert_state_rows(env, sessions, sets)
    daemon.start()


def work_out_today(cli):
    """Today's Push Day through the CLI: Bench Press 8 × 100 kg then 6 × 105 kg (failed), Squat as
    planned (5 × 245 lb), the hostile curl as planned."""
    assert cli("start", "push").returncode == 0
    for args in (("set-done",), ("set-done", "--reps", "6", "--weight", "105"), ("set-done",), ("set-done",)):
        r = cli(*args)
        assert r.returncode == 0, r.stdout + r.stderr


@pytest.fixture
def train(daemon, env, write_config, cli):
    """train(config) -> the daemon, its log holding the sample weeks and today's workout."""
    def trained(config=HOSTILE_CONFIG, weeks=WEEKS):
        write_config(config)
        daemon.start()
        work_out_today(cli)
        seed(daemon, env, *sample_weeks(weeks))
        return daemon
    return trained


@pytest.fixture
def trained(train):
    return train(HOSTILE_CONFIG)


def write_report(cli, path, *args):
    began = time.monotonic()
    r = cli("report", "-o", path, *args)
    elapsed = time.monotonic() - began
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == str(path), r.stdout
    return Path(path).read_text(encoding="utf-8"), elapsed


# --- the markup --------------------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class StrictPage(html.parser.HTMLParser):
    """Fails on any element closed out of order or left open; collects what the tests look at."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors = [], []
        self.elements = []          # (tag, attrs dict, path of open tags)
        self.text = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), tuple(self.stack)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), tuple(self.stack)))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> at {self.getpos()} closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        if self.stack and self.stack[-1] not in ("style", "title"):
            self.text.append(data)

    def find(self, tag, **attrs):
        return [a for t, a, _ in self.elements if t == tag and all(a.get(k.replace("_", "-")) == v for k, v in attrs.items())]


def parse(page):
    parser = StrictPage()
    parser.feed(page)
    parser.close()
    assert not parser.errors, parser.errors
    assert parser.stack == [], f"never closed: {parser.stack}"
    return parser


def expected_figures(cli, weeks):
    """Per day and per week, from the daemon's own history and set log (TZ=UTC)."""
    history = cli("history", "--days", "3660", "--json")
    logged = cli("history", "--sets", "--days", "3660", "--json")
    assert history.returncode == 0 and logged.returncode == 0
    import json
    entries, sets = json.loads(history.stdout), json.loads(logged.stdout)
    monday = today() - dt.timedelta(days=today().weekday())
    first = monday - dt.timedelta(weeks=weeks - 1)
    days = {first + dt.timedelta(days=n): [0, 0] for n in range((today() - first).days + 1)}
    volume = {first + dt.timedelta(weeks=n): 0.0 for n in range(weeks)}
    for e in entries:
        day = dt.datetime.fromtimestamp(parse_instant(e["started_at"]), dt.timezone.utc).date()
        if day in days:
            days[day][0] += 1
    for s in sets:
        day = dt.datetime.fromtimestamp(parse_instant(s["at"]), dt.timezone.utc).date()
        if day in days:
            days[day][1] += 1
            kg = (s["weight"] or 0) * (POUND if s["unit"] == "lb" else 1)
            volume[day - dt.timedelta(days=day.weekday())] += (s["reps"] or 0) * kg
    return days, volume, sets


def level(sessions, sets):
    if not sessions and not sets:
        return 0
    return 1 + sum(sets >= step for step in (6, 12, 18))


def test_report_page_is_well_formed_self_contained_and_shows_the_log(trained, cli, tmp_path, record_timing):
    out = tmp_path / "report.html"
    page, elapsed = write_report(cli, out, "--weeks", str(WEEKS))
    record_timing("gymbell report (8 weeks)", elapsed)
    print(f"report: {len(page.encode())} bytes")
    doc = parse(page)

    lower = page.lower()
    assert "http://" not in lower and "https://" not in lower
    assert "<script" not in lower, "user text or markup brought a script in"
    for outside in ("<link", "<img", "<iframe", "src=", "url(", "@import"):
        assert outside not in lower, f"the page refers to something outside it: {outside}"
    assert page.startswith("<!DOCTYPE html>") and doc.find("html", lang="en")

    # The calendar: a square per day from the Monday WEEKS-1 weeks ago to today, as the log says.
    days, volume, sets = expected_figures(cli, WEEKS)
    squares = {dt.date.fromisoformat(a["data-day"]): a for a in doc.find("rect") if "data-day" in a}
    assert sorted(squares) == sorted(days)
    for day, (sessions, count) in days.items():
        square = squares[day]
        assert (int(square["data-sessions"]), int(square["data-sets"])) == (sessions, count), day
        assert int(square["data-level"]) == level(sessions, count), day
    assert squares[today()]["data-sessions"] == "1" and squares[today()]["data-sets"] == "4"
    assert sum(1 for a in squares.values() if a["data-level"] != "0") >= 10

    # Volume: a bar per week, Σ reps × kg with pounds converted.
    bars = [float(a["data-value"]) for a in doc.find("rect") if a.get("class") == "bar"]
    assert len(bars) == WEEKS
    for got, want in zip(bars, [volume[k] for k in sorted(volume)]):
        assert abs(got - want) <= 0.051, (bars, volume)
    todays = 8 * 100 + 6 * 105 + 5 * 245 * POUND + 10 * 12
    assert abs(bars[-1] - todays) <= 0.051, bars[-1]
    assert bars[WEEKS - 1 - 4] == 0  # the week off

    # Personal records: a row per exercise, each linking to its own section.
    rows = doc.find("a")
    links = {a["href"] for a in rows if a.get("href", "").startswith("#exercise-")}
    assert {"#exercise-bench-press", "#exercise-squat", "#exercise-overhead-press"} <= links
    ids = {a["id"] for t, a, _ in doc.elements if t == "section" and "id" in a}
    assert {"streaks", "calendar", "volume", "records", "exercise-bench-press", "exercise-squat"} <= ids
    assert {link[1:] for link in links} <= ids
    text = " ".join(" ".join(doc.text).split())
    assert HOSTILE in text, "the hostile name is shown as text"
    assert "Bench Press" in text and "8 × 100 kg" in text and "5 × 245 lb" in text
    best_bench = max((s for s in sets if s["exercise"] == "Bench Press" and not s["failed"]),
                     key=lambda s: s["weight"] * (1 + s["reps"] / 30))
    assert f"{best_bench['reps']} × {best_bench['weight']:g} kg" in text
    # Streaks: as `gymbell stats` counts them.
    import json
    stats = json.loads(cli("stats", "--json").stdout)
    card = lambda name: re.search(rf'id="{name}"><div class="label">[^<]*</div><div class="value">([^<]*)</div>', page).group(1)
    assert card("current-streak").split()[0] == str(stats["streak"])
    assert card("this-week").split()[0] == str(stats["sessions_this_week"])
    assert card("this-month").split()[0] == str(stats["sessions_this_month"])
    assert int(card("longest-streak").split()[0]) >= stats["streak"]
    assert int(card("lifted-in-total").replace("\u202f", "").split()[0]) == round(stats["volume_kg"])


def test_report_default_path_open_and_errors(trained, env, cli, tmp_path, monkeypatch, record_timing):
    r = cli("report")
    assert r.returncode == 0, r.stderr
    default = env.state_home / "gymbell" / "report.html"
    assert r.stdout.strip() == str(default) and default.stat().st_size > 1000
    parse(default.read_text(encoding="utf-8"))

    # --open hands the file to xdg-open (a stand-in here that notes what it was given).
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    opened = tmp_path / "opened.txt"
    fake = bin_dir / "xdg-open"
    fake.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {opened}\n')
    fake.chmod(0o755)
    env.vars["PATH"] = f"{bin_dir}:{env.vars['PATH']}"
    monkeypatch.chdir(tmp_path)
    r = cli("report", "--open", "-o", "relative.html")
    assert r.returncode == 0, r.stderr
    deadline = time.monotonic() + 5
    while not opened.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert opened.read_text().strip() == str(tmp_path / "relative.html")
    parse((tmp_path / "relative.html").read_text(encoding="utf-8"))

    # Two years: a square per day, a bar per week, still a page of its own.
    page, elapsed = write_report(cli, tmp_path / "two-years.html", "--weeks", "104")
    record_timing("gymbell report (104 weeks)", elapsed)
    print(f"104-week report: {len(page.encode())} bytes")
    doc = parse(page)
    assert len([a for a in doc.find("rect") if "data-day" in a]) == 103 * 7 + today().weekday() + 1
    assert len([a for a in doc.find("rect") if a.get("class") == "bar"]) == 104

    for weeks in ("0", "105"):
        bad = cli("report", "--weeks", weeks, "-o", tmp_path / "x.html")
        assert bad.returncode != 0 and "--weeks must be 1 to 104" in bad.stderr, bad.stderr
    assert not (tmp_path / "x.html").exists()
    unwritable = cli("report", "-o", tmp_path / "no" / "such" / "dir" / "r.html")
    assert unwritable.returncode != 0 and "does not exist" in unwritable.stderr, unwritable.stderr

    help_text = cli("report", "--help").stdout
    for needed in ("--weeks", "--open", "-o", "report.html", "XDG_STATE_HOME", "#exercise-bench-press", "Examples"):
        assert needed in help_text, f"--help lacks {needed}"
    assert "report" in cli("--help").stdout

    trained.kill()
    down = cli("report", "-o", tmp_path / "down.html")
    assert down.returncode != 0 and "no gymbell daemon is running" in down.stderr, down.stderr
    assert not (tmp_path / "down.html").exists()


def test_report_in_german(trained, env, cli, tmp_path):
    if "de_DE.utf8" not in subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split():
        pytest.skip("no de_DE.UTF-8 locale here (scripts/install-deps.sh sets it up)")
    catalogs = tmp_path / "locale" / "de" / "LC_MESSAGES"
    catalogs.mkdir(parents=True)
    subprocess.run(["msgfmt", "--check", "-o", catalogs / "gymbell.mo", Path(__file__).parents[2] / "po" / "de.po"], check=True)
    env.vars.update(LANG="de_DE.UTF-8", GYMBELL_LOCALEDIR=str(tmp_path / "locale"))
    page, _ = write_report(cli, tmp_path / "bericht.html")
    doc = parse(page)
    assert doc.find("html", lang="de")
    for german in ("Dein Training", "Trainingskalender", "Volumen pro Woche", "Persönliche Rekorde", "Übung", "Aktuelle Serie"):
        assert german in page, german
    assert "Training calendar" not in page and "Personal records" not in page


# --- what a browser shows ------------------------------------------------------------------------

def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def read_png(path):
    """(width, height, rows of RGB bytes) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = previous[i], (previous[i - bpp] if i >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line) if bpp == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3))
        previous = line
    return width, height, rows


def count_colours(rows, colours):
    """How many pixels have exactly each of `colours` (RGB tuples)."""
    wanted = {bytes(c): c for c in colours}
    counts = {c: 0 for c in colours}
    for row in rows:
        for i in range(0, len(row), 3):
            colour = wanted.get(row[i:i + 3])
            if colour:
                counts[colour] += 1
    return counts


def screenshot(page, out, size=(1200, 1600)):
    browser = chromium()
    if browser is None:
        pytest.skip("chromium is not installed (scripts/install-deps.sh installs it): the page is not drawn")
    profile = out.parent / "chromium-profile"
    began = time.monotonic()
    r = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--force-device-scale-factor=1", f"--user-data-dir={profile}", f"--screenshot={out}",
         f"--window-size={size[0]},{size[1]}", Path(page).resolve().as_uri()],
        capture_output=True, text=True, timeout=120, env={**os.environ, "HOME": str(out.parent)})
    elapsed = time.monotonic() - began
    assert r.returncode == 0 and out.exists(), r.stderr[-2000:]
    return elapsed


def test_report_drawn_by_chromium_shows_the_calendar_the_bars_and_the_texts(train, cli, tmp_path, record_timing):
    train(SAMPLE_CONFIG, weeks=12)
    page_path = tmp_path / "report.html"
    page, _ = write_report(cli, page_path, "--weeks", "12")
    doc = parse(page)
    shot = tmp_path / "report.png"
    elapsed = screenshot(page_path, shot)
    record_timing("chromium screenshot", elapsed)

    began = time.monotonic()
    width, height, rows = read_png(shot)
    assert (width, height) == (1200, 1600)
    counts = count_colours(rows, list(LEVEL_COLOURS.values()) + [BAR_COLOUR])
    record_timing("PNG read and pixels counted", time.monotonic() - began)

    # Each coloured square as large as the SVG says (rounded corners lose a few pixels), and the
    # legend's swatch of each colour.
    cells = [a for a in doc.find("rect") if "data-day" in a]
    side = int(cells[0]["width"])
    squares = [int(a["data-level"]) for a in cells]
    for step, colour in LEVEL_COLOURS.items():
        most = squares.count(step) * side * side + SWATCH * SWATCH
        assert 0.85 * most <= counts[colour] <= most, (step, squares.count(step), side, counts[colour])
    assert all(squares.count(step) > 0 for step in LEVEL_COLOURS), squares
    # The bars: their drawn area, as the SVG gives it.
    area = sum(int(a["width"]) * int(a["height"]) for a in doc.find("rect") if a.get("class") == "bar")
    assert area > 0 and 0.9 * area <= counts[BAR_COLOUR] <= 1.1 * area, (area, counts[BAR_COLOUR])

    if shutil.which("tesseract") is None:
        keep(shot)
        pytest.skip("tesseract is not installed (scripts/install-deps.sh installs it): the texts are not read")
    began = time.monotonic()
    ocr = subprocess.run(["tesseract", str(shot), "-", "--psm", "3"], capture_output=True, text=True, timeout=120)
    record_timing("tesseract OCR", time.monotonic() - began)
    assert ocr.returncode == 0, ocr.stderr
    seen = " ".join(ocr.stdout.split())
    for text in ("Your training", "Current streak", "Longest streak", "Training calendar", "Volume per week",
                 "Personal records", "Estimated 1RM", "Bench Press", "Deadlift", "Squat"):
        assert text in seen, f"OCR did not find {text!r} in: {seen}"
    keep(shot)


def keep(shot):
    """The screenshot of a page that passed, where GYMBELL_REPORT_SCREENSHOT says (docs/progress.md's picture)."""
    path = os.environ.get("GYMBELL_REPORT_SCREENSHOT")
    if path:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, path)
