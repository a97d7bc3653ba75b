"""Terra Mystica as a ``Game``: a thin facade that holds the declarations and delegates each contract
method to a pure module: whose decision it is, the prompt and the legal moves (``decisions``), a move
or a seat leaving (``play``, over the engine's ``engine.apply_move``; the end is scored there, its
breakdown in ``state.final``), winners and results (``outcome``), the seats and faction picks
(``live``, set-up draws from ``setup``). A move is snellman notation: commands joined by ``.``
(``dig 1. build E7``, ``upgrade F3 to TE. +FAV8``, ``pass BON3``, ``leech 2 from witches``); during
the faction choice, ``pick witches``."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.contract import Event, Game, ImportedGame, NotationError, PlayerResult, TurnSkip
from games.state_checks import seat_shape
from games.terra_mystica import decisions, highlights, outcome, play
from games.terra_mystica import notation as n
from games.terra_mystica.autocomplete import matching, suggest_moves
from games.terra_mystica.checks import invariants
from games.terra_mystica.data import load
from games.terra_mystica.history import ledger_rows
from games.terra_mystica.live import TMLive, TMLiveOptions, faction_of, setup_live
from games.terra_mystica.texts import T


class TMMove(BaseModel):
    """One move in canonical snellman notation (or ``pick <faction>`` during the faction choice)."""

    model_config = ConfigDict(frozen=True)
    text: str


class TerraMystica(Game[TMLive, TMMove, TMLiveOptions]):
    key = "terra-mystica"
    name = "Terra Mystica"
    min_players = 2
    max_players = 5
    summary = T.text("summary")
    notation_help = (
        "build E7 · dig 1. build E7 · upgrade F3 to TP · upgrade F3 to TE. +FAV8 · send p to FIRE · "
        "advance ship · action ACT6. build E7 · action BON2. +FIRE · burn 2. action ACT3 · "
        "convert 1W to 1C · pass BON3 · leech 2 from witches · decline 2 from witches · pick witches"
    )
    changes = staticmethod(highlights.changes)  # what the map marks since a seat last acted
    rules_file = "terra-mystica.de.txt"
    options_model = TMLiveOptions
    state_model = TMLive
    card_hint = T.text("card-hint")

    # ---- texts -----------------------------------------------------------
    def card_ids(self) -> list[str]:
        d = load()
        return [
            *d.bonus_cards,
            *d.favor_tiles,
            *d.town_tiles,
            *d.scoring_tiles,
            *d.power_actions,
            *sorted(d.factions),
        ]

    def card_text(self, card_id: str) -> str | None:
        d = load()
        key = card_id.strip()
        up, low = key.upper(), key.lower()
        for kind, cards in (
            ("bonus", d.bonus_cards),
            ("favor", d.favor_tiles),
            ("town", d.town_tiles),
            ("action", d.power_actions),
            ("scoring", d.scoring_tiles),
        ):
            if up in cards:
                return T.text("card", kind=kind, id=up, msg_text=T.text("card-text", id=up))
        if low in d.factions:
            f = d.factions[low]
            text = T.text("ability", faction=low) if f.abilities else ""
            return T.text("card-faction", name=f.name, home=f.home, msg_text=text)
        return None

    # ---- set-up -----------------------------------------------------------
    def setup(self, seats: int, options: TMLiveOptions, seed: int) -> TMLive:
        return setup_live(seats, options, seed)

    # ---- whose decision (``decisions``) ---------------------------------------
    def to_act(self, state: TMLive) -> list[int]:
        """The seats owing an answer to a power offer (or the Cultists' cult step) first, then the seat
        that must move on; the game never waits for an answer except for the round's income."""
        return decisions.to_act(state)

    def prompt(self, state: TMLive, seat: int) -> str:
        return decisions.prompt(state, seat)

    def phase_text(self, state: TMLive) -> str:
        return decisions.phase_text(state)

    # ---- actions (legal moves: ``decisions``; applying them: ``play``) ----------
    def legal_actions(self, state: TMLive, seat: int) -> list[TMMove]:
        return [TMMove(text=m) for m in decisions.legal(state, seat)]

    def skip(self, state: TMLive, seat: int) -> TurnSkip | None:
        return decisions.skip(state, seat)

    def suggest(self, state: TMLive, seat: int, typed: str, limit: int) -> list[str]:
        """Autocomplete of ``/move``: complete legal moves for what was typed (``autocomplete``)."""
        legal = decisions.legal(state, seat)
        if not legal or state.pick_queue:
            return matching(legal, typed, limit)
        return suggest_moves(state, faction_of(state, seat), typed, limit, legal)

    def parse(self, text: str) -> TMMove:
        words = text.strip().split()
        if words and words[0].lower() == "pick":
            if len(words) != 2:
                raise NotationError(T.text("pick-needs-one"))
            return TMMove(text=f"pick {n.faction_name(words[1])}")
        return TMMove(text=n.format_move(n.parse_move(text)))

    def format(self, action: TMMove) -> str:
        return action.text

    def apply(self, state: TMLive, seat: int, action: TMMove) -> tuple[TMLive, list[Event]]:
        return play.apply(state, seat, action.text)

    def import_game(self, text: str) -> ImportedGame:
        """A terra.snellman.net ledger export (whole or cut off) to continue here (``importer``)."""
        from games.terra_mystica.importer import import_ledger

        return import_ledger(text)

    def resign(self, state: TMLive, seat: int) -> tuple[TMLive, list[Event]]:
        return play.resign(state, seat)

    # ---- outcome ------------------------------------------------------------
    def is_finished(self, state: TMLive) -> bool:
        return state.scored  # the last round is over and its last offers are answered

    def winners(self, state: TMLive) -> list[int]:
        return outcome.winners(state)

    def results(self, state: TMLive) -> list[PlayerResult]:
        return outcome.results(state)

    def invariants(self, state: TMLive) -> list[str]:
        out = seat_shape(state, self.min_players, self.max_players, seat_factions=state.seat_factions)
        picked = [f for f in state.seat_factions if f]
        if state.factions and sorted(state.factions) != sorted(picked):
            out.append(f"factions {sorted(state.factions)} are not the seats' {picked}")
        if any(not 0 <= seat < state.players for seat in [*state.pick_queue, *state.resigned]):
            out.append("a seat that is not at the table is to pick or resigned")
        strangers = [f for f in [*state.order, *state.pass_order, state.turn] if f and f not in state.factions]
        if strangers:
            out.append(f"{strangers[0]} is in the turn order but plays no faction")
        if out:
            return out  # the game's checks below read the factions by seat
        return invariants(state)

    def ledger_lines(self, before: TMLive, after: TMLive, seat: int) -> list[str]:
        if not after.factions:  # still choosing factions
            return []
        mover = after.seat_factions[seat] if 0 <= seat < len(after.seat_factions) else None
        return ledger_rows(before, after, mover)


GAME = TerraMystica()
