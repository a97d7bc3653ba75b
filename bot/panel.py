"""The action panel of a "your turn" message, without Discord: a seat's legal actions as a small
tree of menus a phone player taps through instead of typing notation.

The first menu ("What to do") lists the kinds of action (``Presentation.panel_kind``, labelled and
ordered by ``Presentation.panel_labels``); choosing one lists that kind's concrete actions, at most
``PER_MENU`` per menu and ``MAX_MENUS`` menus per message. A kind with more actions than one menu
holds is split first by ``Presentation.panel_narrow`` (e.g. the target space) when that gives a short
list; past ``MAX_MENUS`` full menus the panel gives up and names the ``/move`` prefix to type.

Every option carries a ``value`` (≤ 100 characters, Discord's limit) that says what choosing it
does, so a menu can be rebuilt from the position alone (after a restart, too):

* ``k:<kind>``           show the actions of that kind
* ``n:<kind>:<narrow>``  show the actions of that kind with that second key
* ``p:<notation>``       play that action
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.l10n import PLATFORM_TEXTS as T
from games import texts
from games.contract import Game, GameState
from games.presentation import Presentation

PER_MENU = 25  # options per select menu (Discord's limit)
MAX_MENUS = 5  # select menus per message (one action row each)
VALUE_MAX = 100  # characters of an option's value and label (Discord's limit)


@dataclass(frozen=True)
class Option:
    label: str
    value: str
    description: str = ""


@dataclass
class Step:
    """One message of the panel: a heading, its menus (each ≤ ``PER_MENU`` options) and, when
    some actions are not offered, a hint to type them."""

    title: str
    menus: list[list[Option]] = field(default_factory=list)
    hint: str = ""
    count: int = 0  # actions reachable from this step
    detail: str = ""  # the second key of a narrowed step ("column c", "spot 3")

    @property
    def options(self) -> list[Option]:
        return [o for menu in self.menus for o in menu]


def notations(game: Game[Any, Any, Any], state: GameState, seat: int) -> list[str]:
    """The seat's legal actions as notation, in the game's order, without repeats."""
    return list(dict.fromkeys(game.format(a) for a in game.legal_actions(state, seat)))


def kind_label(look: Presentation[Any], kind: str) -> str:
    return look.panel_labels.get(kind) or kind.capitalize()


def _clip(text: str, limit: int = VALUE_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _kinds(look: Presentation[Any], found: Sequence[str]) -> dict[str, list[str]]:
    """Notations by kind: the game's declared kinds first (in ``panel_labels`` order), then the
    others in the order they first appear."""
    groups: dict[str, list[str]] = {}
    for text in found:
        kind = look.panel_kind(text).replace(":", "")
        if kind:
            groups.setdefault(kind, []).append(text)
    order = {k: i for i, k in enumerate(look.panel_labels)}
    return dict(sorted(groups.items(), key=lambda kv: order.get(kv[0], len(order))))


def _prefix(found: Sequence[str]) -> str:
    """The words every notation of ``found`` starts with (what to type after ``/move``)."""
    split = [t.split() for t in found]
    out: list[str] = []
    for words in zip(*split, strict=False):
        if any(w != words[0] for w in words):
            break
        out.append(words[0])
    return " ".join(out)


def _plays(found: Sequence[str]) -> tuple[list[Option], int]:
    """Play options for ``found``; how many notations were too long for a menu value."""
    options = [Option(_clip(t), f"p:{t}") for t in found if len(t) + 2 <= VALUE_MAX]
    return options, len(found) - len(options)


def _chunks(options: list[Option], menus: int) -> list[list[Option]]:
    return [options[i : i + PER_MENU] for i in range(0, min(len(options), PER_MENU * menus), PER_MENU)]


def _too_many(label: str, found: Sequence[str]) -> str:
    prefix = _prefix(found)
    typed = f"`/move {prefix} …`" if prefix else "`/move`"
    return T.text("panel-too-many", count=len(found), msg_label=label, typed=typed)


def _listing(title: str, label: str, found: Sequence[str], menus: int) -> Step:
    """``found`` as play options in up to ``menus`` menus; a hint for what does not fit."""
    options, long = _plays(found)
    step = Step(title, _chunks(options, menus), count=len(found))
    if len(options) > PER_MENU * menus:
        step.menus = []
        step.hint = _too_many(label, found)
    elif long:
        step.hint = T.text("panel-too-long", count=long)
    return step


def kind_step(look: Presentation[Any], kind: str, found: Sequence[str], *, menus: int | None = None) -> Step:
    """The actions of one kind: all of them when they fit one menu; else split by the game's
    second key when that gives one short menu of groups; else in several menus; else by the
    second key in several menus; else a hint to type them."""
    label = kind_label(look, kind)
    menus = MAX_MENUS if menus is None else menus
    if len(found) <= PER_MENU:
        return _listing(label, label, found, 1)
    groups: dict[str, list[str]] = {}
    for text in found:
        groups.setdefault(look.panel_narrow(text), []).append(text)
    usable = "" not in groups and 2 <= len(groups) < len(found)
    narrowed = []
    for key, group in groups.items():  # a group of one is played at once
        value = f"n:{kind}:{key}" if len(group) > 1 else f"p:{group[0]}"
        if len(value) <= VALUE_MAX:
            text = texts.concat(key, f" ({len(group)})") if len(group) > 1 else group[0]
            narrowed.append(Option(_clip(text), value, _clip(label)))
    if usable and len(groups) <= PER_MENU:
        return Step(label, _chunks(narrowed, 1), count=len(found))
    if len(found) <= PER_MENU * menus:
        return _listing(label, label, found, menus)
    if usable and len(groups) <= PER_MENU * menus:
        return Step(label, _chunks(narrowed, menus), count=len(found))
    return Step(label, [], hint=_too_many(label, found), count=len(found))


def root(look: Presentation[Any], found: Sequence[str]) -> Step:
    """The first menu ("What to do"): one option per kind; a game with a single kind of action
    goes one level down at once when that fits one menu."""
    kinds = _kinds(look, found)
    if len(kinds) == 1:
        [(kind, group)] = kinds.items()
        step = kind_step(look, kind, group, menus=1)
        if len(step.menus) == 1 and not step.hint:
            return step
    options = [
        Option(
            _clip(kind_label(look, kind)),
            f"k:{kind}",
            T.text("panel-choices", count=len(group)) if len(group) > 1 else group[0][:100],
        )
        for kind, group in kinds.items()
        if len(kind) + 2 <= VALUE_MAX
    ][:PER_MENU]
    return Step(T.text("panel-what-to-do"), [options] if options else [], count=len(found))


def expand(look: Presentation[Any], found: Sequence[str], value: str) -> Step | None:
    """The step a drill-down option (``k:…``, ``n:…``) leads to in the position whose legal
    actions are ``found``; None when that kind of action is not open there (any more)."""
    tag, _, rest = value.partition(":")
    if tag == "k":
        group = _kinds(look, found).get(rest, [])
        return kind_step(look, rest, group) if group else None
    if tag == "n":
        kind, _, key = rest.partition(":")
        group = [t for t in _kinds(look, found).get(kind, []) if look.panel_narrow(t) == key]
        if not group:
            return None
        label = kind_label(look, kind)
        step = _listing(label, label, group, MAX_MENUS)
        step.detail = look.panel_narrow(group[0])  # the game's own (keyed) words, not the click's plain copy
        return step
    return None


def played(value: str) -> str | None:
    """The notation a play option (``p:…``) carries; None for any other value."""
    tag, sep, rest = value.partition(":")
    return rest if tag == "p" and sep and rest.strip() else None
