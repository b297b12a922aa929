"""What /proc says of a process, as the suites and the bench read it (one place, one way)."""

import os


def proc_threads(pid):
    """The ids of `pid`'s threads (none when it is gone)."""
    try:
        return sorted(os.listdir(f"/proc/{pid}/task"))
    except FileNotFoundError:
        return []


def context_switches(pid):
    """Voluntary + involuntary context switches summed over all threads of `pid` so far: how often it
    woke (a thread gone meanwhile counts no more)."""
    total = 0
    for tid in proc_threads(pid):
        try:
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                for line in f:
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total
