"""How Terra Mystica is shown: the seats' colours (a faction's home terrain once picked), the one-click ``done``, the buttons
that take or decline a power offer (and the Cultists' cult step) and the action panel, which
groups a move by its main part (free conversions before it aside)."""

from __future__ import annotations

from games.presentation import Presentation
from games.terra_mystica.data import load
from games.terra_mystica.live import TMLive, faction_of
from games.terra_mystica.rules import GAME
from games.terra_mystica.texts import T

# A terrain's palette name where it is spelt otherwise (the rules say ``gray``).
TERRAIN_PALETTE = {"gray": "grey"}
# Colours of no terrain, for seats still to pick a faction when a picked one has their colour.
SPARE_COLOURS = ("purple", "orange", "white")


class TerraMysticaPresentation(Presentation[TMLive]):
    seat_colours = ("red", "blue", "yellow", "green", "black")  # until the seat picks its faction
    quick_actions = (("done", T.text("quick-done")),)
    choice_buttons = 4  # take or decline a power offer: one button each
    panel_labels = {
        "build": T.text("panel-build"),
        "transform": T.text("panel-transform"),
        "upgrade": T.text("panel-upgrade"),
        "power": T.text("panel-power"),
        "special": T.text("panel-special"),
        "send": T.text("panel-send"),
        "advance": T.text("panel-advance"),
        "convert": T.text("panel-convert"),
        "burn": T.text("panel-burn"),
        "pass": T.text("panel-pass"),
        "pick": T.text("panel-pick"),
        "leech": T.text("panel-leech"),
        "decline": T.text("panel-decline"),
    }

    def seat_colour(self, state: TMLive | None, seat: int) -> str:
        """The colour of the seat's faction (its home terrain, as on every picture: the Witches
        are green) once picked. Before that the fixed seat colour, unless a picked faction has
        it: then the first colour (seat colours, then ``SPARE_COLOURS``) that nobody has."""
        factions = state.seat_factions if state is not None else []
        if 0 <= seat < len(factions) and factions[seat]:
            return self.faction_colour(factions[seat])
        fixed = super().seat_colour(state, seat)
        taken = {self.faction_colour(f) for f in factions if f}
        if fixed not in taken:
            return fixed
        waiting = [s for s, f in enumerate(factions) if not f]
        kept = {super(TerraMysticaPresentation, self).seat_colour(state, s) for s in waiting} - taken
        free = [c for c in (*self.seat_colours, *SPARE_COLOURS) if c not in taken | kept]
        displaced = [s for s in waiting if super(TerraMysticaPresentation, self).seat_colour(state, s) in taken]
        return free[displaced.index(seat) % len(free)]

    @staticmethod
    def faction_colour(faction: str) -> str:
        """Palette name of a faction's colour: that of its home terrain."""
        home = load().factions[faction].home
        return TERRAIN_PALETTE.get(home, home)

    @staticmethod
    def main_part(notation: str) -> list[str]:
        """The words of a move's main command (the first that is not a free conversion)."""
        parts = [p.split() for p in notation.split(".") if p.split()]
        return next((p for p in parts if p[0].lower() not in ("burn", "convert", "dig")), parts[0] if parts else [])

    def panel_kind(self, notation: str) -> str:
        main = self.main_part(notation)
        if not main:
            return ""
        verb = main[0].lower()
        if verb == "action":
            code = main[1].upper() if len(main) > 1 else ""
            return "power" if code in {f"ACT{i}" for i in range(1, 7)} else "special"
        return verb

    def panel_narrow(self, notation: str) -> str:
        """The space (build, terraform), the space and new building (upgrade), the card."""
        main = self.main_part(notation)
        if main and main[0].lower() == "transform":
            return main[1] if len(main) > 1 else ""
        return " ".join(main[1:])

    def quick_choices(self, state: TMLive, seat: int, most: int) -> list[str] | None:
        """The cult step and the answers to power offers (a turn is typed: it declines the offers
        left open), the first ``most`` of them."""
        if seat not in self.game.to_act(state) or state.pick_queue:
            return None
        f = faction_of(state, seat)
        if state.factions[f].cult_steps_due or any(o.to == f for o in state.offers):
            legal = [self.game.format(a) for a in self.game.legal_actions(state, seat)]
            picks = [m for m in legal if m.startswith(("+", "leech ", "decline "))]
            return picks[:most] or None
        return None


PRESENTATION = TerraMysticaPresentation(GAME)
