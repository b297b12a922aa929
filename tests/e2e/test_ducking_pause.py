"""Media players make room for gymbell's sounds (issue 47 row 4, `[sound] duck = "pause"`): a private
PulseAudio with a null sink (test_ducking's), a real MPRIS player — mpv with mpv-mpris — looping a tone
made by sox on it, a rest that ends through the real CLI and daemon; the player's PlaybackStatus is
sampled with playerctl (a real MPRIS client): Playing before, Paused while the sound plays, Playing
after. A player the person paused stays paused; cues close together pause once; after a kill -9 of
the daemon and its sound helper during the sound, the next start resumes what the journal
($XDG_STATE_HOME/gymbell/paused) lists."""

import glob
import os
import shutil
import signal
import subprocess
import threading
import time

import pytest

from conftest import START_TIMEOUT, wait_until
from test_ducking import SoundServer, helper_pids, long_sound

MPRIS_PLUGIN = next(iter(glob.glob("/usr/lib/*/mpv-mpris/mpris.so") + glob.glob("/usr/lib/mpv-mpris/mpris.so")
                         + glob.glob("/etc/mpv/scripts/mpris.so")), None)

pytestmark = [
    pytest.mark.gymbell,
    pytest.mark.skipif(not all(shutil.which(p) for p in ("pulseaudio", "pactl", "mpv", "playerctl", "sox"))
                       or MPRIS_PLUGIN is None, reason="needs mpv, mpv-mpris, playerctl, sox (scripts/install-deps.sh)"),
]


class Player:
    """mpv playing a looped tone on the test's PulseAudio, a player on the test's bus through mpv-mpris."""

    def __init__(self, env, tone):
        self.env = env
        self.proc = subprocess.Popen(
            ["mpv", "--no-config", f"--script={MPRIS_PLUGIN}", "--no-video", "--no-terminal", "--ao=pulse",
             "--loop-file=inf", "--volume=50", str(tone)],
            env=env.vars, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        wait_until(lambda: self.status() == "Playing", START_TIMEOUT, what="mpv playing, seen through MPRIS")

    def playerctl(self, *args):
        return subprocess.run(["playerctl", "--player=mpv", *args], env=self.env.vars, capture_output=True, text=True, timeout=10)

    def status(self):
        done = self.playerctl("status")
        return done.stdout.strip() if done.returncode == 0 else None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class StatusSampler(threading.Thread):
    """The player's PlaybackStatus every 100 ms, as playerctl tells it."""

    def __init__(self, player):
        super().__init__(daemon=True)
        self.player = player
        self.samples = []
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            status = self.player.status()
            if status is not None:
                self.samples.append((time.monotonic(), status))
            time.sleep(0.1)

    def stop(self):
        self.done.set()
        self.join(10)
        return self.samples

    def changes(self):
        statuses = [s for _, s in self.samples]
        return [s for i, s in enumerate(statuses) if i == 0 or s != statuses[i - 1]]


@pytest.fixture
def player(env, tmp_path):
    sound = SoundServer(env).start()
    tone = tmp_path / "tone.wav"
    subprocess.run(["sox", "-n", "-r", "44100", "-c", "2", str(tone), "synth", "5", "sine", "440", "vol", "0.1"], check=True)
    running = Player(env, tone)
    yield running
    running.stop()
    sound.stop()


def journal(env):
    return env.state_home / "gymbell" / "paused"


def test_a_playing_player_is_paused_while_the_sound_plays_and_plays_after(player, env, tmp_path, write_config, daemon, cli):
    write_config(f'[sound]\nduck = "pause"\nfile = "{long_sound(tmp_path / "long.wav", seconds=2)}"\n')
    daemon.start()
    sampler = StatusSampler(player)
    sampler.start()
    began = time.monotonic()
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: player.status() == "Paused", 15, what="mpv paused for the sound")
    assert journal(env).exists(), "written down while paused"
    wait_until(lambda: player.status() == "Playing", 20, what="mpv playing again after the sound")
    time.sleep(1)
    samples = sampler.stop()
    assert sampler.changes() == ["Playing", "Paused", "Playing"], sampler.changes()
    paused = [t for t, s in samples if s == "Paused"]
    assert paused[0] - began < 1 + 4, "paused within seconds of the rest's end"
    # The 2 s sound and PlayerPausePlan.linger (2 s) of quiet: resumed after both, not long after.
    assert 3 <= paused[-1] - paused[0] < 10, paused[-1] - paused[0]
    assert not journal(env).exists(), "the journal is gone once everything is resumed"
    assert "cannot pause" not in daemon.output() and "cannot resume" not in daemon.output()


def test_a_player_the_person_paused_before_stays_paused(player, env, tmp_path, write_config, daemon, cli):
    write_config(f'[sound]\nduck = "pause"\nfile = "{long_sound(tmp_path / "long.wav", seconds=2)}"\n')
    assert player.playerctl("pause").returncode == 0
    wait_until(lambda: player.status() == "Paused", 5, what="mpv paused by the person")
    daemon.start()
    sampler = StatusSampler(player)
    sampler.start()
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: "sound asked of the sound server" in daemon.output(), 15, what="the rest-over sound")
    time.sleep(7)  # the sound, the linger and more
    sampler.stop()
    assert sampler.changes() == ["Paused"], sampler.changes()
    assert not journal(env).exists(), "nothing of the person's was written down"


def test_a_player_the_person_starts_again_during_the_sound_is_left_playing(player, env, tmp_path, write_config, daemon, cli):
    write_config(f'[sound]\nduck = "pause"\nfile = "{long_sound(tmp_path / "long.wav", seconds=4)}"\n')
    daemon.start()
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: player.status() == "Paused", 15, what="mpv paused for the sound")
    assert player.playerctl("play").returncode == 0  # the person wants the music now, sound or not
    wait_until(lambda: player.status() == "Playing", 5, what="mpv playing again, by the person")
    sampler = StatusSampler(player)
    sampler.start()
    wait_until(lambda: not journal(env).exists(), 20, what="the journal settled after the sound")
    time.sleep(1)
    sampler.stop()
    # Their play is not undone: not paused again, and nothing flaps when the sound ends.
    assert sampler.changes() == ["Playing"], sampler.changes()


def test_cues_close_together_pause_the_player_once(player, env, tmp_path, write_config, daemon, cli):
    write_config(f'[sound]\nduck = "pause"\nfile = "{long_sound(tmp_path / "short.wav", seconds=0.5)}"\n')
    daemon.start()
    sampler = StatusSampler(player)
    sampler.start()
    # Two rests' ends about a second apart: less than the linger between the first sound's end and the second.
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: player.status() == "Paused", 15, what="mpv paused for the first sound")
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: daemon.output().count("sound asked of the sound server") >= 2, 15, what="the second sound")
    wait_until(lambda: player.status() == "Playing", 20, what="mpv playing again after both")
    time.sleep(1)
    sampler.stop()
    assert sampler.changes() == ["Playing", "Paused", "Playing"], sampler.changes()


def test_a_spoken_reminder_keeps_the_player_paused_until_the_sentence_is_said(player, env, tmp_path, write_config, daemon, cli):
    """`announce = true`: the voice (an `spd-say` on the daemon's PATH that takes 5 s to "speak" when
    asked to wait, as speech-dispatcher's does with --wait) outlasts the sound and the linger."""
    bin_dir = env.root / "bin"
    bin_dir.mkdir()
    spoken = env.root / "spoken"
    (bin_dir / "spd-say").write_text(
        "#!/bin/sh\n"
        f"echo \"start $*\" >> {spoken}\n"
        "case \"$1\" in --wait) sleep 5 ;; esac\n"
        f"echo end >> {spoken}\n")
    (bin_dir / "spd-say").chmod(0o755)
    env.vars["PATH"] = f"{bin_dir}:{env.vars['PATH']}"
    write_config(f'[reminders]\nannounce = true\n[sound]\nduck = "pause"\nfile = "{long_sound(tmp_path / "short.wav", seconds=0.5)}"\n')
    daemon.start()
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: spoken.exists() and "start --wait -- Rest over." in spoken.read_text(), 15, what="the voice asked to wait")
    wait_until(lambda: player.status() == "Paused", 5, what="mpv paused for the sound and the voice")
    began = time.monotonic()
    while "end" not in spoken.read_text():  # the sound (0.5 s) and the linger (2 s) are over long before
        assert player.status() == "Paused", "paused for as long as the voice speaks"
        assert time.monotonic() - began < 15, "the voice ended"
        time.sleep(0.2)
    wait_until(lambda: player.status() == "Playing", 10, what="mpv playing again after the sentence")
    assert time.monotonic() - began >= 4


def test_after_a_kill_9_during_the_sound_the_next_start_resumes_the_player(player, env, tmp_path, write_config, daemon, cli):
    write_config(f'[sound]\nduck = "pause"\nfile = "{long_sound(tmp_path / "long.wav", seconds=6)}"\n')
    daemon.start()
    assert cli("rest", "1").returncode == 0
    wait_until(lambda: player.status() == "Paused", 15, what="mpv paused for the sound")
    helpers = helper_pids(env)
    assert helpers, "the sound helper runs while the sound plays"
    for pid in helpers:  # the helper first: nothing is left to resume the player but the journal
        os.kill(pid, signal.SIGKILL)
    daemon.kill(signal.SIGKILL)
    time.sleep(4)  # past the sound and the linger: nobody resumes it
    assert player.status() == "Paused" and journal(env).exists(), "left paused, and written down"
    daemon.start()
    wait_until(lambda: player.status() == "Playing", 15, what="the restart to resume mpv")
    wait_until(lambda: not journal(env).exists(), 5, what="the journal to be settled")
