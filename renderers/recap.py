"""The recap of a finished game: the board at its key moments as one animated GIF.

The platform chooses the moments (``bot.recap``: the set-up, the board each time a round ends or
at evenly spaced handovers, the final position) and says each frame's caption in the reader's
language; this module draws them. Each frame is the game's own board picture (``renderers.render``
of the position's view) scaled to ``WIDTH`` px, under a caption band: the caption on the left, a
bar along the band's foot showing how far into the game the frame is. The final position has a
gold band and is held longest. Frames of different heights (a board that grows) are centred on a
canvas as high as the highest, at most ``MAX_ASPECT`` times the width.

The GIF's comment holds the captions, in order. ``render_recap`` keeps the GIF under ``max_bytes``: a recap over it is drawn again narrower,
then with every other frame between the first and the last left out, until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

import renderers
from renderers import kit

WIDTH = 640  # px: a board is drawn for a phone's 400 px; this keeps its details sharp on a retina screen
MIN_WIDTH = 400  # narrower would make the board's own text unreadable
MAX_ASPECT = 3.0  # the canvas is at most this many times as high as wide (a tall board is not shrunk)
MAX_BYTES = 7_500_000  # under Discord's 8 MB per file, with room for the rest of the message
STEP_MS = (250, 700)  # the shortest and longest time a frame between the first and the last is shown
PLAY_MS = 4000  # the frames before the last take about this long together
FINAL_MS = 2000  # the final position is held this long
BAND = 0.08  # the caption band's height, as a share of the width
BAR = 0.012  # the progress bar's height, as a share of the width
CAPTION = 0.04  # the caption's type size, as a share of the width (at 400 px: 16 px)
PAD = 0.025  # the caption's left margin, as a share of the width
BAR_TRACK = (78, 68, 58)


@dataclass(frozen=True)
class Frame:
    """One key moment: the position's public view, its caption (said in the reader's language)
    and how far into the game it is (0 the set-up, 1 the end)."""

    state: Any
    caption: str
    progress: float
    final: bool = False


def durations(count: int) -> list[int]:
    """How long each of ``count`` frames is shown (ms): the last ``FINAL_MS``, the others an equal
    share of ``PLAY_MS`` within ``STEP_MS``."""
    if count <= 1:
        return [FINAL_MS] * count
    step = max(STEP_MS[0], min(STEP_MS[1], PLAY_MS // (count - 1)))
    return [step] * (count - 1) + [FINAL_MS]


def board_image(game_key: str, state: Any, names: Sequence[str]) -> Image.Image:
    """The game's board picture of ``state`` (RGB)."""
    with Image.open(io.BytesIO(renderers.render(game_key, state, list(names)))) as img:
        return img.convert("RGB")


def _scaled(board: Image.Image, width: int, max_height: int) -> Image.Image:
    """``board`` as wide as ``width``, or less where it would be higher than ``max_height``."""
    scale = min(width / board.width, max_height / board.height)
    size = (max(1, round(board.width * scale)), max(1, round(board.height * scale)))
    return board if size == board.size else board.resize(size, Image.Resampling.BILINEAR)


def caption_band(width: int, caption: str, progress: float, final: bool) -> Image.Image:
    """The band above a frame: ``caption`` and a bar filled to ``progress`` (gold on the final one)."""
    height = round(width * BAND)
    fill = kit.GOLD if final else kit.INK
    band = Image.new("RGB", (width, height), fill)
    draw = ImageDraw.Draw(band)
    bar = max(4, round(width * BAR))
    fnt = kit.font(max(round(width * CAPTION), 16), bold=True)
    pad = round(width * PAD)
    text = kit.fit_text(kit.drawable(caption, bold=True), fnt, width - 2 * pad)
    draw.text((pad, (height - bar) / 2), text, font=fnt, fill=kit.ink_for(fill), anchor="lm")
    draw.rectangle((0, height - bar, width, height), fill=kit.WOOD_DARK if final else BAR_TRACK)
    done = round(width * max(0.0, min(1.0, progress)))
    if done:
        draw.rectangle((0, height - bar, done - 1, height), fill=kit.WOOD if final else kit.GOLD)
    return band


def compose(boards: Sequence[Image.Image], frames: Sequence[Frame], width: int) -> list[Image.Image]:
    """Each board under its caption band, on canvases of one size."""
    band = round(width * BAND)
    room = round(width * MAX_ASPECT) - band
    scaled = [_scaled(b, width, room) for b in boards]
    height = band + max(s.height for s in scaled)
    out = []
    for board, frame in zip(scaled, frames, strict=True):
        canvas = Image.new("RGB", (width, height), kit.PAPER)
        canvas.paste(caption_band(width, frame.caption, frame.progress, frame.final), (0, 0))
        canvas.paste(board, ((width - board.width) // 2, band))
        out.append(canvas)
    return out


def thinned(frames: Sequence[Frame]) -> list[Frame]:
    """Every other frame between the first and the last left out (both kept)."""
    if len(frames) <= 2:
        return list(frames)
    middle = list(frames[1:-1])[1::2]
    return [frames[0], *middle, frames[-1]]


def render_recap(
    game_key: str,
    frames: Sequence[Frame],
    names: Sequence[str],
    *,
    width: int = WIDTH,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """The animated GIF of ``frames`` (see the module's description), at most ``max_bytes``
    (a recap that cannot be made that small even as two frames at ``MIN_WIDTH`` raises ValueError)."""
    if not frames:
        raise ValueError("a recap needs at least one frame")
    boards = {id(f): board_image(game_key, f.state, names) for f in frames}
    exact = [*(c.rgb for c in kit.PALETTE.values()), kit.INK, kit.GOLD, kit.PAPER, kit.WOOD, kit.WOOD_DARK, BAR_TRACK]
    chosen = list(frames)
    w = min(width, max(b.width for b in boards.values()))
    while True:
        pictures = compose([boards[id(f)] for f in chosen], chosen, w)
        words = " · ".join(f.caption for f in chosen)
        data = kit.to_gif(pictures, durations(len(chosen)), exact=exact, comment=words)
        if len(data) <= max_bytes:
            return data
        if w > MIN_WIDTH:
            w = max(MIN_WIDTH, round(w * 0.8))
        elif len(chosen) > 2:
            chosen = thinned(chosen)
        else:
            raise ValueError(f"the recap of {game_key} is {len(data)} bytes even at its smallest")
