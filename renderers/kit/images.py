"""The kit's pages and output: images stacked and packed into pages, and the PNG encoder
(quantised to a palette, key colours kept exact).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from PIL import Image, PngImagePlugin

from renderers.kit.colours import PAPER, RGB


# ----------------------------------------------------------------------------- output
def to_png(
    image: Image.Image,
    *,
    colours: int | None = 256,
    exact: Iterable[Sequence[int]] = (),
    compress_level: int = 3,
    sample: int = 1,
    text: Mapping[str, str] | None = None,
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

    ``text``: PNG text chunks to write with the image (``Description``: what it shows, in words).
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
    info = None
    if text:
        info = PngImagePlugin.PngInfo()
        for key, value in text.items():
            info.add_itxt(key, value)  # international text: any language's letters
    img.save(buf, format="PNG", compress_level=compress_level, pnginfo=info)
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
