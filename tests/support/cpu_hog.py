"""A loaded machine for tests that must hold under load (issue 50): one busy loop per core, at the
test's own priority (nice 0, as other work on a shared CI machine), for as long as the `with` lasts.

    with CpuHog():          # os.cpu_count() busy loops
        … start the daemon, read the screen …
"""

import os
import signal
import subprocess
import sys


class CpuHog:
    def __init__(self, processes=None):
        self.count = processes or os.cpu_count() or 2
        self.procs = []

    def __enter__(self):
        for _ in range(self.count):
            self.procs.append(subprocess.Popen(
                [sys.executable, "-c", "while True: pass"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, start_new_session=True))
        return self

    def __exit__(self, *exc):
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
        self.procs = []
        return False
