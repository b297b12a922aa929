"""Security (issue 6): start_command is argv, never a shell; D-Bus arguments never become commands;
state is private to the user (0700 directory, 0600 files, whatever the umask); the daemon listens on
no socket of its own. Calls from another Unix user: test_other_user.py (it needs its own bus).
"""

import json
import os
import stat
import sys
import time

import dbus
import pytest

from reliability_support import H, raw_call, raw_status

pytestmark = pytest.mark.gymbell

SHELLISH = [
    "a; touch {pwn}1",
    "$(touch {pwn}2)",
    "`touch {pwn}3`",
    "x | touch {pwn}4 && touch {pwn}5 > {pwn}6",
    "two  spaces\tand tab",
    "*",
    "$HOME ${HOME} ~",
    "'single' \"double\"",
    "back\\slash\nnewline",
    "",
]


def argv_recorder(tmp_path):
    """A tiny program that writes its argv as JSON, and the file it writes."""
    out = tmp_path / "argv.json"
    script = tmp_path / "record-argv"
    script.write_text(f"#!{sys.executable if os.path.exists(sys.executable) else '/usr/bin/python3'}\n"
                      "import json, sys\n"
                      f"json.dump(sys.argv, open({str(out)!r}, 'w'))\n")
    script.chmod(0o755)
    return script, out


def toml_list(items):
    # JSON strings are TOML basic strings (\uXXXX escapes included with ensure_ascii).
    return "[" + ", ".join(json.dumps(i) for i in items) + "]"


def test_start_command_is_run_as_argv_without_a_shell(daemon, cli, write_config, tmp_path):
    pwn = tmp_path / "pwned-"
    script, out = argv_recorder(tmp_path)
    args = [a.replace("{pwn}", str(pwn)) for a in SHELLISH]
    write_config(f"[reminders]\nstart_command = {toml_list([str(script)] + args)}\n")
    daemon.start()
    r = cli("start")
    assert r.returncode == 0, f"gymbell start: {r.stderr}"
    H.wait_until(out.exists, 5, what="start_command to run")
    time.sleep(0.2)
    argv = json.loads(out.read_text())
    assert argv[1:] == args, f"start_command's arguments were changed on the way:\n{argv[1:]}\n!=\n{args}"
    pwned = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("pwned-"))
    assert not pwned, f"a shell interpreted start_command: {pwned} were created"


def test_dbus_arguments_never_run_anything(daemon, bus, write_config, tmp_path):
    """Start(workout) names a workout from the user's config; a name is never executed, and an
    unknown one does not run start_command either."""
    pwn = tmp_path / "pwned-dbus"
    script, out = argv_recorder(tmp_path)
    write_config(f"[reminders]\nstart_command = {toml_list([str(script)])}\n")
    daemon.start()
    before = raw_status(bus)
    for name in (f"$(touch {pwn})", f"x; touch {pwn}", f"`touch {pwn}`", str(script)):
        with pytest.raises(dbus.DBusException) as e:
            raw_call(bus, "Start", "s", [name])
        assert e.value.get_dbus_name() == "org.freedesktop.DBus.Error.InvalidArgs", e.value
    time.sleep(0.5)
    assert not pwn.exists(), "a Start argument was run by a shell"
    assert not out.exists(), "start_command ran although Start named an unknown workout"
    assert raw_status(bus) == before, "a refused Start changed the daemon's state"


def modes(root):
    """{relative path: (kind, permission bits)} of everything under root, root included."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(root):
        st = os.stat(dirpath)
        found[os.path.relpath(dirpath, root.parent)] = ("dir", stat.S_IMODE(st.st_mode))
        for f in filenames:
            st = os.lstat(os.path.join(dirpath, f))
            found[os.path.relpath(os.path.join(dirpath, f), root.parent)] = ("file", stat.S_IMODE(st.st_mode))
    return found


@pytest.mark.parametrize("umask,state_home_exists", [(0o022, True), (0o000, False)],
                         ids=["umask-022", "umask-000-state-home-missing"])
def test_state_files_are_private(umask, state_home_exists, env, daemon, cli):
    if not state_home_exists:
        missing = env.root / "fresh" / "xdg-state"
        env.vars["XDG_STATE_HOME"] = str(missing)
        top = missing.parent
    else:
        top = env.state_home / "gymbell"
    old = os.umask(umask)
    try:
        daemon.start()
        for args in (("rest", "600"), ("snooze", "--minutes", "5"), ("stop",), ("rest", "900")):
            r = cli(*args)
            assert r.returncode == 0, f"gymbell {' '.join(args)}: {r.stderr}"
        # Files SQLite creates while writing (journal, WAL, shm) count too: look while one is open.
        seen = modes(top)
        daemon.kill()
        seen.update(modes(top))
    finally:
        os.umask(old)
    db = [p for p, (kind, _) in seen.items() if p.endswith("gymbell/state.sqlite")]
    assert db, f"no state database under {top}: {seen}"
    wrong = {p: oct(m) for p, (kind, m) in seen.items()
             if (kind == "dir" and m != 0o700) or (kind == "file" and m & 0o077)}
    assert not wrong, (f"with umask {umask:03o}, state must be private (directories 0700, files 0600); "
                       f"found {wrong}")


def listening_inodes():
    inodes = set()
    with open("/proc/net/unix") as f:
        next(f)
        for line in f:
            fields = line.split()
            if int(fields[3], 16) & 0x10000:  # __SO_ACCEPTCON: a listening socket
                inodes.add(fields[6])
    for table in ("tcp", "tcp6", "udp", "udp6"):
        try:
            with open(f"/proc/net/{table}") as f:
                next(f)
                for line in f:
                    fields = line.split()
                    if table.startswith("udp") or fields[3] == "0A":  # 0A = LISTEN
                        inodes.add(fields[9])
        except FileNotFoundError:
            pass
    return inodes


def test_daemon_listens_on_nothing_of_its_own(running_daemon):
    """It answers only on the session bus: no listening Unix or IP socket of its own."""
    pid = running_daemon.pid
    own = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            own.add(target[8:-1])
    listening = own & listening_inodes()
    assert not listening, f"the daemon has listening sockets (inodes {listening})"
