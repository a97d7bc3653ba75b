"""The final score sheet of a game as a picture, legible on a phone.

The platform passes a ``Sheet``: every text already said in the reader's language (the game's
name, the places, the score categories) and the players in ranking order. The picture has

* a heading: the game's name and what the sheet is;
* the ranking: one row per player with the place, the player's token (a disc in the seat's
  colour with the seat's number on it: told apart without colour too), the name, a star for a
  winner, who the player played where the result says it in words (a faction) and the final
  score, large;
* where the game's result gives a breakdown, the score sheet proper: one column per player (its
  token and name on top, in ranking order), one row per score category, the totals at the foot.

``WIDTH`` is 800 px; no type is smaller than ``MIN_FONT`` px, 11 px when a phone shows the picture
400 px wide (``kit.MIN_TEXT_AT_VIEW``). Its PNG carries the sheet in words as the text chunk
``Description`` (``render_score_sheet(..., description=)``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from renderers import kit

WIDTH = 800
MIN_FONT = 22  # 11 px at a phone's 400 px
PAD = 20
TITLE_FONT = 34
SUBTITLE_FONT = 26
NAME_FONT = 30
TOTAL_FONT = 36
LABEL_FONT = 24
VALUE_FONT = 26
SMALL_FONT = MIN_FONT
RANK_ROW = 72
TOKEN_R = 22
GRID_TOKEN_R = 18
COLUMN = (104, 170)  # a player's column in the grid: at least, at most (px)
LABEL_COLUMN = 220  # the categories' column: at least (px)
LINE_GAP = 4
ROW_PAD = 10
SHADE = kit.PAPER_DARK
RULE = kit.MUTED
STAR_FILL = kit.GOLD


@dataclass(frozen=True)
class Player:
    """One player's line of the sheet: ``place`` said ("1st"), ``colour`` a palette name
    (``kit.PALETTE``), ``total`` the final score as shown, ``values`` one per category ("" where
    the player scored nothing of it)."""

    seat: int
    name: str
    colour: str
    place: str
    winner: bool
    total: str
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sheet:
    """The whole sheet: heading, the categories' names, the total's name and the players in
    ranking order."""

    title: str
    subtitle: str
    categories: tuple[str, ...]
    total_label: str
    players: tuple[Player, ...]


def _rgb(name: str) -> kit.RGB:
    try:
        return kit.seat_colour(name).rgb
    except KeyError:
        return kit.NEUTRAL_GREY


def token(player: Player, radius: int) -> Image.Image:
    """The player's token: a disc in the seat's colour with the seat's number."""
    return kit.letter_token(_rgb(player.colour), str(player.seat + 1), radius, max(MIN_FONT, round(radius * 1.1)))


def star(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    """A five-pointed star (a winner), gold with a dark outline."""
    cx, cy = centre
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    draw.polygon(points, fill=STAR_FILL, outline=kit.INK, width=3)


def _lines(text: str, fnt: ImageFont.FreeTypeFont, width: float, most: int = 2) -> list[str]:
    """``text`` wrapped to at most ``most`` lines of ``width`` (the last one cut with "…")."""
    text = kit.drawable(text, bold=True) or "–"
    lines = kit.wrap(text, fnt, width)
    if "-" in text and any(line.endswith("…") for line in lines):  # a long compound: break it at a hyphen
        lines = [line.replace("- ", "-") for line in kit.wrap(text.replace("-", "- "), fnt, width)]
    if len(lines) <= most:
        return lines
    return [*lines[: most - 1], kit.fit_text(" ".join(lines[most - 1 :]), fnt, width)]


def _value(player: Player, index: int) -> str:
    return player.values[index] if index < len(player.values) else ""


def _word(text: str) -> bool:
    """A value that says who plays what (a faction, a tribe) rather than a score: words, no digit."""
    return bool(text.strip()) and not any(ch.isdigit() for ch in text)


def _numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _columns(count: int) -> tuple[int, int]:
    """The width of the categories' column and of each player's column."""
    room = WIDTH - 2 * PAD
    column = max(COLUMN[0], min(COLUMN[1], (room - LABEL_COLUMN) // max(1, count)))
    return room - column * count, column


def render_sheet_image(sheet: Sheet) -> Image.Image:
    """The score sheet (see the module's description) as an RGB image."""
    title_f = kit.font(TITLE_FONT, bold=True)
    sub_f = kit.font(SUBTITLE_FONT)
    name_f = kit.font(NAME_FONT, bold=True)
    total_f = kit.font(TOTAL_FONT, bold=True)
    place_f = kit.font(NAME_FONT, bold=True)
    label_f = kit.legible_font(LABEL_FONT, MIN_FONT, bold=False)
    value_f = kit.legible_font(VALUE_FONT, MIN_FONT)
    small_f = kit.legible_font(SMALL_FONT, MIN_FONT)
    players = sheet.players
    label_w, col_w = _columns(len(players))

    # who plays what (a category whose every value is a word, a faction): beside the name; the
    # scores in the grid, whose rows are measured first: (label lines, [value lines per player], height)
    described = [i for i in range(len(sheet.categories)) if players and all(_word(_value(p, i)) for p in players)]
    grid: list[tuple[list[str], list[list[str]], int]] = []
    for i, category in enumerate(sheet.categories):
        if i in described:
            continue
        label = _lines(category, label_f, label_w - 2 * ROW_PAD)
        values = []
        for p in players:
            v = _value(p, i)
            whole = not v or _numeric(v) or value_f.getlength(v) <= col_w - 8  # one line, as large as a number
            values.append([v] if whole else _lines(v, small_f, col_w - 8))
        tallest = max([len(label), *(len(v) for v in values)])
        grid.append((label, values, tallest * (LABEL_FONT + LINE_GAP + 4) + 2 * ROW_PAD))
    head_h = 2 * GRID_TOKEN_R + 12 + SMALL_FONT + 2 * ROW_PAD
    total_h = VALUE_FONT + 2 * ROW_PAD + 10
    height = PAD + TITLE_FONT + 8 + SUBTITLE_FONT + 18 + RANK_ROW * len(players) + PAD
    if grid:
        height += 18 + head_h + sum(h for _, _, h in grid) + total_h
    img = Image.new("RGB", (WIDTH, height), kit.PAPER)
    draw = ImageDraw.Draw(img)

    # heading
    y = PAD
    kit.text(draw, (PAD, y), kit.fit_text(kit.drawable(sheet.title, bold=True), title_f, WIDTH - 2 * PAD), title_f)
    y += TITLE_FONT + 8
    kit.text(draw, (PAD, y), kit.fit_text(kit.drawable(sheet.subtitle), sub_f, WIDTH - 2 * PAD), sub_f, kit.MUTED)
    y += SUBTITLE_FONT + 18

    # the ranking
    place_w = max(round(place_f.getlength(kit.drawable(p.place, bold=True))) for p in players) if players else 0
    total_w = max(round(total_f.getlength(p.total)) for p in players) if players else 0
    for p in players:
        mid = y + RANK_ROW / 2
        if p.winner:
            kit.rounded_rect(
                draw, (PAD // 2, y + 4, WIDTH - PAD // 2, y + RANK_ROW - 4), 12, fill=kit.mix(kit.GOLD, kit.PAPER, 0.6)
            )
        x = PAD
        draw.text((x, mid), kit.drawable(p.place, bold=True), font=place_f, fill=kit.INK, anchor="lm")
        x += place_w + 16
        kit.paste_centred(img, token(p, TOKEN_R), (x + TOKEN_R + 4, mid))
        x += 2 * TOKEN_R + 20
        room = WIDTH - PAD - total_w - 24 - x - (44 if p.winner else 0)
        name = kit.fit_text(kit.drawable(p.name, bold=True) or f"{p.seat + 1}", name_f, room)
        draw.text((x, mid), name, font=name_f, fill=kit.INK, anchor="lm")
        x += round(name_f.getlength(name))
        if p.winner:
            star(draw, (x + 26, mid), 17)
            x += 44
        words = kit.drawable(" · ".join(_value(p, i) for i in described))
        left = WIDTH - PAD - total_w - 24 - x - 14
        if words and left >= 3 * SUBTITLE_FONT:
            draw.text((x + 14, mid), kit.fit_text(words, sub_f, left), font=sub_f, fill=kit.MUTED, anchor="lm")
        draw.text((WIDTH - PAD, mid), p.total, font=total_f, fill=kit.INK, anchor="rm")
        y += RANK_ROW
    if not grid:
        return img

    # the score sheet proper: a column per player
    y += 18
    x0 = PAD + label_w
    draw.line((PAD, y, WIDTH - PAD, y), fill=RULE, width=2)
    for j, p in enumerate(players):
        cx = x0 + col_w * j + col_w / 2
        kit.paste_centred(img, token(p, GRID_TOKEN_R), (cx, y + ROW_PAD + GRID_TOKEN_R + 2))
        short = kit.fit_text(kit.drawable(p.name, bold=True) or f"{p.seat + 1}", small_f, col_w - 8)
        draw.text((cx, y + ROW_PAD + 2 * GRID_TOKEN_R + 10), short, font=small_f, fill=kit.INK, anchor="mt")
    y += head_h
    for i, (label, values, h) in enumerate(grid):
        if i % 2 == 0:
            draw.rectangle((PAD, y, WIDTH - PAD, y + h - 1), fill=SHADE)
        ly = y + (h - len(label) * (LABEL_FONT + LINE_GAP + 4)) / 2
        for k, line in enumerate(label):
            draw.text((PAD + ROW_PAD, ly + k * (LABEL_FONT + LINE_GAP + 4)), line, font=label_f, fill=kit.INK)
        for j, lines in enumerate(values):
            cx = x0 + col_w * j + col_w / 2
            if len(lines) == 1 and (not lines[0] or value_f.getlength(lines[0]) <= col_w - 8):
                shown = lines[0] or "–"
                draw.text((cx, y + h / 2), shown, font=value_f, fill=kit.INK if lines[0] else kit.MUTED, anchor="mm")
                continue
            vy = y + (h - len(lines) * (SMALL_FONT + LINE_GAP + 4)) / 2
            for k, line in enumerate(lines):
                draw.text((cx, vy + k * (SMALL_FONT + LINE_GAP + 4)), line, font=small_f, fill=kit.INK, anchor="mt")
        y += h
    draw.line((PAD, y, WIDTH - PAD, y), fill=kit.INK, width=3)
    mid = y + 5 + (total_h - 5) / 2
    kit.text(
        draw,
        (PAD + ROW_PAD, mid),
        kit.fit_text(kit.drawable(sheet.total_label, bold=True), value_f, label_w - 2 * ROW_PAD),
        value_f,
        anchor="lm",
    )
    for j, p in enumerate(players):
        cx = x0 + col_w * j + col_w / 2
        draw.text((cx, mid), kit.fit_text(p.total, value_f, col_w - 8), font=value_f, fill=kit.INK, anchor="mm")
    return img


def render_score_sheet(sheet: Sheet, *, description: str = "") -> bytes:
    """The score sheet as PNG bytes; ``description`` (the sheet in words) goes into its text
    chunk ``Description``."""
    img = render_sheet_image(sheet)
    exact = [_rgb(p.colour) for p in sheet.players]
    return kit.to_png(img, exact=exact, text={"Description": description} if description else None)
