"""PNG encoding in horizontal bands over a fixed palette, so that unchanged parts are not
encoded again.

An image made of parts stacked top to bottom (a page title, then panels ...) is written as
one palette PNG whose compressed data is the concatenation of one raw-deflate segment per
part. Each segment ends with a full flush (byte-aligned, no back-references into the next
segment), so a segment depends only on its part's pixels and the palette: a part that did
not change since the last render (same key, same palette) reuses its segment and skips both
the palette mapping and the compression. The zlib trailer's Adler-32 of the whole data is
combined from the segments' own checksums.

The palette is fixed per game and colour set (``Palette``, built once from reference
images, see ``palette_from``); an adaptive palette per image would give the same part
other indices every time. Pixels are mapped to it exactly as ``kit.to_png`` maps them
(nearest entry, no dithering) and key colours keep their exact values.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from PIL import Image

from renderers import kit

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x5e"  # deflate, 32 KiB window, "fast" level (decoders ignore the level)
FINAL_EMPTY_BLOCK = b"\x03\x00"  # a last, empty block with fixed codes: ends the deflate stream
_ADLER_BASE = 65521


@dataclass(frozen=True)
class Palette:
    """A fixed PNG palette: ``entries`` (3 bytes a colour, at most 256 colours) and the
    1x1 "P" image ``Image.quantize`` maps onto."""

    entries: bytes
    image: Image.Image


@dataclass(frozen=True)
class Band:
    """One part's rows, deflated on their own: the segment, the Adler-32 and length of the
    uncompressed rows (filter byte + indices), and the height in rows."""

    data: bytes
    adler: int
    length: int
    height: int


def palette_from(images: Iterable[Image.Image], exact: Iterable[Sequence[int]] = (), sample: int = 3) -> Palette:
    """A 256-colour palette for pictures like ``images``: every ``sample``-th pixel of each
    in both directions, quantised as ``kit.to_png`` does (fast octree, key colours in
    ``exact`` kept exactly and entries near them snapped onto them). ``images`` may be a
    generator: each picture is reduced to its sample as it comes (little memory)."""
    smalls = [
        im.convert("RGB").resize((max(1, im.width // sample), max(1, im.height // sample)), Image.Resampling.NEAREST)
        for im in images
    ]
    sheet = Image.new("RGB", (max(s.width for s in smalls), sum(s.height for s in smalls)), kit.PAPER)
    y = 0
    for s in smalls:
        sheet.paste(s, (0, y))
        y += s.height
    pal = kit.sampled_palette(sheet, exact)
    entries = bytes(pal.getpalette() or [])[: 3 * 256]
    return Palette(entries, pal)


def adler32_combine(adler1: int, adler2: int, length2: int) -> int:
    """The Adler-32 of A + B from the checksums of A and B and the length of B."""
    rem = length2 % _ADLER_BASE
    sum1 = adler1 & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (adler2 & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((adler1 >> 16) & 0xFFFF) + ((adler2 >> 16) & 0xFFFF) + _ADLER_BASE - rem
    sum1 %= _ADLER_BASE
    sum2 %= _ADLER_BASE
    return sum1 | (sum2 << 16)


def encode_band(image: Image.Image, palette: Palette, level: int = 3) -> Band:
    """``image`` (RGB) mapped onto ``palette`` and deflated as a self-contained segment."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    indices = rgb.quantize(palette=palette.image, dither=Image.Dither.NONE).tobytes()
    w, h = image.size
    # each row behind its filter byte 0 ("none"): the indices pasted one column in on zeros
    rows = Image.new("L", (w + 1, h), 0)
    rows.paste(Image.frombytes("L", (w, h), indices), (1, 0))
    raw = rows.tobytes()
    z = zlib.compressobj(level, zlib.DEFLATED, -15)
    data = z.compress(raw) + z.flush(zlib.Z_FULL_FLUSH)
    return Band(data, zlib.adler32(raw), len(raw), image.height)


def _chunk(tag: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))


def png_from_bands(width: int, palette: Palette, bands: Sequence[Band]) -> bytes:
    """One palette PNG of the bands, top to bottom (all ``width`` px wide)."""
    adler = 1  # Adler-32 of nothing
    for b in bands:
        adler = adler32_combine(adler, b.adler, b.length)
    stream = ZLIB_HEADER + b"".join(b.data for b in bands) + FINAL_EMPTY_BLOCK + struct.pack(">I", adler)
    height = sum(b.height for b in bands)
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", palette.entries),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        )
    )


class BandCache:
    """Encoded bands by (part key, palette), least recently used dropped beyond ``maxsize``.
    A key must name everything the part shows (the part is a function of its key)."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._bands: OrderedDict[tuple[Hashable, bytes], Band] = OrderedDict()
        self._lock = threading.Lock()  # renders run in worker threads

    def band(self, image: Image.Image | Callable[[], Image.Image], key: Hashable | None, palette: Palette) -> Band:
        """The band of ``image`` under ``key``: encoded before, or now. ``image`` may be a
        function that draws the part: it is called only when the band is not cached."""
        if key is None:
            return encode_band(image() if callable(image) else image, palette)
        k = (key, palette.entries)
        with self._lock:
            hit = self._bands.get(k)
            if hit is not None:
                self._bands.move_to_end(k)
                return hit
        band = encode_band(
            image() if callable(image) else image, palette
        )  # outside the lock: two threads may both encode it
        with self._lock:
            self._bands[k] = band
            while len(self._bands) > self.maxsize:
                self._bands.popitem(last=False)
        return band

    def cache_clear(self) -> None:
        with self._lock:
            self._bands.clear()

    def __len__(self) -> int:
        return len(self._bands)


def stacked_png(
    parts: Sequence[tuple[Image.Image | Callable[[], Image.Image], Hashable | None]],
    palette: Palette,
    cache: BandCache,
    *,
    width: int,
    gap: int = 0,
    background: Sequence[int] = kit.PAPER,
) -> bytes:
    """The PNG of ``kit.stack([part, ...], background, gap)`` (parts left-aligned, ``gap``
    rows of ``background`` between them), each part a band: those with a key are taken
    from ``cache`` when they were encoded before. A part may be given as a function that
    draws it: it is drawn only when its band is not in the cache."""
    bands: list[Band] = []
    for i, (part, key) in enumerate(parts):
        if i and gap:
            bands.append(
                cache.band(
                    Image.new("RGB", (width, gap), tuple(background)), ("gap", width, gap, tuple(background)), palette
                )
            )
        bands.append(cache.band(partial(_full_row, part, width, background), key, palette))
    return png_from_bands(width, palette, bands)


def _full_row(part: Image.Image | Callable[[], Image.Image], width: int, background: Sequence[int]) -> Image.Image:
    """The part (drawn now if it is a function) as an RGB row ``width`` px wide on ``background``."""
    img = part() if callable(part) else part
    if img.width != width or img.mode != "RGB":
        row = Image.new("RGB", (width, img.height), tuple(background))
        row.paste(img, (0, 0), img if img.mode == "RGBA" else None)
        img = row
    return img
