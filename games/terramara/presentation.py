"""How Terramara is shown: the tribes' colours, the one-click ``end``/``skip``, the pick-one
answers of a small decision and the action panel."""

from __future__ import annotations

from games.presentation import Presentation
from games.terramara.rules import GAME
from games.terramara.state import COLOURS, TerramaraState, format_action
from games.terramara.texts import T


class TerramaraPresentation(Presentation[TerramaraState]):
    seat_colours = tuple(COLOURS)

    def seat_colour(self, state: TerramaraState | None, seat: int) -> str:
        """The colour of the seat's tribe (the pictures draw it)."""
        if state is not None and 0 <= seat < len(state.tribes):
            return state.tribes[seat].colour
        return super().seat_colour(state, seat)

    quick_actions = (("end", T.text("panel-end")), ("skip", T.text("panel-skip")))
    panel_labels = {
        "send": T.text("panel-send"),
        "travel": T.text("panel-travel"),
        "use": T.text("panel-use"),
        "refine": T.text("panel-refine"),
        "process": T.text("panel-process"),
        "craft": T.text("panel-craft"),
        "reserve": T.text("panel-reserve"),
        "take": T.text("panel-take"),
        "swap": T.text("panel-swap"),
        "give": T.text("panel-give"),
        "pay": T.text("panel-pay"),
        "flip": T.text("panel-flip"),
        "end": T.text("panel-end"),
        "skip": T.text("panel-skip"),
    }

    def quick_choices(self, state: TerramaraState, seat: int, most: int) -> list[str] | None:
        """The answers of a decision on the agenda or a set-up pick (neutral scout, draft) as
        notations, when there are at most ``most`` of them; None otherwise (turns, big decisions)."""
        if seat not in self.game.to_act(state) or not (state.agenda or state.stage in ("neutral", "draft")):
            return None
        out = list(dict.fromkeys(format_action(a) for a in self.game.legal_actions(state, seat)))
        return out if 0 < len(out) <= most else None


PRESENTATION = TerramaraPresentation(GAME)
