"""The kit's animations: pictures assembled into one animated GIF that plays in a chat.

GIF rather than APNG: Discord animates an uploaded GIF in the channel but shows only the first
frame of an APNG. Every frame is mapped (nearest colour, no dithering) onto one palette made from
a sample of all the frames plus the key colours (``exact``: the players' colours, kept exact),
so a part of the picture that did not change between two frames has the same indices in both:
Pillow's GIF writer then stores only the rectangle that changed (and, within it, the unchanged
pixels as transparent), which keeps a board's recap small. One palette entry stays free for
that transparency.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from PIL import Image

from renderers.kit.images import sampled_palette

GIF_COLOURS = 255  # one entry of 256 left free: the writer's "unchanged" transparency
SAMPLE_STEP = 4  # the palette is made from every 4th pixel of every frame, both ways


def shared_palette(frames: Sequence[Image.Image], exact: Iterable[Sequence[int]] = ()) -> Image.Image:
    """A "P" image whose palette suits every frame: their pixels sampled (``SAMPLE_STEP``), the
    samples side by side, quantised as ``kit.to_png`` does, ``exact`` colours kept as they are."""
    thumbs = [
        f.convert("RGB").resize(
            (max(1, f.width // SAMPLE_STEP), max(1, f.height // SAMPLE_STEP)), Image.Resampling.NEAREST
        )
        for f in frames
    ]
    sheet = Image.new("RGB", (sum(t.width for t in thumbs), max(t.height for t in thumbs)))
    x = 0
    for t in thumbs:
        sheet.paste(t, (x, 0))
        x += t.width
    return sampled_palette(sheet, exact, GIF_COLOURS)


def to_gif(
    frames: Sequence[Image.Image],
    durations: Sequence[int],
    *,
    exact: Iterable[Sequence[int]] = (),
    comment: str = "",
) -> bytes:
    """``frames`` (all the same size) as an animated GIF that loops for ever, frame ``i`` shown
    ``durations[i]`` ms; the colours in ``exact`` stay exact; ``comment`` (what it shows, in
    words) goes into the file's comment."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    if len(durations) != len(frames):
        raise ValueError(f"{len(frames)} frames but {len(durations)} durations")
    size = frames[0].size
    if any(f.size != size for f in frames):
        raise ValueError("every frame of an animation must have the same size")
    palette = shared_palette(frames, exact)
    mapped = [f.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    buf = io.BytesIO()
    extra = {"comment": comment.encode()} if comment else {}
    mapped[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=mapped[1:],
        duration=list(durations),
        loop=0,
        optimize=True,
        disposal=1,  # each frame is drawn over the last: a delta needs what it leaves alone
        **extra,
    )
    return buf.getvalue()
