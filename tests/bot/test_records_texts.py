"""The records commands' texts (/mygames, /stats, /leaderboard) are keyed (``bot/locales/*/records.ftl``):
every line of their embeds and messages is said in German by key (only game and player names and
numbers reach the boundary as plain strings), and their command descriptions have German."""

from __future__ import annotations

import discord

from bot import i18n, records
from bot.discord_app.cogs import records as cog
from games import registry
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

NAMES = r"^(Anna|Ben)(, (Anna|Ben))*$"


def embed_lines(embed: discord.Embed) -> list[str]:
    lines = [embed.title or "", embed.footer.text or ""]
    lines += (embed.description or "").splitlines()
    for f in embed.fields:
        lines += [f.name or ""] + (f.value or "").splitlines()
    return [ln for ln in lines if ln]


def game(**kw) -> records.MyGame:
    base = dict(
        table_id=1,
        game="Terra Turrium",
        channel_id=55,
        guild_id=1,
        status="running",
        seat=0,
        owes=False,
        waiting_s=3 * 86400 + 7200,
        waiting_for=["Ben"],
        stalled=False,
        message_id=77,
    )
    base.update(kw)
    return records.MyGame(**base)  # type: ignore[arg-type]


def test_the_embeds_of_the_records_commands_are_said_in_german(german_misses) -> None:
    variants = [
        game(),
        game(stalled=True),
        game(waiting_s=None),
        game(waiting_s=None, stalled=True),
        game(owes=True),
        game(owes=True, stalled=True, waiting_s=30),
        game(owes=True, waiting_s=None),
        game(owes=True, waiting_s=None, stalled=True),
        game(status="lobby", waiting_s=None, waiting_for=[]),
        game(damaged=True),
    ]
    embeds = [cog.mygames_embed(variants, 2), cog.mygames_embed(variants[:1], 0)]
    many = cog.mygames_embed([game(table_id=i, owes=i < 3) for i in range(60)], 3)
    shown = many.description.splitlines()
    assert len(many.description) <= 4096 and shown[-1].startswith("…and ") and shown[-1].endswith(" more tables.")
    assert shown[0].startswith("▶") and len(shown) - 1 + int(shown[-1].split()[1]) == 60  # the first ones shown
    embeds.append(many)
    tables = [
        records.Finished(1, "terra-turrium", "finished", [(1, "Anna", False), (2, "Ben", False)], [0, 1], 10, 1.0),
        records.Finished(2, "terramara", "finished", [(1, "Anna", False), (2, "Ben", False)], [0], 20, 13.0),
        records.Finished(3, "terramara", "aborted", [(1, "Anna", False), (2, "Ben", False)], [], 4, 0.5),
    ]
    for key in (None, "terramara"):
        stats = records.summarise(tables, key)
        embeds += [cog.stats_embed(stats, key), cog.leaderboard_embed(stats, key)]
    german = [line for e in embeds for line in embed_lines(i18n.localise_embed(e, "de"))]
    german += [i18n.localise(records.duration_text(s), "de") for s in (5, 86400, 90000, 4000)]
    game_names = "|".join(g.name for g in registry.all_games())
    assert untranslated(german_misses, [NAMES, f"^({game_names})$"]) == []
    assert any(line.startswith("…und ") for line in german)
    assert "Tage" in " ".join(german) or "Tag" in " ".join(german)


def test_first_lines_keeps_the_first_and_counts_the_rest() -> None:
    assert cog.first_lines(["a" * 10, "b" * 10], 21) == "a" * 10 + "\n" + "b" * 10  # all fit: no note
    assert cog.first_lines(["a" * 10, "b" * 10, "c" * 10], 30) == "a" * 10 + "\n…and 2 more tables."
    assert cog.first_lines([], 10) == ""


def test_the_rating_texts_are_said_in_german(german_misses) -> None:
    from bot import ratings

    def rated(table_id: int, ranks: list[int]) -> ratings.RatedGame:
        seats: list[tuple[ratings.Identity, str]] = [
            (("user", 1), "Anna"),
            (("bot", "expert"), "Bot"),
            (("user", 2), "Ben"),
        ]
        return ratings.RatedGame(table_id, 1, "terramara", f"2026-11-{table_id:02d}T12:00:00+00:00", seats, ranks)

    r = ratings.rate_games([rated(i, [1 + i % 3, 1 + (i + 1) % 3, 1 + (i + 2) % 3]) for i in range(1, 7)])
    board = r.board(1, "terramara")
    assert {e.games for e in board} == {6} and not any(e.provisional for e in board)
    embed = cog.rating_embed(board, "terramara")
    cog.rating_field(embed, r.entry(1, "terramara", ("user", 1)), "terramara")
    cog.rating_field(embed, None, "terramara")
    fresh = ratings.rate_games([rated(1, [1, 2, 2])])
    embed2 = cog.rating_embed(fresh.board(1, "terramara"), "terramara")  # provisional
    cog.rating_field(embed2, fresh.entry(1, "terramara", ("user", 2)), "terramara")
    german = [line for e in (embed, embed2) for line in embed_lines(i18n.localise_embed(e, "de"))]
    game_names = "|".join(g.name for g in registry.all_games())
    assert untranslated(german_misses, [NAMES, f"^({game_names})$"]) == []
    assert any("Sitzbot (Experte)" in line for line in german) and any("(vorläufig)" in line for line in german)
    assert "Deine Wertung" in german and any("(Tisch 6)" in line for line in german)
