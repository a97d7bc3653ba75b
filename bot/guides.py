"""``/guide``: a game's guide (``games.guide``) said in the reader's language, cut into pages.

Generic: every game declares its own guide (``games.registry.guide``); this module only lays it
out. At a table of that game that is running, the examples are legal actions of that position
(``games.guide.examples``): of the reader's seat when the reader is to act, else of the first seat
to act, leaving out whatever names a component hidden from the reader. Pure: no Discord.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot import i18n
from bot.l10n import PLATFORM_TEXTS as T
from games import registry
from games.contract import Game
from games.guide import Guide, GuideAction, examples

if TYPE_CHECKING:
    from bot.tables import Table

PAGE_MAX = 3900  # characters of a page's text: Discord's embed description holds 4096
EXAMPLES_PER_ACTION = 2


@dataclass(frozen=True)
class GuidePage:
    title: str
    text: str
    page: int
    pages: int


@dataclass(frozen=True)
class TableExamples:
    """The legal examples of one position: for each action of the guide, its notations."""

    seat: int
    name: str
    found: list[tuple[GuideAction, list[str]]]


def table_examples(
    game: Game[Any, Any, Any], guide: Guide, table: Table | None, user_id: int | None
) -> TableExamples | None:
    """The examples legal at ``table`` now, when it is a running table of ``game``; else None."""
    to_act = table.to_act() if table is not None and table.game.key == game.key else []
    if table is None or table.state is None or not to_act:
        return None
    mine = table.seat_of(user_id) if user_id is not None else None
    seat = mine if mine in to_act else to_act[0]
    hidden = game.secrets(table.state, mine)
    found = examples(game, guide, table.state, seat, most=EXAMPLES_PER_ACTION, hidden=hidden)
    names = table.names
    name = names[seat] if seat < len(names) else str(seat + 1)
    return TableExamples(seat, name, found)


def guide_lines(game: Game[Any, Any, Any], locale: object, here: TableExamples | None) -> list[str]:
    """The whole guide in the reader's language, line by line; a line starting with ``**`` opens a
    section."""
    guide = registry.guide(game)

    def say(text: object) -> str:
        return i18n.localise(text, locale)  # type: ignore[arg-type]

    lines = [
        f"**{say(T.text('guide-goal'))}**",
        say(guide.goal),
        "",
        f"**{say(T.text('guide-turn'))}**",
        say(guide.turn),
    ]
    lines += ["", f"**{say(T.text('guide-actions'))}**"]
    if here is None:
        lines.append(say(T.text("guide-examples-generic")))
        shown = [(a, [a.example]) for a in guide.actions]
    else:
        lines.append(say(T.text("guide-examples-here", player=here.name)))
        shown = here.found
    for action, notations in shown:
        if notations:
            example = say(T.text("guide-example", examples=" · ".join(f"`{n}`" for n in notations)))
        else:
            example = say(T.text("guide-not-now"))
        lines.append(f"`{action.verb}` — {say(action.text)}; {example}")
    lines += ["", f"**{say(T.text('guide-glossary'))}**", say(T.text("guide-glossary-card"))]
    lines += [f"`{term.example}` — {say(term.text)}" for term in guide.glossary]
    return lines


def guide_pages(
    game: Game[Any, Any, Any], locale: object, table: Table | None = None, user_id: int | None = None
) -> list[GuidePage]:
    """The guide cut into pages of at most ``PAGE_MAX`` characters, between lines (a section's
    heading is carried to the next page when a section goes on there)."""
    here = table_examples(game, registry.guide(game), table, user_id)
    chunks: list[list[str]] = [[]]
    heading = ""
    for line in guide_lines(game, locale, here):
        if line.startswith("**"):
            heading = line
        size = sum(len(x) + 1 for x in chunks[-1])
        if chunks[-1] and size + len(line) + 1 > PAGE_MAX:
            chunks.append([] if line == heading or not heading else [heading])
        if line or chunks[-1]:
            chunks[-1].append(line[:PAGE_MAX])
    title = i18n.localise(T.text("guide-title", game=game.name), locale)
    texts = ["\n".join(c).strip() for c in chunks if any(c)]
    return [GuidePage(title, text, i, len(texts)) for i, text in enumerate(texts)]


def term_text(game: Game[Any, Any, Any], card_id: str) -> str | None:
    """For ``/card``: an id that no card explains but the guide's glossary does (a space, a
    field, a building), as the glossary's line; None: the glossary does not know it either."""
    try:
        guide = registry.guide(game)
    except (ImportError, AttributeError):
        return None
    term = guide.term(card_id)
    if term is None:
        return None
    return T.text("guide-card-term", id=card_id.strip(), meaning=term.text)


def glossary_ids(game: Game[Any, Any, Any], typed: str) -> list[str]:
    """For ``/card``'s autocomplete: ids the glossary explains. What was typed comes first when it
    is an id of a glossary family (a field ``c4`` has no card, yet ``/card`` explains it), then
    each family's example whose text contains what was typed."""
    try:
        guide = registry.guide(game)
    except (ImportError, AttributeError):
        return []
    t = typed.strip()
    out = [t] if t and guide.term(t) is not None else []
    low = t.lower()
    out += [term.example for term in guide.glossary if low in term.example.lower()]
    return list(dict.fromkeys(out))
