"""Fixtures for gymbell's reliability suite: the end-to-end harness's, reused (not copied).

tests/e2e/conftest.py is loaded by reliability_support.harness() under its own module name; its
fixtures (env, server, start_server, recorder, bus, write_config, gymbell_bin, cli, daemon,
running_daemon, record_timing) and its reporting hooks (daemon output and server records attached to
a failing test's report, the timings summary) are re-exported here.

Run:  /usr/bin/python3 -m pytest tests/reliability -q      (or `make test-reliability`)
"""

from reliability_support import H

# Fixtures.
env = H.env
start_server = H.start_server
server = H.server
recorder = H.recorder
bus = H.bus
write_config = H.write_config
gymbell_bin = H.gymbell_bin
cli = H.cli
daemon = H.daemon
running_daemon = H.running_daemon
record_timing = H.record_timing

# Hooks: markers, logs on failure, the timings summary.
pytest_configure = H.pytest_configure
pytest_runtest_makereport = H.pytest_runtest_makereport
pytest_terminal_summary = H.pytest_terminal_summary
