"""A small drawing kit shared by all board renderers.

Everything here is deliberately plain Pillow: cached fonts from ``renderers/fonts``
(never system fonts), a player palette, text helpers with outline/shadow, rounded
panels, a legend row, anti-aliased disc sprites and a PNG encoder tuned for size.

Colours are ``(r, g, b)`` tuples throughout.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

RGB = tuple[int, int, int]

# ----------------------------------------------------------------------------- colours
INK: RGB = (33, 27, 22)  # near-black, warm: outlines and body text
PAPER: RGB = (246, 238, 222)  # warm off-white: backgrounds
PAPER_DARK: RGB = (232, 219, 194)
MUTED: RGB = (122, 108, 92)  # secondary text
WOOD: RGB = (92, 62, 38)  # board frames
WOOD_DARK: RGB = (62, 41, 25)
NEUTRAL_GREY: RGB = (150, 150, 146)
GOLD: RGB = (255, 206, 64)
WHITE: RGB = (255, 255, 255)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Linear blend: t=0 gives ``a``, t=1 gives ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def darker(c: Sequence[int], t: float = 0.3) -> RGB:
    return mix(c, (0, 0, 0), t)


def lighter(c: Sequence[int], t: float = 0.3) -> RGB:
    return mix(c, (255, 255, 255), t)


def luminance(c: Sequence[int]) -> float:
    """Relative luminance (WCAG), 0..1."""

    def chan(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * chan(c[0]) + 0.7152 * chan(c[1]) + 0.0722 * chan(c[2])


def ink_for(background: Sequence[int]) -> RGB:
    """Dark or white text, whichever reads better on ``background``."""
    return INK if luminance(background) > 0.23 else WHITE


@dataclass(frozen=True)
class SeatColour:
    """A player colour: the main tone plus derived shades and a readable text colour."""

    name: str
    rgb: RGB

    @property
    def dark(self) -> RGB:
        return darker(self.rgb, 0.35)

    @property
    def light(self) -> RGB:
        return lighter(self.rgb, 0.55)

    @property
    def pale(self) -> RGB:
        return mix(self.rgb, PAPER, 0.8)

    @property
    def ink(self) -> RGB:
        return ink_for(self.rgb)


# Tones loosely follow the Okabe-Ito colour-blind-safe set, pushed towards the
# plastic colours of board games. Red and green differ strongly in lightness and hue
# direction (vermilion vs bluish green), blue and purple in lightness.
PALETTE: dict[str, SeatColour] = {
    c.name: c
    for c in (
        SeatColour("red", (222, 60, 38)),
        SeatColour("blue", (30, 105, 196)),
        SeatColour("yellow", (247, 200, 30)),
        SeatColour("green", (16, 158, 112)),
        SeatColour("purple", (150, 82, 168)),
        SeatColour("orange", (242, 140, 30)),
        SeatColour("black", (48, 48, 52)),
        SeatColour("white", (240, 240, 236)),
        SeatColour("brown", (140, 90, 50)),
        SeatColour("grey", NEUTRAL_GREY),
    )
}
DEFAULT_SEAT_ORDER = ["red", "blue", "yellow", "green", "purple", "orange"]


def seat_colour(which: int | str) -> SeatColour:
    """A palette colour by name (``"red"``) or by seat index in the default order."""
    if isinstance(which, int):
        return PALETTE[DEFAULT_SEAT_ORDER[which % len(DEFAULT_SEAT_ORDER)]]
    try:
        return PALETTE[which.lower()]
    except KeyError:
        raise KeyError(f"no palette colour '{which}'; known: {', '.join(PALETTE)}") from None


# ----------------------------------------------------------------------------- fonts
VIEW_WIDTH = 400  # how wide Discord shows an image on a phone
MIN_TEXT_AT_VIEW = 11  # px: the smallest type that stays readable at VIEW_WIDTH


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font that remembers the masks of the strings it rendered and their widths.

    Board images draw the same labels over and over (coordinates, headings, names, small
    numbers); FreeType rendering each of them again is most of a render's text cost. The
    mask of a string depends only on the font and on the arguments of ``getmask2`` (the
    string, the mode, the stroke, the anchor and the sub-pixel start), all part of the key,
    so a remembered mask is exactly the one FreeType would draw again. Each font keeps at
    most ``MAX_ENTRIES`` masks and as many widths (a full table is emptied and refilled).
    Masks are never changed by their users (``ImageDraw`` only reads them); colour (RGBA)
    masks, which ``ImageDraw`` does change, are not remembered.
    """

    MAX_ENTRIES = 2048

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size, layout_engine=ImageFont.Layout.BASIC)
        self._masks: dict[tuple[Any, ...], tuple[Any, tuple[int, int]]] = {}
        self._lengths: dict[tuple[Any, ...], float] = {}

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        if mode == "RGBA" or args or features or set(kwargs) - {"stroke_filled"}:
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )
        key = (text, mode, direction, language, stroke_width, anchor, start, bool(kwargs.get("stroke_filled")))
        hit = self._masks.get(key)
        if hit is None:
            hit = super().getmask2(text, mode, direction, None, language, stroke_width, anchor, ink, start, **kwargs)
            if len(self._masks) >= self.MAX_ENTRIES:
                self._masks.clear()
            self._masks[key] = hit
        return hit

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if features:
            return super().getlength(text, mode, direction, features, language)
        key = (text, mode, direction, language)
        hit = self._lengths.get(key)
        if hit is None:
            hit = super().getlength(text, mode, direction, None, language)
            if len(self._lengths) >= self.MAX_ENTRIES:
                self._lengths.clear()
            self._lengths[key] = hit
        return hit


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans from the package folder, cached per (size, bold); each font remembers the
    masks and widths of the strings it drew (``CachedFont``)."""
    return CachedFont(str(FONT_DIR / _FONT_FILES[bool(bold)]), size)


def legible_font(size: int, minimum: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """``font``, refused below ``minimum`` (a renderer's smallest size that still reads as
    ``MIN_TEXT_AT_VIEW`` px when Discord shows its image ``VIEW_WIDTH`` px wide on a phone)."""
    if size < minimum:
        raise ValueError(f"font size {size} is below MIN_FONT={minimum}: unreadable at {VIEW_WIDTH} px")
    return font(size, bold)


@lru_cache(maxsize=4)
def _notdef(bold: bool) -> bytes:
    return bytes(font(20, bold).getmask("\U0010fffd"))


@lru_cache(maxsize=4096)
def has_glyph(ch: str, bold: bool = False) -> bool:
    """True if DejaVu can draw ``ch`` (not its 'missing glyph' box)."""
    if ch.isspace():
        return True
    return bytes(font(20, bold).getmask(ch)) != _notdef(bold)


def drawable(s: str, bold: bool = False) -> str:
    """``s`` without characters the bundled font cannot draw (emoji, most CJK), tidied up."""
    kept = "".join(ch for ch in s if ch.isprintable() and has_glyph(ch, bold))
    return " ".join(kept.split())


def text_width(s: str, fnt: ImageFont.FreeTypeFont) -> float:
    return fnt.getlength(s)


def fit_text(s: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``s`` shortened with an ellipsis so that it is at most ``max_width`` wide."""
    if fnt.getlength(s) <= max_width:
        return s
    ell = "…"
    lo, hi = 0, len(s)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if fnt.getlength(s[:mid].rstrip() + ell) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + ell


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    fnt: ImageFont.FreeTypeFont,
    fill: Sequence[int] = INK,
    *,
    anchor: str = "la",
    outline: Sequence[int] | None = None,
    outline_width: int = 2,
    shadow: Sequence[int] | None = None,
    shadow_offset: tuple[int, int] = (2, 2),
) -> None:
    """Text with an optional outline (stroke) and/or hard drop shadow."""
    if shadow is not None:
        sx, sy = xy[0] + shadow_offset[0], xy[1] + shadow_offset[1]
        draw.text(
            (sx, sy),
            s,
            font=fnt,
            fill=tuple(shadow),
            anchor=anchor,
            stroke_width=outline_width if outline is not None else 0,
            stroke_fill=tuple(shadow),
        )
    if outline is not None:
        draw.text(
            xy, s, font=fnt, fill=tuple(fill), anchor=anchor, stroke_width=outline_width, stroke_fill=tuple(outline)
        )
    else:
        draw.text(xy, s, font=fnt, fill=tuple(fill), anchor=anchor)


def centred_text(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    s: str,
    fnt: ImageFont.FreeTypeFont,
    fill: Sequence[int] = INK,
    **kw: Any,
) -> None:
    """Text centred (both ways) in ``box`` = (x0, y0, x1, y1)."""
    text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), s, fnt, fill, anchor="mm", **kw)


# ----------------------------------------------------------------------------- shapes
def rounded_rect(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    radius: float,
    fill: Sequence[int] | None = None,
    outline: Sequence[int] | None = None,
    width: int = 1,
) -> None:
    draw.rounded_rectangle(
        box,
        radius=radius,
        fill=tuple(fill) if fill is not None else None,
        outline=tuple(outline) if outline is not None else None,
        width=width,
    )


def panel(
    image: Image.Image,
    box: tuple[int, int, int, int],
    fill: Sequence[int] = PAPER,
    *,
    radius: int = 14,
    outline: Sequence[int] | None = None,
    width: int = 2,
    shadow: bool = True,
) -> None:
    """A card: rounded rectangle with a soft drop shadow, drawn onto ``image`` (RGB)."""
    x0, y0, x1, y1 = box
    if shadow:
        pad = 10
        sh = _shadow_sprite(x1 - x0, y1 - y0, radius, pad)
        image.paste((0, 0, 0), (x0 - pad + 2, y0 - pad + 4), sh)
    rounded_rect(ImageDraw.Draw(image), box, radius, fill=fill, outline=outline, width=width)


@lru_cache(maxsize=32)
def _shadow_sprite(w: int, h: int, radius: int, pad: int) -> Image.Image:
    """An 'L' alpha mask of a blurred rounded rectangle (cached: panels repeat)."""
    m = Image.new("L", (w + 2 * pad, h + 2 * pad), 0)
    ImageDraw.Draw(m).rounded_rectangle((pad, pad, pad + w, pad + h), radius=radius, fill=70)
    return m.filter(ImageFilter.GaussianBlur(pad / 2.5))


@lru_cache(maxsize=128)
def disc_sprite(
    fill: RGB,
    radius: int,
    outline: RGB = INK,
    outline_width: float = 3.5,
    halo: RGB | None = None,
    halo_width: float = 5.0,
    shadow: bool = True,
    sheen: bool = True,
) -> Image.Image:
    """An anti-aliased RGBA disc (a token seen from above), cached.

    The sprite is square; its centre is the disc's centre. The centre pixel is exactly
    ``fill`` (the sheen only touches the upper-left rim), so tests and viewers can rely on it.
    ``halo`` draws an extra bright ring outside the outline (e.g. "this player's turn").
    """
    ss = 4  # supersampling factor
    extra = (halo_width + 1.5 if halo is not None else 0) + (4 if shadow else 1)
    half = radius + extra
    size = int(2 * half + 2)
    big = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = size * ss / 2

    def circle(r: float, colour: Sequence[int], alpha: int = 255, dx: float = 0, dy: float = 0) -> None:
        rr = r * ss
        d.ellipse((c - rr + dx * ss, c - rr + dy * ss, c + rr + dx * ss, c + rr + dy * ss), fill=(*colour, alpha))

    if shadow:
        circle(radius + (halo_width if halo is not None else 0) + 0.5, (0, 0, 0), 90, 2.0, 3.0)
    if halo is not None:
        circle(radius + halo_width + 1.2, outline)
        circle(radius + halo_width, halo)
    circle(radius, outline)
    inner = radius - outline_width
    circle(inner, fill)
    if sheen:
        # a lighter crescent at the upper left and a darker one at the lower right: a rounded top
        circle(inner * 0.82, lighter(fill, 0.35), 255, -inner * 0.16, -inner * 0.16)
        circle(inner * 0.82, darker(fill, 0.12), 255, inner * 0.08, inner * 0.08)
        circle(inner * 0.74, fill)
    small = big.resize((size, size), Image.Resampling.LANCZOS)
    return small


def paste_centred(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste an RGBA sprite so that its centre lands on ``centre``."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


def hatch(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: Sequence[int], spacing: int = 10, width: int = 2
) -> None:
    """Diagonal hatching inside ``box`` (clipped by drawing short segments)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    for k in range(-h, w, spacing):
        # line from (x0+k, y1) going up-right, clipped to the box
        sx, sy = x0 + k, y1
        ex, ey = x0 + k + h, y0
        if sx < x0:
            sy -= x0 - sx
            sx = x0
        if ex > x1:
            ey += ex - x1
            ex = x1
        draw.line((sx, sy, ex, ey), fill=tuple(colour), width=width)


# ----------------------------------------------------------------------------- legend
def legend(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    items: Iterable[tuple[Sequence[int], str]],
    fnt: ImageFont.FreeTypeFont,
    *,
    swatch: int = 30,
    gap: int = 18,
    fill: Sequence[int] = INK,
    outline: Sequence[int] = INK,
    label_inside: bool = False,
) -> int:
    """A row of colour swatches with labels; returns the x where the row ends.

    ``label_inside`` writes each label centred in its swatch (e.g. numbered height steps)
    instead of to the right of it.
    """
    x, y = xy
    for colour, label in items:
        box = (x, y, x + swatch, y + swatch)
        rounded_rect(draw, box, 5, fill=colour, outline=outline, width=2)
        if label_inside:
            centred_text(draw, box, label, fnt, ink_for(colour))
            x += swatch + gap
        else:
            draw.text((x + swatch + 8, y + swatch / 2), label, font=fnt, fill=tuple(fill), anchor="lm")
            x += swatch + 8 + round(fnt.getlength(label)) + gap
    return x - gap


# ----------------------------------------------------------------------------- output
def to_png(
    image: Image.Image,
    *,
    colours: int | None = 256,
    exact: Iterable[Sequence[int]] = (),
    compress_level: int = 3,
    sample: int = 1,
) -> bytes:
    """Encode as PNG, small and quick.

    By default the image is quantised to a palette of ``colours`` entries first (fast
    octree, no dithering): board art is mostly flat colour, so this is visually lossless
    and both encodes faster and gives files 3x smaller than RGB (whose adaptive row
    filtering is the slow part). ``exact`` lists key colours (player colours, ...) that
    must survive bit-exact: the palette entry nearest to each is snapped onto it, first
    come first served. ``colours=None`` keeps full RGB.

    ``sample > 1`` builds the palette from every ``sample``-th pixel in each direction and
    then maps the full image onto it (nearest colour): about 3x faster on large, mostly
    flat images; the ``exact`` colours are added to that palette as they are, so they
    survive even where they occur only in thin details the sample misses.
    """
    img = image
    if img.mode not in ("RGB", "RGBA", "P", "L"):
        img = img.convert("RGB")
    if colours and img.mode in ("RGB", "RGBA"):
        if img.mode == "RGBA":
            img = img.convert("RGB")
        if sample > 1:
            size = (max(1, img.width // sample), max(1, img.height // sample))
            pal = sampled_palette(img.resize(size, Image.Resampling.NEAREST), exact, colours)
            img = img.quantize(palette=pal, dither=Image.Dither.NONE)
        else:
            img = img.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
            _snap_palette(img, exact)
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=compress_level)
    return buf.getvalue()


def sampled_palette(sample: Image.Image, exact: Iterable[Sequence[int]] = (), colours: int = 256) -> Image.Image:
    """A 1x1 "P" image whose palette suits pictures like ``sample`` (RGB, usually every n-th
    pixel of one): its fast-octree colours plus the ``exact`` key colours as they are."""
    keep = list(dict.fromkeys(tuple(c[:3]) for c in exact))[: max(0, colours - 16)]
    octree = sample.quantize(colors=colours - len(keep), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    entries = (octree.getpalette() or [])[: 3 * (colours - len(keep))]
    # the palette lookup of the mapping is approximate (a colour cache of coarse cells):
    # entries close to a key colour become that colour, so it maps onto itself
    near = _near_cells(tuple(keep))
    for i in range(0, len(entries), 3):
        r, g, b = entries[i : i + 3]
        for c in near.get((r >> 4, g >> 4, b >> 4), ()):
            if abs(r - c[0]) + abs(g - c[1]) + abs(b - c[2]) <= 15:
                entries[i : i + 3] = c
                break
    pal = Image.new("P", (1, 1))
    pal.putpalette(entries + [v for c in keep for v in c])
    return pal


@lru_cache(maxsize=32)
def _near_cells(keep: tuple[RGB, ...]) -> dict[tuple[int, int, int], tuple[RGB, ...]]:
    """Key colours by coarse cell (16 levels a channel): every colour within 15 (sum of the
    channel differences) of a key colour lies in the key's cell or a neighbouring one, so a
    palette entry is compared with the few keys filed under its own cell, in ``keep`` order."""
    cells: dict[tuple[int, int, int], list[RGB]] = {}
    for c in keep:
        r, g, b = c[0] >> 4, c[1] >> 4, c[2] >> 4
        for dr in (-1, 0, 1):
            for dg in (-1, 0, 1):
                for db in (-1, 0, 1):
                    cells.setdefault((r + dr, g + dg, b + db), []).append(c)
    return {k: tuple(v) for k, v in cells.items()}


def _snap_palette(img: Image.Image, exact: Iterable[Sequence[int]], tolerance: int = 24) -> None:
    """Move the palette entry nearest to each ``exact`` colour onto that colour."""
    wanted = [tuple(c[:3]) for c in exact]
    if not wanted:
        return
    pal = img.getpalette() or []
    n = len(pal) // 3
    entries = [tuple(pal[3 * i : 3 * i + 3]) for i in range(n)]
    taken: set[int] = set()
    for c in wanted:
        best, best_d = -1, tolerance + 1
        for i, e in enumerate(entries):
            dist = abs(e[0] - c[0]) + abs(e[1] - c[1]) + abs(e[2] - c[2])
            if dist < best_d:
                best, best_d = i, dist
                if dist == 0:
                    break
        if best < 0 or best in taken:
            continue
        taken.add(best)
        entries[best] = c
        pal[3 * best : 3 * best + 3] = list(c)
    img.putpalette(pal)


# ----------------------------------------------------------------------------- shared layout helpers
def display_name(names: Sequence[str], seat: int, *, bold: bool = True) -> str:
    """A player's name as the bundled font can draw it, or "Seat N" when missing or undrawable."""
    if 0 <= seat < len(names):
        name = drawable(str(names[seat]), bold=bold)
        if name:
            return name
    return f"Seat {seat + 1}"


def wrap(s: str, fnt: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """``s`` broken into lines at most ``width`` wide (an over-long word is shortened with '…')."""
    lines: list[str] = []
    cur = ""
    for word in s.split():
        cand = f"{cur} {word}".strip()
        if fnt.getlength(cand) <= width or not cur:
            cur = cand
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return [fit_text(line, fnt, width) for line in lines]


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    fnt: ImageFont.FreeTypeFont,
    fill: Sequence[int],
    *,
    height: int,
    pad_x: int = 12,
    max_width: float | None = None,
    radius: float | None = None,
    outline: Sequence[int] = INK,
    width: int = 2,
    ink: Sequence[int] | None = None,
    right: bool = False,
) -> tuple[int, int, int, int]:
    """A rounded label (badge, chip, name tag) with its left top at ``xy`` (its right top with
    ``right``); returns its box. The text is centred, shortened with an ellipsis beyond
    ``max_width`` (the whole pill's width); its colour is the readable one unless ``ink``.
    """
    inner = None if max_width is None else max_width - 2 * pad_x
    label = s if inner is None else fit_text(s, fnt, inner)
    w = round(fnt.getlength(label)) + 2 * pad_x
    x0, y0 = round(xy[0]) - (w if right else 0), round(xy[1])
    box = (x0, y0, x0 + w, y0 + height)
    rounded_rect(draw, box, height / 2 if radius is None else radius, fill=fill, outline=outline, width=width)
    centred_text(draw, box, label, fnt, ink_for(fill) if ink is None else ink)
    return box


@lru_cache(maxsize=128)
def letter_token(
    fill: RGB, letter: str, radius: int, size: int, *, square: bool = False, halo: RGB | None = None
) -> Image.Image:
    """A playing piece seen from above with a letter on it: a disc, or a rounded square."""
    if square:
        ss, s = 4, 2 * radius
        big = Image.new("RGBA", ((s + 8) * ss, (s + 8) * ss), (0, 0, 0, 0))
        d = ImageDraw.Draw(big)
        d.rounded_rectangle((6 * ss, 7 * ss, (s + 6) * ss, (s + 7) * ss), radius=7 * ss, fill=(0, 0, 0, 90))
        d.rounded_rectangle((4 * ss, 4 * ss, (s + 4) * ss, (s + 4) * ss), radius=7 * ss, fill=(*INK, 255))
        d.rounded_rectangle((7 * ss, 7 * ss, (s + 1) * ss, (s + 1) * ss), radius=5 * ss, fill=(*fill, 255))
        img = big.resize((s + 8, s + 8), Image.Resampling.LANCZOS)
    else:
        img = disc_sprite(fill, radius, INK, 3.0, halo, 4.0, True, False).copy()
    ImageDraw.Draw(img).text(
        (img.width / 2 - 0.5, img.height / 2 - 0.5), letter, font=font(size, True), fill=ink_for(fill), anchor="mm"
    )
    return img


def stack(parts: Sequence[Image.Image], background: Sequence[int] = PAPER, gap: int = 0) -> Image.Image:
    """Images one below the other (left-aligned) on one page as wide as the widest."""
    width = max(p.width for p in parts)
    height = sum(p.height for p in parts) + gap * max(0, len(parts) - 1)
    page = Image.new("RGB", (width, height), tuple(background))
    y = 0
    for p in parts:
        page.paste(p, (0, y), p if p.mode == "RGBA" else None)
        y += p.height + gap
    return page


def pack(parts: Sequence[Image.Image], max_height: int, gap: int = 0, reserve: int = 0) -> list[list[Image.Image]]:
    """``parts`` in order, grouped greedily into pages of at most ``max_height`` px (after
    ``reserve`` px for a page title); a part taller than a page gets a page of its own."""
    pages: list[list[Image.Image]] = []
    used = 0
    for p in parts:
        if pages and used + gap + p.height <= max_height - reserve:
            pages[-1].append(p)
            used += gap + p.height
        else:
            pages.append([p])
            used = p.height
    return pages
