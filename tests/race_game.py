"""A test-only game, "Race to Ten", registered from the tests (``registry.register``)
to prove that a game is declared once: it plays through the service, the console, the
Discord doubles, ``simulate`` and the benchmark without any platform edit.

Rules: 2-4 runners on a track 0..10. Each holds one face-down card (value 1-3) drawn
from a shuffled deck of twelve. On your turn either ``step`` (one field forward) or
``play`` (reveal your card, run that many fields, discard it and draw a new one; the
draw is random, so no undo crosses it). The first to reach 10 wins; when the deck runs
out it is reshuffled from the discards. Hidden: the others' cards and the deck's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.contract import (
    HIDDEN,
    Event,
    Game,
    GameOptions,
    GameState,
    IllegalAction,
    ImportedGame,
    NotationError,
    NotYourTurn,
    PlayerResult,
    ScoreLine,
    SeededRng,
)
from games.guide import Guide, GuideAction, GuideTerm
from games.presentation import Presentation

GOAL = 10
# card id -> value; ids are unique so that a leak is visible in any text
CARDS = {f"R{v}-{c}": v for v in (1, 2, 3) for c in "abcd"}


class RaceOptions(GameOptions):
    pass


class RaceState(GameState):
    positions: list[int]
    hands: list[str]
    deck: list[str]
    discard: list[str] = []
    turn: int = 0
    resigned: list[bool]
    winner: int | None = None


class RaceAction(BaseModel):
    model_config = ConfigDict(frozen=True)
    verb: Literal["step", "play"]


class RaceToTen(Game[RaceState, RaceAction, RaceOptions]):
    key = "race-to-ten"
    name = "Race to Ten"
    min_players = 2
    max_players = 4
    summary = "Step one field or play your hidden card; first to field 10 wins."
    notation_help = "`step` · `play`"
    rules_file = "race-to-ten.txt"
    options_model = RaceOptions
    state_model = RaceState
    presentation = "tests.race_game:PRESENTATION"
    guide = "tests.race_game:GUIDE"
    card_hint = "Ids look like R1-a … R3-d."

    # ---- set-up and flow
    def setup(self, seats: int, options: RaceOptions, seed: int) -> RaceState:
        rng = SeededRng(seed=seed)
        deck = rng.shuffle(sorted(CARDS))
        return RaceState(
            game=self.key,
            players=seats,
            seed=seed,
            rng=rng,
            positions=[0] * seats,
            hands=deck[:seats],
            deck=deck[seats:],
            resigned=[False] * seats,
        )

    def is_finished(self, state: RaceState) -> bool:
        return state.winner is not None

    def to_act(self, state: RaceState) -> list[int]:
        return [] if self.is_finished(state) else [state.turn]

    def prompt(self, state: RaceState, seat: int) -> str:
        return f"Field {state.positions[seat]}: `step` or `play` your card."

    def phase_text(self, state: RaceState) -> str:
        return "finished" if self.is_finished(state) else f"move {state.move_number + 1}"

    # ---- actions
    def legal_actions(self, state: RaceState, seat: int) -> list[RaceAction]:
        if seat not in self.to_act(state):
            return []
        return [RaceAction(verb="step"), RaceAction(verb="play")]

    def parse(self, text: str) -> RaceAction:
        word = text.strip().lower()
        if word not in ("step", "play"):
            raise NotationError(f"`{text.strip()[:40]}` is not an action here: {self.notation_help}.")
        return RaceAction(verb=word)

    def format(self, action: RaceAction) -> str:
        return action.verb

    def apply(self, state: RaceState, seat: int, action: RaceAction) -> tuple[RaceState, list[Event]]:
        if seat not in self.to_act(state):
            raise NotYourTurn("It is not your turn.")
        s = state.model_copy(deep=True)
        events: list[Event] = []
        if action.verb == "step":
            steps = 1
            events.append(Event(text=f"{{p{seat}}} steps one field.", seats=[seat]))
        else:
            card = s.hands[seat]
            steps = CARDS[card]
            if not s.deck:
                s.deck, s.discard = s.rng.shuffle(s.discard), []
            s.hands[seat] = s.deck.pop(0)
            s.discard.append(card)  # face up until the next reshuffle
            events.append(Event(text=f"{{p{seat}}} plays {card} and runs {steps}.", seats=[seat], irreversible=True))
        s.positions[seat] = min(GOAL, s.positions[seat] + steps)
        if s.positions[seat] >= GOAL:
            s.winner = seat
            events.append(Event(text=f"{{p{seat}}} reaches field {GOAL} and wins.", seats=[seat]))
        else:
            s.turn = self._next(s, seat)
        s.move_number += 1
        return s, events

    def _next(self, s: RaceState, seat: int) -> int:
        for i in range(1, s.players + 1):
            nxt = (seat + i) % s.players
            if not s.resigned[nxt]:
                return nxt
        raise IllegalAction("nobody is left in the race")

    def resign(self, state: RaceState, seat: int) -> tuple[RaceState, list[Event]]:
        s = state.model_copy(deep=True)
        s.resigned[seat] = True
        left = [i for i in range(s.players) if not s.resigned[i]]
        if len(left) == 1:
            s.winner = left[0]
        elif s.turn == seat:
            s.turn = self._next(s, seat)
        s.move_number += 1
        return s, [Event(text=f"{{p{seat}}} leaves the race.", seats=[seat])]

    # ---- outcome
    def winners(self, state: RaceState) -> list[int]:
        return [] if state.winner is None else [state.winner]

    def results(self, state: RaceState) -> list[PlayerResult]:
        return [
            PlayerResult(
                seat=i,
                score=p,
                lines=[ScoreLine(label="Field", value=p)],
                winner=state.winner == i,
            )
            for i, p in enumerate(state.positions)
        ]

    def invariants(self, state: RaceState) -> list[str]:
        cards = [*state.hands, *state.deck, *state.discard]
        out = []
        if sorted(cards) != sorted(CARDS):
            out.append("the twelve cards are not conserved")
        if any(not 0 <= p <= GOAL for p in state.positions):
            out.append("a runner left the track")
        return out

    # ---- hidden information and texts
    def hide(self, view: RaceState, seat: int | None) -> None:
        view.deck = [HIDDEN] * len(view.deck)
        view.hands = [h if i == seat else HIDDEN for i, h in enumerate(view.hands)]

    def secrets(self, state: RaceState, seat: int | None) -> set[str]:
        return {*state.deck, *(h for i, h in enumerate(state.hands) if i != seat)}

    def hand_text(self, view: RaceState, seat: int, names: Sequence[str]) -> str:
        card = view.hands[seat]
        return f"Your card: {card} (runs {CARDS[card]}). You stand on field {view.positions[seat]}."

    def card_text(self, card_id: str) -> str | None:
        cid = next((c for c in CARDS if c.lower() == card_id.strip().lower()), None)
        return None if cid is None else f"**{cid}**\nA race card: `play` it to run {CARDS[cid]} field(s)."

    def card_ids(self) -> list[str]:
        return sorted(CARDS)

    # ---- records of races run elsewhere, and the ledger
    def import_game(self, text: str) -> ImportedGame:
        """A race record: ``race <name>``, ``runners: Ann, Bob``, then one line per move,
        ``<runner number> step`` (plays are not recorded: they depend on the deck)."""
        lines = [x.strip() for x in text.splitlines() if x.strip()]
        if not lines or not lines[0].lower().startswith("race "):
            raise NotationError("a race record starts with `race <name>`")
        if len(lines) < 2 or not lines[1].lower().startswith("runners:"):
            raise NotationError("line 2 must name the runners: `runners: Ann, Bob`")
        runners = [r.strip() for r in lines[1].split(":", 1)[1].split(",") if r.strip()]
        moves = []
        for number, line in enumerate(lines[2:], start=3):
            words = line.split()
            if len(words) != 2 or not words[0].isdigit() or words[1] != "step":
                raise NotationError(f"line {number}: `{line[:40]}` is not `<runner> step`")
            moves.append((int(words[0]) - 1, "step"))
        return ImportedGame(title=f"the race {lines[0][5:].strip()!r}", seats=runners, moves=moves)

    def ledger_lines(self, before: RaceState, after: RaceState, seat: int) -> list[str]:
        was, now = before.positions[seat], after.positions[seat]
        return [f"field {was} → {now} ({now - was:+d})"] if now != was else []


GAME = RaceToTen()


class RaceToTenPresentation(Presentation[RaceState]):
    """How the race is shown (declared here, next to the rules, by ``RaceToTen.presentation``)."""

    seat_colours = ("green", "purple", "red", "blue")
    quick_actions = (("step", "Step 1"), ("play", "Play card"))
    renderer = "tests.race_render"


PRESENTATION = RaceToTenPresentation(GAME)


# The race's guide (/guide), declared next to its rules; plain English (the race has no catalogue).
GUIDE = Guide(
    goal="Be the first runner on field 10.",
    turn="On your turn either step one field or play your hidden card.",
    actions=(
        GuideAction("step", "run one field", "step"),
        GuideAction("play", "play your hidden card and run its fields", "play"),
    ),
    glossary=(GuideTerm(r"R\d-[a-d]", "R1-a", "a race card: how many fields it runs"),),
)
