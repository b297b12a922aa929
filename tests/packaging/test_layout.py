"""The release binary's code layout (issue 16): the functions a day's use runs, listed in
packaging/symbol-order.txt by bench/symbol_order.py, lie together at the start of .text, so the pages
an idle daemon keeps resident hold code it runs. The list goes stale when functions are renamed or
moved (the one path of issue 44 did so, and the idle daemon's PSS went from 12.9 to 14.2 MB unseen
until `make bench`): lld skips a name it does not find without a word (--no-warn-symbol-ordering), so
this test says so instead, and how to make the list anew."""

import subprocess

from conftest import REPO

ORDER_FILE = REPO / "packaging" / "symbol-order.txt"
REGENERATE = "make the list anew: /usr/bin/python3 bench/symbol_order.py (docs/benchmarks.md)"


def functions(binary):
    """{name: (address, size)} of the functions defined in `binary` (its static symbol table)."""
    listing = subprocess.run(["nm", "--defined-only", "-S", str(binary)], capture_output=True, text=True,
                             check=True).stdout
    found = {}
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW":
            found[fields[3]] = (int(fields[0], 16), int(fields[1], 16))
    return found


def test_the_functions_a_day_runs_are_laid_out_first(installed):
    """At least 95 % of the listed functions are in the binary (measured when made anew: all 3 606),
    and those lie in the first stretch of .text (twice their own size: what padding and the runtime's
    functions that share their sections add)."""
    listed = [line.strip() for line in ORDER_FILE.read_text().splitlines() if line.strip()]
    assert len(listed) > 1000, f"{ORDER_FILE} lists {len(listed)} functions; {REGENERATE}"
    defined = functions(installed.binary)
    assert len(defined) > 10000, f"{installed.binary} has no symbol table (installed stripped?)"
    present = [name for name in listed if name in defined]
    missing = [name for name in listed if name not in defined]
    assert len(present) >= 0.95 * len(listed), \
        f"{len(missing)} of the {len(listed)} functions in {ORDER_FILE.name} are no longer in the binary " \
        f"(renamed or moved), e.g. {missing[:3]}; {REGENERATE}"
    text_start = min(address for address, _ in defined.values())
    stretch = text_start + 2 * sum(defined[name][1] for name in present)
    late = [name for name in present if defined[name][0] >= stretch]
    assert len(late) <= 0.01 * len(present), \
        f"{len(late)} listed functions lie after the first {stretch - text_start} bytes of .text, e.g. {late[:3]}: " \
        f"the link did not take {ORDER_FILE.name} (RELEASE_LINK in the Makefile)"
