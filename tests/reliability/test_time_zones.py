"""Time zones in every form glibc accepts (issue 14): the daemon plans the same instants, and the CLI
prints the same local times, whether the zone is `TZ=Europe/Berlin`, `TZ=:/usr/share/zoneinfo/…`
(before: taken for UTC, an hour off), a POSIX rule `TZ=CET-1CEST,M3.5.0,M10.5.0/3` (Foundation
cannot read one), or unset with the localtime link (GYMBELL_LOCALTIME stands in for /etc/localtime)
pointing at Berlin or being a copy of its zone file.
"""

import json
import os
import shutil
import subprocess

import pytest

from reliability_support import H

pytestmark = pytest.mark.gymbell

CONFIG = '[reminders]\ntime = "18:00"\ndays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]\n'
BERLIN = "/usr/share/zoneinfo/Europe/Berlin"

# form name → environment changes (None removes the variable)
FORMS = {
    "TZ=Area/City": {"TZ": "Europe/Berlin"},
    "TZ=:Area/City": {"TZ": ":Europe/Berlin"},
    "TZ=:/path/to/zonefile": {"TZ": ":" + BERLIN},
    "TZ=POSIX rule": {"TZ": "CET-1CEST,M3.5.0,M10.5.0/3"},
    "localtime link": {"TZ": None, "GYMBELL_LOCALTIME": "LINK"},
    "localtime copy": {"TZ": None, "GYMBELL_LOCALTIME": "COPY"},
}


def _environment(env, form, tmp_path):
    variables = dict(env.vars)
    for key, value in FORMS[form].items():
        if value is None:
            variables.pop(key, None)
        elif value == "LINK":
            link = tmp_path / "localtime-link"
            if not link.is_symlink():
                link.symlink_to(BERLIN)
            variables[key] = str(link)
        elif value == "COPY":
            copy = tmp_path / "localtime-copy"
            shutil.copyfile(BERLIN, copy)
            variables[key] = str(copy)
        else:
            variables[key] = value
    return variables


def _run(binary, variables, *args):
    r = subprocess.run([str(binary), *args], env=variables, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, f"gymbell {' '.join(args)}: {r.stdout}{r.stderr}"
    return r.stdout


def _plan(env, daemon, gymbell_bin, variables):
    """The daemon's upcoming instants and the CLI's local times with the daemon and CLI under `variables`."""
    saved = env.vars
    env.vars = variables
    try:
        daemon.start()
        dues = [e["due"] for e in json.loads(_run(gymbell_bin, variables, "upcoming", "--json", "--days", "3"))]
        text = _run(gymbell_bin, variables, "upcoming", "--days", "3")
        status = _run(gymbell_bin, variables, "status")
        daemon.kill()
    finally:
        env.vars = saved
    return dues, text, status


@pytest.mark.skipif(not os.path.exists(BERLIN), reason="tzdata is not installed")
def test_every_tz_form_gives_berlins_instants_and_local_times(env, daemon, gymbell_bin, write_config, tmp_path):
    write_config(CONFIG)
    utc_dues, _, _ = _plan(env, daemon, gymbell_bin, dict(env.vars))
    reference = _plan(env, daemon, gymbell_bin, _environment(env, "TZ=Area/City", tmp_path))
    dues, text, status = reference
    assert dues and dues != utc_dues, "Berlin's 18:00 must differ from UTC's"
    assert all(line.split("  ")[0].endswith("18:00") for line in text.strip().splitlines()), text
    assert "18:00" in status, status
    for form in FORMS:
        got = _plan(env, daemon, gymbell_bin, _environment(env, form, tmp_path))
        assert got[0] == dues, f"{form}: the daemon planned {got[0]}, Europe/Berlin plans {dues}"
        assert got[1] == text, f"{form}: `upcoming` printed\n{got[1]}\nEurope/Berlin prints\n{text}"
        assert got[2].split("Next daily reminder:")[1] == status.split("Next daily reminder:")[1], (form, got[2])
