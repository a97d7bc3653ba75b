"""Terra Mystica as a ``Game``: a thin facade that holds the declarations and delegates each contract
method to a pure module: whose decision it is, the prompt and the legal moves (``decisions``), a move
or a seat leaving (``play``, over the engine's ``engine.apply_move``; the end is scored there, its
breakdown in ``state.final``), winners and results (``outcome``), the seats and faction picks
(``live``, set-up draws from ``setup``). A move is snellman notation: commands joined by ``.``
(``dig 1. build E7``, ``upgrade F3 to TE. +FAV8``, ``pass BON3``, ``leech 2 from witches``); during
the faction choice, ``pick witches``."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.contract import Event, Game, ImportedGame, NotationError, PlayerResult
from games.terra_mystica import changes as changes_module
from games.terra_mystica import decisions, outcome, play
from games.terra_mystica import notation as n
from games.terra_mystica.autocomplete import matching, suggest_moves
from games.terra_mystica.checks import invariants
from games.terra_mystica.data import load
from games.terra_mystica.history import ledger_rows
from games.terra_mystica.live import TMLive, TMLiveOptions, faction_of, setup_live


class TMMove(BaseModel):
    """One move in canonical snellman notation (or ``pick <faction>`` during the faction choice)."""

    model_config = ConfigDict(frozen=True)
    text: str


class TerraMystica(Game[TMLive, TMMove, TMLiveOptions]):
    key = "terra-mystica"
    name = "Terra Mystica"
    min_players = 2
    max_players = 5
    summary = (
        "Fourteen peoples transform the land to their home terrain, build dwellings up to strongholds and "
        "sanctuaries, climb the four cults and found towns over six rounds; the most VP wins."
    )
    notation_help = (
        "build E7 · dig 1. build E7 · upgrade F3 to TP · upgrade F3 to TE. +FAV8 · send p to FIRE · "
        "advance ship · action ACT6. build E7 · action BON2. +FIRE · burn 2. action ACT3 · "
        "convert 1W to 1C · pass BON3 · leech 2 from witches · decline 2 from witches · pick witches"
    )
    changes = staticmethod(changes_module.changes)  # what the map marks since a seat last acted
    rules_file = "terra-mystica.de.txt"
    options_model = TMLiveOptions
    state_model = TMLive
    seat_colours = ("red", "blue", "yellow", "green", "black")
    quick_actions = (("done", "Skip the cult bonus spades"),)
    choice_buttons = 4  # take or decline a power offer: one button each
    card_hint = "BON3, FAV8, TW5, SCORE2, ACT6 or a faction (witches)"
    panel_labels = {
        "build": "Build a dwelling",
        "transform": "Terraform a space",
        "upgrade": "Upgrade a building",
        "power": "Power action (ACT1–ACT6)",
        "special": "Bonus card, favour or faction action",
        "send": "Send a priest to a cult",
        "advance": "Advance shipping or digging",
        "convert": "Convert resources",
        "burn": "Burn power",
        "pass": "Pass and take a bonus card",
        "pick": "Pick a faction",
        "leech": "Take the power offered",
        "decline": "Decline the power offered",
    }

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
        if up in d.bonus_cards:
            return f"{up} (bonus card): {d.bonus_cards[up].text}"
        if up in d.favor_tiles:
            return f"{up} (favor tile): {d.favor_tiles[up].text}"
        if up in d.town_tiles:
            return f"{up} (town tile): {d.town_tiles[up].text}"
        if up in d.power_actions:
            return f"{up} (power action): {d.power_actions[up].text}"
        if up in d.scoring_tiles:
            t = d.scoring_tiles[up]
            per = "priest sent to a cult" if t.cult == "priests_on_cults" else f"{t.per} steps on {t.cult.upper()}"
            reward = ", ".join(f"{v} {k}" for k, v in t.reward.items())
            return f"{up} (round scoring): {t.vp} VP per {'/'.join(t.vp_for)}; end of round: {reward} per {per}."
        if low in d.factions:
            f = d.factions[low]
            return f"{f.name} (home terrain {f.home}): " + " ".join(a.text for a in f.abilities)
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

    def suggest(self, state: TMLive, seat: int, typed: str, limit: int = 25) -> list[str]:
        """Autocomplete of ``/move``: complete legal moves for what was typed (``autocomplete``)."""
        legal = decisions.legal(state, seat)
        if not legal or state.pick_queue:
            return matching(legal, typed, limit)
        return suggest_moves(state, faction_of(state, seat), typed, limit, legal)

    def parse(self, text: str) -> TMMove:
        words = text.strip().split()
        if words and words[0].lower() == "pick":
            if len(words) != 2:
                raise NotationError("pick needs one faction, e.g. `pick witches`.")
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

    # ---- the action panel: a move is grouped by its main part (free conversions before it aside)
    @staticmethod
    def _main_part(notation: str) -> list[str]:
        parts = [p.split() for p in notation.split(".") if p.split()]
        return next((p for p in parts if p[0].lower() not in ("burn", "convert", "dig")), parts[0] if parts else [])

    def panel_kind(self, notation: str) -> str:
        main = self._main_part(notation)
        if not main:
            return ""
        verb = main[0].lower()
        if verb == "action":
            code = main[1].upper() if len(main) > 1 else ""
            return "power" if code in {f"ACT{i}" for i in range(1, 7)} else "special"
        return verb

    def panel_narrow(self, notation: str) -> str:
        """The space (build, terraform), the space and new building (upgrade), the card."""
        main = self._main_part(notation)
        if main and main[0].lower() == "transform":
            return main[1] if len(main) > 1 else ""
        return " ".join(main[1:])

    def quick_choices(self, state: TMLive, seat: int) -> list[str] | None:
        if seat not in self.to_act(state) or state.pick_queue:
            return None
        f = faction_of(state, seat)
        if state.factions[f].cult_steps_due or any(o.to == f for o in state.offers):
            # the cult step and the answers; a turn is typed (it declines the offers left open)
            picks = [m for m in decisions.legal(state, seat) if m.startswith(("+", "leech ", "decline "))]
            return picks[:25] or None
        return None

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
        return invariants(state)

    def ledger_lines(self, before: TMLive, after: TMLive, seat: int) -> list[str]:
        if not after.factions:  # still choosing factions
            return []
        mover = after.seat_factions[seat] if 0 <= seat < len(after.seat_factions) else None
        return ledger_rows(before, after, mover)


GAME = TerraMystica()
