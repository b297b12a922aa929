"""`make install DESTDIR=…` and `make uninstall`: the installed file list, the filled-in templates,
and the validators desktops and software centres use (desktop-file-validate, appstreamcli,
systemd-analyze)."""

import configparser
import os
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from conftest import APP_ID, PACKAGING_DIR, PREFIX, REPO, files_under, make

BINDIR = f"{PREFIX}/bin"
APP_ENTRY = f"{PREFIX}/share/applications/{APP_ID}.desktop"
AUTOSTART_ENTRY = f"/etc/xdg/autostart/{APP_ID}.desktop"
USER_UNIT = f"{PREFIX}/lib/systemd/user/gymbell.service"
DBUS_SERVICE = f"{PREFIX}/share/dbus-1/services/{APP_ID}.service"
METAINFO = f"{PREFIX}/share/metainfo/{APP_ID}.metainfo.xml"
MAN_PAGE = f"{PREFIX}/share/man/man1/gymbell.1"
CONFIG_EXAMPLE = f"{PREFIX}/share/doc/gymbell/config.toml.example"
SCREENSHOT_URL = "https://raw.githubusercontent.com/gymbell/gymbell/main/data/screenshots/notification.png"


def expected_manifest():
    lines = (PACKAGING_DIR / "expected-install-manifest.txt").read_text().splitlines()
    return sorted(l.strip() for l in lines if l.strip() and not l.startswith("#"))


def keys(path, group):
    """The keys of one group of a .desktop/.service style file (case kept)."""
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return dict(parser[group])


def test_installed_files_are_the_manifest(installed):
    assert files_under(installed.destdir) == expected_manifest()


def test_install_manifest_target_lists_the_same_files():
    listed = make("install-manifest").stdout.split()
    assert sorted(listed) == expected_manifest()


def test_bindir_is_filled_in_everywhere(installed):
    for rel in expected_manifest():
        path = installed.path(rel)
        data = path.read_bytes()
        if b"\0" in data[:4096]:
            continue  # the binary
        assert b"@bindir@" not in data, f"{rel} still says @bindir@"
        assert b"@" + b"prefix@" not in data, f"{rel} has an unfilled @prefix@"
    exec_lines = {
        APP_ENTRY: ["Exec=/usr/local/bin/gymbell-window", "TryExec=/usr/local/bin/gymbell-window",
                    "Exec=/usr/local/bin/gymbell-window --start-workout", "Exec=/usr/local/bin/gymbell report --open"],
        AUTOSTART_ENTRY: ["Exec=/usr/local/bin/gymbell autostart run", "TryExec=/usr/local/bin/gymbell"],
        USER_UNIT: ["ExecStart=/usr/local/bin/gymbell daemon", "ExecReload=/usr/local/bin/gymbell reload"],
        DBUS_SERVICE: ["Exec=/usr/local/bin/gymbell daemon"],
    }
    for rel, wanted in exec_lines.items():
        lines = installed.path(rel).read_text().splitlines()
        for line in wanted:
            assert line in lines, f"{rel} lacks {line!r}"


def test_config_example_is_the_default_config(installed):
    # data/config.toml is a symlink: the real file must be installed, not the link.
    example = installed.path(CONFIG_EXAMPLE)
    assert not example.is_symlink()
    assert example.read_text() == (REPO / "data" / "config.toml").read_text()


def test_desktop_files_validate(installed):
    for rel in (APP_ENTRY, AUTOSTART_ENTRY):
        proc = subprocess.run(["desktop-file-validate", str(installed.path(rel))], capture_output=True, text=True)
        assert proc.returncode == 0 and "error" not in proc.stdout, f"{rel}:\n{proc.stdout}{proc.stderr}"
    app = keys(installed.path(APP_ENTRY), "Desktop Entry")
    assert app["Icon"] == APP_ID and app["Type"] == "Application"
    # In the app grid, opening the window; tied to the window by its app id (the daemon keeps the bus name).
    assert app.get("NoDisplay", "false") == "false" and app.get("Hidden", "false") == "false"
    assert app["StartupWMClass"] == f"{APP_ID}.Window" and app.get("DBusActivatable", "false") == "false"
    assert app["Actions"].split(";")[:3] == ["start-workout", "rest", "report"]
    assert keys(installed.path(APP_ENTRY), "Desktop Action start-workout")["Name"] == "Start today's workout"
    autostart = keys(installed.path(AUTOSTART_ENTRY), "Desktop Entry")
    # The entry only asks D-Bus for the daemon, so systemd's autostart generator may run it too.
    assert autostart.get("X-systemd-skip", "false") == "false"
    assert autostart.get("Hidden", "false") == "false"


def test_metainfo_validates_and_points_at_the_screenshot(installed):
    path = installed.path(METAINFO)
    proc = subprocess.run(["appstreamcli", "validate", "--no-net", str(path)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = path.read_text()
    assert f"<image type=\"source\">{SCREENSHOT_URL}</image>" in text
    assert f"<launchable type=\"desktop-id\">{APP_ID}.desktop</launchable>" in text
    # The URL serves the repository's file: it must be there and be a real PNG of a bubble.
    png = (REPO / "data" / "screenshots" / "notification.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width >= 200 and height >= 40, (width, height)
    # Every screenshot it lists is a PNG of the repository's, the window's main views among them (Today and
    # Preferences in light and dark; packaging/window-screenshot.sh takes them).
    prefix = SCREENSHOT_URL.rsplit("/", 1)[0] + "/"
    listed = re.findall(r'<image type="source">' + re.escape(prefix) + r'([^<]+)</image>', text)
    for name in ("window-today.png", "window-today-dark.png", "window-preferences.png", "window-preferences-dark.png",
                 "window-circuit.png", "window-editor.png", "window-progress.png", "window-log.png", "window-kit.png"):
        assert name in listed, listed
    for name in listed:
        assert (REPO / "data" / "screenshots" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name


def test_user_unit(installed, tmp_path):
    unit = keys(installed.path(USER_UNIT), "Service")
    assert unit["Type"] == "dbus" and unit["BusName"] == APP_ID
    assert unit["Restart"] == "on-failure"
    assert unit["RestartPreventExitStatus"] == "3"
    section = keys(installed.path(USER_UNIT), "Unit")
    assert section["PartOf"] == "graphical-session.target"
    assert section["After"] == "graphical-session.target"
    assert keys(installed.path(USER_UNIT), "Install")["WantedBy"] == "graphical-session.target"


def test_user_unit_passes_systemd_analyze_verify(installed, tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (package systemd)")
    # verify checks that ExecStart's program exists and that `man gymbell(1)` finds the page:
    # point both at the DESTDIR tree. The unit keeps its name: BusName= is checked against it.
    unit = tmp_path / "gymbell.service"
    unit.write_text(installed.path(USER_UNIT).read_text().replace(BINDIR, str(installed.path(BINDIR))))
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, XDG_RUNTIME_DIR=str(runtime), MANPATH=str(installed.path(f"{PREFIX}/share/man")))
    proc = subprocess.run([analyze, "--user", "verify", str(unit)], capture_output=True, text=True, env=env)
    if proc.returncode != 0 and "Failed to initialize manager" in proc.stderr:
        pytest.skip(f"systemd-analyze --user cannot run here: {proc.stderr.strip()}")
    # A bad key is only a warning with exit status 0: any output about this unit is a failure. verify
    # loads every installed user unit too; their own quarrels are not this unit's (swaync's and mako's
    # both claim org.freedesktop.Notifications once the real desktops are installed).
    output = [line for line in (proc.stdout + proc.stderr).splitlines() if line.strip() and not _about_another_unit(line)]
    assert proc.returncode == 0 and not output, proc.stdout + proc.stderr


def _about_another_unit(line):
    """A line of `systemd-analyze verify` about an installed unit other than gymbell's."""
    if line.startswith("Failed to put bus name to hashmap"):
        return True  # said for a bus name that two other units claim (the next line names them)
    unit = re.match(r"^([\w@.-]+\.(?:service|socket|target|timer|path)): ", line)
    return bool(unit) and unit.group(1) != "gymbell.service"


def test_dbus_activation_file(installed):
    service = keys(installed.path(DBUS_SERVICE), "D-BUS Service")
    assert service == {"Name": APP_ID, "Exec": f"{BINDIR}/gymbell daemon", "SystemdService": "gymbell.service"}


def test_installed_binary_runs_without_swift_libraries(installed):
    binary = installed.binary
    ldd = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, check=True).stdout
    assert "swift" not in ldd.lower(), ldd
    assert "not found" not in ldd, ldd
    version = subprocess.run([str(binary), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", version), version
    check = subprocess.run([str(binary), "config", "check", str(installed.path(CONFIG_EXAMPLE))],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_installed_binary_carries_no_icu(installed):
    """Built on FoundationEssentials alone (issue 16): no ICU code or data, no full Foundation."""
    data = installed.binary.read_bytes()
    for marker in (b"icudt", b"ucol_open", b"FoundationInternationalization", b"_FoundationICU"):
        assert marker not in data, f"{marker.decode()} is in {installed.binary}: something imports Foundation"
    ldd = subprocess.run(["ldd", str(installed.binary)], capture_output=True, text=True, check=True).stdout
    assert "libicu" not in ldd, ldd


def test_installed_binary_is_linked_lean(installed):
    """Issue 16: the C++ library the Swift runtime uses is linked in (libstdc++.so, mapped by the
    daemon alone, kept 1 MB resident), and only the symbols libraries call back are exported."""
    ldd = subprocess.run(["ldd", str(installed.binary)], capture_output=True, text=True, check=True).stdout
    assert "libstdc++" not in ldd, ldd
    symbols = subprocess.run(["readelf", "--dyn-syms", "-W", str(installed.binary)], capture_output=True, text=True,
                             check=True).stdout
    swift = [line for line in symbols.splitlines() if " $s" in line and " UND " not in line]
    assert len(swift) < 100, f"{len(swift)} Swift symbols exported, e.g. {swift[:3]}"


def test_installed_binary_loads_libnotify_and_gio_when_used(installed):
    """Issue 16: the executable starts without libnotify, GIO and what they bring (gdk-pixbuf, libpng,
    libjpeg, libmount …), which the CLI never uses and the daemon loads once it owns its name (1.8 ms
    of every start-up); it links only the libraries it calls at once."""
    dynamic = subprocess.run(["readelf", "-d", "-W", str(installed.binary)], capture_output=True, text=True,
                             check=True).stdout
    needed = set(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic))
    assert needed, dynamic
    for loaded in ("libnotify.so.4", "libgio-2.0.so.0", "libgdk_pixbuf-2.0.so.0", "libcanberra.so.0"):
        assert loaded not in needed, f"{installed.binary} links {loaded}: {sorted(needed)}"
    assert {"libdbus-1.so.3", "libglib-2.0.so.0", "libsqlite3.so.0"} <= needed, sorted(needed)


def test_installed_binary_runs_on_glibc_2_35(installed):
    """Ubuntu 22.04 has glibc 2.35: the binary asks for no newer symbol version and no packed (RELR)
    relocations, which need GLIBC_ABI_DT_RELR (2.36)."""
    dynamic = subprocess.run(["objdump", "-T", str(installed.binary)], capture_output=True, text=True, check=True).stdout
    versions = {tuple(int(x) for x in v.split(".")) for v in re.findall(r"GLIBC_(\d+\.\d+(?:\.\d+)?)", dynamic)}
    assert max(versions) <= (2, 35), sorted(versions)[-3:]
    needs = subprocess.run(["readelf", "-V", "-d", str(installed.binary)], capture_output=True, text=True, check=True).stdout
    assert "GLIBC_ABI_DT_RELR" not in needs and "RELR" not in needs.upper().replace("RELRO", ""), needs[-2000:]


def test_man_page_renders_and_covers_every_command(installed):
    page = installed.path(MAN_PAGE)
    proc = subprocess.run(["groff", "-mandoc", "-Tutf8", "-ww", "-z", str(page)], capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stderr.strip(), proc.stderr
    text = page.read_text()
    assert text.startswith('.\\" "Generated by swift-argument-parser"')
    assert ".Dt GYMBELL 1" in text
    for command in ("daemon", "rest", "hiit", "walkrun", "status", "reload", "config", "autostart"):
        assert f".It Em {command}" in text, f"the man page lacks {command}"


@pytest.mark.parametrize("shell,rel,check", [
    ("bash", f"{PREFIX}/share/bash-completion/completions/gymbell", ["bash", "-n"]),
    ("zsh", f"{PREFIX}/share/zsh/site-functions/_gymbell", ["zsh", "-n"]),
    ("fish", f"{PREFIX}/share/fish/vendor_completions.d/gymbell.fish", ["fish", "--no-execute"]),
])
def test_completions_parse_and_know_the_commands(installed, shell, rel, check):
    path = installed.path(rel)
    text = path.read_text()
    assert "autostart" in text and "walkrun" in text
    if shutil.which(check[0]) is None:
        pytest.skip(f"{shell} is not installed: only the contents were checked")
    proc = subprocess.run([*check, str(path)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_uninstall_removes_every_installed_file(installed, tmp_path):
    # A tree of its own (install-files: no second build), so the other tests keep theirs.
    destdir = tmp_path / "destdir"
    make("install-files", f"DESTDIR={destdir}", f"GYMBELL={installed.binary}")
    assert files_under(destdir) == expected_manifest()
    make("uninstall", f"DESTDIR={destdir}")
    assert files_under(destdir) == []
    assert not (destdir / "usr/local/share/doc/gymbell").exists()
    make("uninstall", f"DESTDIR={destdir}")  # nothing left to do is not an error


def test_prefix_usr_uses_debian_locations():
    listed = make("install-manifest", "PREFIX=/usr").stdout.split()
    assert "/usr/bin/gymbell" in listed
    assert f"/etc/xdg/autostart/{APP_ID}.desktop" in listed
    assert "/usr/lib/systemd/user/gymbell.service" in listed
    assert "/usr/share/zsh/vendor-completions/_gymbell" in listed
    other = make("install-manifest", "PREFIX=/opt/gymbell").stdout.split()
    assert f"/opt/gymbell/etc/xdg/autostart/{APP_ID}.desktop" in other


def test_the_two_packages_split_the_install():
    """PACKAGE=gymbell and PACKAGE=gymbell-window (the .debs, packaging/build-deb.sh) divide the files
    of the whole install between them: the window's package holds the window and what shows it in the
    app grid and software centres; everything that starts the daemon stays in gymbell."""
    whole = make("install-manifest").stdout.split()
    daemon = make("install-manifest", "PACKAGE=gymbell").stdout.split()
    window = make("install-manifest", "PACKAGE=gymbell-window").stdout.split()
    assert sorted(daemon + window) == sorted(whole) and not set(daemon) & set(window)
    assert sorted(window) == sorted([f"{BINDIR}/gymbell-window", APP_ENTRY, METAINFO])
    assert {f"{BINDIR}/gymbell", AUTOSTART_ENTRY, USER_UNIT, DBUS_SERVICE, MAN_PAGE} <= set(daemon)
    assert make("install-manifest", "PACKAGE=nonsense", check=False).returncode != 0


def test_gymbell_alone_installs_without_the_window_and_outlives_its_uninstall(installed, tmp_path):
    daemon = sorted(make("install-manifest", "PACKAGE=gymbell").stdout.split())
    alone = tmp_path / "alone"
    make("install-files", f"DESTDIR={alone}", f"GYMBELL={installed.binary}", "GYMBELL_WINDOW=/nonexistent",
         "PACKAGE=gymbell")
    assert files_under(alone) == daemon
    both = tmp_path / "both"
    make("install-files", f"DESTDIR={both}", f"GYMBELL={installed.binary}")
    assert files_under(both) == expected_manifest()
    make("uninstall", f"DESTDIR={both}", "PACKAGE=gymbell-window")
    assert files_under(both) == daemon
