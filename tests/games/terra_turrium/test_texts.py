"""Terra Turrium's texts are keyed (``locales/{en,de}/terra_turrium.ftl``): seeded random games
with every option (team, pro rule, handicap, round limit) and refusals provoked on the way say
their messages in English and German without a missing id or argument and without English words
in the German; the events and prompts keep their keys when the players' names are filled in (as the
platform does); the declaration's texts (summary, notation help, panel labels, panel groups) and the refusals of the
set-up are keyed too."""

from __future__ import annotations

import random
import re

import pytest

from bot import i18n, l10n
from games.contract import GameError
from games.terra_turrium import GAME, board
from games.terra_turrium.board import field_name
from games.terra_turrium.presentation import PRESENTATION
from games.terra_turrium.state import Phase
from games.terra_turrium.texts import T
from games.texts import Catalogue, Concat, Msg, Text, replace
from tests.german import english_words
from tests.turrium_helpers import new_game, position

NAMES = ["Ada", "Bo", "Cy", "Dora"]
ENGLISH = re.compile(
    r"\b(the|and|of|is|it|at|with|you|your|not|no|there|this|that|has|block|blocks|tower|towers|"
    r"move|moved|take|took|build|built|round|phase|goal|winner|winners|point|points|attack|left|"
    r"field|territory|board|player|players|set-up|enter)\b",
    re.IGNORECASE,
)
CONFIGS = [  # every option once (the plain game is in all of them)
    (4, {"team": True, "round_limit": 5}),
    (3, {"pro": True, "round_limit": 5}),
    (2, {"handicap_blocks": 3, "handicap_from": 1, "handicap_to": 2, "round_limit": 4}),
    (4, {"handicap_blocks": 2, "handicap_from": 3, "handicap_to": 2, "round_limit": 3}),
]


def _without_notation(text: str) -> str:
    text = re.sub(r"`[^`]*`", "", text)
    text = re.sub(r"'[^']*'", "", text)
    text = re.sub(r"\b[a-j]\d+(-[a-j]\d+)*\b", "", text)  # fields and paths
    return re.sub(r"\{p\d\}|Terra Turrium|Turrianer", "", text)


REFUSALS: list[str] = []  # the refusals among the texts (the service passes them on whole: said by key)


def _refusal(texts: list[Text], message: str) -> None:
    texts.append(message)  # type: ignore[arg-type]
    REFUSALS.append(message)


def _named(text: str) -> str:
    return replace(text, {f"{{p{i}}}": n for i, n in enumerate(NAMES)})


def _play(seats: int, options: dict[str, object], seed: int, texts: list[Text]) -> None:
    rnd = random.Random(seed)
    state = GAME.setup(seats, GAME.parse_options(options), seed)

    def refused(seat: int, notation: str) -> None:
        try:
            GAME.apply(state, seat, GAME.parse(notation))
        except GameError as exc:
            _refusal(texts, exc.message)

    for n in range(3000):
        texts.append(GAME.phase_text(state))  # type: ignore[arg-type]
        if GAME.is_finished(state):
            break
        seat = rnd.choice(GAME.to_act(state))
        texts.append(GAME.prompt(state, seat))  # type: ignore[arg-type]
        skip = GAME.skip(state, seat)  # what skipping an absent player's turn would do
        if skip is not None:
            texts.append(skip.says)  # type: ignore[arg-type]
        legal = GAME.legal_actions(state, seat)
        if n % 4 == 0:
            for other in range(seats):
                texts.append(GAME.prompt(state, other))  # type: ignore[arg-type]
            refused((seat + 1) % seats, GAME.format(legal[0]))
            for word in ("take", "build", "move", "enter", "pass", "place", "give"):
                refused(seat, f"{word} {rnd.choice('abcdefghij')}{rnd.randint(1, 10)}")
            refused(
                seat,
                f"move {rnd.choice('abcdefghij')}{rnd.randint(1, 10)}-{rnd.choice('abcdefghij')}{rnd.randint(1, 10)}",
            )
            for notation in (
                "",
                "pass c3",
                "take",
                "enter",
                "enter c3 d4",
                "move c3",
                "move c3-c4 d5-d6",
                "take z9",
                "jump",
            ):
                try:
                    GAME.parse(notation)
                except GameError as exc:
                    _refusal(texts, exc.message)
        state, events = GAME.apply(state, seat, rnd.choice(legal))
        texts += [e.text for e in events]  # type: ignore[misc]
    assert GAME.is_finished(state)
    GAME.results(state)  # the score sheet's words (its labels lose their key in ``ScoreLine``)
    for seat in range(seats):
        try:
            GAME.resign(state, seat)
        except GameError as exc:
            _refusal(texts, exc.message)


def _resignations(texts: list[Text]) -> None:
    state = GAME.setup(4, GAME.parse_options({"team": True}), 7)
    for seat in (0, 0, 4, 1, 2):
        try:
            state, events = GAME.resign(state, seat)
            texts += [e.text for e in events]  # type: ignore[misc]
        except GameError as exc:
            _refusal(texts, exc.message)
    for seats, options in (
        (5, {}),
        (3, {"team": True}),
        (2, {"handicap_blocks": 1, "handicap_from": 1, "handicap_to": 3}),
    ):
        with pytest.raises(GameError) as refused:
            GAME.setup(seats, GAME.parse_options(options), 1)
        _refusal(texts, refused.value.message)


def _refusals(texts: list[Text]) -> None:
    """Refusals a random game seldom meets, in constructed positions."""

    def refused(state: object, seat: int, notation: str) -> None:
        with pytest.raises(GameError) as exc:
            GAME.apply(state, seat, GAME.parse(notation))  # type: ignore[arg-type]
        _refusal(texts, exc.value.message)

    refused(position(figures={0: ["e6", "a1"], 1: ["d6"]}, attacks={0: 5}), 0, "move e6-d6")
    refused(position(figures={0: ["b2"]}, points=1), 0, "move b2-b3-b4")
    refused(position(phase=Phase.BUILD), 0, "build c3")
    refused(position(phase=Phase.TAKE), 0, "take b2 b3 b4 b5")
    refused(position(phase=Phase.TAKE, taken=["b2", "b3", "b4"]), 0, "take c2")
    refused(position(phase=Phase.TAKE), 0, "pass")
    # steps and entries a player tries (the legal moves try every one and word none of them)
    door = field_name(sorted(board(4).entry_fields[0])[0])
    refused(position(heights={door: 0}, figures={0: ["e6"]}), 0, f"enter {door}")
    refused(position(heights={door: 3}, figures={0: ["e6"]}), 0, f"enter {door}")
    refused(position(heights={door: 1}, figures={0: ["e6"], 1: [door]}), 0, f"enter {door}")
    refused(position(heights={"e6": 1, "e7": 0}, figures={0: ["e6"]}), 0, "move e6-e7")
    refused(position(heights={"e6": 1, "e7": 3}, figures={0: ["e6"]}), 0, "move e6-e7")
    refused(position(heights={"e6": 1, "e7": 1}, figures={0: ["e6", "e7"]}), 0, "move e6-e7")
    setup = new_game(2, handicap_blocks=1, handicap_from=1, handicap_to=2)
    home = [GAME.format(a).split()[1] for a in GAME.legal_actions(setup, 0) if a.kind == "place"]
    refused(setup, 0, "place " + " ".join(home[:7]))
    placed, _ = GAME.apply(setup, 0, GAME.parse(f"place {home[0]}"))
    refused(placed, 0, f"give {home[0]}")
    over = position()
    over.phase, over.finished_reason = Phase.FINISHED, ""  # a game finished before reasons were kept
    texts.append(GAME.phase_text(over))  # type: ignore[arg-type]
    sheet = position(reserve={1: 2})
    sheet.reached[0] = sheet.resigned[1] = True
    GAME.results(sheet)
    team = position(team=True)
    team.reached[0] = True  # and stepped off the goal since, while the partner has not reached it
    GAME.results(team)


@pytest.fixture(scope="module")
def said() -> tuple[list[Text], list[Msg]]:
    made: list[Msg] = []
    original = Catalogue.msg

    def msg(self: Catalogue, id: str, /, **args: object) -> Msg:
        out = original(self, id, **args)  # type: ignore[arg-type]
        made.append(out)
        return out

    texts: list[Text] = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Catalogue, "msg", msg)
        for seed, (seats, options) in enumerate(CONFIGS, start=2):  # the seeds these games always had
            _play(seats, options, seed, texts)
        _resignations(texts)
        _refusals(texts)
        texts += [GAME.summary, GAME.notation_help, *PRESENTATION.panel_labels.values()]  # type: ignore[list-item]
        texts += [description for _, description in GAME.option_help()]  # type: ignore[misc]
        texts += [PRESENTATION.panel_narrow("move c3-c4"), PRESENTATION.panel_narrow("take c3")]  # type: ignore[list-item]
    return texts, made


def test_every_text_is_keyed_and_said_in_german(said: tuple[list[Text], list[Msg]]) -> None:
    texts, _ = said
    assert all(isinstance(t, Text) for t in texts), [t for t in texts if not isinstance(t, Text)][:5]
    problems: list[str] = []
    for text in {str(t): t for t in texts}.values():
        german, errors = l10n.say_checked(text.msg, "de")
        problems += [f"{text}: {e}" for e in errors]
        english = ENGLISH.findall(_without_notation(german)) + english_words(_without_notation(german))
        if english:
            problems.append(f"English in the German {german!r}: {english}")
    assert not problems, "\n".join(problems[:20])


def test_the_players_names_filled_in_keep_every_key(said: tuple[list[Text], list[Msg]]) -> None:
    """The platform fills the players' names into events and prompts (``{p0}`` …): the German is
    then said by key with the names in it, never a placeholder left."""
    texts, _ = said
    problems = []
    refusals = set(REFUSALS)
    for text in {str(t): t for t in texts if t not in refusals}.values():
        named = _named(text)
        german = i18n.localise(named, "de")
        if not isinstance(named, Text) or "{p" in german or ("{p" in str(text) and not any(n in german for n in NAMES)):
            problems.append(str(named))
    assert not problems, problems[:10]


def _messages(key: Msg | Concat) -> list[Msg]:
    if isinstance(key, Concat):
        return [m for p in key.parts if isinstance(p, Msg | Concat) for m in _messages(p)]
    return [key, *(m for v in key.args.values() if isinstance(v, Msg | Concat) for m in _messages(v))]


def test_nearly_every_message_is_said(said: tuple[list[Text], list[Msg]]) -> None:
    texts, made = said
    ids = {m.id for m in made if m.domain == GAME.key} | {m.id for t in texts for m in _messages(t.msg)}
    # the rarest turns of a random game: reaching the goal (and the pro rule's holding it), a
    # seat that can do nothing, a partner stepping off the goal, entering with no point left
    rare = {
        "goal-claimed",
        "goal-held",
        "goal-lost",
        "goal-reached",
        "goal-reached-partner",
        "partner-off-goal",
        "reason-goal",
        "reason-nobody-can-act",
        "reason-nobody-left",
        "idle",
        "entry-no-points",
    }
    # "players" is a part of other messages; the guide's texts and /card's hint are said by /guide
    # and /card, not by a game (the contract suite checks every guide key in both languages)
    missing = {m for m in T.ids() - ids - rare - {"players", "card-hint"} if not m.startswith("guide-")}
    assert sorted(missing) == [], " ".join(sorted(missing))


@pytest.mark.parametrize("typed", ["take " + "z9" * 5000, "jump" * 3000, "move " + "a1-a2 " * 3000])
def test_a_long_typed_word_is_quoted_cut_not_lost(typed: str) -> None:
    """Fluent says an argument over 2,500 characters as "{???}": the refusal quotes what was typed
    cut (``texts.echo``), and the platform cuts the whole reply to fit Discord."""
    with pytest.raises(GameError) as refused:
        GAME.parse(typed)
    english, german = str(refused.value.message), i18n.localise(refused.value.message, "de")
    assert "{???}" not in english and "{???}" not in german
    assert 2000 < len(english) < 2500 and "…" in english
