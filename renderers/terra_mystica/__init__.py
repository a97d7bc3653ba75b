"""Terra Mystica images, drawn from plain inputs (the rules engine's state is adapted to them):

``map.png``       the map: the round, its scoring tile and the turn order (who acts) in a header,
                  terrains, river, hex names, buildings, bridges, towns
                  (``map_image``, 1200 px wide: hex names 11 px when shown 400 px wide)
``cults.png``     the cult board: tracks, markers, priests, keys (``cult_image``, 800 px)
``factions.png``  one board per faction (``factions_image`` / ``faction_panel``, 800 px)
``tiles.png``     the rounds' scoring tiles and the bonus cards with their coins (``tiles_image``)

``render(state, names)`` / ``render_images(state, names)``: a live table's public view (adapted by
``inputs.table_inputs``), the map first as ``board.png``, then cults, factions (under the round's
turn order, who passed, or the final scores) and tiles. ``render_images`` keeps the PNGs of recent
inputs: an image a move did not change is not drawn again. ``render_move_images``: the map and at
most one of the others, the one that matters for the position (``side``).

``setup_info`` gives a faction's board at the start of the game (from ``load()``);
``demo_inputs`` / ``demo_images``: all four for 1..5 factions a few turns in (used by tests).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, cast

from PIL import Image

from games.contract import Highlight
from games.terra_mystica import board
from games.terra_mystica.data import load
from games.terra_mystica.schema import BUILDING_COUNT, CULTS
from renderers import kit, marks
from renderers.terra_mystica import geometry
from renderers.terra_mystica.cult import cult_image
from renderers.terra_mystica.factions import FactionInfo, faction_panel, factions_image
from renderers.terra_mystica.inputs import table_inputs
from renderers.terra_mystica.map import Bridge, MapHeader, map_image
from renderers.terra_mystica.tiles import tiles_image

__all__ = [
    "Bridge",
    "MapHeader",
    "DemoInputs",
    "FactionInfo",
    "cult_image",
    "demo_images",
    "demo_inputs",
    "faction_panel",
    "factions_image",
    "map_image",
    "pngs",
    "count_images",
    "render",
    "render_images",
    "render_move_images",
    "render_seat_images",
    "setup_info",
    "side",
    "tiles_image",
]

DEMO_FACTIONS = ("witches", "nomads", "darklings", "mermaids", "giants")


def setup_info(faction: str, placed: Sequence[str] = ()) -> FactionInfo:
    """``faction``'s board at the start of the game, with the buildings in ``placed`` taken off it."""
    f = load().factions[faction]
    left = dict(BUILDING_COUNT)
    for kind in placed:
        left[kind] -= 1
    return FactionInfo(
        faction=faction,
        vp=f.start.vp,
        coins=f.start.coins,
        workers=f.start.workers,
        priests=f.start.priests,
        power=(f.power.bowl1, f.power.bowl2, f.power.bowl3),
        shipping=f.shipping.start if f.shipping is not None else None,
        spades=0,
        buildings=left,
        favors=[],
        towns=[],
        passed=False,
        bonus=None,
    )


@dataclass(frozen=True)
class DemoInputs:
    """The plain inputs of the three demo images."""

    terrain: dict[str, str]
    buildings: dict[str, tuple[str, str]]
    bridges: list[Bridge]
    towns: list[str]
    positions: dict[str, dict[str, int]]
    priests: dict[str, list[str | None]]
    keys: dict[str, int]
    factions: list[FactionInfo]
    scoring: list[str]
    current_round: int
    bonus: list[str]
    coins: dict[str, int]
    taken: dict[str, str]


def demo_inputs(players: int = 4) -> DemoInputs:
    """Inputs for ``players`` (1..5) factions of ``DEMO_FACTIONS`` a few turns in: two dwellings
    each on their home terrain plus two other buildings, a transformed hex, a bridge, a town,
    cult steps, priests, a key, favors, bonus cards."""
    if not 1 <= players <= len(DEMO_FACTIONS):
        raise ValueError(f"the demo has 1..{len(DEMO_FACTIONS)} factions, not {players}")
    factions = DEMO_FACTIONS[:players]
    data = load()
    upgrades = ["TP", "TE", "SH", "SA", "D", "D"]
    buildings: dict[str, tuple[str, str]] = {}
    placed: dict[str, list[str]] = {f: [] for f in factions}
    for n, faction in enumerate(factions):
        home = [h for h in board.land_hexes() if board.terrain(h) == data.factions[faction].home]
        kinds = ["D", "D"] + upgrades[n : n + 2]
        for hex_name, kind in zip(home[::2], kinds, strict=False):
            buildings[hex_name] = (faction, kind)
            placed[faction].append(kind)
    buildings["E7"] = (factions[0], "D")  # on a mountain hex transformed to the first faction's terrain
    placed[factions[0]].append("D")
    positions: dict[str, dict[str, int]] = {}
    for f in factions:
        start = {str(c): n for c, n in data.factions[f].cult.items()}
        positions[f] = {c: start.get(c, 0) for c in CULTS}
    positions[factions[0]]["air"] = 10
    positions[factions[-1]]["water"] += 3
    infos = []
    for n, f in enumerate(factions):
        info = setup_info(f, placed[f])
        info["bonus"] = f"BON{n + 3}"
        info["vp"] = info.get("vp", 20) + 7 * n
        infos.append(info)
    infos[0]["favors"], infos[0]["towns"], infos[0]["passed"] = ["FAV5", "FAV11"], ["TW3"], True
    first = [h for h, (f, _) in buildings.items() if f == factions[0]]
    cards = [f"BON{i}" for i in range(1, players + 4)]
    taken = {str(info.get("bonus")): f for info, f in zip(infos, factions, strict=True)}
    return DemoInputs(
        terrain={"E7": data.factions[factions[0]].home},
        buildings=buildings,
        bridges=[("F4", "G3", factions[0])],
        towns=first[:3],
        positions=positions,
        priests={"air": [factions[0], None, None, None], "water": [None, factions[-1]]},
        keys={factions[0]: 1},
        factions=infos,
        scoring=["SCORE3", "SCORE5", "SCORE1", "SCORE7", "SCORE2", "SCORE8"],
        current_round=2,
        bonus=cards,
        coins={c: 1 for c in cards if c not in taken},
        taken=taken,
    )


def demo_header(d: DemoInputs) -> MapHeader:
    """The demo map's header: round 2, the second faction to act, the first one passed."""
    order = tuple(f["faction"] for f in d.factions)
    return MapHeader(
        round=d.current_round,
        scoring=d.scoring[d.current_round - 1],
        acting=order[1:2] or order[:1],
        order=order,
        passed=order[:1] if len(order) > 1 else (),
        rounds=len(d.scoring),
    )


def demo_images(players: int = 4) -> list[tuple[str, Image.Image]]:
    """All four images drawn from ``demo_inputs(players)``."""
    d = demo_inputs(players)
    return [
        ("map.png", map_image(d.terrain, d.buildings, d.bridges, d.towns, header=demo_header(d))),
        ("cults.png", cult_image(d.positions, d.priests, d.keys)),
        ("factions.png", factions_image(d.factions)),
        ("tiles.png", tiles_image(d.scoring, d.current_round, d.bonus, d.coins, d.taken)),
    ]


def pngs(named: Sequence[tuple[str, Image.Image]], factions: Sequence[str] = ()) -> list[tuple[str, bytes]]:
    """The images as PNG bytes (the factions' colours kept exact)."""
    exact = geometry.exact_colours(factions)
    return [(name, kit.to_png(img, exact=exact, sample=3)) for name, img in named]


def _draw(kind: str, a: dict[str, Any]) -> Image.Image:
    """One of the four images from its inputs (as ``table_inputs`` gives them)."""
    if kind == "board.png":
        img = map_image(a["terrain"], a["buildings"], a["bridges"], a["towns"], a["out"], map_header(a))
        if a.get("marks"):
            mark_map(img, [(Highlight.model_validate(h), tuple(rgb)) for h, rgb in a["marks"]])
        return img
    if kind == "cults.png":
        return cult_image(a["positions"], a["priests"], a["keys"], a["out"])
    if kind == "factions.png":
        infos = cast(list[FactionInfo], a["factions"])
        heading = {k: a[k] for k in ("order", "passed", "finished")}
        return factions_image(infos, current_round=a["current_round"], **heading)
    marked = a.get("marked") or {}
    return tiles_image(a["scoring"], a["current_round"], a["bonus"], a["coins"], a["taken"], a["finished"], marked)


def map_header(a: dict[str, Any]) -> MapHeader:
    """The map's header from the table's inputs: the round and its scoring tile, who acts, the order."""
    rnd = a.get("current_round") or 0
    scoring = a.get("scoring") or []
    return MapHeader(
        round=rnd,
        scoring=scoring[rnd - 1] if 0 < rnd <= len(scoring) else None,
        acting=tuple(a.get("acting") or ()),
        order=tuple(a.get("order") or ()),
        passed=tuple(a.get("passed") or ()),
        finished=bool(a.get("finished")),
        labels=tuple(sorted((a.get("labels") or {}).items())),
        rounds=max(6, len(scoring)),
    )


INPUTS = {
    "board.png": (
        "terrain",
        "buildings",
        "bridges",
        "towns",
        "out",
        "current_round",
        "scoring",
        "acting",
        "order",
        "passed",
        "finished",
        "labels",
    ),
    "cults.png": ("positions", "priests", "keys", "out"),
    "factions.png": ("factions", "current_round", "order", "passed", "finished"),
    "tiles.png": ("scoring", "current_round", "bonus", "coins", "taken", "finished"),
}


@lru_cache(maxsize=64)
def _cached_png(kind: str, inputs: str, factions: tuple[str, ...]) -> bytes:
    """The PNG of image ``kind`` drawn from ``inputs`` (JSON): most moves change one or two of the
    four images, so the others are not drawn again (pure inputs -> bytes, safe to share)."""
    return pngs([(kind, _draw(kind, json.loads(inputs)))], factions)[0][1]


def mark_map(img: Image.Image, marks_and_colours: Sequence[tuple[Highlight, tuple[int, int, int]]]) -> int:
    """Mark the changes since the player to act last acted on the map: buildings built or
    upgraded and hexes transformed outlined, bridges drawn over, in the factions' colours."""

    def locate(at: str) -> marks.Spot | None:
        try:
            centre = geometry.hex_centre(at)
        except Exception:  # not a hex of the map (a favor tile taken, say)
            return None
        return marks.polygon_spot(geometry.hex_corners(centre, geometry.HEX_R - 3))

    drawn = 0
    for h, rgb in marks_and_colours:  # each in its faction's colour
        drawn += marks.draw_marks(img, [h], locate, lambda _seat, rgb=rgb: rgb, scale=1.6)  # type: ignore[misc]
    return drawn


def _marks_input(state: Any, highlights: Sequence[Highlight]) -> list[tuple[dict[str, Any], list[int]]]:
    """The highlights with their factions' colours, as JSON-able input of the map."""
    seats = list(getattr(state, "seat_factions", []) or [])
    out = []
    for h in highlights:
        faction = seats[h.seat] if h.seat is not None and 0 <= h.seat < len(seats) else ""
        rgb = geometry.faction_rgb(faction) if faction else marks.NEUTRAL_MARK
        out.append((h.model_dump(mode="json"), list(rgb)))
    return out


def render_images(
    state: Any, names: Sequence[str], highlights: Sequence[Highlight] | None = None
) -> list[tuple[str, bytes]]:
    """The live table ``state`` (a public view) as PNGs: the map first (``board.png``), then the cult
    board, the factions' boards (labelled with ``names``, by seat; none while the factions are
    still being chosen) and the tiles. An image whose inputs did not change since it was last
    drawn is not drawn again. ``highlights``: the changes since the player to act last acted,
    marked on the map (none: the unmarked map)."""
    t = asdict(table_inputs(state, names))
    kinds = ["board.png", "cults.png", *(["factions.png"] if t["factions"] else []), "tiles.png"]
    return _images(state, t, kinds, highlights or ())


def _images(
    state: Any, t: dict[str, Any], kinds: Sequence[str], highlights: Sequence[Highlight]
) -> list[tuple[str, bytes]]:
    factions = tuple(state.factions)
    out = []
    for k in kinds:
        inputs = {f: t[f] for f in INPUTS[k]}
        if k == "board.png" and highlights:
            inputs["marks"] = _marks_input(state, highlights)
        if k == "tiles.png" and highlights:
            taken = {h["at"]: rgb for h, rgb in _marks_input(state, highlights) if h["kind"] == "taken"}
            marked = {card: rgb for card, rgb in taken.items() if card in t["bonus"]}
            if marked:
                inputs["marked"] = marked
        out.append((k, _cached_png(k, json.dumps(inputs), factions)))
    return out


def count_images(state: Any) -> int:
    """How many images the full set has: the map, the cult board, the factions' boards (once
    they are chosen) and the tiles."""
    return 3 + bool(state.factions)


def _acting(state: Any) -> str | None:
    """The faction to move (``None``: none, or a power offer is answered first)."""
    if state.finished:
        return None
    if state.round == 0:
        return state.setup[0] if state.setup else None
    return state.turn


def side(state: Any, highlights: Sequence[Highlight] = ()) -> str:
    """The one image a move posts beside the map ("" none): what the faction to move chooses from
    now, else what changed since it last moved. The factions' boards (the final scores) once the
    game is over; the tiles while a bonus card is picked at set-up; the cult board when cult
    steps are owed, or when someone moved on a cult track (a step, a priest, a favor tile) since;
    the tiles when someone took a bonus card (passed; the last pass begins a new round) since.
    The rest is on ``/board`` ("More pictures")."""
    if state.finished:
        return "factions.png" if state.factions else ""
    faction = _acting(state)
    fs = state.factions.get(faction) if faction else None
    if state.round == 0:
        picking = fs is not None and fs.bonus is None and bool(fs.buildings)
        return "tiles.png" if picking and 0 < len(state.setup) <= len(state.factions) else ""
    if fs is not None and fs.cult_steps_due:
        return "cults.png"
    if any(h.kind == "moved" and h.item in CULTS or h.kind == "taken" and h.item.startswith("FAV") for h in highlights):
        return "cults.png"
    if any(h.kind == "taken" and h.item.startswith("BON") for h in highlights):
        return "tiles.png"
    return ""


def render_move_images(
    state: Any, names: Sequence[str], highlights: Sequence[Highlight] | None = None
) -> list[tuple[str, bytes]]:
    """The images posted with a move: the map and at most one other (``side``)."""
    t = asdict(table_inputs(state, names))
    chosen = side(state, highlights or ())
    kinds = ["board.png", *([chosen] if chosen and (chosen != "factions.png" or t["factions"]) else [])]
    return _images(state, t, kinds, highlights or ())


def render_seat_images(state: Any, names: Sequence[str], seat: int) -> list[tuple[str, bytes]]:
    """The seat's own faction board (``faction.png``), for its private ``/hand``; [] before the
    seat has a faction."""
    seats = list(state.seat_factions)
    faction = seats[seat] if 0 <= seat < len(seats) else ""
    info = next((f for f in table_inputs(state, names).factions if faction and f.get("faction") == faction), None)
    if info is None:
        return []
    return pngs([("faction.png", faction_panel(info))], list(state.factions))


def render(state: Any, names: Sequence[str], highlights: Sequence[Highlight] | None = None) -> bytes:
    """The map of the live table ``state`` (the first of ``render_images``), drawn alone and afresh."""
    t = asdict(table_inputs(state, names))
    if highlights:
        t["marks"] = _marks_input(state, highlights)
    return pngs([("board.png", _draw("board.png", t))], list(state.factions))[0][1]
