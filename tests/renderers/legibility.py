"""Legibility measures for the pictures: colour-vision-deficiency simulation, colour distance and
the smallest text size as shown on a phone.

* ``simulate(rgb, kind)``: how an sRGB colour looks with ``deuteranopia`` or ``protanopia``
  (Machado, Oliveira & Fernandes 2009, severity 1.0, applied in linear RGB); ``normal`` returns
  the colour unchanged.
* ``delta_e(a, b)``: CIEDE2000 colour difference of two sRGB colours (D65, CIELAB). Roughly:
  below 2 hardly visible side by side, 10 and more clearly different, 20 and more easy to tell
  apart at a glance on a small picture.
* ``worst_pairs(colours, kinds)``: the closest pair of a set of named colours under each vision.
* ``text_sizes(draw)``: every text a call draws, as (font size, canvas width), and
  ``smallest_text_at_view``: the smallest of them in px once Discord shows each picture
  ``VIEW_WIDTH`` px wide.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from itertools import combinations
from typing import Any

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]
KINDS = ("normal", "deuteranopia", "protanopia")

# Machado et al. 2009, severity 1.0, linear RGB -> linear RGB
MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}


# ----------------------------------------------------------------------------- sRGB <-> linear
def to_linear(v: float) -> float:
    """An sRGB channel 0..255 as linear light 0..1."""
    x = v / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


def from_linear(x: float) -> float:
    """Linear light (clipped to 0..1) as an sRGB channel 0..255 (not rounded)."""
    x = min(1.0, max(0.0, x))
    return 255 * (12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055)


def simulate(rgb: Sequence[float], kind: str) -> tuple[float, float, float]:
    """``rgb`` as seen with ``kind`` of colour vision (``KINDS``)."""
    if kind == "normal":
        return (float(rgb[0]), float(rgb[1]), float(rgb[2]))
    m = MACHADO[kind]
    lin = [to_linear(c) for c in rgb[:3]]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return (from_linear(out[0]), from_linear(out[1]), from_linear(out[2]))


# ----------------------------------------------------------------------------- CIELAB, CIEDE2000
def to_lab(rgb: Sequence[float]) -> tuple[float, float, float]:
    """CIELAB (D65 white) of an sRGB colour."""
    r, g, b = (to_linear(c) for c in rgb[:3])
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """CIEDE2000 difference of two CIELAB colours (Sharma, Wu & Dalal 2005; kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar = (l1 + l2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc = 1 + 0.045 * cp_bar
    sh = 1 + 0.015 * cp_bar * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


def delta_e(a: Sequence[float], b: Sequence[float], kind: str = "normal") -> float:
    """CIEDE2000 difference of two sRGB colours as seen with ``kind`` of colour vision."""
    return ciede2000(to_lab(simulate(a, kind)), to_lab(simulate(b, kind)))


def pair_distances(
    colours: Mapping[str, Sequence[int]], pairs: Sequence[tuple[str, str]] | None = None, kind: str = "normal"
) -> dict[tuple[str, str], float]:
    """ΔE00 of each pair (default: every pair) of named colours under ``kind``."""
    chosen = list(pairs) if pairs is not None else list(combinations(colours, 2))
    return {(x, y): delta_e(colours[x], colours[y], kind) for x, y in chosen}


def worst_pairs(
    colours: Mapping[str, Sequence[int]], pairs: Sequence[tuple[str, str]] | None = None, kinds: Sequence[str] = KINDS
) -> dict[str, tuple[tuple[str, str], float]]:
    """The closest pair and its ΔE00 under each vision ``kind``."""
    out = {}
    for kind in kinds:
        d = pair_distances(colours, pairs, kind)
        pair = min(d, key=lambda p: d[p])
        out[kind] = (pair, d[pair])
    return out


# ----------------------------------------------------------------------------- text size
def clear_render_caches(package: str = "renderers") -> None:
    """Empty every cache (``lru_cache`` functions, band caches) of the modules of ``package``, so
    what a test records is drawn again whatever rendered before it in this process."""
    import sys

    for name, module in list(sys.modules.items()):
        if module is None or not (name == package or name.startswith(package + ".")):
            continue
        for obj in vars(module).values():
            if not isinstance(obj, type) and callable(getattr(obj, "cache_clear", None)):
                obj.cache_clear()


@contextmanager
def text_sizes() -> Iterator[list[tuple[int, int]]]:
    """Inside the block every text Pillow draws is recorded as (font size, canvas width)."""
    seen: list[tuple[int, int]] = []
    original = ImageDraw.ImageDraw.text

    def text(
        self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None, *a: Any, **k: Any
    ) -> Any:
        used = font if font is not None else self.font
        if str(text).strip():
            seen.append((int(getattr(used, "size", 10)), self.im.size[0]))
        return original(self, xy, text, fill, font, *a, **k)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


def image_widths(images: Sequence[tuple[str, bytes]]) -> list[int]:
    return [Image.open(io.BytesIO(data)).size[0] for _, data in images]


def smallest_text_at_view(draw: Callable[[], Sequence[tuple[str, bytes]]], view_width: int) -> tuple[float, int, int]:
    """(px, font size, width) of the smallest text ``draw`` puts on its pictures, shown
    ``view_width`` px wide. Text drawn on a canvas narrower than the pictures (a part pasted
    into one) counts at the width of the narrowest picture that can hold it."""
    clear_render_caches()
    with text_sizes() as seen:
        images = draw()
    widths = sorted(image_widths(images))
    assert seen, "no text drawn"

    def shown(size: int, canvas: int) -> tuple[float, int, int]:
        width = next((w for w in widths if w >= canvas), canvas)
        return (size * view_width / width, size, width)

    return min(shown(size, canvas) for size, canvas in seen)
