"""The kit's shapes: rounded rectangles and panels with a soft shadow, disc and letter tokens,
hatching, pills (badges, chips, name tags) and the legend row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from renderers.kit.colours import INK, PAPER, RGB, darker, ink_for, lighter
from renderers.kit.lettering import centred_text, fit_text, font


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
        sh = shadow_sprite(x1 - x0, y1 - y0, radius, pad)
        image.paste((0, 0, 0), (x0 - pad + 2, y0 - pad + 4), sh)
    rounded_rect(ImageDraw.Draw(image), box, radius, fill=fill, outline=outline, width=width)


@lru_cache(maxsize=32)
def shadow_sprite(w: int, h: int, radius: int, pad: int) -> Image.Image:
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
