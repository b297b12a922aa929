"""The end-to-end harness (tests/e2e/conftest.py: a private dbus-daemon per test, the recording
notification server, the Env/Daemon/Recorder helpers) as a module of its own name, loaded once, for
every suite that builds on it — the desktops, the window, reliability and the bench — so that it is
neither copied nor clashes with the `conftest` module pytest itself imports.
"""

import importlib.util
import sys
from pathlib import Path

MODULE = "gymbell_e2e_harness"
CONFTEST = Path(__file__).resolve().parent.parent / "e2e" / "conftest.py"


def harness():
    """The harness module, loaded at the first call (also importable as `gymbell_e2e_harness` after)."""
    module = sys.modules.get(MODULE)
    if module is None:
        spec = importlib.util.spec_from_file_location(MODULE, CONFTEST)
        module = importlib.util.module_from_spec(spec)
        sys.modules[MODULE] = module
        spec.loader.exec_module(module)
    return module
