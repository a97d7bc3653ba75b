"""Importing a terra.snellman.net ledger into a live table: every shared league game, whole and cut off
at several rows, set up and played move by move through the table (``GAME.apply``, the mover in
``to_act``), ends where the ledger does; bad input is refused with a specific message. The ledgers are
read from ``../shared`` and the tests skip when they are absent."""

from __future__ import annotations

import json

import pytest

from games.contract import RESIGN, GameError, OptionsError
from games.terra_mystica.ledger import Row, Section, parse_ledger
from games.terra_mystica.rules import GAME, TMLive
from games.terra_mystica.state import CULTS
from tests.paths import REPO
from tests.terra_mystica_helpers import league_params

ROOT = REPO
LEAGUE = ROOT.parent / "shared" / "reference" / "terra-mystica" / "league-games"
MANIFESTS = sorted(LEAGUE.glob("*/manifest.json")) if LEAGUE.is_dir() else []
GAMES = [(m.parent / g["log_file"], g) for m in MANIFESTS for g in json.loads(m.read_text())["games"]]
needs_league = pytest.mark.skipif(not MANIFESTS, reason="league ledgers (../shared/reference/terra-mystica) absent")


def ledger_text(game_id: str) -> str:
    path = next(p for p, g in GAMES if g["game_id"] == game_id)
    return path.read_text(encoding="utf-8")


def play(imported_seats: int, options: dict[str, object], moves: list[tuple[int, str]], seed: int = 7) -> TMLive:
    """Set the table up and play every move through the facade, as the table service replays its log."""
    state = GAME.setup(imported_seats, GAME.parse_options(options), seed)
    for seat, text in moves:
        if text == RESIGN:
            state, _ = GAME.resign(state, seat)
            continue
        assert seat in GAME.to_act(state), (seat, text, GAME.to_act(state))
        state, _ = GAME.apply(state, seat, GAME.parse(text))
    return state


@needs_league
@pytest.mark.parametrize("game_id", league_params([g["game_id"] for _p, g in GAMES]))
def test_every_league_game_imports_and_plays_to_the_recorded_end(game_id: str) -> None:
    entry = next(g for _p, g in GAMES if g["game_id"] == game_id)
    text = ledger_text(game_id)
    imported = GAME.import_game(text)
    ledger = parse_ledger(text)
    factions = ledger.factions()
    assert imported.seats == [GAME.card_text(x).split(" (")[0] for x in factions]  # type: ignore[union-attr]
    assert imported.options["factions"] == factions
    state = play(len(imported.seats), imported.options, imported.moves)
    assert GAME.is_finished(state) and GAME.to_act(state) == []
    assert {x: f.vp for x, f in state.factions.items()} == entry["expected_total_vp"]
    assert imported.title.startswith("terra.snellman.net game, finished")
    dropped = ledger.dropped()
    assert sum(1 for _s, t in imported.moves if t == RESIGN) == len(dropped)
    assert sorted(state.seat_factions[s] for s in state.resigned) == sorted(dropped)
    # the set-up is the ledger's: options, tiles, bonus cards on offer
    assert list(state.options.scoring) == [r.tile for r in sorted(ledger.header.round_scoring, key=lambda r: r.round)]
    assert set(state.options.removed_bonus) == set(ledger.header.removed_bonus)
    assert "strict-leech" in state.options.options


def cut_lines(text: str) -> dict[str, int]:
    """Where to cut a ledger (number of lines kept): after the set-up and the first income, in round 2
    right after a building offered power, and in the middle of round 5."""
    ledger = parse_ledger(text)
    out: dict[str, int] = {}
    round_ = 0
    rows_in_round = 0
    for entry in ledger.entries:
        if isinstance(entry, Section):
            if entry.kind == "income":  # never cut between the income rows (the table pays them at once)
                round_ = 0
            if entry.kind == "turn" and entry.round:
                if entry.round != round_:
                    rows_in_round = 0
                round_ = entry.round
                if round_ == 1 and "set-up" not in out:
                    out["set-up"] = entry.line - 1
            continue
        if round_ == 2 and entry.leech and "round 2" not in out and rows_in_round > 3:
            out["round 2"] = entry.line
        if round_ == 5 and rows_in_round == 12:
            out["round 5"] = entry.line
        rows_in_round += 1
    return out


def last_rows(text: str) -> dict[str, Row]:
    out: dict[str, Row] = {}
    for row in parse_ledger(text).rows:
        out[row.faction] = row
    return out


CUT_GAMES = [
    "4pLeague_S60_D1L1_G1",
    "4pLeague_S61_D1L1_G4",
    "4pLeague_S63_D1L1_G7",
    "4pLeague_S64_D1L1_G5",  # the Cultists drop out in round 4, the Darklings in round 5
    "4pLeague_S66_D1L1_G1",
]


@needs_league
@pytest.mark.parametrize("game_id", CUT_GAMES)
def test_a_ledger_cut_off_imports_the_position_at_the_cut(game_id: str) -> None:
    text = ledger_text(game_id)
    lines = text.splitlines()
    cuts = cut_lines(text)
    assert set(cuts) == {"set-up", "round 2", "round 5"}
    for label, keep in cuts.items():
        part = "\n".join(lines[:keep]) + "\n"
        imported = GAME.import_game(part)
        state = play(len(imported.seats), imported.options, imported.moves)
        for faction, row in last_rows(part).items():
            f = state.factions[faction]
            got = (f.vp, f.coins, f.workers, f.priests, tuple(f.bowls), tuple(f.cult[c] for c in CULTS))
            want = (row.vp, row.coins, row.workers, row.priests, row.power, row.cults)
            assert got == want, (label, faction, row.line)
        acting = GAME.to_act(state)
        assert acting, label
        assert all(GAME.legal_actions(state, s) for s in acting), label
        if any(text == RESIGN for _s, text in imported.moves):  # the service's log: resignations between moves
            assert [state.seat_factions[s] for s in state.resigned] == [
                x for x in parse_ledger(part).dropped() if x in state.seat_factions
            ]
        else:
            replayed = GAME.replay(len(imported.seats), GAME.parse_options(imported.options), 7, imported.moves)
            assert replayed == state
        where = "set-up" if label == "set-up" and state.round == 0 else f"round {state.round}"
        assert f", {where}" in imported.title
        if label == "round 2":
            assert state.offers, "the cut falls right after a building offered power"
            owers = {o.to for o in state.offers}
            assert {state.seat_factions[s] for s in acting} >= owers


def test_not_a_ledger_is_refused() -> None:
    with pytest.raises(GameError, match="not a ledger"):
        GAME.import_game("hello\nthis is a chat log\n")


@needs_league
def test_bad_ledgers_are_refused_with_the_line_and_the_reason() -> None:
    text = ledger_text("4pLeague_S60_D1L1_G1")
    with pytest.raises(GameError, match="unknown faction 'icemaidens'"):
        GAME.import_game(text.replace("darklings\t", "icemaidens\t"))
    with pytest.raises(GameError, match="unsupported option 'fire-and-ice-final-scoring'"):
        GAME.import_game("option fire-and-ice-final-scoring\n" + text)
    with pytest.raises(GameError, match="unsupported map"):
        GAME.import_game("map 95a66999127893f5925a5f591d54f8bcb9a670e6\n" + text)
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.endswith("\tbuild G5"))
    lines[number - 1] = lines[number - 1].replace("build G5", "build A1")
    with pytest.raises(GameError, match=rf"line {number}: darklings 'build A1' cannot be played here: .*A1"):
        GAME.import_game("\n".join(lines))
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if "upgrade E4 to TP" in line)
    lines[number - 1] = lines[number - 1].replace("upgrade E4 to TP", "upgrade E4 to castle")
    with pytest.raises(GameError, match=rf"line {number}: 'upgrade E4 to castle' is not a command"):
        GAME.import_game("\n".join(lines))


def test_the_bonus_cards_in_play_are_an_option_checked_at_set_up() -> None:
    cards = ["BON1", "BON2", "BON3", "BON4", "BON5", "BON6"]
    state = GAME.setup(3, GAME.parse_options({"bonus": "/".join(cards), "setup": "first-game"}), 1)
    assert sorted(state.bonus_coins, key=lambda b: int(b[3:])) == cards
    with pytest.raises(OptionsError, match="6 different cards for 3 players"):
        GAME.setup(3, GAME.parse_options({"bonus": cards[:5]}), 1)
    with pytest.raises(OptionsError, match="BON10 needs the flag shipping-bonus"):
        GAME.setup(3, GAME.parse_options({"bonus": [*cards[:5], "BON10"]}), 1)
    options = {"bonus": [*cards[:5], "BON10"], "flags": "shipping-bonus", "setup": "first-game"}
    shipping = GAME.setup(3, GAME.parse_options(options), 1)
    assert "BON10" in shipping.bonus_coins


# ---- every command form terra.snellman.net's engine reads (its commands.pm, subs command, clean_commands)


@pytest.mark.parametrize(
    ("old", "today"),
    [
        ("connect C4:D5", "connect r10"),  # two land hexes across the river: the river hex between
        ("connect E3:F2", "connect r20"),
        ("connect B4:C4:D5", "connect r10"),  # three land hexes around one river hex
        ("upgrade E7 to trading post", "upgrade E7 to TP"),
        ("upgrade E7 to Temple", "upgrade E7 to TE"),
        ("upgrade E7 to STRONGHOLD", "upgrade E7 to SH"),
        ("upgrade E7 to sanctuary", "upgrade E7 to SA"),
        ("send priest to fire", "send p to FIRE"),
        ("send priest to AIR for 2", "send p to AIR for 2"),
        ("convert 1 power to 1 coin", "convert 1PW to 1C"),
        ("convert power to coin", "convert 1PW to 1C"),
        ("convert 1 priest to 1 worker", "convert 1P to 1W"),
        ("convert 2 priests to 2 workers", "convert 2P to 2W"),
        ("convert 3 coins to 1 vp", "convert 3C to 1VP"),
        ("Convert 2 PW to 2C", "convert 2PW to 2C"),
        ("bridge F4:G3 allow_illegal", "bridge F4:G3"),
        ("transform E6 to grey", "transform E6 to gray"),
        ("Advance shipping", "advance ship"),
        ("advance digging", "advance dig"),
        ("decline", "decline"),
        ("leech 1", "leech 1"),
    ],
)
def test_the_older_command_forms_read_as_todays_notation(old: str, today: str) -> None:
    assert GAME.parse(old).text == today


def test_connect_between_land_hexes_no_river_touches_names_the_form() -> None:
    with pytest.raises(GameError, match="no river hex touches A1, I13"):
        GAME.parse("connect A1:I13")


@pytest.mark.parametrize(
    ("faction", "row", "today"),
    [
        ("witches", "+BON3", "pass BON3"),
        ("witches", "pass. +BON3", "pass bon3"),
        ("witches", "build E7. transform E7 to green", "transform E7 to green. build E7"),
        ("witches", "pass BON3. convert 1PW to 1C", "convert 1PW to 1C. pass BON3"),
        ("witches", "dig 1. action ACT5", "action ACT5. dig 1"),
        ("engineers", "convert 2W to bridge. bridge F4:G3", "action ACTE. bridge F4:G3"),
        ("engineers", "convert 2 w to 1bridge. bridge F4:G3", "action ACTE. bridge F4:G3"),
        ("engineers", "-2w. bridge F4:G3", "action ACTE. bridge F4:G3"),
        ("witches", "convert 2W to bridge", "convert 2W to bridge"),  # the Engineers' form only
        ("witches", "transform E7. -SPADE", "transform E7. done"),
        ("witches", "-2SPADE", "done"),
        ("witches", "+EARTH. leech 3 from cultists", "+EARTH. leech 3 from cultists"),  # as written
    ],
)
def test_the_rows_are_rewritten_as_the_site_rewrites_them(faction: str, row: str, today: str) -> None:
    from games.terra_mystica.importer import site_forms

    assert site_forms(faction, row) == today


def _older_forms(command: str) -> str:
    """A row of today's ledger in the forms older ledgers use."""
    long = {"TP": "trading post", "TE": "temple", "SH": "stronghold", "SA": "sanctuary"}
    parts = []
    for part in (p.strip() for p in command.split(".")):
        words = part.split()
        if part == "connect r20":
            part = "connect E3:F2"
        elif part == "connect r10":
            part = "connect B4:C4:D5"
        elif words[:1] == ["upgrade"] and len(words) == 4:
            part = f"upgrade {words[1]} to {long[words[3].upper()]}"
        elif words[:3] == ["send", "p", "to"]:
            part = "send priest to " + " ".join(words[3:])
        elif words[:1] == ["bridge"]:
            part += " allow_illegal"
        elif words[:1] == ["convert"] and part.endswith("PW to 1C") and words[1] == "1PW":
            part = "convert 1 power to 1 coin"
        parts.append(part)
    out = ". ".join(parts)
    if out.startswith("pass BON") and "." not in out:
        out = "+" + out.removeprefix("pass ")
    return out


@needs_league
@pytest.mark.parametrize("game_id", ["4pLeague_S60_D1L1_G1", "4pLeague_S66_D1L1_G5"])
def test_a_ledger_in_older_forms_imports_to_the_same_moves(game_id: str) -> None:
    """Every row in older forms (``connect E3:F2``, ``upgrade … to temple``, ``send priest to``,
    ``+BON3`` for a pass, ``bridge … allow_illegal``, ``convert 1 power to 1 coin``): the same table moves."""
    text = ledger_text(game_id)
    lines = []
    changed = 0
    for line in text.splitlines():
        cols = line.split("\t")
        if len(cols) == 15 and cols[14].strip():
            older = _older_forms(cols[14].strip())
            changed += older != cols[14].strip()
            cols[14] = older
        lines.append("\t".join(cols))
    assert changed > 50
    assert any("connect E3:F2" in line or "connect B4:C4:D5" in line for line in lines)
    assert GAME.import_game("\n".join(lines)).moves == GAME.import_game(text).moves
