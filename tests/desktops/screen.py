"""Reading the screen: OCR of screenshots with tesseract (TSV), in screen coordinates.

    words(png, box=None)            -> [Word(text, x, y, w, h, conf), …]  (screen pixels)
    find(png, "Rest over", box)     -> (x, y) centre of the first occurrence of the phrase, or None
    contains(png, "Rest over", box) -> bool
    text(png, box=None)             -> what was read, one line per OCR line

`box` is (x0, y0, x1, y1) on the screen (a server's `notification_area`); None = the whole picture.
Each new picture: one ImageMagick `convert` (crop to the box, grey, trim the uniform background
around the bubbles), one more per polarity tried (a morphological top-hat that takes away whatever is
at least 40 px wide or 30 px tall — bubble frames, separators, progress bars, backgrounds — leaving dark
glyphs on white, upscaled ×`scale`), then `tesseract --psm 3 tsv` with OMP_THREAD_LIMIT=1 (its OpenMP
threads only slow it down on 2 busy cores). Without the top-hat tesseract's layout analysis drops whole
bubbles of a dunst stack. The polarity tried first takes the trimmed picture's ink as bright when the
picture is dark (light text on a dark bubble) and dark otherwise; `find`/`contains` try the other one
when the phrase is not read. Results are cached per (file, mtime, size, box, scale, polarity), so
find + contains + text on one screenshot cost one OCR: ~0.3-0.6 s on a dunst bubble stack, ~1.2 s per
pass on a whole 1280x800 screen with a photo wallpaper (pass the server's notification_area).

Matching is tolerant of what OCR makes of notification text: case, punctuation and spacing are
ignored (letters and digits only are compared: "Time to Workout! 💪" matches "(A) Time to Workout! @"),
emoji are dropped from the phrase (tesseract reads them as a stray glyph or two, e.g. "¥", ";*", "@"),
and up to two stray characters may cling to the first or last word matched.
"""

import os
import re
import shutil
import subprocess
import tempfile
import unicodedata
from collections import namedtuple
from pathlib import Path

Word = namedtuple("Word", "text x y w h conf")
Word.__doc__ = "One word read by tesseract: its text, box (screen pixels) and confidence (0-100)."

PSM = 3  # automatic layout: with frames taken away (below) it reads stacks and columns alike
SLACK = 2  # stray characters tolerated before the phrase's first / after its last letter
_cache = {}


def available():
    """The binaries this module needs, missing ones listed (empty: all there)."""
    return [b for b in ("tesseract", "convert") if shutil.which(b) is None]


def _run(argv, timeout=20, **kw):
    return subprocess.run([str(a) for a in argv], capture_output=True, timeout=timeout, **kw)


_workdir = None


def _tmp():
    global _workdir
    if _workdir is None or not Path(_workdir.name).is_dir():
        _workdir = tempfile.TemporaryDirectory(prefix="gb-ocr-")
    return Path(_workdir.name)


def _trim(png, box, key):
    """Crop to `box`, grey, trim the uniform background: (origin_x, origin_y, dark, trimmed.pgm), or
    None when the region is blank."""
    argv = ["convert", png]
    ox = oy = 0
    if box is not None:
        x0, y0, x1, y1 = (int(round(v)) for v in box)
        argv += ["-crop", f"{max(1, x1 - x0)}x{max(1, y1 - y0)}+{x0}+{y0}", "+repage"]
        ox, oy = x0, y0
    out = _tmp() / f"trim-{abs(hash(key))}.pgm"
    argv += ["-colorspace", "gray", "-fuzz", "4%", "-trim",
             "-format", "%X %Y %w %h %[mean]\n", "-write", "info:-", "+repage", "-depth", "8", f"pgm:{out}"]
    r = _run(argv)
    m = re.search(r"([+-]\d+) ([+-]\d+) (\d+) (\d+) ([\d.]+)", r.stdout.decode())
    if r.returncode != 0 or not m:
        raise RuntimeError(f"convert failed ({r.returncode}): {r.stderr.decode(errors='replace')}")
    tx, ty, w, h, mean = int(m[1]), int(m[2]), int(m[3]), int(m[4]), float(m[5])
    if w <= 2 or h <= 2:  # a uniform picture trims to nothing
        return None
    return ox + tx, oy + ty, mean < 65535 / 2, out  # ImageMagick Q16: mean in 0..65535


def _ink(trimmed, bright_ink, scale):
    """The trimmed picture as dark text on white, upscaled, with the bubbles' frames, separators,
    progress bars and backgrounds taken away: a morphological top-hat with a 40x1 and a 1x30 line —
    whatever is at least 40 px wide or 30 px tall is not a glyph (text up to ~24 pt). Tesseract's layout
    analysis loses whole bubbles of a stack to their frames otherwise."""
    out = trimmed.with_name(trimmed.stem + ("-w" if bright_ink else "-b") + f"-{scale}.pgm")
    if bright_ink:  # ink = image - max(open_h, open_v)
        morph = ["(", "-clone", "0", "-morphology", "Open", "rectangle:40x1", ")",
                 "(", "-clone", "0", "-morphology", "Open", "rectangle:1x30", ")",
                 "-delete", "0", "-compose", "Lighten", "-composite",
                 trimmed, "+swap", "-compose", "MinusSrc", "-composite"]
    else:  # ink = min(close_h, close_v) - image
        morph = ["(", "-clone", "0", "-morphology", "Close", "rectangle:40x1", ")",
                 "(", "-clone", "0", "-morphology", "Close", "rectangle:1x30", ")",
                 "-delete", "0", "-compose", "Darken", "-composite",
                 trimmed, "-compose", "MinusSrc", "-composite"]
    r = _run(["convert", trimmed, *morph, "-negate", "-auto-level",
              "-resize", f"{int(round(scale * 100))}%", "-depth", "8", f"pgm:{out}"])
    if r.returncode != 0:
        raise RuntimeError(f"convert failed ({r.returncode}): {r.stderr.decode(errors='replace')}")
    return out


def _tsv(pgm, psm):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    r = _run(["tesseract", pgm, "-", "--psm", str(psm), "tsv"], env=env)
    if r.returncode != 0:
        raise RuntimeError(f"tesseract failed ({r.returncode}): {r.stderr.decode(errors='replace')}")
    return r.stdout.decode("utf-8", "replace")


def _parse(tsv, ox, oy, scale):
    out = []
    for line in tsv.splitlines()[1:]:
        f = line.split("\t")
        if len(f) < 12 or f[0] != "5" or not f[11].strip():
            continue
        left, top, width, height = (int(v) for v in f[6:10])
        word = Word(f[11].strip(), int(round(ox + left / scale)), int(round(oy + top / scale)),
                    max(1, int(round(width / scale))), max(1, int(round(height / scale))), float(f[10]))
        out.append((word, (int(f[2]), int(f[3]), int(f[4]))))  # (block, paragraph, line)
    return out


def _read(png, box, scale, polarity, psm):
    """[(Word, line key)…] of one polarity: 0 = the preferred (the ink a dark picture has is bright,
    a light one's dark), 1 = the other."""
    png = Path(png)
    st = png.stat()
    key = (str(png.resolve()), st.st_mtime_ns, st.st_size, tuple(box) if box else None)
    if (key, scale, psm, polarity) in _cache:
        return _cache[(key, scale, psm, polarity)]
    if key not in _cache:
        if len(_cache) > 256:
            _cache.clear()
        _cache[key] = _trim(png, box, key)
    trimmed = _cache[key]
    if trimmed is None:
        entries = []
    else:
        ox, oy, dark, pgm = trimmed
        entries = _parse(_tsv(_ink(pgm, dark == (polarity == 0), scale), psm), ox, oy, scale)
    _cache[(key, scale, psm, polarity)] = entries
    return entries


def words(png, box=None, scale=2, polarity=0, psm=PSM):
    """The words tesseract reads in `png` (within `box`), in reading order, in screen coordinates.
    polarity 0: the picture made dark-text-on-light; 1: the other way round."""
    return [w for w, _ in _read(png, box, scale, polarity, psm)]


def text(png, box=None, scale=2, polarity=0, psm=PSM):
    """What tesseract reads, one line per OCR line."""
    lines, last = [], None
    for w, k in _read(png, box, scale, polarity, psm):
        if k != last:
            lines.append([])
            last = k
        lines[-1].append(w.text)
    return "\n".join(" ".join(l) for l in lines)


def _norm(s):
    """Letters and digits only, lower case (accents kept, emoji and punctuation dropped)."""
    s = unicodedata.normalize("NFKC", s).lower()
    return "".join(c for c in s if c.isalnum() and unicodedata.category(c)[0] in "LN")


def normalized(s):
    """What a phrase is compared as: its letters and digits only, lower case (for a test's own
    comparisons of what OCR read, as `find` makes them)."""
    return _norm(s)


def _match(ws, phrase):
    """Indices (i, j) of the first run of words ws[i..j] whose letters contain the phrase's, with at
    most SLACK stray characters before it (in ws[i]) and after it (in ws[j])."""
    target = _norm(phrase)
    if not target:
        return None
    norms = [_norm(w.text) for w in ws]
    for i in range(len(ws)):
        if not norms[i]:
            continue
        joined = ""
        for j in range(i, len(ws)):
            if not norms[j]:
                continue  # a word of punctuation or emoji garbage
            joined += norms[j]
            pos = joined.find(target)
            if pos >= 0:
                trail = len(joined) - pos - len(target)
                if pos <= SLACK and pos < len(norms[i]) and trail <= SLACK:
                    return i, j
                break
            if len(joined) >= len(target) + 2 * SLACK:
                break
    return None


def find(png, phrase, box=None, scale=2, psm=PSM):
    """Screen (x, y) of the centre of the first occurrence of `phrase`, or None. Tries the preferred
    polarity, then the other."""
    for polarity in (0, 1):
        ws = words(png, box, scale, polarity, psm)
        hit = _match(ws, phrase)
        if hit:
            i, j = hit
            run = ws[i:j + 1]
            x0, y0 = min(w.x for w in run), min(w.y for w in run)
            x1, y1 = max(w.x + w.w for w in run), max(w.y + w.h for w in run)
            return (x0 + x1) // 2, (y0 + y1) // 2
    return None


def find_box(png, phrase, box=None, scale=2, psm=PSM):
    """(x0, y0, x1, y1) on the screen of the first occurrence of `phrase`, or None."""
    for polarity in (0, 1):
        ws = words(png, box, scale, polarity, psm)
        hit = _match(ws, phrase)
        if hit:
            run = ws[hit[0]:hit[1] + 1]
            return (min(w.x for w in run), min(w.y for w in run),
                    max(w.x + w.w for w in run), max(w.y + w.h for w in run))
    return None


def contains(png, phrase, box=None, scale=2, psm=PSM):
    """Whether `phrase` is read anywhere in `png` (within `box`)."""
    return find(png, phrase, box, scale, psm) is not None


def colour_pixels(png, box, rgb, tolerance=40):
    """How many pixels of `png` within `box` are within `tolerance` (per channel) of the colour `rgb`:
    enough to tell whether an icon is drawn where text alone would never have that colour."""
    import gi
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf

    image = GdkPixbuf.Pixbuf.new_from_file(str(png))
    x0, y0, x1, y1 = box if box else (0, 0, image.get_width(), image.get_height())
    x1, y1 = min(x1, image.get_width()), min(y1, image.get_height())
    n, stride, data = image.get_n_channels(), image.get_rowstride(), image.get_pixels()
    r, g, b = rgb
    count = 0
    for y in range(y0, y1):
        row = y * stride
        for x in range(x0, x1):
            i = row + x * n
            if abs(data[i] - r) <= tolerance and abs(data[i + 1] - g) <= tolerance and abs(data[i + 2] - b) <= tolerance:
                count += 1
    return count
