"""A background process that needs only local files starts nothing else on the session bus (issue 28,
item 4): with gvfs installed, GIO's default VFS D-Bus-activates gvfsd (`org.gtk.vfs.Daemon`) for the
config file's watcher. The test's bus can activate a stand-in for it, which leaves a mark when
started; the daemon is started, used, and its config changed (the watcher sees it) — no mark."""

import time
from pathlib import Path

import pytest

from conftest import wait_until

pytestmark = pytest.mark.gymbell

GVFS_MODULE = "/usr/lib/x86_64-linux-gnu/gio/modules/libgvfsdbus.so"


def test_the_daemon_activates_no_gvfsd(env, daemon, write_config, cli, tmp_path):
    # Without gvfs's GIO module nothing would try: scripts/install-deps.sh installs it for this test.
    assert Path(GVFS_MODULE).exists(), f"{GVFS_MODULE} missing: run scripts/install-deps.sh (package gvfs)"
    marker = tmp_path / "gvfsd-activated"
    (env.services_dir / "org.gtk.vfs.Daemon.service").write_text(
        f"[D-BUS Service]\nName=org.gtk.vfs.Daemon\nExec=/usr/bin/touch {marker}\n")
    write_config('[rest]\ndefault = "30s"\n')
    daemon.start()
    assert cli("rest").returncode == 0
    write_config('[rest]\ndefault = "40s"\n')
    wait_until(lambda: "config applied" in daemon.output(), timeout=10, what="the changed config taken up")
    time.sleep(1)
    assert not marker.exists(), "the daemon activated org.gtk.vfs.Daemon on the session bus"
