"""The German catalogue of the records slice (``bot/texts/de/records.toml``) is well formed and
covers what the records commands write: every line of their embeds and messages matches one of
its English templates (game and player names are placeholders; game names stand alone)."""

from __future__ import annotations

import re
import tomllib

import discord

from bot import records
from bot.discord_app.cogs import records as cog
from games import registry
from tests.paths import REPO

CATALOGUE = REPO / "bot" / "texts" / "de" / "records.toml"
_TOKEN = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(:d)?\}")


def templates() -> list[dict[str, str]]:
    return tomllib.loads(CATALOGUE.read_text(encoding="utf-8"))["msg"]


def pattern(en: str) -> re.Pattern[str]:
    out, pos = [], 0
    for m in _TOKEN.finditer(en):
        out.append(re.escape(en[pos : m.start()]))
        out.append("[0-9]+" if m.group(2) else "[^\\n]+?")
        pos = m.end()
    out.append(re.escape(en[pos:]))
    return re.compile("".join(out))


def covered(text: str) -> bool:
    if text in {g.name for g in registry.all_games()}:
        return True
    return any(pattern(t["en"]).fullmatch(text) for t in templates())


def embed_lines(embed: discord.Embed) -> list[str]:
    lines = [embed.title or "", embed.footer.text or ""]
    lines += (embed.description or "").splitlines()
    for f in embed.fields:
        lines += [f.name or ""] + (f.value or "").splitlines()
    return [ln for ln in lines if ln]


def test_every_entry_has_both_languages_and_the_same_placeholders() -> None:
    entries = templates()
    assert len(entries) > 40
    seen = set()
    for t in entries:
        assert set(t) == {"en", "de"} and t["en"].strip() and t["de"].strip(), t
        assert sorted(n for n, _ in _TOKEN.findall(t["en"])) == sorted(n for n, _ in _TOKEN.findall(t["de"])), t
        assert t["en"] not in seen, t["en"]
        seen.add(t["en"])


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


def test_the_embeds_of_the_records_commands_are_in_the_catalogue() -> None:
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
    lines = embed_lines(cog.mygames_embed(variants, 2)) + embed_lines(cog.mygames_embed(variants[:1], 0))
    many = cog.mygames_embed([game(table_id=i, owes=i < 3) for i in range(60)], 3)
    shown = many.description.splitlines()
    assert len(many.description) <= 4096 and shown[-1].startswith("…and ") and shown[-1].endswith(" more tables.")
    assert shown[0].startswith("▶") and len(shown) - 1 + int(shown[-1].split()[1]) == 60  # the first ones shown
    lines += embed_lines(many)
    tables = [
        records.Finished(1, "terra-turrium", "finished", [(1, "Anna", False), (2, "Ben", False)], [0, 1], 10, 1.0),
        records.Finished(2, "terramara", "finished", [(1, "Anna", False), (2, "Ben", False)], [0], 20, 13.0),
        records.Finished(3, "terramara", "aborted", [(1, "Anna", False), (2, "Ben", False)], [], 4, 0.5),
    ]
    for key in (None, "terramara"):
        stats = records.summarise(tables, key)
        lines += embed_lines(cog.stats_embed(stats, key)) + embed_lines(cog.leaderboard_embed(stats, key))
    lines += [records.duration_text(s) for s in (5, 86400, 90000, 4000)]
    missing = [ln for ln in lines if not covered(ln)]
    assert not missing, missing


def test_command_descriptions_are_in_the_catalogue(tmp_path) -> None:
    texts = []
    for command in cog.RecordsCog.__cog_app_commands__:
        texts.append(command.description)
        texts += [p.description for p in command.parameters if p.description != "…"]
    ens = {t["en"] for t in templates()}
    shared = {"Post it for everyone (default: only you)"}  # /card's, in the main catalogue
    assert [t for t in texts if t not in ens and t not in shared] == []


def test_first_lines_keeps_the_first_and_counts_the_rest() -> None:
    assert cog.first_lines(["a" * 10, "b" * 10], 21) == "a" * 10 + "\n" + "b" * 10  # all fit: no note
    assert cog.first_lines(["a" * 10, "b" * 10, "c" * 10], 30) == "a" * 10 + "\n…and 2 more tables."
    assert cog.first_lines([], 10) == ""
