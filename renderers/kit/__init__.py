"""A small drawing kit shared by all board renderers.

Everything here is deliberately plain Pillow: cached fonts from ``renderers/fonts``
(never system fonts), a player palette, text helpers with outline/shadow, rounded
panels, a legend row, anti-aliased disc sprites and a PNG encoder tuned for size.

Colours are ``(r, g, b)`` tuples throughout.

Five modules: :mod:`~renderers.kit.colours` (tones, mixing, the player palette),
:mod:`~renderers.kit.lettering` (fonts and text), :mod:`~renderers.kit.shapes` (panels, tokens,
pills, the legend), :mod:`~renderers.kit.images` (pages and the PNG encoder) and
:mod:`~renderers.kit.animation` (frames assembled into an animated GIF). Every public
name is re-exported here: renderers write ``kit.font``, ``kit.INK``, ``kit.panel``.
"""

from __future__ import annotations

from renderers.kit.animation import shared_palette, to_gif
from renderers.kit.colours import (
    DEFAULT_SEAT_ORDER,
    GOLD,
    INK,
    MUTED,
    NEUTRAL_GREY,
    PALETTE,
    PAPER,
    PAPER_DARK,
    RGB,
    WHITE,
    WOOD,
    WOOD_DARK,
    SeatColour,
    darker,
    ink_for,
    lighter,
    luminance,
    mix,
    seat_colour,
)
from renderers.kit.images import (
    pack,
    sampled_palette,
    stack,
    to_png,
)
from renderers.kit.lettering import (
    FONT_DIR,
    MIN_TEXT_AT_VIEW,
    VIEW_WIDTH,
    CachedFont,
    centred_text,
    display_name,
    drawable,
    fit_text,
    font,
    has_glyph,
    legible_font,
    text,
    text_width,
    wrap,
)
from renderers.kit.shapes import (
    disc_sprite,
    hatch,
    legend,
    letter_token,
    panel,
    paste_centred,
    pill,
    rounded_rect,
    shadow_sprite,
)

__all__ = [
    "RGB",
    "INK",
    "PAPER",
    "PAPER_DARK",
    "MUTED",
    "WOOD",
    "WOOD_DARK",
    "NEUTRAL_GREY",
    "GOLD",
    "WHITE",
    "mix",
    "darker",
    "lighter",
    "luminance",
    "ink_for",
    "SeatColour",
    "PALETTE",
    "DEFAULT_SEAT_ORDER",
    "seat_colour",
    "FONT_DIR",
    "VIEW_WIDTH",
    "MIN_TEXT_AT_VIEW",
    "CachedFont",
    "font",
    "legible_font",
    "has_glyph",
    "drawable",
    "text_width",
    "fit_text",
    "text",
    "centred_text",
    "display_name",
    "wrap",
    "rounded_rect",
    "panel",
    "shadow_sprite",
    "disc_sprite",
    "paste_centred",
    "hatch",
    "legend",
    "pill",
    "letter_token",
    "to_png",
    "sampled_palette",
    "stack",
    "pack",
    "to_gif",
    "shared_palette",
]
