"""gymbell's TOML reader against Python's tomllib (issue 15: one config reading path).

`gymbell config dump-toml F1 F2 …` (hidden) prints each file's document as toml-test's tagged JSON, or
`F: error: …`. Three generated corpora, seeded (GYMBELL_TOML_SEED, default 15):

- valid documents (GYMBELL_TOML_CASES, default 400): nested tables, dotted keys, inline tables, arrays
  of tables, every scalar kind in several spellings, strings in all four forms with escapes and
  Unicode, comments, CRLF → the tree equals tomllib's;
- invalid documents: a valid one with one known mistake spliced in (redefinitions, bad numbers, dates,
  escapes, unclosed strings and brackets, control characters …) that tomllib rejects → gymbell
  rejects it too, with a positioned message;
- byte-level mutations of valid documents → both reject, or both accept with equal trees (an integer
  beyond 64 bits, which tomllib keeps and TOML says must be an error, is the one expected difference).
"""

import datetime
import json
import math
import os
import random
import re
import string
import subprocess
import tomllib

import pytest

from reliability_support import H

pytestmark = pytest.mark.gymbell

SEED = int(os.environ.get("GYMBELL_TOML_SEED", "15"))
CASES = int(os.environ.get("GYMBELL_TOML_CASES", "400"))
INT64 = (-(1 << 63), (1 << 63) - 1)

# --- Generating documents ----------------------------------------------------------------------------

BARE = string.ascii_letters + string.digits + "_-"
TEXT = string.ascii_letters + string.digits + " _-.,:;!?#=[]{}'\"\\/\t\n" + "éßü€💪→\u00a0\u2028"


def gen_key(rng):
    r = rng.random()
    if r < 0.75:
        return "".join(rng.choice(BARE) for _ in range(rng.randint(1, 8)))
    if r < 0.9:
        return "".join(rng.choice(TEXT.replace("\n", "").replace("\t", "")) for _ in range(rng.randint(0, 8)))
    return rng.choice(["", " ", "a.b", "true", "1234", "é", "💪 x"])


def gen_string(rng):
    return "".join(rng.choice(TEXT) for _ in range(rng.choice([0, 1, 5, 20, 60])))


def gen_datetime(rng):
    d = datetime.datetime(rng.randint(1, 9999), rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                          rng.randint(0, 59), rng.randint(0, 59), rng.choice([0, 0, 500000, rng.randint(0, 999999)]))
    if rng.random() < 0.5:
        minutes = rng.choice([0, 60, -420, 330, 23 * 60 + 59, -(23 * 60 + 59)])
        d = d.replace(tzinfo=datetime.timezone(datetime.timedelta(minutes=minutes)))
    return d


def gen_scalar(rng):
    kind = rng.randrange(9)
    if kind == 0:
        return gen_string(rng)
    if kind == 1:
        return rng.choice([0, 1, -1, 42, INT64[0], INT64[1], rng.randint(*INT64), rng.randint(-1000, 1000)])
    if kind == 2:
        return rng.choice([0.0, -0.0, 1.5, -2.25e-10, 6.02e23, 1e300, float("inf"), float("-inf"), float("nan"),
                           rng.uniform(-1e6, 1e6), float(rng.randint(-99, 99))])
    if kind == 3:
        return rng.random() < 0.5
    if kind == 4:
        return gen_datetime(rng)
    if kind == 5:
        return datetime.date(rng.randint(1, 9999), rng.randint(1, 12), rng.randint(1, 28))
    if kind == 6:
        return datetime.time(rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59), rng.choice([0, 123456]))
    if kind == 7:
        return datetime.date(rng.choice([2000, 2024, 1904]), 2, 29 if rng.random() < 0.5 else 28) \
            if rng.random() < 0.5 else datetime.date(2023, rng.choice([4, 6, 9, 11]), 30)
    return gen_string(rng)


def gen_value(rng, depth):
    r = rng.random()
    if depth < 4 and r < 0.12:
        return [gen_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if depth < 4 and r < 0.22:
        return gen_table(rng, depth + 1)
    if depth < 4 and r < 0.27:
        return [gen_table(rng, depth + 1) for _ in range(rng.randint(1, 3))]
    return gen_scalar(rng)


def gen_table(rng, depth=0):
    return {gen_key(rng): gen_value(rng, depth) for _ in range(rng.randint(0, 5 if depth else 8))}


# --- Writing TOML in varied spellings -------------------------------------------------------------


def w_key(rng, key):
    if key and all(c in BARE for c in key) and rng.random() < 0.85:
        return key
    if "'" not in key and not any(ord(c) < 32 or ord(c) == 127 for c in key) and rng.random() < 0.4:
        return "'" + key + "'"
    return w_basic(rng, key)


def w_basic(rng, s):
    out = []
    for c in s:
        o = ord(c)
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif c in "\b\t\n\f\r" and (c != "\t" or rng.random() < 0.5):
            out.append({"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}[c])
        elif o < 32 or o == 127:
            out.append(f"\\u{o:04X}")
        elif o > 127 and rng.random() < 0.3:
            out.append(f"\\u{o:04x}" if o < 0x10000 and rng.random() < 0.7 else f"\\U{o:08X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def w_string(rng, s):
    r = rng.random()
    ctrl = any((ord(c) < 32 and c not in "\t\n") or ord(c) == 127 for c in s)
    if r < 0.4:
        return w_basic(rng, s)
    if r < 0.6 and "'" not in s and "\n" not in s and not ctrl:
        return "'" + s + "'"
    if r < 0.8 and "'''" not in s and not ctrl and not s.endswith("'") and "\r" not in s:
        return "'''" + ("\n" if s.startswith("\n") or rng.random() < 0.5 else "") + s + "'''"
    # Multi-line basic: raw newlines, escaped quotes and backslashes, and a line-ending backslash.
    body = []
    for c in s:
        if c == "\\":
            body.append("\\\\")
        elif c == '"':
            body.append('\\"' if rng.random() < 0.7 else '"')
        elif (ord(c) < 32 and c not in "\t\n") or ord(c) == 127:
            body.append(f"\\u{ord(c):04x}")
        else:
            body.append(c)
    text = "".join(body)
    if text.endswith('"') and not text.endswith('\\"'):
        text = text[:-1] + '\\"'
    text = text.replace('"""', '""\\"')
    if rng.random() < 0.3:
        text = text + "\\\n   \n  "
    return '"""' + ("\n" if text.startswith("\n") or rng.random() < 0.5 else "") + text + '"""'


def w_int(rng, n):
    r = rng.random()
    if n >= 0 and r < 0.1:
        return "0x" + format(n, rng.choice(["x", "X"]))
    if n >= 0 and r < 0.15:
        return "0o" + format(n, "o")
    if n >= 0 and r < 0.2:
        return "0b" + format(n, "b")
    text = str(abs(n))
    if r < 0.4 and len(text) > 3:
        text = "{:_}".format(abs(n))
    sign = "-" if n < 0 else ("+" if rng.random() < 0.2 else "")
    return sign + text


def w_float(rng, x):
    if math.isnan(x):
        return rng.choice(["nan", "+nan", "-nan"])
    if math.isinf(x):
        return ("-" if x < 0 else rng.choice(["", "+"])) + "inf"
    text = repr(x)
    if "e" not in text and rng.random() < 0.3:
        text += rng.choice(["e0", "e+0", "E-0_0"])
    if rng.random() < 0.2:
        text = text.replace("e", "E")
    return text


def w_scalar(rng, v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return w_int(rng, v)
    if isinstance(v, float):
        return w_float(rng, v)
    if isinstance(v, str):
        return w_string(rng, v)
    if isinstance(v, datetime.datetime):
        text = v.isoformat(sep=rng.choice(["T", "t", " "]))
        if text.endswith("+00:00") and rng.random() < 0.5:
            text = text[:-6] + rng.choice(["Z", "z"])
        return text
    return v.isoformat()  # date, time


def w_inline(rng, v, depth):
    if isinstance(v, dict):
        items = [f"{w_key(rng, k)} = {w_inline(rng, x, depth + 1)}" for k, x in v.items()]
        return "{" + ", ".join(items) + "}" if items else rng.choice(["{}", "{ }"])
    if isinstance(v, list):
        sep = rng.choice([", ", ",", " ,\n  ", ", # comment\n "])
        tail = rng.choice(["", ",", ",\n"]) if v else ""
        return "[" + sep.join(w_inline(rng, x, depth + 1) for x in v) + tail + "]"
    return w_scalar(rng, v)


def is_table_list(v):
    return isinstance(v, list) and v and all(isinstance(x, dict) for x in v)


def w_table(rng, table, path, out, header, array=False):
    """Writes `table` at `path` (a list of written key parts)."""
    simple, dotted, sections = [], [], []
    for k, v in table.items():
        wk = w_key(rng, k)
        if isinstance(v, dict) and v:
            r = rng.random()
            if r < 0.3:
                simple.append(f"{wk} = {w_inline(rng, v, 0)}")
            elif r < 0.5 and all(not isinstance(x, (dict, list)) for x in v.values()):
                dotted.extend(f"{wk} . {w_key(rng, k2)} = {w_inline(rng, x, 0)}" if rng.random() < 0.3
                              else f"{wk}.{w_key(rng, k2)} = {w_inline(rng, x, 0)}" for k2, x in v.items())
            else:
                sections.append(("table", wk, v))
        elif is_table_list(v) and rng.random() < 0.6:
            sections.append(("array", wk, v))
        else:
            simple.append(f"{wk} = {w_inline(rng, v, 0)}")
    lines = simple + dotted
    rng.shuffle(lines)
    implicit = not lines and sections and not array and path and rng.random() < 0.5
    if header and not implicit:
        name = ".".join(path) if rng.random() < 0.8 else " . ".join(path)
        out.append(("[[" + name + "]]" if array else "[" + name + "]") + rng.choice(["", "  # header"]))
    for line in lines:
        out.append(line + rng.choice(["", "", "   # c = 1 [x]"]))
        if rng.random() < 0.1:
            out.append(rng.choice(["", "# a comment", "   "]))
    for kind, wk, v in sections:
        if kind == "table":
            w_table(rng, v, path + [wk], out, True)
        else:
            for element in v:
                w_table(rng, element, path + [wk], out, True, array=True)


def write_document(rng, doc):
    out = []
    w_table(rng, doc, [], out, header=False)
    text = "\n".join(out) + ("\n" if rng.random() < 0.8 else "")
    if rng.random() < 0.15:
        text = text.replace("\n", "\r\n")
    return text


def valid_case(i):
    rng = random.Random(f"valid-{SEED}-{i}")
    text = write_document(rng, gen_table(rng))
    tomllib.loads(text)  # the generator writes valid TOML, or this test is wrong
    return text


# --- Comparing ------------------------------------------------------------------------------------


def tagged(v):
    """tomllib's value in toml-test's tagged form, scalars as comparable Python values."""
    if isinstance(v, dict):
        return {k: tagged(x) for k, x in v.items()}
    if isinstance(v, list):
        return [tagged(x) for x in v]
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, int):
        return ("integer", v)
    if isinstance(v, float):
        return ("float", "nan" if math.isnan(v) else v)
    if isinstance(v, str):
        return ("string", v)
    if isinstance(v, datetime.datetime):
        return ("datetime" if v.tzinfo else "datetime-local", v)
    if isinstance(v, datetime.date):
        return ("date-local", v)
    return ("time-local", v)


def from_gymbell(j):
    if isinstance(j, list):
        return [from_gymbell(x) for x in j]
    if set(j) == {"type", "value"} and isinstance(j["type"], str):
        t, value = j["type"], j["value"]
        if t == "bool":
            return (t, value == "true")
        if t == "integer":
            return (t, int(value))
        if t == "float":
            return (t, "nan" if value == "nan" else float(value))
        if t == "string":
            return (t, value)
        # Dates and times: read gymbell's spelling back with tomllib (which keeps microseconds).
        return (t, tomllib.loads("v = " + value)["v"])
    return {k: from_gymbell(x) for k, x in j.items()}


def dump(binary, tmp_path, texts):
    """gymbell's reading of each text: a tagged tree, or the error line."""
    paths = []
    for i, text in enumerate(texts):
        p = tmp_path / f"case-{i}.toml"
        p.write_bytes(text.encode("utf-8", "surrogatepass"))
        paths.append(p)
    results = []
    for start in range(0, len(paths), 200):
        batch = paths[start:start + 200]
        r = subprocess.run([str(binary), "config", "dump-toml", *map(str, batch)], capture_output=True, timeout=120)
        assert r.returncode == 0, r.stderr.decode()[-500:]
        lines = r.stdout.decode("utf-8").split("\n")[:-1]
        assert len(lines) == len(batch), r.stdout.decode()[-500:]
        for p, line in zip(batch, lines):
            rest = line[len(str(p)) + 2:]
            results.append(("error", rest[7:]) if rest.startswith("error: ") else ("ok", from_gymbell(json.loads(rest))))
    return results


def tomllib_reading(text):
    try:
        return ("ok", tagged(tomllib.loads(text)))
    except tomllib.TOMLDecodeError as e:
        return ("error", str(e))


def has_big_int(v):
    if isinstance(v, dict):
        return any(has_big_int(x) for x in v.values())
    if isinstance(v, list):
        return any(has_big_int(x) for x in v)
    return isinstance(v, int) and not isinstance(v, bool) and not INT64[0] <= v <= INT64[1]


POSITIONED = re.compile(r":\d+:\d+: \S")


def test_valid_documents_read_as_tomllib_reads_them(tmp_path):
    texts = [valid_case(i) for i in range(CASES)]
    ours = dump(H.gymbell_binary(), tmp_path, texts)
    bad = []
    for i, (text, got) in enumerate(zip(texts, ours)):
        expected = tomllib_reading(text)
        if got != expected:
            bad.append(f"case {i}: gymbell {str(got)[:300]}\n  tomllib {str(expected)[:300]}\n  text {text[:400]!r}")
    assert not bad, f"{len(bad)} of {len(texts)} differ:\n" + "\n".join(bad[:5])


MISTAKES = [
    "x = 01", "x = 1__0", "x = _1", "x = 1_", "x = 0x", "x = 0xg", "x = 1.", "x = .1", "x = 1e", "x = 1.e5",
    "x = +0x10", "x = 0X10", "x = 9223372036854775808", "x = -9223372036854775809", "x = 0b102", "x = 0o8",
    'x = "\\q"', 'x = "\\e"', 'x = "\\uD800"', 'x = "\\U00110000"', 'x = "\\u12"', 'x = "abc', "x = 'abc",
    'x = """abc', "x = '''abc", 'x = "a\x01b"', "x = 'a\x7fb'", "x = 1979-13-01", "x = 1979-02-30",
    "x = 2023-02-29", "x = 24:00:00", "x = 07:32", "x = 07:60:00", "x = 07:32:60", "x = 1979-05-27T07:32:00+24:00",
    "x = 1979-05-27T07:32:00.", "x = 1979-05-27T", "x = [1,,2]", "x = [,]", "x = [1 2]", "x = [1", "x = {a=1,}",
    "x = {a=1\n}", "x = {a=1 b=2}", "x = {", "x = tru", "x = truex", "x = nan1", "x = infinity", "x = 1 2",
    "x = ", "x", "= 1", "a..b = 1", "a. = 1", "[a]b", "[]", "[[]]", "[a", "[[a]", "[a]]", "[ [a] ]", "x = { a = 1, a = 2 }",
    "x = { a = {b = 1}, a.c = 2 }", "x = [1]\n[[x]]", "x = {}\n[x]", "[a]\n[[a]]", "[[a]]\n[a]", "a.b = 1\n[a]",
    "[a.b]\n[a]\nb.c = 1", "x = 1\nx.y = 2", "x = 1\nx = 2", "[t]\n[t]", "# bell \x07", "x = 1\r\ny = 2\r",
    "x = 1 # \x00", "\x00", "x = 'a' 'b'", "x = 1979-05-27 07:32", "x = \"\"\"a\\ b\"\"\"", "'''a''' = 1",
    "x = [{a = 1}]\n[x.b]", "x = 1979-05-27T07:32:00Zx", "x.y = 1\n[x.y]", "[a.b.c]\nz = 9\n[a]\nb.c.t = 1",
]


def invalid_case(i):
    rng = random.Random(f"invalid-{SEED}-{i}")
    mistake = MISTAKES[i % len(MISTAKES)]
    text = write_document(rng, gen_table(rng)).replace("\r\n", "\n")
    lines = text.split("\n")
    # The mistake goes before the first header, where a new top-level key is fine, under a key no
    # generated document uses.
    at = next((k for k, line in enumerate(lines) if line.startswith("[")), len(lines))
    at = rng.randint(0, at)
    # Keys that start a line or a header are renamed apart from the generated ones (`b.c` stays: it is
    # relative to the [a] before it).
    spliced = re.sub(r"(^|\n)(\[*)([atx])(?=[ .=\]]|$)", r"\1\2zz9\3", mistake)
    return "\n".join(lines[:at] + [spliced] + lines[at:])


def test_invalid_documents_are_rejected_as_tomllib_rejects_them(tmp_path):
    texts = [t for t in (invalid_case(i) for i in range(CASES)) if tomllib_reading(t)[0] == "error"]
    assert len(texts) > CASES * 0.9, "the mistakes should make the documents invalid"
    ours = dump(H.gymbell_binary(), tmp_path, texts)
    accepted = [f"{text[:300]!r} → {str(got)[:200]}" for text, got in zip(texts, ours) if got[0] != "error"]
    assert not accepted, f"{len(accepted)} of {len(texts)} invalid documents accepted:\n" + "\n".join(accepted[:8])
    unpositioned = [got[1] for got in ours if not POSITIONED.search(got[1])]
    assert not unpositioned, unpositioned[:5]


def mutated_case(i):
    rng = random.Random(f"mutated-{SEED}-{i}")
    text = valid_case(rng.randrange(CASES))
    for _ in range(rng.randint(1, 3)):
        if not text:
            break
        pos = rng.randrange(len(text) + 1)
        op = rng.randrange(4)
        if op == 0:
            text = text[:pos] + rng.choice(list("\"'[]{}=,.#\\\n \t:+-_0eE") + ['"""', "'''", "\r", "\x00", "\x7f"]) + text[pos:]
        elif op == 1:
            text = text[:pos] + text[pos + rng.randint(1, 4):]
        elif op == 2:
            lines = text.split("\n")
            k = rng.randrange(len(lines))
            text = "\n".join(lines[:k] + [lines[rng.randrange(len(lines))]] + lines[k:])
        else:
            text = text[:pos] + rng.choice(["1", "a", "é", "Z", "T", " "]) + text[pos + 1:]
    return text


def test_mutated_documents_agree_with_tomllib(tmp_path):
    texts = [mutated_case(i) for i in range(CASES)]
    ours = dump(H.gymbell_binary(), tmp_path, texts)
    bad = []
    outcomes = {"both accept": 0, "both reject": 0}
    for i, (text, got) in enumerate(zip(texts, ours)):
        expected = tomllib_reading(text)
        if expected[0] == "ok" and has_big_int(tomllib.loads(text)):
            expected = ("error", "an integer beyond 64 bits")
        if got[0] == expected[0] == "error":
            outcomes["both reject"] += 1
            if not POSITIONED.search(got[1]):
                bad.append(f"case {i}: unpositioned {got[1][:200]}")
        elif got == expected:
            outcomes["both accept"] += 1
        else:
            bad.append(f"case {i}: gymbell {str(got)[:200]}\n  tomllib {str(expected)[:200]}\n  text {text[:300]!r}")
    print(f"mutated TOML: {outcomes}")
    assert not bad, f"{len(bad)} of {len(texts)} disagree:\n" + "\n".join(bad[:6])
