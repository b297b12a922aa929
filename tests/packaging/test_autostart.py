"""`gymbell autostart enable|disable|status`: the user's XDG autostart entry, written with this
binary's real path, kept in step with data/io.github.gymbell.Gymbell-autostart.desktop."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import APP_ID, REPO

ENTRY_NAME = f"{APP_ID}.desktop"


def entry_lines(text):
    """The lines that matter (no comments, no blank lines)."""
    return [l for l in text.splitlines() if l.strip() and not l.lstrip().startswith("#")]


def autostart(session, binary, *args):
    return session.run(binary, "autostart", *args)


@pytest.fixture
def user_entry(session):
    return session.config_home / "autostart" / ENTRY_NAME


def test_enable_writes_the_shipped_entry_with_this_binary(session, gymbell_bin, user_entry):
    proc = autostart(session, gymbell_bin, "enable")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"Autostart is on: {user_entry} starts {os.path.realpath(gymbell_bin)}")
    template = (REPO / "data" / f"{APP_ID}-autostart.desktop").read_text()
    bindir = os.path.dirname(os.path.realpath(gymbell_bin))
    assert entry_lines(user_entry.read_text()) == entry_lines(template.replace("@bindir@", bindir))
    valid = subprocess.run(["desktop-file-validate", str(user_entry)], capture_output=True, text=True)
    assert valid.returncode == 0, valid.stdout


def test_enable_and_disable_are_idempotent(session, gymbell_bin, user_entry):
    assert autostart(session, gymbell_bin, "enable").returncode == 0
    before = user_entry.read_bytes()
    again = autostart(session, gymbell_bin, "enable")
    assert again.returncode == 0 and again.stdout.startswith("Autostart is already on:"), again
    assert user_entry.read_bytes() == before

    off = autostart(session, gymbell_bin, "disable")
    assert off.returncode == 0 and off.stdout.startswith(f"Autostart is off: removed {user_entry}."), off
    assert not user_entry.exists()
    again = autostart(session, gymbell_bin, "disable")
    assert again.returncode == 0 and again.stdout.startswith("Autostart is already off:"), again


def test_status(session, gymbell_bin, user_entry):
    off = autostart(session, gymbell_bin, "status")
    assert off.returncode == 0
    assert off.stdout.startswith(f"Autostart: off — no {ENTRY_NAME} in {session.config_home}/autostart")
    # The systemd line is there whether or not a user manager answers here.
    assert "systemd user unit gymbell.service: " in off.stdout
    autostart(session, gymbell_bin, "enable")
    on = autostart(session, gymbell_bin, "status")
    assert on.stdout.startswith(f"Autostart: on — {user_entry} runs `{os.path.realpath(gymbell_bin)} autostart run` at login.")


def test_disable_hides_a_system_wide_entry(session, gymbell_bin, installed, user_entry):
    system_dir = session.config_dirs / "autostart"
    system_dir.mkdir()
    shutil.copy(installed.path(f"/etc/xdg/autostart/{ENTRY_NAME}"), system_dir / ENTRY_NAME)
    on = autostart(session, gymbell_bin, "status")
    assert on.stdout.startswith(f"Autostart: on — the system-wide entry {system_dir / ENTRY_NAME}"), on.stdout

    off = autostart(session, gymbell_bin, "disable")
    assert off.returncode == 0 and "hides the system-wide entry" in off.stdout, off
    assert "Hidden=true" in entry_lines(user_entry.read_text())
    assert (system_dir / ENTRY_NAME).exists()  # the package's file is left alone
    status = autostart(session, gymbell_bin, "status")
    assert status.stdout.startswith(f"Autostart: off — {user_entry} has Hidden=true."), status.stdout
    again = autostart(session, gymbell_bin, "disable")
    assert again.stdout.startswith("Autostart is already off:"), again

    assert autostart(session, gymbell_bin, "enable").returncode == 0
    assert "Hidden=true" not in user_entry.read_text()
    assert autostart(session, gymbell_bin, "status").stdout.startswith(f"Autostart: on — {user_entry} runs")


def test_status_notices_a_missing_binary(session, gymbell_bin, tmp_path):
    system_dir = session.config_dirs / "autostart"
    system_dir.mkdir()
    (system_dir / ENTRY_NAME).write_text(
        "[Desktop Entry]\nType=Application\nName=gymbell\nExec=/nonexistent/gymbell autostart run\n"
        "TryExec=/nonexistent/gymbell\n")
    status = autostart(session, gymbell_bin, "status")
    assert "But /nonexistent/gymbell is missing" in status.stdout, status.stdout


def test_exec_is_quoted_for_a_path_with_spaces(session, gymbell_bin, tmp_path, user_entry):
    odd_dir = tmp_path / "my apps $x"
    odd_dir.mkdir()
    odd = odd_dir / "gymbell"
    try:
        os.link(gymbell_bin, odd)  # a hard link: /proc/self/exe then names this path
    except OSError:
        shutil.copy2(gymbell_bin, odd)
    proc = autostart(session, odd, "enable")
    assert proc.returncode == 0, proc.stderr
    lines = entry_lines(user_entry.read_text())
    assert f'Exec="{odd_dir}/gymbell" autostart run'.replace("$", "\\\\$") in lines, lines
    assert f"TryExec={odd}" in lines
    valid = subprocess.run(["desktop-file-validate", str(user_entry)], capture_output=True, text=True)
    assert valid.returncode == 0, valid.stdout
