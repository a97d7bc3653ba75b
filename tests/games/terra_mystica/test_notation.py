"""Terra Mystica notation: terra.snellman.net's command language as typed actions.

Unit tests for every command form and for the error messages need nothing outside the repository;
the conformance test reads every command of the 49 shared league ledgers from ``../shared`` and
is skipped when they are absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from games.contract import NotationError
from games.terra_mystica import notation as tn
from games.terra_mystica.notation import (
    ACTION_ADAPTER,
    Act,
    Advance,
    Bridge,
    Build,
    Burn,
    Connect,
    Convert,
    CultStep,
    Decline,
    Dig,
    Done,
    Income,
    Leech,
    Note,
    Pass,
    Score,
    ScoreResources,
    Send,
    Setup,
    Take,
    Transform,
    Upgrade,
    Wait,
    format_command,
    format_move,
    parse_command,
    parse_move,
)
from tests.paths import REPO

ROOT = REPO
LEAGUE = ROOT.parent / "shared" / "reference" / "terra-mystica" / "league-games"
LEDGERS = sorted(LEAGUE.glob("*/*.txt")) if LEAGUE.is_dir() else []

# canonical text -> action: each is parsed from its text and formatted back to it
CANONICAL: list[tuple[str, tn.Action]] = [
    ("build E7", Build(hex="E7")),
    ("build A13", Build(hex="A13")),
    ("build I1", Build(hex="I1")),
    ("upgrade F3 to TP", Upgrade(hex="F3", building="TP")),
    ("upgrade F3 to TE", Upgrade(hex="F3", building="TE")),
    ("upgrade F3 to SH", Upgrade(hex="F3", building="SH")),
    ("upgrade F3 to SA", Upgrade(hex="F3", building="SA")),
    ("transform E6 to yellow", Transform(hex="E6", colour="yellow")),
    ("transform E6 to gray", Transform(hex="E6", colour="gray")),
    ("transform E6", Transform(hex="E6")),
    ("dig 1", Dig(spades=1)),
    ("dig 3", Dig(spades=3)),
    ("send p to FIRE", Send(cult="FIRE")),
    ("send p to WATER for 2", Send(cult="WATER", amount=2)),
    ("advance ship", Advance(track="ship")),
    ("advance dig", Advance(track="dig")),
    ("convert 2PW to 2C", Convert(give=2, give_resource="PW", get=2, get_resource="C")),
    ("convert 1P to 1W", Convert(give=1, give_resource="P", get=1, get_resource="W")),
    ("convert 3PW to 1W", Convert(give=3, give_resource="PW", get=1, get_resource="W")),
    ("convert 5PW to 1P", Convert(give=5, give_resource="PW", get=1, get_resource="P")),
    ("convert 1W to 1C", Convert(give=1, give_resource="W", get=1, get_resource="C")),
    ("convert 2VP to 2C", Convert(give=2, give_resource="VP", get=2, get_resource="C")),
    ("burn 3", Burn(amount=3)),
    ("burn 0", Burn(amount=0)),
    ("pass BON3", Pass(bonus="BON3")),
    ("pass BON10", Pass(bonus="BON10")),
    ("pass", Pass()),
    ("leech 2 from witches", Leech(amount=2, source="witches")),
    ("leech 1", Leech(amount=1)),
    ("decline 2 from chaosmagicians", Decline(amount=2, source="chaosmagicians")),
    ("decline 3", Decline(amount=3)),
    ("decline", Decline()),
    ("bridge F4:G3", Bridge(a="F4", b="G3")),
    ("connect r16", Connect(river="r16")),
    ("connect r0", Connect(river="r0")),
    ("+FAV8", Take(tile="FAV8")),
    ("+FAV12", Take(tile="FAV12")),
    ("+TW5", Take(tile="TW5")),
    ("+2TW3", Take(tile="TW3", count=2)),
    ("+BON1", Take(tile="BON1")),
    ("+AIR", CultStep(cult="AIR", steps=1)),
    ("+2FIRE", CultStep(cult="FIRE", steps=2)),
    ("-WATER", CultStep(cult="WATER", steps=-1)),
    ("-2EARTH", CultStep(cult="EARTH", steps=-2)),
    ("wait", Wait()),
    ("done", Done()),
    ("setup", Setup()),
    ("setup nomads", Setup(faction="nomads")),
    ("other_income_for_faction", Income(part="other")),
    ("cult_income_for_faction", Income(part="cult")),
    ("income", Income()),
    ("score_resources", ScoreResources()),
    ("+8vp for FIRE", Score(vp=8, reason="FIRE")),
    ("+15vp for network", Score(vp=15, reason="network")),
    ("+16vp", Score(vp=16)),
    ("-3vp", Score(vp=-3)),
    ("[opponent accepted power]", Note(text="opponent accepted power")),
    ("[all opponents declined power]", Note(text="all opponents declined power")),
]
CANONICAL += [(f"action {s}", Act(space=s)) for s in tn.ACTION_SPACES]


@pytest.mark.parametrize(("text", "action"), CANONICAL, ids=[t for t, _ in CANONICAL])
def test_every_command_form_parses_to_its_action_and_formats_back(text: str, action: tn.Action) -> None:
    assert parse_command(text) == action
    assert format_command(action) == text
    assert parse_command(format_command(action)) == action


@pytest.mark.parametrize(("text", "action"), CANONICAL, ids=[t for t, _ in CANONICAL])
def test_actions_are_frozen_and_survive_json(text: str, action: tn.Action) -> None:
    again = ACTION_ADAPTER.validate_json(ACTION_ADAPTER.dump_json(action))
    assert again == action and type(again) is type(action)
    with pytest.raises(ValidationError):
        action.kind = "other"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Build e7", "build E7"),
        ("BUILD a13", "build A13"),
        ("Upgrade d1 to tp", "upgrade D1 to TP"),
        ("upgrade f3 to sa", "upgrade F3 to SA"),
        ("Transform h5 to Green", "transform H5 to green"),
        ("Transform E6 to grey", "transform E6 to gray"),
        ("Dig 2", "dig 2"),
        ("SEND P TO FIRE", "send p to FIRE"),
        ("Send p to earth for 3", "send p to EARTH for 3"),
        ("Advance shipping", "advance ship"),
        ("advance digging", "advance dig"),
        ("Action actw", "action ACTW"),
        ("action bon1", "action BON1"),
        ("Action fav6", "action FAV6"),
        ("Convert pw to c", "convert 1PW to 1C"),
        ("Convert 3pw to w", "convert 3PW to 1W"),
        ("Convert 2 W to 2 C", "convert 2W to 2C"),
        ("Convert 2 PW to 2C", "convert 2PW to 2C"),
        ("CONVERT 1P TO 1W", "convert 1P to 1W"),
        ("Burn 1", "burn 1"),
        ("Pass bon10", "pass BON10"),
        ("Pass", "pass"),
        ("Leech 2 from Witches", "leech 2 from witches"),
        ("Decline 1 from ChaosMagicians", "decline 1 from chaosmagicians"),
        ("Bridge f4:g3", "bridge F4:G3"),
        ("connect R16", "connect r16"),
        ("+fav10", "+FAV10"),
        ("+tw6", "+TW6"),
        ("+2tw3", "+2TW3"),
        ("+fire", "+FIRE"),
        ("+water", "+WATER"),
        ("-water", "-WATER"),
        ("Wait", "wait"),
        ("  build   E7  ", "build E7"),
        ("+8vp for fire", "+8vp for FIRE"),
        ("+15VP for Network", "+15vp for network"),
        ("setup Nomads", "setup nomads"),
    ],
)
def test_input_is_case_insensitive_and_output_canonical(text: str, canonical: str) -> None:
    assert format_command(parse_command(text)) == canonical


def test_a_move_is_several_commands_joined_by_dots() -> None:
    move = parse_move("burn 3. action ACT2")
    assert move == [Burn(amount=3), Act(space="ACT2")]
    text = "convert 3PW to 3C. upgrade C3 to SH. connect r10. +TW8"
    assert format_move(parse_move(text)) == text
    assert format_move(parse_move("Dig 1.build g6")) == "dig 1. build G6"
    assert parse_move("pass BON3.") == [Pass(bonus="BON3")]
    assert parse_move("upgrade F2 to TE. +FAV5. +TW4") == [
        Upgrade(hex="F2", building="TE"),
        Take(tile="FAV5"),
        Take(tile="TW4"),
    ]


def test_models_refuse_non_canonical_or_out_of_range_values() -> None:
    with pytest.raises(ValidationError):
        Build(hex="e7")
    with pytest.raises(ValidationError):
        Build(hex="J1")
    with pytest.raises(ValidationError):
        Connect(river="r36")
    with pytest.raises(ValidationError):
        Take(tile="TW9")
    with pytest.raises(ValidationError):
        Pass(bonus="FAV1")
    with pytest.raises(ValidationError):
        CultStep(cult="AIR", steps=0)
    with pytest.raises(ValidationError):
        Dig(spades=0)
    with pytest.raises(ValidationError):
        Note(text=" padded ")
    with pytest.raises(ValidationError):
        Score(vp=2, reason="fire")


def _error(text: str) -> str:
    with pytest.raises(NotationError) as e:
        parse_command(text)
    return e.value.message


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", ["Empty command", "build E7"]),
        ("fly E7", ["Unknown command 'fly'", "build E7", "convert 2PW to 2C"]),
        ("build", ["Usage: build <hex>", "e.g. build E7"]),
        ("build J4", ["'J4' is not a land hex", "A…I", "1…13", "E7"]),
        ("build E14", ["'E14' is not a land hex"]),
        ("build E0", ["'E0' is not a land hex"]),
        ("build r5", ["'r5' is not a land hex"]),
        ("build E7 E8", ["Usage: build <hex>"]),
        ("upgrade F3 TP", ["Usage: upgrade <hex> to TP|TE|SH|SA"]),
        ("upgrade F3 to castle", ["'castle' is not a building", "TP|TE|SH|SA"]),
        ("transform E6 to purple", ["'purple' is not a terrain colour", "yellow", "gray"]),
        ("transform E6 yellow", ["Usage: transform <hex> [to <colour>]"]),
        ("dig", ["Usage: dig <spades>"]),
        ("dig x", ["'x' is not a number of spades", "dig 1"]),
        ("dig 0", ["at least 1", "dig 1"]),
        ("send p to MOON", ["'MOON' is not a cult track", "FIRE, WATER, EARTH or AIR"]),
        ("send w to FIRE", ["Usage: send p to FIRE|WATER|EARTH|AIR"]),
        ("send p to FIRE for", ["Usage: send p to"]),
        ("advance cult", ["Usage: advance ship|dig"]),
        ("action ACT7", ["'ACT7' is not an action space", "ACT1", "FAV6"]),
        ("action", ["Usage: action <space>"]),
        ("convert 2PW", ["Usage: convert", "convert 2PW to 2C"]),
        ("convert 2XP to 2C", ["'xp' is not a resource", "PW, C, W, P, VP"]),
        ("burn -1", ["'-1' is not a number of power to burn", "burn 3"]),
        ("pass BON11", ["'BON11' is not a tile", "BON1…BON10"]),
        ("pass FAV3", ["'FAV3' is not a tile", "BON1…BON10"]),
        ("pass BON3 BON4", ["Usage: pass"]),
        ("leech", ["Usage: leech <n>"]),
        ("leech 2 from elves", ["'elves' is not a faction", "witches"]),
        ("leech 2 of witches", ["Usage: leech"]),
        ("decline x", ["'x' is not a number of power", "decline 2 from witches"]),
        ("bridge F4-G3", ["Usage: bridge <hex>:<hex>", "bridge F4:G3"]),
        ("bridge F4:Z3", ["'Z3' is not a land hex"]),
        ("connect F4", ["'F4' is not a river hex", "r0…r35", "r16"]),
        ("connect r36", ["'r36' is not a river hex"]),
        ("+FAV13", ["'FAV13' is not a tile", "FAV1…FAV12"]),
        ("+TW9", ["'TW9' is not a tile", "TW1…TW8"]),
        ("+MOON", ["'MOON' is not a tile", "FIRE, WATER, EARTH, AIR", "+FAV8"]),
        ("-FAV3", ["only cult steps", "-<cult>"]),
        ("+0AIR", ["at least 1"]),
        ("+", ["neither a tile nor a cult step", "+FAV8"]),
        ("wait now", ["'wait' takes nothing after it"]),
        ("setup elves", ["'elves' is not a faction"]),
        ("[]", ["Empty note"]),
    ],
)
def test_bad_input_raises_notation_error_naming_the_fault_and_the_form(text: str, says: list[str]) -> None:
    message = _error(text)
    for part in says:
        assert part in message, f"{part!r} not in {message!r}"


def test_bad_moves_name_the_empty_command() -> None:
    with pytest.raises(NotationError, match="Empty move"):
        parse_move("  ")
    with pytest.raises(NotationError, match="Command 2 of the move is empty"):
        parse_move("burn 1.. build E7")
    with pytest.raises(NotationError, match="'Q1' is not a land hex"):
        parse_move("dig 1. build Q1")
    with pytest.raises(NotationError, match="at least one command"):
        format_move([])


# ----------------------------------------------------------------------------- the league ledgers

_CONVERT = re.compile(r"\bconvert\s*(\d*)\s*([a-z]+)\s+to\s+(\d*)\s*([a-z]+)")


def normalise(text: str) -> str:
    """What ``format_move`` may change in a ledger's command text, besides letter case and spacing:
    a conversion's implicit count of 1 is written out (``convert pw to c`` -> ``convert 1PW to 1C``),
    ``shipping``/``digging`` are written ``ship``/``dig``, and ``grey`` is written ``gray``."""
    t = text.lower()
    t = _CONVERT.sub(lambda m: f"convert {m[1] or '1'}{m[2]} to {m[3] or '1'}{m[4]}", t)
    t = re.sub(r"\bshipping\b", "ship", t)
    t = re.sub(r"\bdigging\b", "dig", t)
    t = re.sub(r"\bgrey\b", "gray", t)
    return re.sub(r"\s+", "", t)


def _commands(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) == 15 and cols[14].strip():
            out.append(cols[14])
    return out


@pytest.mark.skipif(not LEDGERS, reason="league ledgers (../shared/reference/terra-mystica) not present")
def test_every_command_of_every_league_ledger_parses_and_formats_back() -> None:
    assert len(LEDGERS) == 49
    seen = 0
    kinds: set[str] = set()
    for path in LEDGERS:
        for text in _commands(path):
            move = parse_move(text)
            out = format_move(move)
            assert parse_move(out) == move, (path.name, text)
            assert normalise(out) == normalise(text), (path.name, text, out)
            kinds.update(a.kind for a in move)
            seen += 1
    assert seen > 16000
    # the ledgers use every kind of command except those only typed live or written by hand
    assert kinds == {k for k in _all_kinds() if k not in {"done"}}


def _all_kinds() -> set[str]:
    kinds = {cls.model_fields["kind"].default for cls in tn.ACTION_TYPES}
    assert len(kinds) == len(tn.ACTION_TYPES) == len(CANONICAL_KINDS)
    return kinds


CANONICAL_KINDS = {a.kind for _, a in CANONICAL}


# ----------------------------------------------------------------------------- every action round-trips

LAND = st.builds(lambda r, c: f"{r}{c}", st.sampled_from("ABCDEFGHI"), st.integers(1, 13))
RIVER = st.integers(0, 35).map(lambda n: f"r{n}")
TILES = st.one_of(
    st.integers(1, 12).map(lambda n: f"FAV{n}"),
    st.integers(1, 8).map(lambda n: f"TW{n}"),
    st.integers(1, 10).map(lambda n: f"BON{n}"),
)
N = st.integers(1, 999)
FACTION = st.sampled_from(tn.FACTIONS)
CULT = st.sampled_from(tn.CULTS)
ACTIONS: st.SearchStrategy[tn.Action] = st.one_of(
    st.builds(Build, hex=LAND),
    st.builds(Upgrade, hex=LAND, building=st.sampled_from(tn.BUILDINGS)),
    st.builds(Transform, hex=LAND, colour=st.none() | st.sampled_from(tn.COLOURS)),
    st.builds(Dig, spades=N),
    st.builds(Send, cult=CULT, amount=st.none() | N),
    st.builds(Advance, track=st.sampled_from(["ship", "dig"])),
    st.builds(Act, space=st.sampled_from(tn.ACTION_SPACES)),
    st.builds(
        Convert,
        give=N,
        give_resource=st.sampled_from(tn.RESOURCES),
        get=N,
        get_resource=st.sampled_from(tn.RESOURCES),
    ),
    st.builds(Burn, amount=st.integers(0, 999)),
    st.builds(Pass, bonus=st.none() | st.integers(1, 10).map(lambda n: f"BON{n}")),
    st.builds(Leech, amount=N, source=st.none() | FACTION),
    st.one_of(st.just(Decline()), st.builds(Decline, amount=N, source=st.none() | FACTION)),
    st.builds(Bridge, a=LAND, b=LAND),
    st.builds(Connect, river=RIVER),
    st.builds(Take, tile=TILES, count=N),
    st.builds(CultStep, cult=CULT, steps=st.integers(-999, 999).filter(bool)),
    st.just(Wait()),
    st.just(Done()),
    st.builds(Setup, faction=st.none() | FACTION),
    st.builds(Income, part=st.sampled_from(["other", "cult", "all"])),
    st.just(ScoreResources()),
    st.builds(
        Score,
        vp=st.integers(-999, 999),
        reason=st.none()
        | CULT
        | st.from_regex(r"[a-z_]{1,12}", fullmatch=True).filter(lambda r: r.upper() not in tn.CULTS),
    ),
    st.builds(Note, text=st.from_regex(r"[a-z]{1,8}( [a-z]{1,8}){0,3}", fullmatch=True)),
)


@settings(max_examples=400, deadline=None)
@given(ACTIONS)
def test_parse_of_format_is_the_action_for_every_action(action: tn.Action) -> None:
    assert parse_command(format_command(action)) == action


@settings(max_examples=150, deadline=None)
@given(st.lists(ACTIONS, min_size=1, max_size=6))
def test_parse_move_of_format_move_is_the_move(move: list[tn.Action]) -> None:
    assert parse_move(format_move(move)) == move
