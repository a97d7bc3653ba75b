"""How Terramara is shown: the tribes' colours, the one-click ``end``/``skip``, the pick-one
answers of a small decision and the action panel."""

from __future__ import annotations

from games.presentation import Presentation
from games.terramara.rules import GAME
from games.terramara.state import COLOURS, TerramaraState, format_action


class TerramaraPresentation(Presentation[TerramaraState]):
    seat_colours = tuple(COLOURS)
    quick_actions = (("end", "End turn"), ("skip", "Skip"))
    panel_labels = {
        "send": "Send a figure to an action space",
        "travel": "Travel",
        "use": "Use an artifact",
        "refine": "Refine at a workshop",
        "process": "Process a resource",
        "craft": "Craft an artifact",
        "reserve": "Reserve an artifact",
        "take": "Take resources",
        "swap": "Swap resources",
        "give": "Give resources",
        "pay": "Pay resources",
        "flip": "Flip",
        "end": "End turn",
        "skip": "Skip",
    }

    def quick_choices(self, state: TerramaraState, seat: int, most: int) -> list[str] | None:
        """The answers of a decision on the agenda or a set-up pick (neutral scout, draft) as
        notations, when there are at most ``most`` of them; None otherwise (turns, big decisions)."""
        if seat not in self.game.to_act(state) or not (state.agenda or state.stage in ("neutral", "draft")):
            return None
        out = list(dict.fromkeys(format_action(a) for a in self.game.legal_actions(state, seat)))
        return out if 0 < len(out) <= most else None


PRESENTATION = TerramaraPresentation(GAME)
