"""Other audio makes room for gymbell's sounds (issue 47 row 4): a private PulseAudio with a null sink
(and again PipeWire's Pulse server with WirePlumber, where installed),
a second stream playing (pacat of silence, as a music player's), `[sound] duck = "30%"`, a rest that
ends through the real CLI and daemon; the second stream's volume is sampled with `pactl` — lowered
while the sound plays, set back after — and after a kill -9 of the daemon and its sound helper during
the sound, the next start sets it back from the journal ($XDG_STATE_HOME/gymbell/ducked)."""

import json
import os
import shutil
import signal
import struct
import subprocess
import threading
import time
import wave

import pytest

from conftest import START_TIMEOUT, wait_until

pytestmark = [
    pytest.mark.gymbell,
    pytest.mark.skipif(not (shutil.which("pactl") and shutil.which("pacat")), reason="needs pulseaudio-utils (scripts/install-deps.sh)"),
]

MUSIC = 52429  # the music's own volume: 80 %
LOWERED = MUSIC * 30 // 100


class SoundServer:
    """PulseAudio of the test's own: one null sink, a socket in the test's runtime directory."""

    def __init__(self, env):
        self.env = env
        self.socket = env.runtime_dir / "pulse.sock"
        self.log = env.root / "pulseaudio.log"
        self.proc = None
        self.music = None

    def start(self):
        vars = dict(self.env.vars)
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(
                ["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
                 "--log-target=stderr", "-L", "module-null-sink sink_name=gymbell_test", "-L", "module-stream-restore",
                 "-L", f"module-native-protocol-unix socket={self.socket} auth-anonymous=1"],
                env=vars, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        # gymbell, its sound helper, pactl and pacat all reach it through PULSE_SERVER.
        self.env.vars["PULSE_SERVER"] = f"unix:{self.socket}"
        wait_until(lambda: self.pactl("info").returncode == 0, START_TIMEOUT, what="PulseAudio to answer")
        return self

    def servers(self):
        return [self.proc]

    def pactl(self, *args):
        return subprocess.run(["pactl", *args], env=self.env.vars, capture_output=True, text=True, timeout=10)

    def play_music(self, volume=MUSIC):
        """A long stream at 80 % of its volume, as a music player's (one process: PULSE_PROP gives every
        stream of the test the same application.process.id, as a player's tracks have)."""
        self.music = subprocess.Popen(
            ["pacat", "--raw", "--format=s16le", "--rate=44100", "--channels=2", "--client-name=music", "/dev/zero"],
            env={**self.env.vars, "PULSE_PROP": "application.process.id=424242"},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        wait_until(lambda: self.music_stream() is not None, START_TIMEOUT, what="the music stream")
        if volume is None:
            return
        self.set_music_volume(volume)
        wait_until(lambda: self.music_volume() == MUSIC, START_TIMEOUT, what="the music stream at 80 %")

    def music_stream(self):
        listed = self.pactl("-f", "json", "list", "sink-inputs")
        for stream in json.loads(listed.stdout or "[]"):
            if stream["properties"].get("application.name") == "music":
                return stream
        return None

    def music_volume(self):
        stream = self.music_stream()
        if stream is None:
            return None
        volumes = {channel["value"] for channel in stream["volume"].values()}
        return volumes.pop() if len(volumes) == 1 else tuple(sorted(volumes))

    def set_music_volume(self, value):
        assert self.pactl("set-sink-input-volume", str(self.music_stream()["index"]), str(value)).returncode == 0

    def stop(self):
        for proc in (self.music, *self.servers()):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    proc.kill()


class PipeWireServer(SoundServer):
    """PipeWire, its Pulse server and WirePlumber of the test's own (its runtime directory, its bus),
    and a null sink made through the Pulse server."""

    def start(self):
        self.procs = []
        for name in ("pipewire", "wireplumber", "pipewire-pulse"):
            with open(self.env.root / f"{name}.log", "wb") as out:
                self.procs.append(subprocess.Popen(
                    [name], env=self.env.vars, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                    start_new_session=True))
        self.proc = self.procs[0]
        self.env.vars["PULSE_SERVER"] = f"unix:{self.env.runtime_dir}/pulse/native"
        wait_until(lambda: self.pactl("info").returncode == 0, START_TIMEOUT, what="pipewire-pulse to answer")
        assert self.pactl("load-module", "module-null-sink", "sink_name=gymbell_test").returncode == 0
        wait_until(lambda: "gymbell_test" in self.pactl("get-default-sink").stdout, START_TIMEOUT,
                   what="WirePlumber to take the null sink as the default")
        return self

    def servers(self):
        return list(reversed(self.procs))


SERVERS = {
    "pulseaudio": (SoundServer, ["pulseaudio"]),
    "pipewire": (PipeWireServer, ["pipewire", "pipewire-pulse", "wireplumber"]),
}


@pytest.fixture(params=sorted(SERVERS))
def sound(env, request):
    kind, programs = SERVERS[request.param]
    missing = [p for p in programs if not shutil.which(p)]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (scripts/install-deps.sh)")
    server = kind(env).start()
    yield server
    server.stop()


class Sampler(threading.Thread):
    """The music's volume every 50 ms, with the monotonic instant: (t, volume)."""

    def __init__(self, sound):
        super().__init__(daemon=True)
        self.sound = sound
        self.samples = []
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            self.samples.append((time.monotonic(), self.sound.music_volume()))
            time.sleep(0.05)

    def stop(self):
        self.done.set()
        self.join(5)
        return self.samples


def long_sound(path, seconds=4.0):
    """A WAV file of `seconds` of a quiet tone: a sound that is still playing when the test acts."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(b"".join(struct.pack("<h", 300 if (i // 20) % 2 else -300) for i in range(int(8000 * seconds))))
    return path


def journal(env):
    return env.state_home / "gymbell" / "ducked"


def helper_pids(env):
    """The sound helpers (`gymbell daemon --sound-player`) of this test's gymbell: started apart from
    the daemon (not its children), known by their command line and the test's state directory."""
    mine = f"XDG_STATE_HOME={env.state_home}".encode()
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    argv = f.read().split(b"\0")
                with open(f"/proc/{entry}/environ", "rb") as f:
                    environ = f.read().split(b"\0")
            except OSError:
                continue
            if b"--sound-player" in argv and mine in environ:
                pids.append(int(entry))
    return pids


def test_music_is_lowered_while_the_rest_over_sound_plays_and_set_back_after(sound, env, write_config, daemon, cli, record_timing):
    write_config('[sound]\nduck = "30%"\n')
    sound.play_music()
    daemon.start()
    sampler = Sampler(sound)
    sampler.start()
    began = time.monotonic()
    assert cli("rest", "2").returncode == 0
    wait_until(lambda: any(v == LOWERED for _, v in sampler.samples), 15, what="the music lowered to 30 % of 80 %")
    wait_until(lambda: sampler.samples[-1][1] == MUSIC, 15, what="the music's volume set back")
    time.sleep(0.5)
    samples = sampler.stop()
    volumes = [v for _, v in samples]
    # 80 % before, 30 % of it while the sound plays, 80 % after: lowered once, nothing else in between.
    changes = [v for i, v in enumerate(volumes) if i == 0 or v != volumes[i - 1]]
    assert changes == [MUSIC, LOWERED, MUSIC], changes
    lowered = [t for t, v in samples if v == LOWERED]
    record_timing("ducking: music lowered, after the rest's end (from the rest command + 2 s, pactl sampled every 50 ms)", lowered[0] - began - 2)
    record_timing("ducking: music lowered for", lowered[-1] - lowered[0])
    assert lowered[0] - began < 2 + 3, "lowered within 3 s of the rest's end"
    assert lowered[-1] - lowered[0] < 5, "set back within seconds of the sound's end"
    assert not journal(env).exists(), "the journal is gone once everything is set back"
    assert "cannot lower" not in daemon.output()


def test_a_volume_changed_during_the_sound_is_kept(sound, env, tmp_path, write_config, daemon, cli):
    write_config(f'[sound]\nduck = "30%"\nfile = "{long_sound(tmp_path / "long.wav")}"\n')
    sound.play_music()
    daemon.start()
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: sound.music_volume() == LOWERED, 15, what="the music lowered")
    assert journal(env).exists()
    sound.set_music_volume(45000)  # the person turns the music up while the sound plays
    wait_until(lambda: not journal(env).exists(), 15, what="the sound's end (journal settled)")
    time.sleep(0.5)
    assert sound.music_volume() == 45000, "the person's choice is left as it is"


def test_a_new_track_started_during_the_sound_gets_the_volume_back(sound, env, tmp_path, write_config, daemon, cli):
    """A player that opens a stream per track: the track ends while lowered, the server's stream-restore
    gives the next one the lowered volume, and gymbell sets that one back."""
    write_config(f'[sound]\nduck = "30%"\nfile = "{long_sound(tmp_path / "long.wav")}"\n')
    sound.play_music()
    daemon.start()
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: sound.music_volume() == LOWERED, 15, what="the music lowered")
    sound.music.terminate()  # the track ends …
    sound.music.wait(5)
    wait_until(lambda: sound.music_stream() is None, 5, what="the track's stream gone")
    sound.play_music(volume=None)  # … and the next starts, at what the server remembers
    assert sound.music_volume() == LOWERED, "the server's stream-restore gave the new track the lowered volume"
    wait_until(lambda: not journal(env).exists(), 15, what="the sound's end (journal settled)")
    wait_until(lambda: sound.music_volume() == MUSIC, 5, what="the new track set back to 80 %")


def test_after_a_kill_9_during_the_sound_the_next_start_sets_the_volume_back(sound, env, tmp_path, write_config, daemon, cli):
    write_config(f'[sound]\nduck = "30%"\nfile = "{long_sound(tmp_path / "long.wav", seconds=6)}"\n')
    sound.play_music()
    daemon.start()
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: sound.music_volume() == LOWERED, 15, what="the music lowered")
    helpers = helper_pids(env)
    assert helpers, "the sound helper runs while the sound plays"
    for pid in helpers:  # the helper first: nothing is left to set the volume back but the journal
        os.kill(pid, signal.SIGKILL)
    daemon.kill(signal.SIGKILL)
    time.sleep(1)
    assert sound.music_volume() == LOWERED and journal(env).exists(), "left lowered, and written down"
    daemon.start()
    wait_until(lambda: sound.music_volume() == MUSIC, 10, what="the restart to set the music back")
    wait_until(lambda: not journal(env).exists(), 5, what="the journal to be settled")


def test_a_kill_9_of_the_daemon_alone_leaves_its_helper_to_set_the_volume_back(sound, env, tmp_path, write_config, daemon, cli):
    write_config(f'[sound]\nduck = "30%"\nfile = "{long_sound(tmp_path / "long.wav", seconds=3)}"\n')
    sound.play_music()
    daemon.start()
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: sound.music_volume() == LOWERED, 15, what="the music lowered")
    daemon.kill(signal.SIGKILL)
    wait_until(lambda: sound.music_volume() == MUSIC, 15, what="the orphaned helper to set the music back")
    assert not journal(env).exists()


def test_off_by_default_leaves_other_audio_alone(sound, env, daemon, cli):
    sound.play_music()
    daemon.start()
    sampler = Sampler(sound)
    sampler.start()
    assert cli("rest", "1").returncode == 0
    time.sleep(4)
    volumes = {v for _, v in sampler.stop()}
    assert volumes == {MUSIC}
    assert "sound asked of the sound server" in daemon.output(), "the sound did play"
