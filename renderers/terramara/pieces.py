"""Sprites of Terramara's pieces: members, carts, canoes, banners, fire, blockades, stars."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers import kit
from renderers.kit import INK, WHITE
from renderers.terramara import geometry as g

RGB = g.RGB
MEMBER_R = 22  # radius of a scout disc; a chief is a little larger, a warrior a square


def member(rgb: RGB, kind: str) -> Image.Image:
    """A tribe member (chief C, scout S, warrior W; neutral scouts N) as an RGBA sprite."""
    if kind == "warrior":
        return kit.letter_token(rgb, "W", MEMBER_R - 2, g.SMALL, square=True)
    if kind == "chief":
        return kit.letter_token(rgb, "C", MEMBER_R + 1, g.BODY, halo=kit.GOLD)
    return kit.letter_token(rgb, "N" if kind == "neutral" else "S", MEMBER_R, g.SMALL)


def _supersampled(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    ss = 4
    big = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big), ss


@lru_cache(maxsize=32)
def cart(rgb: RGB) -> Image.Image:
    w, h = 40, 34
    big, d, ss = _supersampled(w, h)
    d.rounded_rectangle((2 * ss, 2 * ss, 38 * ss, 23 * ss), radius=4 * ss, fill=(*INK, 255))
    d.rounded_rectangle((5 * ss, 5 * ss, 35 * ss, 20 * ss), radius=3 * ss, fill=(*rgb, 255))
    for cx in (11, 29):
        d.ellipse(((cx - 6) * ss, 20 * ss, (cx + 6) * ss, 32 * ss), fill=(*INK, 255))
        d.ellipse(((cx - 3) * ss, 23 * ss, (cx + 3) * ss, 29 * ss), fill=(*kit.lighter(rgb, 0.2), 255))
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=32)
def canoe(rgb: RGB) -> Image.Image:
    w, h = 44, 22
    big, d, ss = _supersampled(w, h)
    d.polygon([(x * ss, y * ss) for x, y in [(1, 6), (43, 6), (36, 20), (8, 20)]], fill=(*INK, 255))
    d.polygon([(x * ss, y * ss) for x, y in [(6, 9), (38, 9), (33, 17), (11, 17)]], fill=(*rgb, 255))
    d.rectangle((21 * ss, 0, 23 * ss, 7 * ss), fill=(*INK, 255))
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=32)
def flag(rgb: RGB) -> Image.Image:
    w, h = 28, 36
    big, d, ss = _supersampled(w, h)
    d.rectangle((2 * ss, 1 * ss, 6 * ss, 35 * ss), fill=(*INK, 255))
    d.polygon([(5 * ss, 1 * ss), (27 * ss, 9 * ss), (5 * ss, 18 * ss)], fill=(*INK, 255))
    d.polygon([(8 * ss, 5 * ss), (20 * ss, 9.5 * ss), (8 * ss, 14 * ss)], fill=(*rgb, 255))
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1)
def blockade() -> Image.Image:
    img = Image.new("RGBA", (46, 36), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, 45, 35), radius=5, fill=(*g.BLOCK_GREY, 255), outline=(*INK, 255), width=2)
    d.line((8, 7, 37, 28), fill=WHITE, width=4)
    d.line((8, 28, 37, 7), fill=WHITE, width=4)
    return img


@lru_cache(maxsize=4)
def flame(size: int = 40) -> Image.Image:
    big, d, ss = _supersampled(size, size)
    shape = [(0, -0.48), (0.2, -0.18), (0.36, 0.05), (0.34, 0.28), (0.18, 0.44), (0, 0.48)]
    shape += [(-0.18, 0.44), (-0.34, 0.28), (-0.36, 0.05), (-0.22, -0.1), (-0.1, 0.06)]

    def pts(scale: float, dy: float) -> list[tuple[float, float]]:
        c = size / 2
        return [((c + x * size * scale) * ss, (c + (y + dy) * size * scale) * ss) for x, y in shape]

    d.polygon(pts(1.0, 0), fill=(*INK, 255))
    d.polygon(pts(0.82, 0.06), fill=(*g.FIRE, 255))
    d.polygon(pts(0.45, 0.35), fill=(*kit.GOLD, 255))
    return big.resize((size, size), Image.Resampling.LANCZOS)


def marker(rgb: RGB) -> Image.Image:
    """A track marker (military)."""
    return kit.disc_sprite(rgb, 13, INK, 2.5, None, 0, True, False)


def star(d: ImageDraw.ImageDraw, centre: tuple[float, float], r: float, fill: RGB = kit.GOLD) -> None:
    """A five-pointed star: the track symbols that outposts ask for."""
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    d.polygon(pts, fill=fill, outline=INK)
