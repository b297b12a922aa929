"""The daemon run at chosen Berlin instants, the clock moved (`clock_shifted_to`): shared by the tests
that walk it through days and weeks (test_outcomes.py, test_weekly_summary.py)."""

import datetime as dt
import zoneinfo

from conftest import clock_shifted_to

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


def berlin(day, hms):
    """The epoch of `hms` (HH:MM[:SS]) on `day` in Berlin."""
    return dt.datetime.combine(day, dt.time.fromisoformat(hms), BERLIN).timestamp()


class BerlinDays:
    """The daemon started at chosen instants (SIGKILL between: a crash, the harshest restart)."""

    def __init__(self, daemon, env, cli):
        self.daemon, self.env, self.cli = daemon, env, cli

    def at(self, instant):
        if self.daemon.running:
            self.daemon.kill()
        self.env.vars.update(clock_shifted_to(instant))
        self.env.vars["TZ"] = "Europe/Berlin"
        self.daemon.start()

    def run(self, *args):
        r = self.cli(*args)
        assert r.returncode == 0, r.stderr
        return r.stdout
