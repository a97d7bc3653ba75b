"""Terra Mystica's seat colours: a faction's home terrain once picked, and never two seats alike
while the others still pick."""

from __future__ import annotations

import random

import pytest

import renderers
from games import registry
from games.terra_mystica.presentation import PRESENTATION


def test_a_picked_faction_gives_its_seat_the_colour_of_its_home_terrain() -> None:
    assert PRESENTATION.faction_colour("witches") == "green"
    assert PRESENTATION.faction_colour("dwarves") == "grey"  # the rules' "gray" in the palette's spelling
    assert PRESENTATION.faction_colour("halflings") == "brown"
    assert all(
        PRESENTATION.faction_colour(f) in renderers.PALETTE for f in ("giants", "mermaids", "nomads", "darklings")
    )


@pytest.mark.parametrize("seed", range(6))
def test_seats_never_share_a_colour_while_the_factions_are_picked(seed: int) -> None:
    game = registry.get("terra-mystica")
    state = game.setup(5, game.options_model(), seed)
    assert [PRESENTATION.seat_colour(state, s) for s in range(5)] == list(PRESENTATION.seat_colours)
    rng = random.Random(seed)
    while state.pick_queue:
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        colours = [PRESENTATION.seat_colour(state, s) for s in range(5)]
        assert len(set(colours)) == 5, colours
        for s, faction in enumerate(state.seat_factions):
            if faction:
                assert colours[s] == PRESENTATION.faction_colour(faction)
