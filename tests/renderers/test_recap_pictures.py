"""The recap's pictures (``renderers.recap``, ``renderers.score_sheet``, ``renderers.kit.animation``):
valid animated GIFs within a size limit, and a score sheet that reads on a phone."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from renderers import kit, score_sheet
from renderers import recap as pictures
from tests.renderers.legibility import smallest_text_at_view

RED, BLUE = kit.seat_colour("red").rgb, kit.seat_colour("blue").rgb


def frames_of(data: bytes) -> tuple[list[Image.Image], list[int], dict]:
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF"
        info = dict(gif.info)
        out, durations = [], []
        for i in range(gif.n_frames):
            gif.seek(i)
            durations.append(gif.info["duration"])
            out.append(gif.convert("RGB"))
    return out, durations, info


# ---------------------------------------------------------------------- the kit's GIF
def test_frames_become_an_endless_gif_with_their_durations_and_exact_colours():
    first = Image.new("RGB", (120, 80), kit.PAPER)
    second = first.copy()
    second.paste(RED, (10, 10, 50, 50))
    third = second.copy()
    third.paste(BLUE, (60, 20, 100, 70))
    data = kit.to_gif([first, second, third], [300, 300, 2000], exact=[RED, BLUE], comment="a · b · c")
    frames, durations, info = frames_of(data)
    assert len(frames) == 3 and durations == [300, 300, 2000]
    assert info["loop"] == 0 and info["comment"] == "a · b · c".encode()
    assert frames[0].getpixel((20, 20)) == kit.PAPER
    assert frames[1].getpixel((20, 20)) == RED and frames[1].getpixel((80, 40)) == kit.PAPER
    assert frames[2].getpixel((20, 20)) == RED and frames[2].getpixel((80, 40)) == BLUE  # drawn over the last


def test_a_gif_needs_frames_of_one_size_and_a_duration_each():
    a, b = Image.new("RGB", (10, 10)), Image.new("RGB", (12, 10))
    with pytest.raises(ValueError):
        kit.to_gif([], [])
    with pytest.raises(ValueError):
        kit.to_gif([a, a], [100])
    with pytest.raises(ValueError):
        kit.to_gif([a, b], [100, 100])


# ---------------------------------------------------------------------- the recap
def test_a_recap_takes_a_few_seconds_and_holds_the_final_position():
    for count in (2, 5, 12, 40):
        durations = pictures.durations(count)
        assert durations[-1] == pictures.FINAL_MS
        assert all(pictures.STEP_MS[0] <= d <= pictures.STEP_MS[1] for d in durations[:-1])
        assert sum(durations) <= max(pictures.PLAY_MS, pictures.STEP_MS[0] * (count - 1)) + pictures.FINAL_MS


def noise(width: int, height: int, seed: int) -> Image.Image:
    """A picture that does not compress: random pixels."""
    rng = random.Random(seed)
    return Image.frombytes("RGB", (width, height), rng.randbytes(width * height * 3))


@pytest.fixture
def noisy_boards(monkeypatch):
    """Boards of random pixels (each frame's own), 500 px wide, instead of a game's pictures."""
    monkeypatch.setattr(pictures, "board_image", lambda key, state, names: noise(500, 300, state))


def recap_frames(count: int) -> list[pictures.Frame]:
    return [
        pictures.Frame(i, "Start" if i == 0 else f"Turn {i}", i / (count - 1), final=i == count - 1)
        for i in range(count)
    ]


def test_a_recap_is_drawn_at_its_width_under_its_captions(monkeypatch):
    monkeypatch.setattr(pictures, "board_image", lambda key, state, names: Image.new("RGB", (900, 600), BLUE))
    data = pictures.render_recap("any", recap_frames(3), ["Anna", "Ben"])
    frames, durations, info = frames_of(data)
    assert len(frames) == 3 and frames[0].width == pictures.WIDTH
    band = round(pictures.WIDTH * pictures.BAND)
    assert frames[0].height == band + round(600 * pictures.WIDTH / 900)
    assert frames[0].getpixel((pictures.WIDTH - 2, 2)) == kit.INK  # the caption band
    assert frames[-1].getpixel((pictures.WIDTH - 2, 2)) == kit.GOLD  # the final position's
    assert frames[1].getpixel((pictures.WIDTH // 2, band + 100)) == BLUE  # the board under it
    assert info["comment"].decode() == "Start · Turn 1 · Turn 2"


def test_a_recap_over_its_limit_is_drawn_narrower_then_with_fewer_frames(noisy_boards):
    full = pictures.render_recap("any", recap_frames(9), ["Anna"])
    limit = len(full) // 6  # smaller than the narrowest recap of all nine frames
    data = pictures.render_recap("any", recap_frames(9), ["Anna"], max_bytes=limit)
    assert len(data) <= limit
    frames, _, info = frames_of(data)
    assert frames[0].width == pictures.MIN_WIDTH and 2 <= len(frames) < 9
    captions = info["comment"].decode().split(" · ")
    assert captions[0] == "Start" and captions[-1] == "Turn 8"  # the first and the last stay
    with pytest.raises(ValueError):
        pictures.render_recap("any", recap_frames(9), ["Anna"], max_bytes=1000)


def test_a_tall_board_keeps_its_width_on_the_canvas(monkeypatch):
    monkeypatch.setattr(pictures, "board_image", lambda key, state, names: Image.new("RGB", (1000, 2600), BLUE))
    frames, _, _ = frames_of(pictures.render_recap("any", recap_frames(2), ["Anna"]))
    band = round(pictures.WIDTH * pictures.BAND)
    assert frames[0].getpixel((0, band + 10)) == BLUE and frames[0].getpixel((pictures.WIDTH - 1, band + 10)) == BLUE


# ---------------------------------------------------------------------- the score sheet
def sheet(players: int, categories: int = 8) -> score_sheet.Sheet:
    colours = ["red", "blue", "yellow", "green", "purple"]
    return score_sheet.Sheet(
        title="Terramara",
        subtitle="Final scores",
        categories=tuple(
            ["Reserved artifact", "Game-end effects", "faction"] + [f"Line {i}" for i in range(categories)]
        )[:categories],
        total_label="Total",
        players=tuple(
            score_sheet.Player(
                seat=i,
                name=f"A rather long player name {i + 1}",
                colour=colours[i],
                place=f"{i + 1}st",
                winner=i == 0,
                total=str(100 - i),
                values=tuple("Chaos Magicians" if c == 2 else str(c * i) for c in range(categories)),
            )
            for i in range(players)
        ),
    )


@pytest.mark.parametrize("players", [2, 5])
def test_the_score_sheet_reads_on_a_phone(players):
    px, size, width = smallest_text_at_view(
        lambda: [("scores.png", score_sheet.render_score_sheet(sheet(players)))], kit.VIEW_WIDTH
    )
    assert width == score_sheet.WIDTH and px >= kit.MIN_TEXT_AT_VIEW, (size, width)


def test_the_score_sheet_shows_each_seats_token_and_a_star_for_the_winner():
    img = score_sheet.render_sheet_image(sheet(3))
    colours = {c for _, c in img.getcolors(maxcolors=1 << 20)}
    for name in ("red", "blue", "yellow"):
        assert kit.seat_colour(name).rgb in colours
    assert kit.seat_colour("green").rgb not in colours
    assert score_sheet.STAR_FILL in colours
    no_winner = score_sheet.Sheet(
        **{
            **sheet(3).__dict__,
            "players": tuple(score_sheet.Player(**{**p.__dict__, "winner": False}) for p in sheet(3).players),
        }
    )
    assert score_sheet.STAR_FILL not in {c for _, c in score_sheet.render_sheet_image(no_winner).getcolors(1 << 20)}


def test_a_sheet_without_categories_is_the_ranking_alone():
    short = score_sheet.render_sheet_image(sheet(3, categories=0))
    full = score_sheet.render_sheet_image(sheet(3))
    assert short.width == full.width and short.height < full.height


def test_the_score_sheet_says_itself_in_words():
    data = score_sheet.render_score_sheet(sheet(2), description="1. Platz: Anna — Summe 100\n2. Platz: Ben — Summe 99")
    with Image.open(io.BytesIO(data)) as png:
        png.load()
        assert png.text["Description"] == "1. Platz: Anna — Summe 100\n2. Platz: Ben — Summe 99"


def test_who_plays_what_goes_beside_the_names_not_into_the_grid():
    def one(values: tuple[str, ...], categories: tuple[str, ...]) -> score_sheet.Sheet:
        players = tuple(
            score_sheet.Player(seat=i, name=f"P{i}", colour="red", place="1st", winner=False, total="5", values=values)
            for i in range(2)
        )
        return score_sheet.Sheet("T", "Final scores", categories, "Total", players)

    with_faction = score_sheet.render_sheet_image(one(("Witches", "5"), ("faction", "VP")))
    without = score_sheet.render_sheet_image(one(("5",), ("VP",)))
    towers = score_sheet.render_sheet_image(one(("3, 2, 1", "5"), ("towers", "VP")))  # digits: a score
    assert with_faction.height == without.height < towers.height
