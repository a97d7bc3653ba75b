"""A test-only game with a simultaneous phase, "Claim" (registered from the tests with
``registry.register("tests.claim_game:GAME")``): the races of independent choices.

Rules: 2-3 players; four tokens ``a``..``d``. First every player claims one token, all at the same
time (``claim <token>``: every seat that has not claimed yet owes an action); a token claimed is
gone. Once all have claimed, the first player says ``done`` and the game ends; the token's letter
is the score (``a`` = 1 … ``d`` = 4).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.contract import (
    Event,
    Game,
    GameOptions,
    GameState,
    IllegalAction,
    NotationError,
    NotYourTurn,
    PlayerResult,
    SeededRng,
)

TOKENS = ("a", "b", "c", "d")


class ClaimOptions(GameOptions):
    pass


class ClaimState(GameState):
    claims: list[str | None]
    done: bool = False


class ClaimAction(BaseModel):
    model_config = ConfigDict(frozen=True)
    verb: Literal["claim", "done"]
    token: str = ""


class Claim(Game[ClaimState, ClaimAction, ClaimOptions]):
    key = "claim-test"
    name = "Claim"
    min_players = 2
    max_players = 3
    summary = "Claim a token, all at once."
    notation_help = "`claim a` · `done`"
    rules_file = "claim-test.txt"
    options_model = ClaimOptions
    state_model = ClaimState

    def setup(self, seats: int, options: ClaimOptions, seed: int) -> ClaimState:
        return ClaimState(game=self.key, players=seats, seed=seed, rng=SeededRng(seed=seed), claims=[None] * seats)

    def is_finished(self, state: ClaimState) -> bool:
        return state.done

    def to_act(self, state: ClaimState) -> list[int]:
        if state.done:
            return []
        owed = [i for i, c in enumerate(state.claims) if c is None]
        return owed or [0]

    def prompt(self, state: ClaimState, seat: int) -> str:
        return "`claim <token>`" if state.claims[seat] is None else "`done`"

    def legal_actions(self, state: ClaimState, seat: int) -> list[ClaimAction]:
        if seat not in self.to_act(state):
            return []
        if state.claims[seat] is None:
            return [ClaimAction(verb="claim", token=t) for t in TOKENS if t not in state.claims]
        return [ClaimAction(verb="done")]

    def parse(self, text: str) -> ClaimAction:
        words = text.strip().lower().split()
        if words == ["done"]:
            return ClaimAction(verb="done")
        if len(words) == 2 and words[0] == "claim" and words[1] in TOKENS:
            return ClaimAction(verb="claim", token=words[1])
        raise NotationError(f"`{text.strip()[:40]}` is not an action here: {self.notation_help}.")

    def format(self, action: ClaimAction) -> str:
        return "done" if action.verb == "done" else f"claim {action.token}"

    def apply(self, state: ClaimState, seat: int, action: ClaimAction) -> tuple[ClaimState, list[Event]]:
        if seat not in self.to_act(state):
            raise NotYourTurn("It is not your turn.")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"`{self.format(action)}` is not possible now.")
        s = state.model_copy(deep=True)
        if action.verb == "claim":
            s.claims[seat] = action.token
            text = f"{{p{seat}}} claims {action.token}."
        else:
            s.done = True
            text = f"{{p{seat}}} ends the game."
        s.move_number += 1
        return s, [Event(text=text, seats=[seat])]

    def resign(self, state: ClaimState, seat: int) -> tuple[ClaimState, list[Event]]:
        s = state.model_copy(deep=True)
        s.done = True
        s.move_number += 1
        return s, [Event(text=f"{{p{seat}}} resigns.", seats=[seat])]

    def winners(self, state: ClaimState) -> list[int]:
        scores = [TOKENS.index(c) + 1 if c else 0 for c in state.claims]
        return [i for i, v in enumerate(scores) if v == max(scores)] if state.done else []

    def results(self, state: ClaimState) -> list[PlayerResult]:
        best = self.winners(state)
        return [
            PlayerResult(seat=i, score=TOKENS.index(c) + 1 if c else 0, winner=i in best)
            for i, c in enumerate(state.claims)
        ]


GAME = Claim()
