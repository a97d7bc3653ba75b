"""Checks every game's random playouts make after each step (any ``games.contract.Game``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def check_contract_state(game: Any, s: Any) -> None:
    """The game's own invariants hold, the state survives a JSON round trip and a ``clone`` that
    shares nothing that can change, and someone owes a decision exactly while the game is unfinished."""
    assert game.invariants(s) == []
    assert game.load(game.dump(s)) == s
    check_clone(s)
    if game.is_finished(s):
        assert game.to_act(s) == []
    else:
        assert game.to_act(s), "nobody owes a decision in an unfinished game"


def check_clone(s: Any) -> None:
    """``games.copies.clone(s)`` equals ``s``, keeps which fields were set, and shares with it no
    container and no model but a frozen one of plain values: changing the copy cannot change ``s``."""
    from pydantic import BaseModel

    from games.copies import clone

    copy = clone(s)
    assert copy == s and copy.model_fields_set == s.model_fields_set
    plain = (str, int, float, bool, type(None), bytes)

    def walk(a: Any, b: Any, where: str) -> None:
        assert type(a) is type(b), where
        if isinstance(a, plain):
            return
        if isinstance(a, BaseModel):
            fields = a.__dict__
            if a.model_config.get("frozen") and all(isinstance(v, plain) for v in fields.values()):
                return  # cannot change: may be shared
            assert a is not b, f"{where} is shared by the copy"
            assert a.model_fields_set == b.model_fields_set, where
            for name, value in fields.items():
                walk(value, b.__dict__[name], f"{where}.{name}")
            return
        if isinstance(a, tuple):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                walk(x, y, f"{where}[{i}]")
            return
        assert a is not b, f"{where} is shared by the copy"
        if isinstance(a, list):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                walk(x, y, f"{where}[{i}]")
        elif isinstance(a, dict):
            for key, value in a.items():
                walk(value, b[key], f"{where}[{key!r}]")

    walk(s, copy, type(s).__name__)


class NotationCheck:
    """``parse(format(a)) == a`` for every action offered, each distinct action checked once
    (the same actions recur a lot across a playout battery)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.seen: set[str] = set()

    def __call__(self, actions: Iterable[Any]) -> None:
        for a in actions:
            key = a.model_dump_json()
            if key in self.seen:
                continue
            assert self.game.parse(self.game.format(a)) == a, a
            self.seen.add(key)


def check_guide(game: Any) -> None:
    """The game's guide (``registry.guide``) is complete: goal, a turn, actions and a glossary,
    each said in English and German where the game has a catalogue; every generic example is
    the game's notation and an example of its action; the glossary's examples belong to their
    family and every id ``card_ids`` produces belongs to a family of the glossary."""
    from bot import i18n
    from bot.l10n import game_locales
    from bot.present import card_text
    from games import registry
    from games.guide import Guide
    from games.texts import Text

    guide = registry.guide(game)
    assert isinstance(guide, Guide)
    assert guide.goal and guide.turn and guide.actions and guide.glossary
    keyed = (game_locales(game.key) / "en").is_dir()
    texts = [guide.goal, guide.turn, *(a.text for a in guide.actions), *(t.text for t in guide.glossary)]
    for text in texts:
        assert text.strip()
        if keyed:  # said by key in both languages, and the German is its own
            assert isinstance(text, Text), text
            english, german = i18n.localise(text, "en-US"), i18n.localise(text, "de")
            assert english.strip() and german.strip() and german != english, text
    for action in guide.actions:
        assert action.covers(action.example), action
        assert game.format(game.parse(action.example)).split(" ", 1)[0].lower() == action.verb.lower()
    for term in guide.glossary:  # each family in /card too: by its card, else by the glossary's line
        assert term.matches(term.example), term
        assert card_text(game.key, term.example), term
    uncovered = [cid for cid in game.card_ids() if guide.term(cid) is None]
    assert uncovered == [], f"{game.key}: ids no glossary family explains: {uncovered[:5]}"


def check_guide_examples(game: Any, state: Any) -> None:
    """At a table in ``state``: every example the guide shows for a seat to act is that seat's
    legal action there (notation that parses to one of ``legal_actions``)."""
    from games import registry
    from games.guide import examples

    guide = registry.guide(game)
    to_act = game.to_act(state)
    for seat in to_act:
        legal = {game.format(a) for a in game.legal_actions(state, seat)}
        for _action, shown in examples(game, guide, state, seat, most=2, hidden=game.secrets(state, seat)):
            for notation in shown:
                assert notation in legal and game.format(game.parse(notation)) == notation
    # a reader who is not to act (a spectator, another seat) sees the first seat's examples, and
    # nothing hidden from them in those
    for reader in [None, *range(state.players)]:
        secret = game.secrets(state, reader)
        if not secret or not to_act or reader in to_act:
            continue
        found = examples(game, guide, state, to_act[0], most=2, hidden=secret)
        leaked = sorted(x for _action, shown in found for n in shown for x in secret if x in n)
        assert not leaked, f"guide examples shown to {reader}: {leaked}"
