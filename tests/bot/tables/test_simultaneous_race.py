"""Racing commands in a simultaneous phase (issue 24, item 9): when another seat's action was
saved while a player's command was on its way, the command is applied to the new table if it is
still legal there and the change was only other seats' independent choices; it is refused
("The board changed …", nothing applied) when the acting seat's own situation changed (its own
action came first, the table changed without an action) or the move is no longer legal.

The racing commands are interleaved the same way every time (``CutInStore``): the command under
test reads the table, the others are saved, then the command's save meets the version check."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest

from bot.store import Store
from bot.tables import Actor, BoardChanged, Outcome, TableService
from games import registry
from tests.conftest import make_store
from tests.cut_in import CutInStore

CH = 777
ANNA = Actor(1001, "Anna")
BEN = Actor(1002, "Ben")
CARL = Actor(1003, "Carl")


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    s = make_store("sqlite:///:memory:")
    await s.open()
    yield s
    await s.close()


@pytest.fixture
def claim_game() -> Iterator[None]:
    registry.register("tests.claim_game:GAME")
    yield
    registry.unregister("claim-test")


async def open_table(store: Store, game: str, *players: Actor) -> TableService:
    service = TableService(store, seed_source=lambda: 4242)
    await service.new_table(1, CH, game, players[0])
    for p in players[1:]:
        await service.join(CH, p)
    await service.start(CH, players[0])
    return service


Command = Callable[[TableService], Awaitable[Outcome]]


async def race(store: Store, command: Command, *others: Command) -> tuple[Outcome | BaseException, list[Any]]:
    """Run ``command`` on the table as it is now, with ``others`` saved one after the other
    between its reading the table and its save; the outcome (or refusal) of each."""
    plain = TableService(store, seed_source=lambda: 4242)
    results: list[Any] = []

    async def cut_in() -> None:
        for other in others:
            try:
                results.append(await other(plain))
            except Exception as exc:
                results.append(exc)

    racing = TableService(CutInStore(store, cut_in), seed_source=lambda: 4242)  # type: ignore[arg-type]
    try:
        return await command(racing), results
    except Exception as exc:
        return exc, results


def home(seat: int) -> str:
    """A field of the home half of ``seat`` in a two-player Terra Turrium game."""
    return "c3" if seat == 0 else "c8"


async def test_two_players_placing_at_once_in_the_set_up_are_both_applied(store: Store) -> None:
    """Ben's placement is saved while Anna's is on its way: Anna's is applied after it."""
    service = await open_table(store, "terra-turrium", ANNA, BEN)
    t = await service.table(CH)
    assert t is not None and sorted(t.to_act()) == [0, 1]  # the simultaneous set-up
    seat = {a.user_id: t.seat_of(a.user_id) for a in (ANNA, BEN)}
    mine, others = await race(
        store,
        lambda s: s.act(CH, ANNA, "place " + home(seat[ANNA.user_id])),
        lambda s: s.act(CH, BEN, "place " + home(seat[BEN.user_id])),
    )
    assert isinstance(mine, Outcome) and isinstance(others[0], Outcome), (mine, others)
    t = await service.table(CH)
    assert t is not None and t.state is not None
    log = await store.log(t.record.id)
    assert [(e.seq, e.user_id) for e in log] == [(1, BEN.user_id), (2, ANNA.user_id)]  # nothing lost or doubled
    assert [sum(f is not None for f in figs) for figs in t.state.figures] == [1, 1]
    assert mine.table.record.version == t.record.version  # Anna's answer shows the table as saved
    assert await service.verify(CH)


async def test_a_players_own_second_command_is_still_refused(store: Store) -> None:
    """The same player's two placements at once: the second was chosen before the first changed
    that player's own position: refused, nothing applied."""
    service = await open_table(store, "terra-turrium", ANNA, BEN)
    t = await service.table(CH)
    assert t is not None
    first = home(t.seat_of(ANNA.user_id) or 0)
    second = "d3" if first == "c3" else "d8"
    mine, others = await race(
        store,
        lambda s: s.act(CH, ANNA, "place " + second),
        lambda s: s.act(CH, ANNA, "place " + first),
    )
    assert isinstance(others[0], Outcome), others
    assert isinstance(mine, BoardChanged) and "board changed" in mine.message, mine
    t = await service.table(CH)
    assert t is not None
    assert len(await store.log(t.record.id)) == 1


async def test_independent_claims_are_both_applied(store: Store, claim_game: None) -> None:
    service = await open_table(store, "claim-test", ANNA, BEN, CARL)
    mine, others = await race(
        store,
        lambda s: s.act(CH, ANNA, "claim a"),
        lambda s: s.act(CH, BEN, "claim b"),
        lambda s: s.act(CH, CARL, "claim c"),
    )
    assert isinstance(mine, Outcome) and all(isinstance(r, Outcome) for r in others), (mine, others)
    t = await service.table(CH)
    assert t is not None and t.state is not None
    assert [t.state.claims[t.seat_of(a.user_id) or 0] for a in (ANNA, BEN, CARL)] == ["a", "b", "c"]
    assert [e.seq for e in await store.log(t.record.id)] == [1, 2, 3]


async def test_a_claim_no_longer_legal_after_the_others_is_refused(store: Store, claim_game: None) -> None:
    """Both claim token a: Ben's is saved first; Anna's, legal when sent, is not on the new table:
    refused with the board-changed message, nothing applied, and she may claim another token."""
    service = await open_table(store, "claim-test", ANNA, BEN)
    mine, others = await race(
        store,
        lambda s: s.act(CH, ANNA, "claim a"),
        lambda s: s.act(CH, BEN, "claim a"),
    )
    assert isinstance(others[0], Outcome), others
    assert isinstance(mine, BoardChanged) and "board changed" in mine.message, mine
    t = await service.table(CH)
    assert t is not None and t.state is not None
    assert t.state.claims[t.seat_of(ANNA.user_id) or 0] is None
    assert len(await store.log(t.record.id)) == 1
    await service.act(CH, ANNA, "claim b")


async def test_a_change_that_is_no_action_of_another_seat_still_refuses(store: Store, claim_game: None) -> None:
    """Anna claimed; while Ben's claim is on its way Anna takes hers back (the table changes, and
    not by another seat's action): Ben's claim is refused, nothing applied."""
    service = await open_table(store, "claim-test", ANNA, BEN, CARL)
    await service.act(CH, ANNA, "claim a")
    mine, others = await race(
        store,
        lambda s: s.act(CH, BEN, "claim b"),
        lambda s: s.request_undo(CH, ANNA),
    )
    assert isinstance(others[0], Outcome), others
    assert isinstance(mine, BoardChanged), mine
    t = await service.table(CH)
    assert t is not None and t.state is not None
    assert t.state.claims == [None, None, None]
    assert await store.log(t.record.id) == []


async def test_a_seat_bot_move_chosen_on_an_older_table_is_still_refused(store: Store, claim_game: None) -> None:
    """A seat bot's move is played only on the very version it was chosen on (``expected_version``)."""
    service = await open_table(store, "claim-test", ANNA, BEN, CARL)
    t = await service.table(CH)
    assert t is not None
    version = t.record.version
    mine, others = await race(
        store,
        lambda s: s.act(CH, ANNA, "claim a", expected_version=version),
        lambda s: s.act(CH, BEN, "claim b"),
    )
    assert isinstance(others[0], Outcome), others
    assert isinstance(mine, BoardChanged), mine
