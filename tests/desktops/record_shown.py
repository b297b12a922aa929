#!/usr/bin/python3
"""dunst's own record of what it shows: the `script` of a catch-all rule in the test dunstrc.

dunst runs a rule's script for every notification it takes in — new ones and ones replaced in place
(same DUNST_ID) — with DUNST_ID, DUNST_SUMMARY, DUNST_BODY, DUNST_CATEGORY, DUNST_PROGRESS,
DUNST_URGENCY, DUNST_TIMESTAMP (ms on dunst's monotonic clock, CLOCK_BOOTTIME on Linux), … in its
environment. This appends them as one JSON line to $GYMBELL_DESKTOP_TEST_DIR/dunst-shown.jsonl,
with `recorded_boottime_ms` (when this script ran, same clock) to check the timestamp's clock by.
"""

import json
import os
import time
from pathlib import Path

record = {k[len("DUNST_"):].lower(): v for k, v in os.environ.items() if k.startswith("DUNST_")}
record["recorded_boottime_ms"] = time.clock_gettime(time.CLOCK_BOOTTIME) * 1000.0
out = Path(os.environ.get("GYMBELL_DESKTOP_TEST_DIR") or ".") / "dunst-shown.jsonl"
# One write of a whole line: concurrent runs (dunst does not wait for its scripts) do not interleave.
fd = os.open(out, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
try:
    os.write(fd, (json.dumps(record, ensure_ascii=False) + "\n").encode())
finally:
    os.close(fd)
