#!/usr/bin/python3
"""A scripted stand-in for dmenu, for dunst's context menu (`dmenu = …` in the test dunstrc).

dunst runs the configured dmenu command when asked for its context menu (`dunstctl context`, or
`dunstctl action N` on a notification with several actions and no default), writes one line per
action to its stdin — `#<label> (<summary>) [<notification id>,<action key>]` in dunst 1.9 — and
reads the chosen line back from its stdout. A person picks a line with the keyboard; this script
picks the first line that contains every line of the file `$GYMBELL_DESKTOP_TEST_DIR/dmenu-choice`
(e.g. "Snooze 1 hour"), as fixed strings. No such line (or no choice file): prints nothing and exits
1, as dmenu does on Escape.

Each run leaves, in $GYMBELL_DESKTOP_TEST_DIR (inherited from dunst's environment):
  dmenu-stdin-<n>.txt   exactly what dunst wrote to stdin (n = 1, 2, …)
  dmenu.jsonl           one line per run: {"n", "argv", "lines", "choice", "chosen"}
"""

import json
import os
import sys
from pathlib import Path


def main():
    out_dir = Path(os.environ.get("GYMBELL_DESKTOP_TEST_DIR") or ".")
    data = sys.stdin.buffer.read()
    n = 1
    while (out_dir / f"dmenu-stdin-{n}.txt").exists():
        n += 1
    (out_dir / f"dmenu-stdin-{n}.txt").write_bytes(data)
    lines = data.decode("utf-8", "replace").splitlines()
    try:
        wanted = [w for w in (out_dir / "dmenu-choice").read_text().splitlines() if w]
    except FileNotFoundError:
        wanted = []
    chosen = next((l for l in lines if wanted and all(w in l for w in wanted)), None)
    with open(out_dir / "dmenu.jsonl", "a") as log:
        log.write(json.dumps({"n": n, "argv": sys.argv, "lines": lines, "choice": wanted,
                              "chosen": chosen}, ensure_ascii=False) + "\n")
    if chosen is None:
        return 1
    sys.stdout.write(chosen + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
