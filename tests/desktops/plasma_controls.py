"""Where Plasma 5.27 draws the media controls that test_plasma_mpris clicks, read from screenshots by
their pixels (no OCR): the tray icon that appears with the player, the play/pause button of the tray's
media controller popup, and the lock screen's play button.

The popup (Breeze, 1280x800, bottom panel 44 px): 444x443 px at the right edge above the panel
(x 837..1280, y 313..756), "Media Player" header, album art and the track's three lines, then its
footer: the seek row (time, progress bar, time; drawn only while the track has a length — a rest, not
a set — but laid out always) above the control row — shuffle, previous, play/pause, next, loop, the
play/pause glyph in the middle of the popup, the previous and next glyphs 28..60 px either side. The
control row is found from the bottom of the popup up, by those three glyphs, and the row must be the
popup's own grey beside the controls: something drawn over it (a notification bubble, which Plasma
can leave at its place above the panel when it does not see the popup open in time) is a failure, not
a place to click.
"""

from collections import Counter

#: the colour of a Breeze popup's background (and of Plasma's panel)
POPUP_GREY = (239, 240, 241)


def pixels(png):
    from PIL import Image
    return Image.open(png).convert("RGB")


def is_grey(rgb):
    return all(abs(c - v) <= 6 for c, v in zip(rgb, POPUP_GREY))


def grey_runs(image, y, x0, x1):
    """The runs [start, end) of the popup's grey on row y between x0 and x1."""
    runs, start = [], None
    for x in range(x0, x1 + 1):
        on = x < x1 and is_grey(image.getpixel((x, y)))
        if on and start is None:
            start = x
        elif not on and start is not None:
            runs.append((start, x))
            start = None
    return runs


def new_tray_icon(before, after, panel_top, screen_w, screen_h):
    """Centre of the part of the panel left of the tray's icons in `before` that changed in `after`
    (the tray grows to the left when an icon appears; the clock, at the right, may tick), or None."""
    a, b = pixels(before), pixels(after)
    rows = range(panel_top + 4, screen_h - 4)
    panel = a.getpixel((screen_w // 2, panel_top + (screen_h - panel_top) // 2))
    drawn = [x for x in range(screen_w // 2, screen_w) if any(a.getpixel((x, y)) != panel for y in rows)]
    tray_left = drawn[0] if drawn else screen_w
    columns = [x for x in range(screen_w // 2, tray_left - 1)
               if any(a.getpixel((x, y)) != b.getpixel((x, y)) for y in rows)]
    if not columns:
        return None
    run = [columns[0]]
    for x in columns[1:]:
        if x - run[-1] > 3:
            break
        run.append(x)
    return (run[0] + run[-1]) // 2, panel_top + (screen_h - panel_top) // 2


def popup_bounds(image, panel_top, screen_w, rows=7):
    """The popup's left and right edge: the widest grey run (over 200 px) of the `rows` rows above
    the panel's top line, where the popup's bottom padding lies under its control row (the rows agree)."""
    found = Counter()
    for y in range(panel_top - 1 - rows, panel_top - 1):
        runs = [r for r in grey_runs(image, y, screen_w // 2, screen_w) if r[1] - r[0] > 200]
        found[max(runs, key=lambda r: r[1] - r[0]) if runs else None] += 1
    (bounds, n), = found.most_common(1)
    assert bounds and n == rows, f"no popup on the panel (the widest grey runs over 200 px of the {rows} rows above it: {dict(found)})"
    return bounds


def popup_play_button(png, panel_top, screen_w):
    """The media controller popup's play/pause button: (x, y) of its glyph's middle. An assertion
    says what was not seen."""
    image = pixels(png)
    left, right = popup_bounds(image, panel_top, screen_w)
    cx = (left + right) // 2
    ink = lambda x, y: sum(image.getpixel((x, y))) < 600  # a glyph, enabled (dark) or not (grey)
    dark = lambda x, y: sum(image.getpixel((x, y))) < 200
    # the lowest glyph in the popup's middle: rows with dark pixels in cx ± 12, from the bottom up
    rows = [y for y in range(panel_top - 1, panel_top - 200, -1) if any(dark(x, y) for x in range(cx - 12, cx + 13))]
    assert rows, f"no glyph in the middle (x {cx}) of the popup ({left}..{right}) above the panel"
    glyph = [rows[0]]
    for y in rows[1:]:
        if glyph[-1] - y > 3:
            break
        glyph.append(y)
    top, bottom = glyph[-1], glyph[0]
    assert 8 <= bottom - top <= 40, f"the popup's lowest middle glyph is {bottom - top + 1} px tall (y {top}..{bottom}), not a button's"
    span = range(top, bottom + 1)
    beside = {side: any(ink(x, y) for x in range(cx + sign * 25, cx + sign * 70, sign) for y in span)
              for side, sign in (("previous", -1), ("next", 1))}
    assert all(beside.values()), f"the glyph at ({cx}, {top}..{bottom}) has no {' and no '.join(s for s, on in beside.items() if not on)} button beside it"
    covered = [x for x in list(range(left + 4, cx - 130)) + list(range(cx + 130, right - 4))
               for y in span if not is_grey(image.getpixel((x, y)))]
    assert not covered, f"the popup's control row (y {top}..{bottom}) is not its plain grey beside the controls: something at x {covered[0]}..{covered[-1]}"
    return cx, (top + bottom) // 2


def lock_screen_play_button(png, title_box, screen_w):
    """The lock screen's play/pause button: the rightmost bright glyph on the media controls' title
    row (the title's own letters are left of it, the row is about 16 grid units wide)."""
    image = pixels(png)
    x0, y0, x1, y1 = title_box
    bright = [(x, y) for x in range(x0, min(screen_w, x0 + 340)) for y in range(y0 - 12, y1 + 24)
              if min(image.getpixel((x, y))) > 235]
    assert bright, "nothing bright on the lock screen's title row"
    columns = sorted({x for x, _ in bright})
    glyph = [columns[-1]]
    for x in reversed(columns[:-1]):
        if glyph[-1] - x > 4:
            break
        glyph.append(x)
    ys = [y for x, y in bright if glyph[-1] <= x <= glyph[0]]
    return (glyph[0] + glyph[-1]) // 2, (min(ys) + max(ys)) // 2
