"""terra.snellman.net ledger exports read into structures.

The unit tests use a short ledger written here by hand in the export's format; the conformance
tests read the 49 shared league games from ``../shared`` (never copied into the repository) and
are skipped when they are absent.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.terra_mystica.ledger import LedgerError, Row, Section, parse_ledger
from games.terra_mystica.notation import Build, Burn, Leech, Pass
from tests.paths import REPO

ROOT = REPO
LEAGUE = ROOT.parent / "shared" / "reference" / "terra-mystica" / "league-games"
MANIFESTS = sorted(LEAGUE.glob("*/manifest.json")) if LEAGUE.is_dir() else []
needs_league = pytest.mark.skipif(
    not MANIFESTS, reason="league ledgers (../shared/reference/terra-mystica) not present"
)


def row(*cells: str) -> str:
    assert len(cells) == 15
    return "\t".join(cells)


# A made-up two-faction game cut short, in the export's layout.
SAMPLE = "\n".join(
    [
        " Default game options",
        "option strict-leech",
        "option variable-turn-order",
        "Round 1 scoring: SCORE5, D >> 2",
        "Round 2 scoring: SCORE9, TE >> 4",
        "Removing tile BON3",
        "Removing tile BON7",
        "Player 1: Alice",
        "Player 2: Bob: the second",
        row("witches", "", "20 VP", "", "15 C", "", "3 W", "", "0 P", "", "5/7/0 PW", "", "0/0/0/2", "", "setup"),
        row("nomads", "", "20 VP", "", "15 C", "", "2 W", "", "0 P", "", "5/7/0 PW", "", "1/0/1/0", "", "setup"),
        row("witches", "", "20 VP", "", "15 C", "", "3 W", "", "0 P", "", "5/7/0 PW", "", "0/0/0/2", "", "build E6"),
        row("nomads", "", "20 VP", "", "15 C", "", "2 W", "", "0 P", "", "5/7/0 PW", "", "1/0/1/0", "", "Pass BON1"),
        "Round 1 income",
        row("witches", "", "20 VP", "+2", "17 C", "+3", "6 W", "", "0 P", "", "5/7/0 PW", "", "0/0/0/2", "", ""),
        "Round 1, turn 1",
        row(
            "witches",
            "+2",
            "22 VP",
            "-2",
            "15 C",
            "-1",
            "5 W",
            "+1",
            "1 P",
            "-4",
            "7/1/0 PW",
            "+2",
            "0/2/0/2",
            "2 1",
            "burn 2. build g5",
        ),
        row(
            "nomads",
            "-1",
            "19 VP",
            "",
            "15 C",
            "",
            "2 W",
            "",
            "0 P",
            "+2",
            "3/9/0 PW",
            "",
            "1/0/1/0",
            "",
            "Leech 2 from witches",
        ),
        "nomads dropped from the game",
        "Scoring FIRE cult",
        row(
            "witches",
            "+8",
            "30 VP",
            "",
            "15 C",
            "",
            "5 W",
            "",
            "1 P",
            "",
            "7/1/0 PW",
            "",
            "0/2/0/2",
            "",
            "+8vp for FIRE",
        ),
        "Scoring network",
        "Converting resources to VPs",
        "",
    ]
)


def test_header_rows_and_sections_are_read_in_order() -> None:
    ledger = parse_ledger(SAMPLE)
    h = ledger.header
    assert h.options == ("strict-leech", "variable-turn-order")
    assert [(s.round, s.tile, s.summary) for s in h.round_scoring] == [
        (1, "SCORE5", "D >> 2"),
        (2, "SCORE9", "TE >> 4"),
    ]
    assert h.removed_bonus == ("BON3", "BON7")
    assert [(p.seat, p.name) for p in h.players] == [(1, "Alice"), (2, "Bob: the second")]
    assert h.notes == ("Default game options",)
    kinds = [e.kind if isinstance(e, Section) else e.faction for e in ledger.entries]
    assert kinds == [
        "witches",
        "nomads",
        "witches",
        "nomads",
        "income",
        "witches",
        "turn",
        "witches",
        "nomads",
        "dropped",
        "cult-scoring",
        "witches",
        "network-scoring",
        "resources",
    ]
    assert ledger.factions() == ["witches", "nomads"]
    assert ledger.dropped() == ["nomads"]
    sections = ledger.sections
    assert (sections[0].round, sections[1].round, sections[1].turn) == (1, 1, 1)
    assert sections[3].subject == "FIRE"


def test_a_row_has_every_column() -> None:
    r = [e for e in parse_ledger(SAMPLE).rows if e.command == "burn 2. build g5"][0]
    assert r == Row(
        line=r.line,
        faction="witches",
        d_vp=2,
        vp=22,
        d_coins=-2,
        coins=15,
        d_workers=-1,
        workers=5,
        d_priests=1,
        priests=1,
        d_power=-4,
        power=(7, 1, 0),
        d_cults=2,
        cults=(0, 2, 0, 2),
        leech=(2, 1),
        command="burn 2. build g5",
    )
    assert SAMPLE.splitlines()[r.line - 1].endswith("\tburn 2. build g5")
    assert r.actions() == [Burn(amount=2), Build(hex="G5")]


def test_commands_read_as_moves_and_blank_commands_as_none() -> None:
    rows = parse_ledger(SAMPLE).rows
    assert rows[3].actions() == [Pass(bonus="BON1")]
    assert rows[4].command == "" and rows[4].actions() == []
    assert rows[6].actions() == [Leech(amount=2, source="witches")]


def test_final_vp_is_each_factions_last_vp() -> None:
    assert parse_ledger(SAMPLE).final_vp() == {"witches": 30, "nomads": 19}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("option strict-leech\n", "no row with 15 TAB-separated columns"),
        ("witches\t\t20 VP\tsetup\n", "line 1: a row has 15 TAB-separated columns"),
        (row("witches", "", "20", "", "15 C", "", "3 W", "", "0 P", "", "5/7/0 PW", "", "0/0/0/2", "", "x"), "line 1: expected 'n VP', got '20'"),
        (row("witches", "", "20 VP", "", "15 C", "", "3 W", "", "0 P", "", "5/7 PW", "", "0/0/0/2", "", "x"), "expected 'n/n/n PW'"),
        (row("witches", "", "20 VP", "", "15 C", "", "3 W", "", "0 P", "", "5/7/0 PW", "", "0/0/2", "", "x"), "expected 'n/n/n/n'"),
        (row("witches", "two", "20 VP", "", "15 C", "", "3 W", "", "0 P", "", "5/7/0 PW", "", "0/0/0/2", "", "x"), "the VP change 'two'"),
        (row("witches", "", "20 VP", "", "15 C", "", "3 W", "", "0 P", "", "5/7/0 PW", "", "0/0/0/2", "a", "x"), "power offers 'a'"),
        (row("", "", "20 VP", "", "15 C", "", "3 W", "", "0 P", "", "5/7/0 PW", "", "0/0/0/2", "", "x"), "first column is empty"),
    ],
)  # fmt: skip
def test_malformed_ledgers_raise_ledger_error_naming_the_line(text: str, says: str) -> None:
    with pytest.raises(LedgerError) as e:
        parse_ledger(text)
    assert says in e.value.message


# ----------------------------------------------------------------------------- the league ledgers


def _games() -> list[tuple[Path, dict[str, int]]]:
    out = []
    for manifest in MANIFESTS:
        for g in json.loads(manifest.read_text(encoding="utf-8"))["games"]:
            out.append((manifest.parent / g["log_file"], g["expected_total_vp"]))
    return out


@needs_league
def test_every_league_game_parses_and_its_final_vp_equals_the_manifest() -> None:
    games = _games()
    assert len(games) == 49
    exact = 0
    for path, expected in games:
        ledger = parse_ledger(path.read_text(encoding="utf-8"))
        assert len(ledger.header.players) == 4, path.name
        assert len(ledger.header.round_scoring) == 6, path.name
        assert len(ledger.factions()) == 4, path.name
        assert "variable-turn-order" in ledger.header.options
        assert ledger.final_vp() == expected, path.name
        exact += 1
    assert exact == 49


@needs_league
def test_league_ledgers_keep_sections_and_drop_outs() -> None:
    dropped = {}
    for path, _ in _games():
        ledger = parse_ledger(path.read_text(encoding="utf-8"))
        kinds = [s.kind for s in ledger.sections]
        assert "other" not in kinds, path.name
        assert kinds.count("cult-scoring") == 4 and kinds.count("network-scoring") == 1, path.name
        assert {s.round for s in ledger.sections if s.kind == "income"} == set(range(1, 7)), path.name
        if ledger.dropped():
            dropped[path.stem] = ledger.dropped()
        for r in ledger.rows:
            r.actions()  # every non-blank command reads as a move
    assert sorted(k.split("_", 1)[1] for k in dropped) == [
        "S62_D1L1_G7",
        "S64_D1L1_G3",
        "S64_D1L1_G4",
        "S64_D1L1_G5",
        "S64_D1L1_G6",
        "S64_D1L1_G7",
    ]


@needs_league
def test_league_rows_chain_each_resource_column_with_its_change() -> None:
    """Proof the columns are read in their places: per faction, every row's VP, coins, workers and
    priests are the previous row's plus the change shown (no exception in 16,000+ rows)."""
    checked = 0
    for path, _ in _games():
        last: dict[str, Row] = {}
        for r in parse_ledger(path.read_text(encoding="utf-8")).rows:
            p = last.get(r.faction)
            if p is not None:
                assert r.vp == p.vp + r.d_vp, (path.name, r.line)
                assert r.coins == p.coins + r.d_coins, (path.name, r.line)
                assert r.workers == p.workers + r.d_workers, (path.name, r.line)
                assert r.priests == p.priests + r.d_priests, (path.name, r.line)
                checked += 1
            last[r.faction] = r
    assert checked > 16000


def test_windows_line_endings_read_the_same() -> None:
    assert parse_ledger(SAMPLE.replace("\n", "\r\n")) == parse_ledger(SAMPLE)
