"""Sound without hardware: the test's own PulseAudio with a null sink, its monitor recorded, onsets found.

gymbell plays its reminder sound through libcanberra (`canberra-gtk-play --id …`, PulseAudio backend
libcanberra-pulse) or `paplay FILE` when the notification server does not play it. Here a PulseAudio
server of the test's own (not the machine's, not autospawned) takes that sound into a null sink
`gymbell_null`; the sink's monitor is recorded while the test runs, and `onsets()` says at which
wall-clock instants sound started.

    pulse = PulseServer(root).start()          # ~0.3 s
    env.vars.update(pulse.vars())              # PULSE_SERVER=unix:<its socket>, for gymbell and its children
    rec = pulse.record(root / "sound.wav")     # parec on gymbell_null.monitor, stamped on the wall clock
    … the journey …
    rec.stop()
    onsets(rec.path, rec.start_epoch)          # [epoch seconds where sound energy starts, …]
    pulse.stop()

Running as root (this machine kind): pulseaudio warns "not intended to be run as root" and runs
anyway in per-user mode (no --system needed) when it has a HOME and XDG_RUNTIME_DIR of its own; the
native protocol socket is given its own path with `auth-anonymous=1`, so clients (root or not) need no
cookie. No default modules (`-n`): no ALSA probing, no suspend-on-idle (the null sink renders silence
continuously, so the recording's sample count is a clock), no D-Bus, no X11.

Timing: parec is read through a pipe (10 ms latency requested) into the WAV, and the recording is
anchored on the wall clock by the arrival of its data: every sample read by time t was captured by t,
so start_epoch = min over reads of (t - samples so far / RATE); sample k was captured at
start_epoch + k / RATE. `onsets()` works on 10 ms RMS windows, refined to the first sample above the
threshold. Measured (test_tools_smoke.py): onsets +6..+22 ms after `paplay` was launched (its own
start-up), +40..+250 ms after `canberra-gtk-play` (GTK start-up and theme lookup, most on its first run).
An idle null sink sleeps in 2 s blocks; `record()` wakes it (suspend + resume) so recording starts in
~0.1 s instead of 2 s.
"""

import array
import math
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import wave
from pathlib import Path

# The process-group stop every desktop test module shares (desktop_support.py).
_DESKTOP_TESTS = str(Path(__file__).resolve().parent)
if _DESKTOP_TESTS not in sys.path:
    sys.path.insert(0, _DESKTOP_TESTS)
from desktop_support import stop_process  # noqa: E402

SINK = "gymbell_null"
MONITOR = SINK + ".monitor"
RATE = 48000
CHANNELS = 1
SAMPLE_BYTES = 2  # s16le


def available():
    """The binaries this module needs, missing ones listed (empty: all there)."""
    return [b for b in ("pulseaudio", "parec", "pactl") if shutil.which(b) is None]






class PulseServer:
    """`pulseaudio -n --daemonize=no … -F own.pa`: a null sink as the default sink, a unix socket."""

    def __init__(self, root):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        # AF_UNIX paths are limited to 107 bytes: the socket and runtime dir live in a short temp dir.
        self.short = Path(tempfile.mkdtemp(prefix="gb-pa-"))
        self.socket = self.short / "native"
        self.runtime_dir = self.short / "run"
        self.home = self.root / "pulse-home"
        self.script = self.root / "pulse.pa"
        self.log = self.root / "pulseaudio.log"
        self.proc = None
        self.recordings = []

    @property
    def server(self):
        return f"unix:{self.socket}"

    def vars(self):
        """What a client needs: the server's socket (and no autospawn of another server)."""
        return {"PULSE_SERVER": self.server}

    def _env(self):
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("PULSE_", "XDG_", "DBUS_")) and k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        env.update(HOME=str(self.home), XDG_RUNTIME_DIR=str(self.runtime_dir),
                   XDG_CONFIG_HOME=str(self.home / ".config"), XDG_STATE_HOME=str(self.home / ".local/state"),
                   DBUS_SESSION_BUS_ADDRESS="disabled:")
        return env

    def client_env(self, base=None):
        env = dict(os.environ if base is None else base)
        env.update(self.vars())
        return env

    def start(self, timeout=10.0):
        self.home.mkdir(parents=True, exist_ok=True)
        self.runtime_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.runtime_dir.chmod(0o700)
        self.script.write_text(
            "# the test's own PulseAudio (tests/desktops/sound.py)\n"
            f"load-module module-null-sink sink_name={SINK} rate={RATE} "
            f"sink_properties=device.description={SINK}\n"
            f"set-default-sink {SINK}\n"
            f"set-default-source {MONITOR}\n"
            f"load-module module-native-protocol-unix socket={self.socket} auth-anonymous=1\n")
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                ["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
                 "--disallow-exit", "--realtime=no", "--high-priority=no", "--log-target=stderr",
                 "-F", str(self.script)],
                env=self._env(), stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"pulseaudio exited with {self.proc.returncode}:\n{self._tail()}")
            if self.socket.exists():
                r = subprocess.run(["pactl", "get-default-sink"], env=self.client_env(self._env()),
                                   capture_output=True, text=True, timeout=5)
                if r.returncode == 0 and r.stdout.strip() == SINK:
                    return self
            if time.monotonic() >= deadline:
                self.stop()
                raise RuntimeError(f"pulseaudio did not answer within {timeout:.0f} s:\n{self._tail()}")
            time.sleep(0.05)

    def _tail(self):
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def record(self, path):
        """Start recording the null sink's monitor into the WAV file `path`; returns the Recording."""
        rec = Recording(self, path).start()
        self.recordings.append(rec)
        return rec

    def stop(self):
        for rec in self.recordings:
            rec.stop()
        stop_process(self.proc)
        shutil.rmtree(self.short, ignore_errors=True)

    @property
    def pgids(self):
        return [p.pid for p in [self.proc] + [r.proc for r in self.recordings] if p is not None]


class Recording:
    """parec of the monitor, read through a pipe into a mono 48 kHz s16 WAV; `start_epoch` is the
    wall-clock instant of its first sample."""

    CHUNK = 960 * SAMPLE_BYTES  # 20 ms

    def __init__(self, pulse, path):
        self.pulse = pulse
        self.path = Path(path)
        self.proc = None
        self._anchor = None
        self.frames = 0
        self._thread = None
        self._wav = None
        self._ready = threading.Event()

    def start(self, timeout=5.0):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._wav = wave.open(str(self.path), "wb")
        self._wav.setnchannels(CHANNELS)
        self._wav.setsampwidth(SAMPLE_BYTES)
        self._wav.setframerate(RATE)
        self.proc = subprocess.Popen(
            ["parec", "-d", MONITOR, "--raw", "--format=s16le", f"--rate={RATE}", f"--channels={CHANNELS}",
             "--latency-msec=10", "--process-time-msec=5"],
            env=self.pulse.client_env(self.pulse._env()), stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=open(self.pulse.root / "parec.log", "ab"), start_new_session=True)
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()
        # An idle null sink sleeps a whole block (2 s) before it notices the monitor's 10 ms latency
        # request; suspending and resuming it restarts its clock at once.
        deadline = time.monotonic() + timeout
        while not self._ready.wait(0.15):
            if self.proc.poll() is not None or time.monotonic() >= deadline:
                self.stop()
                raise RuntimeError(f"parec delivered no samples (exit {self.proc.returncode})")
            env = self.pulse.client_env(self.pulse._env())
            for state in ("1", "0"):
                subprocess.run(["pactl", "suspend-sink", SINK, state], env=env, capture_output=True, timeout=5)
        return self

    def _pump(self):
        fd = self.proc.stdout.fileno()
        pending = b""
        while True:
            try:
                data = os.read(fd, self.CHUNK)
            except OSError:
                break
            if not data:
                break
            now = time.time()
            data = pending + data
            cut = len(data) - len(data) % SAMPLE_BYTES
            data, pending = data[:cut], data[cut:]
            n = len(data) // SAMPLE_BYTES
            if not n:
                continue
            self._wav.writeframes(data)
            self.frames += n
            # Every sample read by `now` was captured by then: start <= now - frames / RATE. The
            # tightest of these bounds (the delivery with the least delay) is the anchor.
            bound = now - self.frames / RATE
            if self._anchor is None or bound < self._anchor:
                self._anchor = bound
            self._ready.set()

    @property
    def start_epoch(self):
        """Wall-clock instant (epoch s) of the recording's first sample."""
        return self._anchor

    def elapsed(self):
        return self.frames / RATE

    def epoch_of(self, seconds):
        return self.start_epoch + seconds

    def stop(self):
        if self.proc is None:
            return self
        stop_process(self.proc)
        if self._thread is not None:
            self._thread.join(5)
        if self._wav is not None:
            self._wav.close()
            self._wav = None
        return self


# --- analysis --------------------------------------------------------------------------------------

WINDOW = 0.010  # s


def read_wav(path):
    """(mono samples as floats in [-1, 1], rate) of a 16-bit PCM WAV (channels averaged)."""
    with wave.open(str(path), "rb") as w:
        rate, ch, width = w.getframerate(), w.getnchannels(), w.getsampwidth()
        raw = w.readframes(w.getnframes())
    if width != 2:
        raise ValueError(f"{path}: {8 * width}-bit samples, expected 16")
    a = array.array("h")
    a.frombytes(raw[: len(raw) - len(raw) % 2])
    if ch > 1:
        a = array.array("h", (sum(a[i:i + ch]) // ch for i in range(0, len(a) - ch + 1, ch)))
    return a, rate


def rms_windows(path, window=WINDOW):
    """RMS (0..1 of full scale) of each `window`-second slice of the WAV, and the rate."""
    a, rate = read_wav(path)
    n = max(1, int(rate * window))
    out = []
    for i in range(0, len(a) - n + 1, n):
        s = a[i:i + n]
        out.append(math.sqrt(sum(x * x for x in s) / n) / 32768.0)
    return out, rate


def onsets(wav, start_epoch, threshold=0.01, min_gap=0.25, window=WINDOW):
    """Wall-clock instants (epoch seconds) where sound starts in `wav`, recorded from `start_epoch`.

    A window whose RMS rises above `threshold` (fraction of full scale; 0.01 = -40 dBFS) after at
    least `min_gap` seconds below it is an onset; the instant is refined to the first sample in that
    window (or the one before) whose amplitude exceeds the threshold."""
    a, rate = read_wav(wav)
    n = max(1, int(rate * window))
    gap_windows = max(1, int(round(min_gap / window)))
    limit = threshold * 32768.0
    found = []
    quiet = gap_windows  # the recording starts as if after silence
    for w, i in enumerate(range(0, len(a) - n + 1, n)):
        s = a[i:i + n]
        rms = math.sqrt(sum(x * x for x in s) / n)
        if rms > limit:
            if quiet >= gap_windows:
                first = next((j for j in range(max(0, i - n), i + n) if abs(a[j]) > limit), i)
                found.append(start_epoch + first / rate)
            quiet = 0
        else:
            quiet += 1
    return found


def loudness(wav):
    """Peak RMS over 10 ms windows (0..1): 0.0 for a silent recording."""
    rms, _ = rms_windows(wav)
    return max(rms, default=0.0)
