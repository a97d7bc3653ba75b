"""Carcassonne – Die Jäger und Sammler (Klaus-Jürgen Wrede, Hans im Glück 2002), 1st edition:
the rules engine (pure; it reads only its tile data).

Rules source: ``shared/rules/carcassonne-hunters-gatherers.de.txt``. Modules: ``schema``/``data``
(tiles), ``tiles`` (geometry, rotation), ``board`` (placement, feature graph), ``scoring``,
``flow`` (set-up, draws, end, resigning), ``moves`` (legal moves, apply, prompts), ``notation``,
``state``, ``checks`` (invariants, hidden information, tiles in words), ``highlights`` (what the
board image marks). This class binds them; ``presentation`` says how the game is shown.

Decisions where the rulebook leaves room (see the tests named after them):

* A river "section" ("Abschnitt", English rulebook "river tile") is a tile the river runs over;
  a forest "piece" ("Waldstück", "forest tile") is a tile the forest covers.
* A drawn *bonus* tile that fits nowhere leaves the game and another bonus tile is drawn, as the
  rulebook says for land tiles.
* Fishers stand on rivers: a lake ends every river that runs into it ("Ein Fluss ist fertig, wenn er
  entweder von Seen oder von Quellen begrenzt wird"), so a fisher "on a lake" with several rivers
  would have no river. Huts go on a river and own the river system it belongs to, lakes included;
  every lake is fed by a river of its tile, so ``hut`` on that river is a hut on the lake.
* Piece parts are numbered per laid tile clockwise from its north-west corner (``hunter 2``);
  spots are numbered in reading order over the squares where the drawn tile fits, for this draw.
* Several hunters on cult sites in one meadow: the cult-site hunters' majority scores.
* A resigned player's pieces stay on the map (they still block and count for majorities), and
  he cannot win; the tile he had drawn passes to the next player.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from games.contract import Event, Game, PlayerResult, ScoreLine
from games.hunters_gatherers import checks, data, flow, highlights, moves
from games.hunters_gatherers.notation import HELP, Action, Draw, Place, format_action, parse_action
from games.hunters_gatherers.state import KEY, SCORE_LINES, HGOptions, HGState, total
from games.hunters_gatherers.texts import LINE_LABELS, T, reason, seat

__all__ = ["GAME", "Draw", "HGOptions", "HGState", "HuntersGatherers", "Place"]


class HuntersGatherers(Game[HGState, Action, HGOptions]):
    key = KEY
    name = "Carcassonne – Die Jäger und Sammler"
    min_players = flow.MIN_PLAYERS
    max_players = flow.MAX_PLAYERS
    summary = T.text("summary")
    notation_help = HELP
    rules_file = "carcassonne-hunters-gatherers.de.txt"
    rules_title = "Carcassonne – Die Jäger und Sammler (Hans im Glück, 2002)"
    options_model = HGOptions
    state_model = HGState
    data_dir = data.DATA_DIR
    card_hint = "START, L01–L78, B01–B12"

    # ---- notation
    def parse(self, text: str) -> Action:
        return parse_action(text)

    def format(self, action: Action) -> str:
        return format_action(action)

    # ---- flow
    def setup(self, seats: int, options: HGOptions, seed: int) -> HGState:
        return flow.setup(seats, options, seed)

    def to_act(self, state: HGState) -> list[int]:
        return [] if state.phase == "finished" else [state.turn]

    def prompt(self, state: HGState, seat: int) -> str:
        return moves.prompt(state, seat)

    def legal_actions(self, state: HGState, seat: int) -> list[Action]:
        return moves.legal_actions(state, seat)

    def suggest(self, state: HGState, seat: int, typed: str, limit: int) -> list[str]:
        return moves.suggest(state, seat, typed, limit)

    def apply(self, state: HGState, seat: int, action: Action) -> tuple[HGState, list[Event]]:
        if isinstance(action, Draw):
            return flow.draw(state, seat)
        return moves.apply(state, seat, action)

    def resign(self, state: HGState, seat: int) -> tuple[HGState, list[Event]]:
        return flow.resign(state, seat)

    def takeback_open(self, state: HGState) -> bool:
        """The placement that handed over reveals nothing: its player may take it back until
        the next player draws."""
        return state.phase == "draw" and state.options.draw_step

    def is_finished(self, state: HGState) -> bool:
        return state.phase == "finished"

    def phase_text(self, state: HGState) -> str:
        piles = {"land": len(state.pile), "bonus": len(state.bonus_pile)}
        if state.phase == "finished":
            return T.text("phase-over", msg_reason=reason(state.finished_reason), **piles)
        if state.phase == "draw":  # the player as ``{p<seat>}``: the platform fills in the name
            return T.text("phase-draw", player=seat(state.turn), **piles)
        which = "phase-bonus" if state.phase == "bonus" else "phase-place"
        return T.text(which, player=seat(state.turn), tile=state.tile or "", **piles)

    # ---- outcome
    def winners(self, state: HGState) -> list[int]:
        return flow.winners(state)

    def results(self, state: HGState) -> list[PlayerResult]:
        best = set(self.winners(state))
        return [
            PlayerResult(
                seat=seat,
                score=total(state, seat),
                lines=[
                    ScoreLine(label=T.text(LINE_LABELS[line]), value=state.scores[seat][line]) for line in SCORE_LINES
                ],
                winner=seat in best,
            )
            for seat in range(state.players)
        ]

    def invariants(self, state: HGState) -> list[str]:
        return checks.invariants(state)

    # ---- hidden information, data, texts
    changes = staticmethod(highlights.changes)  # what the board image marks since a seat last acted

    def hide(self, view: HGState, seat: int | None) -> None:
        checks.hide(view, seat)

    def secrets(self, state: HGState, seat: int | None) -> set[str]:
        return checks.secrets(state, seat)

    def check_data(self, directory: Path | None = None) -> tuple[list[str], int]:
        problems = data.check(directory)
        records = 0 if problems else data.load_from(directory or data.DATA_DIR).records()
        return problems, records

    def card_text(self, card_id: str) -> str | None:
        return checks.card_text(card_id)

    def card_ids(self) -> list[str]:
        return checks.card_ids()

    def hand_text(self, view: HGState, seat: int, names: Sequence[str]) -> str | None:
        return None


GAME = HuntersGatherers()
