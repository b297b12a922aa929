"""Fuzz every method of io.github.gymbell.Gymbell1 (from data/io.github.gymbell.Gymbell1.xml) with
wrong arity, wrong types, out-of-range and huge arguments through python3-dbus.

For every call: a reply arrives (never a timeout, never a dropped connection); input the interface
documents as invalid gets a D-Bus error (InvalidArgs for bad values; InvalidArgs or UnknownMethod for
a wrong signature) and leaves `Status` exactly as it was; valid input gets a reply or a domain error;
the daemon keeps its bus name (same unique name) throughout.
"""

import json
import math
import re
import xml.etree.ElementTree as ET

import dbus
import pytest

from reliability_support import H, REPO

pytestmark = pytest.mark.gymbell

XML = REPO / "data" / "io.github.gymbell.Gymbell1.xml"
INVALID_ARGS = "org.freedesktop.DBus.Error.InvalidArgs"
UNKNOWN_METHOD = "org.freedesktop.DBus.Error.UnknownMethod"
DEAD = {"org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.ServiceUnknown",
        "org.freedesktop.DBus.Error.NameHasNoOwner", "org.freedesktop.DBus.Error.Disconnected",
        "org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.TimedOut"}
HUGE = 1_000_000


def methods():
    # Comments are dropped before parsing so that a stray "--" in one cannot hide the methods;
    # test_introspection_xml_is_well_formed checks the file as it is.
    root = ET.fromstring(re.sub(r"<!--.*?-->", "", XML.read_text(), flags=re.S))
    iface = root.find(f"interface[@name='{H.GYMBELL_IFACE}']")
    return {m.get("name"): "".join(a.get("type") for a in m.findall("arg") if a.get("direction", "in") == "in")
            for m in iface.findall("method")}


# Valid values per method, from the interface's documentation and DESIGN.md; None = "depends on
# state, either a reply or a domain error is fine".
def validity(method, args):
    num = float
    if method == "Rest":
        return 1 <= args[0] <= 86400
    if method == "AdjustRest":
        return None
    if method == "Hiit":
        r, w, s = args
        return (1 <= r <= 100 and math.isfinite(num(w)) and 1 <= w <= 3600
                and math.isfinite(num(s)) and 0 <= s <= 3600)
    if method == "WalkRun":
        run, walk, rep = args
        return (math.isfinite(num(run)) and 1 <= run <= 7200 and math.isfinite(num(walk))
                and 1 <= walk <= 7200 and 1 <= rep <= 100)
    if method == "Start":
        return True if args[0] == "" else False  # the default config defines no workouts
    if method == "Snooze":
        return 1 <= args[0] <= 1440  # the configured default is SnoozeDefault, not Snooze(0)
    if method == "Upcoming":
        return 1 <= args[0] <= 366
    # RestDefault, SnoozeDefault, Stop, SkipToday, Status, Reload take no arguments: always valid. A
    # method added to the XML later without a rule here: either answer is accepted for edge values.
    return True if not args else None


def complete_types(sig):
    """A D-Bus signature as its complete types: "sd" → ["s", "d"], "as" → ["as"] (arrays of a basic
    type are all the interface takes)."""
    types, i = [], 0
    while i < len(sig):
        j = i
        while sig[j] == "a":
            j += 1
        types.append(sig[i:j + 1])
        i = j + 1
    return types


BASELINE = {"u": dbus.UInt32(60), "i": dbus.Int32(10), "d": dbus.Double(30.0), "s": dbus.String(""),
            "as": dbus.Array([], signature="s"), "b": dbus.Boolean(False)}
BASE_BY_METHOD = {"Hiit": [dbus.UInt32(3), dbus.Double(20.0), dbus.Double(10.0)],
                  "WalkRun": [dbus.Double(60.0), dbus.Double(30.0), dbus.UInt32(2)],
                  "Snooze": [dbus.UInt32(5)]}

EDGES = {
    "u": [0, 1, 59, 100, 101, 1440, 1441, 3600, 7200, 86400, 86401, 2**31, 2**32 - 1],
    "i": [-2**31, -86401, -1, 0, 1, 86400, 2**31 - 1],
    "d": [float("nan"), float("inf"), float("-inf"), -0.0, 0.0, 5e-324, 0.5, 0.999, 1.0, -1.0,
          3600.0, 3600.0001, 7200.0, 7200.5, 1e308, -1e308, 2.0**63, 1e16],
    "s": ["", "x", "push", "$(touch /tmp/gymbell-fuzz-pwned)", "a; rm -rf ~", "../../etc/passwd",
          "\u202eevil", "💪" * 100, "a\nb", "\t", "x" * HUGE],
    "as": [[], [""], ["Bench Press"], ["no such exercise"], ["x" * HUGE], ["a"] * 10_000, ["💪" * 100, "\u202eevil"]],
    "b": [False, True],
}
WRAP = {"u": dbus.UInt32, "i": dbus.Int32, "d": dbus.Double, "s": dbus.String,
        "as": lambda v: dbus.Array(v, signature="s"), "b": dbus.Boolean}

OTHER_TYPES = [
    ("s", dbus.String("5")), ("u", dbus.UInt32(5)), ("i", dbus.Int32(5)), ("d", dbus.Double(5.0)),
    ("b", dbus.Boolean(True)), ("y", dbus.Byte(5)), ("n", dbus.Int16(5)), ("q", dbus.UInt16(5)),
    ("x", dbus.Int64(5)), ("t", dbus.UInt64(2**64 - 1)), ("o", dbus.ObjectPath("/x")),
    ("g", dbus.Signature("u")), ("as", dbus.Array(["5"], signature="s")),
    ("au", dbus.Array([dbus.UInt32(i) for i in range(HUGE)], signature="u")),
    ("ay", dbus.ByteArray(b"\x00" * HUGE)),
    ("a{sv}", dbus.Dictionary({"seconds": dbus.UInt32(5, variant_level=1)}, signature="sv")),
    ("(u)", dbus.Struct((dbus.UInt32(5),), signature="u")),
    ("v", dbus.UInt32(5, variant_level=1)),
    ("aau", dbus.Array([dbus.Array([dbus.UInt32(1)], signature="u")] * 1000, signature="au")),
]


def cases():
    """(label, method, signature, args, expected) with expected True/False/None (see validity)."""
    out = []
    for method, sig in methods().items():
        types = complete_types(sig)
        base = BASE_BY_METHOD.get(method, [BASELINE[c] for c in types])
        # wrong arity
        if sig:
            out.append((f"{method}() without arguments", method, "", [], False))
            out.append((f"{method} with a missing argument", method, "".join(types[:-1]), base[:-1], False))
        out.append((f"{method} with an extra argument", method, sig + "u", base + [dbus.UInt32(1)], False))
        out.append((f"{method} with 64 extra arguments", method, sig + "s" * 64,
                    base + [dbus.String("x")] * 64, False))
        # wrong types, one position at a time
        for pos, want in enumerate(types):
            for other, value in OTHER_TYPES:
                if other == want:
                    continue
                s = "".join(types[:pos] + [other] + types[pos + 1:])
                args = base[:pos] + [value] + base[pos + 1:]
                out.append((f"{method} arg {pos} as {other}", method, s, args, False))
        # edge values of the right type, one position at a time, the others valid
        plain = [float(x) if c == "d" else str(x) if c == "s" else [str(e) for e in x] if c == "as" else int(x)
                 for c, x in zip(types, base)]
        for pos, want in enumerate(types):
            for v in EDGES[want]:
                args = list(base)
                args[pos] = WRAP[want](v)
                values = list(plain)
                values[pos] = v
                shown = repr(v) if len(repr(v)) <= 60 else f"<{len(repr(v))} chars>"
                label = f"{method}({', '.join(shown if i == pos else repr(x) for i, x in enumerate(plain))})"
                out.append((label, method, sig, args, validity(method, values)))
    out.append(("unknown method", "Frobnicate", "", [], False))
    out.append(("unknown method with huge args", "Frobnicate", "ay", [dbus.ByteArray(b"\xff" * HUGE)], False))
    return out


def status(conn):
    return json.loads(str(conn.call_blocking(H.GYMBELL_NAME, H.GYMBELL_PATH, H.GYMBELL_IFACE,
                                             "Status", "", [], timeout=10)))


def test_every_method_survives_bad_arguments(running_daemon, bus):
    owner = running_daemon.name_owner()
    problems = []
    counts = {"refused": 0, "accepted": 0}
    all_cases = cases()
    for label, method, sig, args, expected in all_cases:
        before = status(bus)
        try:
            bus.call_blocking(H.GYMBELL_NAME, H.GYMBELL_PATH, H.GYMBELL_IFACE, method, sig, args,
                              timeout=10)
            error = None
        except dbus.DBusException as e:
            error = e.get_dbus_name() or "(no name)"
            message = e.get_dbus_message() or ""
        if error in DEAD:
            problems.append(f"{label}: {error} — the daemon did not answer")
            if not running_daemon.running:
                problems.append(f"daemon died at {label}:\n{running_daemon.output()}")
                break
            continue
        if error is None:
            counts["accepted"] += 1
            if expected is False:
                problems.append(f"{label}: accepted (a reply), expected an error")
            # Undo whatever a valid call started, so that no reminder fires during the next case.
            try:
                bus.call_blocking(H.GYMBELL_NAME, H.GYMBELL_PATH, H.GYMBELL_IFACE, "Stop", "", [], timeout=10)
            except dbus.DBusException:
                pass
            continue
        counts["refused"] += 1
        wrong_signature = not label.startswith(method + "(") and method != "Frobnicate"
        allowed = {INVALID_ARGS, UNKNOWN_METHOD} if wrong_signature or method == "Frobnicate" else {INVALID_ARGS}
        if expected is False and error not in allowed:
            problems.append(f"{label}: error {error} ({message[:120]!r}), expected one of {sorted(allowed)}")
        if expected is True and error == INVALID_ARGS:
            problems.append(f"{label}: valid input refused with InvalidArgs: {message[:200]!r}")
        after = status(bus)
        if after != before:
            problems.append(f"{label}: refused ({error}) but Status changed:\n  before {before}\n  after  {after}")
        if running_daemon.name_owner() != owner:
            problems.append(f"{label}: the daemon lost or changed its bus name")
            break
    print(f"D-Bus fuzz: {len(all_cases)} calls, {counts}")
    assert running_daemon.running and running_daemon.name_owner() == owner, running_daemon.output()
    assert not problems, f"{len(problems)} problems in {len(all_cases)} calls:\n" + "\n".join(problems[:60])


def test_other_paths_and_interfaces_are_refused(running_daemon, bus):
    before = status(bus)
    problems = []
    for label, path, iface, member in [
        ("Status on /", "/", H.GYMBELL_IFACE, "Status"),
        ("Status on a child path", H.GYMBELL_PATH + "/x", H.GYMBELL_IFACE, "Status"),
        ("Rest on another interface", H.GYMBELL_PATH, "org.example.Nope", "Rest"),
    ]:
        try:
            bus.call_blocking(H.GYMBELL_NAME, path, iface, member, "u" if member == "Rest" else "",
                              [dbus.UInt32(60)] if member == "Rest" else [], timeout=10)
            problems.append(f"{label}: answered with a reply")
        except dbus.DBusException as e:
            if e.get_dbus_name() in DEAD:
                problems.append(f"{label}: {e.get_dbus_name()}")
    assert not problems, problems
    assert status(bus) == before
    assert running_daemon.running


def test_introspection_xml_is_well_formed():
    """The shipped XML (also served by Introspect) parses with a strict XML parser."""
    try:
        ET.parse(XML)
    except ET.ParseError as e:
        line = XML.read_text().splitlines()[e.position[0] - 1]
        pytest.fail(f"{XML.relative_to(REPO)}:{e.position[0]}:{e.position[1] + 1}: {e}: {line.strip()!r}"
                    " (\"--\" is not allowed inside an XML comment)" if "--" in line else f"{e}",
                    pytrace=False)
