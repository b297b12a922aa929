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
written before any bound is checked); with GYMBELL_PAINT_PROBE=1 as well, the interval journeys take
screenshots back to back around each transition (test_matrix.probe_painting) to measure the painting.
That is how the figures below were measured.
"""

import json
import os
import re
import time
from pathlib import Path

# Measured 2026-12-02 on a 2-vCPU Xeon (Debian 12, debug build), the machine shared with other work
# (load average 2-10), each journey run under nice 5 with, beside it, either two other desktop streams
# (dunst, xfce4-notifyd and mako's matrix at once: more than CI's two streams), or one other stream and
# a busy loop per core (tests/support/cpu_hog.py), or both; the snooze, walk/run and HIIT journeys
# (and the whole matrix of the three, 6-8 times) — ms as n: min / median / max:
#                         dunst               xfce4-notifyd        mako
#   late_ms               190: 0 / 0 / 6      195: 0 / 0 / 10      245: 0 / 0 / 7
#   asked − due, session  166: 0 / 1 / 17     168: 0 / 1 / 9       212: 0 / 1 / 11
#   asked − due, daily     14: 1 / 4 / 12      15: 1 / 6 / 207*     17: 1 / 4 / 15
#   onset − asked         180: 2 / 8 / 36     183: 2 / 9 / 510**   229: −17 / 7 / 698**
#   painted by             57: 18 / 90 / 276   52: 19 / 92 / 520    59: 47 / 117 / 239
# (GNOME Shell, 3 runs of the three journeys beside two streams: late_ms ≤ 2, asked ≤ 5, onset − asked
# ≤ 25.) "Painted by": an upper bound, the end of the first screenshot showing the text after
# gymbell's request, where one before it did not (probes: X11 `xwd`, mako grim).
# *  a daily reminder due 3 s after the daemon started: its sound helper was still connecting and
#    caching (start to "asked" measured apart under a busy loop per core: 138-1825 ms). A person's
#    daemon makes the sound ready 10 s ahead (SoundReadiness.lead); the snooze journey now starts its
#    daemon 7-8 s before the reminder.
# ** both at one moment, with three streams and a busy loop per core: PulseAudio itself starved (the
#    null sink renders what it missed when it wakes). Without the busy loops the most was 91 ms.
# The failure of issue 50, "heard at +0.120 s" with late_ms=0, is the sound server's part (or such a
# helper start), not gymbell's timer.
#
# The other eight servers' painting, measured 2026-12-02 on the same machine (load average 5-12: other
# work beside), debug build, the walk/run and HIIT journeys with the probe under nice 5, two of these
# servers' streams side by side (cinnamon, mate, lxqt, notification-daemon beside budgie, gnome, plasma,
# swaync), 3 runs of each journey (MATE's walk/run 2); then 1-2 more with a busy loop per core as well
# (none for MATE and swaync) — "painted by", ms as n: min / median / max:
#                         beside one stream      + a busy loop per core   bound
#   cinnamon               30: 72 / 151 / 388    20: 106 / 406 / 769       1000
#   GNOME Shell            30: 190 / 360 / 826   10: 340 / 571 / 1016      1250
#   Plasma                 26: 40 / 112 / 882    10: 181 / 417 / 745       1250
#   Budgie                 30: 84 / 203 / 399    10: 450 / 655 / 1264      1250
#   MATE                   26: 31 / 95 / 261     —                          500
#   LXQt                   30: 14 / 62 / 179     10: 131 / 416 / 775       1000
#   notification-daemon    30: 47 / 112 / 344    10: 42 / 353 / 713         750
#   SwayNotificationCenter 30: 104 / 201 / 271   —                          500
# (late_ms ≤ 11 and asked − due ≤ 12 throughout.) An upper bound, as above, which counts the probe's
# own time, stretched by the load: a probe (xwd; GNOME's Screenshot call) took 37-163 ms (medians by
# server) beside one stream, up to 541 ms; with the busy loops 207-579 ms, up to 903 ms; and a probe
# began late now and then (the probing process starved too): Budgie's 1264 ms is its first probe, begun
# 613 ms after the request, already showing the text, LXQt's 775 ms and notification-daemon's 713 ms
# alike (begun 293 and 325 ms after). The lower bound ("painted after": a probe begun that long after
# the request did not show it yet) was at most 119 ms, but Plasma's 709 ms once, beside one stream.
# The failure of issue 50, cinnamon's "Time to run" not on screen 300 ms after its instant with
# late_ms=0, is such a painting (388 ms seen beside one stream).

#: (a) gymbell's own lateness, to the notification server (late_ms) and to the sound server (at_ms −
#: due): about 3× the most seen (17 ms).
GYMBELL_WITHIN = 0.050
#: a sound asked this much before its instant (the timers' rounding) is still on time
GYMBELL_EARLY = 0.010

#: (b) PulseAudio's latency: from gymbell's request (at_ms) to the onset found in the recording of
#: the null sink's monitor: medians 7-9 ms, 91 ms at most beside two streams, 698 ms with a busy loop
#: per core as well. Not gymbell's: its own part is held to GYMBELL_WITHIN.
SOUND_SERVER_WITHIN = 1.0
#: an onset this much before at_ms is the same sound: the onset is refined to a sample of the 10 ms
#: window before the one that crossed the threshold, and the null sink renders a block ahead of the
#: clock, so the recording's anchor (sound.py) can be early by that much (seen: −14 to −17 ms, all
#: four sounds of one recording alike: its anchor)
ONSET_SLACK = 0.050

#: (b) the server's painting: from gymbell's request to the screenshot that must show it, by desktop:
#: every figure seen above (the busy loops' too) and 1.5× the most seen beside the other streams (CI's
#: load), on a 250 ms grid; at most 1.25 s, so that the screenshot (up to ~0.5 s under load) is taken
#: before the next transition, 2 s later (walk/run's walk). "default": a server not measured.
PAINTED_WITHIN = {
    "dunst": 0.500, "mako": 0.500, "xfce": 0.750,
    "cinnamon": 1.000, "gnome": 1.250, "plasma": 1.250, "plasma-wayland": 1.250, "budgie": 1.250,
    "mate": 0.500, "lxqt": 1.000, "notification-daemon": 0.750, "swaync": 0.500,
    "default": 0.250,
}

#: (b) the painting of a notice that nothing follows (a held reminder released): no next transition for
#: the screenshot to race, so the bound is what the desktops were seen to need under more load than CI's —
#: Plasma's first popup after a held reminder was released, 2026-12-02 beside three Swift builds (load
#: average 8 on two cores): not yet on screenshots begun 1.58 s after gymbell's request, on the next
#: (seen: up to ~1.9 s); every other server of test_attention under 1 s there. 1.5× that.
PAINTED_ALONE_WITHIN = 3.0

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


def shown_at(daemon, due):
    """The instant (epoch seconds) gymbell asked the notification server for the last notice shown with a
    sound, from its `late_ms` against `due`; None when its log has none."""
    notices, _ = daemon_log(daemon)
    return due + notices[-1] if notices else None


def watch_until_seen(d, phrase, since, seconds):
    """Screenshots back to back from now for `seconds` (read afterwards, so that reading costs no
    screenshot): [(began, ended, png)] and the first that shows `phrase` (None when none)."""
    shots = []
    while time.time() - since < seconds:
        began = time.time()
        png = d.shot("shown")
        shots.append((began, time.time(), png))
    return shots, next((shot for shot in shots if d.sees(shot[2], phrase)), None)


def check_painted(name, shots, first, asked, what, bound=None):
    """The desktop's part of "on screen": every screenshot begun more than the server's painting bound
    (`bound`, else PAINTED_WITHIN's) after gymbell asked for the notice (`asked`) shows it — the first showing it was
    begun by then, or the one before it (which did not show it) was begun before then. A screenshot
    under load takes up to ~0.9 s (measured above); its end is not the painting's."""
    assert first is not None, f"{name}: {what} not on screen ({shots[-1][2] if shots else 'no screenshot'})"
    bound = painted_within(name) if bound is None else bound
    index = shots.index(first)
    latest_unpainted = shots[index - 1][0] if index > 0 else None
    assert latest_unpainted is None or latest_unpainted - asked <= bound, \
        f"{name}: {what} not yet on a screenshot begun {(latest_unpainted - asked) * 1000:.0f} ms after gymbell asked " \
        f"(the server's painting bound: {bound * 1000:.0f} ms; {shots[index - 1][2]})"


def check_released(d, due, since, shots, first, within, what):
    """A reminder due at `due`, held (Do Not Disturb, a lock, away) and released at `since`: gymbell asked
    the notification server for it within `within` of `since` (its own part: the desktop's announcement and
    the daemon's reaction), and the server painted it within its painting bound of that request
    (check_painted, PAINTED_ALONE_WITHIN: nothing follows it). Returns the request's instant."""
    asked = shown_at(d.daemon, due)
    assert asked is not None, f"{d.name}: gymbell never showed the held reminder"
    assert 0 <= asked - since <= within, f"{d.name}: gymbell asked for the held reminder {asked - since:+.3f} s after its release"
    check_painted(d.name, shots, first, asked, what, PAINTED_ALONE_WITHIN)
    return asked


def check_heard_released(d, since, within, onset):
    """The sound of a reminder released at `since`: gymbell asked the sound server within `within` of
    `since` (its own part; the sound helper may have let its connection go while the reminder was held)
    and the recording has its onset within the sound server's bound of that request."""
    _, asked = daemon_log(d.daemon)
    after = [t for t in asked if t >= since - GYMBELL_EARLY]
    assert after, f"{d.name}: gymbell never asked the sound server after the release at {since:.3f} (asked {asked})"
    at = after[0]
    assert at - since <= within, f"{d.name}: gymbell asked the sound server {at - since:+.3f} s after the release (its bound: {within} s)"
    assert onset is not None, f"{d.name}: the released reminder not heard (sound.wav in {d.artifacts})"
    assert -ONSET_SLACK <= onset - at <= SOUND_SERVER_WITHIN, \
        f"{d.name}: the released reminder heard {(onset - at) * 1000:+.0f} ms after gymbell asked the sound server " \
        f"(the sound server's bound: {SOUND_SERVER_WITHIN * 1000:.0f} ms; sound.wav in {d.artifacts})"
