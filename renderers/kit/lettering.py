"""The kit's type: the bundled DejaVu fonts (cached, with their glyph masks), what they can draw,
text that fits a width, and text drawn with an outline or a shadow.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageDraw, ImageFont

from renderers.kit.colours import INK

FONT_DIR = Path(__file__).parent.parent / "fonts"
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


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
