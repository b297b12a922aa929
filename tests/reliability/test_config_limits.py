"""Config input cannot hurt the daemon (issue 14): each row of the fault table, through the real CLI
and daemon.

- Hostile shapes (10 000-part header or dotted key, 3 000 nested headers in 9 MB, one 10 MB string,
  arrays nested 5 000 deep): `config check` refuses each within a second with a positioned message
  naming the limit and echoing none of the input; a daemon reloading one keeps its config, and one
  starting with it runs on the built-in default and says why.
- Paths that are not a readable regular file (symlink loop, dangling link, FIFO, directory,
  /dev/zero, unreadable): a plain, path-named sentence from `config check`; a daemon starting with
  one logs the path and the reason (never a silent built-in default), one reloading keeps its config.
- A UTF-8 byte-order mark: accepted, and errors after it keep their real line and column.
"""

import json
import os
import re
import time

import pytest

from reliability_support import ALL_DAYS, H, setpriv_wrapper

pytestmark = pytest.mark.gymbell

LIMIT_CASES = {
    "header-10000-parts": ("[" + ".".join(["a"] * 10_000) + "]\n", ":1:2: ", "the limit is 32"),
    "dotted-key-10000-parts": ("[rest]\n" + "x." * 10_000 + "y = 1\n", ":2:1: ", "the limit is 32"),
    "3000-nested-headers-9MB": ("".join("[" + ".".join(["a"] * i) + "]\n" for i in range(1, 3001)),
                                ":1:1: ", "the config file is 9.0 MB; the limit is 256 KiB"),
    "string-10MB": ('[rest]\ndefault = "' + "a" * 10_000_000 + '"\n', ":1:1: ",
                    "the config file is 10.0 MB; the limit is 256 KiB"),
    "string-200kB": ('[rest]\ndefault = "' + "a" * 200_000 + '"\n', ":2:11: ", "the limit is 64 KiB"),
    "arrays-5000-deep": ("[workouts.x]\nexercises = " + "[" * 5000 + "]" * 5000 + "\n", ":2:",
                         "nested more than 32 deep"),
    "key-300-chars": ("[rest]\n" + "k" * 300 + " = 1\n", ":2:1: ", "the limit is 128"),
}

# The in-force config the daemon tests start with: its 06:30 tells it apart from the default's time.
IN_FORCE = f'[reminders]\ntime = "06:30"\ndays = {ALL_DAYS}\n'


def upcoming_times(cli):
    r = cli("upcoming", "--json", "--days", "2")
    assert r.returncode == 0, r.stdout + r.stderr
    return sorted({e["due"][11:16] for e in json.loads(r.stdout)})


@pytest.mark.parametrize("name", LIMIT_CASES)
def test_config_check_refuses_hostile_shapes_fast(name, tmp_path, cli):
    text, position, limit = LIMIT_CASES[name]
    path = tmp_path / "config.toml"
    path.write_text(text)
    began = time.monotonic()
    r = cli("config", "check", path)
    elapsed = time.monotonic() - began
    out = r.stdout + r.stderr
    assert r.returncode == 1, f"exit {r.returncode} (a signal is negative): {out[-600:]}"
    assert elapsed < 1.0, f"{name}: {elapsed:.2f} s"
    assert out.startswith(str(path) + position), out[:300]
    assert limit in out, out[:300]
    assert len(out) < 300, f"{len(out)} bytes of output: {out[:300]}"


@pytest.mark.parametrize("name", ["header-10000-parts", "3000-nested-headers-9MB", "string-10MB"])
def test_daemon_keeps_its_config_on_a_hostile_reload_and_starts_with_one(name, env, daemon, cli, write_config):
    write_config(IN_FORCE)
    daemon.start()
    assert upcoming_times(cli) == ["06:30"]
    env.config_file.write_text(LIMIT_CASES[name][0])
    began = time.monotonic()
    r = cli("reload")
    assert time.monotonic() - began < 2.0
    assert daemon.running, daemon.output()[-1500:]
    assert r.returncode == 1 and LIMIT_CASES[name][2] in r.stdout + r.stderr, r.stdout + r.stderr
    assert upcoming_times(cli) == ["06:30"], "the config in force was dropped"
    daemon.kill()
    daemon.start()
    assert cli("status").returncode == 0
    log = daemon.output()
    assert str(env.config_file) in log and LIMIT_CASES[name][2] in log, log[-1500:]


def _make_path(kind, directory):
    """A config path of `kind`; returns (path, words the message must contain)."""
    path = directory / "config.toml"
    if kind == "symlink-loop":
        os.symlink(directory / "other.toml", path)
        os.symlink(path, directory / "other.toml")
        return path, "symbolic link loop"
    if kind == "dangling-link":
        os.symlink(directory / "missing.toml", path)
        return path, "no such file"
    if kind == "fifo":
        os.mkfifo(path)
        return path, "named pipe (FIFO), not a regular file"
    if kind == "directory":
        path.mkdir()
        return path, "directory, not a regular file"
    if kind == "dev-zero":
        os.symlink("/dev/zero", path)
        return path, "character device, not a regular file"
    if kind == "unreadable":
        path.write_text(IN_FORCE)
        path.chmod(0)
        return path, "permission denied"
    raise ValueError(kind)


PATH_KINDS = ["symlink-loop", "dangling-link", "fifo", "directory", "dev-zero", "unreadable"]


@pytest.mark.parametrize("kind", PATH_KINDS)
def test_config_check_names_the_path_and_the_reason(kind, env, gymbell_bin, tmp_path):
    # Root reads a mode-0 file: as root (CI), the CLI runs without the DAC-override capabilities
    # (setpriv), so the unreadable file binds it as it binds a normal user.
    binary = setpriv_wrapper(tmp_path, gymbell_bin)
    env.config_file.parent.mkdir(parents=True, exist_ok=True)
    path, words = _make_path(kind, env.config_file.parent)
    for args in (("config", "check", path), ("config", "check")):  # named, and found in XDG order
        began = time.monotonic()
        r = H.run_cli(env, binary, *args)
        out = r.stdout + r.stderr
        assert time.monotonic() - began < 2.0
        assert r.returncode == 1, out
        assert out.startswith(f"{path}: cannot read the config file: ") and words in out, out
        assert len(out.strip().splitlines()) == 1, out
        assert "permission" not in out.lower() or kind == "unreadable", out
        assert "Cocoa" not in out and "couldn’t" not in out and "The file" not in out, out


@pytest.mark.parametrize("kind", ["symlink-loop", "fifo", "dev-zero", "directory"])
def test_daemon_says_why_a_config_that_exists_cannot_be_read(kind, env, daemon, cli, write_config):
    # At start-up: the built-in default runs, and the log names the file and the reason.
    env.config_file.parent.mkdir(parents=True, exist_ok=True)
    path, words = _make_path(kind, env.config_file.parent)
    daemon.start()
    assert cli("status").returncode == 0
    log = daemon.output()
    assert f"{path}: cannot read the config file: " in log and words in log, log[-1500:]
    # On reload: the config in force stays, and the answer says why.
    daemon.kill()
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    else:
        path.unlink()
    for leftover in env.config_file.parent.iterdir():
        leftover.unlink()
    write_config(IN_FORCE)
    daemon.start()
    assert upcoming_times(cli) == ["06:30"]
    env.config_file.unlink()
    _make_path(kind, env.config_file.parent)
    r = cli("reload")
    assert r.returncode == 1 and str(path) in r.stdout + r.stderr and words in r.stdout + r.stderr, r.stdout + r.stderr
    assert daemon.running
    assert upcoming_times(cli) == ["06:30"], "the config in force was dropped"


def test_byte_order_mark_is_accepted_and_errors_keep_their_position(env, daemon, cli, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xef\xbb\xbf[rest]\ndefault = \"x\"\n")
    r = cli("config", "check", bad)
    assert r.returncode == 1 and r.stdout.startswith(f"{bad}:2:11: rest.default: "), r.stdout
    env.config_file.parent.mkdir(parents=True, exist_ok=True)
    env.config_file.write_bytes(b"\xef\xbb\xbf" + IN_FORCE.encode())
    assert cli("config", "check").returncode == 0
    daemon.start()
    assert upcoming_times(cli) == ["06:30"]
    bad_utf8 = tmp_path / "bad-utf8.toml"
    bad_utf8.write_bytes(b"\xef\xbb\xbf# ok\nx = \"\xff\"\n")
    r = cli("config", "check", bad_utf8)
    assert r.stdout.startswith(f"{bad_utf8}:2:6: "), r.stdout
