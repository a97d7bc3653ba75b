"""The contract suite: every registered game (and the test-only "Race to Ten", registered
here without any platform edit) is checked the same way.

Per game: notation round trip of every offered action, JSON round trip, the game's own
invariants and who acts after every action of random playouts; suggestions = legal
actions; replay equality; hidden information absent from everything shown to a seat who
may not see it (views, hand texts, prompts, event lines, the images' input); the game's
presentation (``registry.presentation``: colours, renderer, quick actions and choices, the
action panel's kinds) declared once and consistent with the rules in every position; a
complete game through the Discord doubles; the console, ``simulate`` (the CLI) and the benchmark.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import renderers
from bot import present
from bot.cli import main as cli_main
from bot.discord_app.client import TafelrundeBot
from bot.simulate import has_round_limit, sim_options
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from games import registry
from games.contract import Game, SeededRng
from games.presentation import Presentation
from tests.console_harness import CH, ConsoleHarness, service  # noqa: F401  (fixture)
from tests.contract_checks import NotationCheck, check_contract_state, check_guide, check_guide_examples
from tests.discord_doubles import Channel, FakeUser, StubRenderer, no_unexpected_errors, table  # noqa: F401  (autouse fixture)
from tests.paths import REPO

RACE = "race-to-ten"
RACE_TARGET = "tests.race_game:GAME"
KEYS = [*registry.keys(), RACE]
USERS = [FakeUser(1_200_000_000_000_000_001 + i, name) for i, name in enumerate(("Ada", "Bo", "Cy", "Di", "Ed"))]
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def race() -> Iterator[Game]:
    """Register the test-only game for one test; gone again afterwards."""
    game = registry.register(RACE_TARGET)
    try:
        yield game
    finally:
        registry.unregister(RACE)


@pytest.fixture(params=KEYS)
def game(request: pytest.FixtureRequest) -> Iterator[Game]:
    if request.param == RACE:
        yield request.getfixturevalue("race")
    else:
        yield registry.get(request.param)


def options_for(game: Game) -> Any:
    """Options that let random play end (the simulate house rule caps rounds)."""
    return sim_options(game, 4 if has_round_limit(game) else None)


def option_text(game: Game) -> str | None:
    return "round_limit=4" if has_round_limit(game) else None


# ---------------------------------------------------------------------- hidden information
def shown_to(game: Game, state: Any, seat: int | None, names: list[str]) -> str:
    """Everything ``seat`` is shown of ``state`` (None: the whole channel), as one text."""
    view = game.view(state, seat)
    parts = [view.model_dump_json(), game.phase_text(state)]
    parts += [game.prompt(state, s) for s in game.to_act(state)]  # prompts are posted in the channel
    if seat is not None:
        parts.append(game.hand_text(view, seat, names) or "")
    return "\n".join(parts)


def check_hidden(game: Game, state: Any, events: list[Any], names: list[str]) -> None:
    for seat in [None, *range(state.players)]:
        view = game.view(state, seat)
        assert view.seed == 0 and view.rng == SeededRng(seed=0), "a view carries the seed or the RNG"
        secret = game.secrets(state, seat)
        if not secret:
            continue
        text = shown_to(game, state, seat, names)
        if seat is None:
            text += "\n".join(e.text for e in events)  # the event lines are posted in the channel
        leaked = sorted(x for x in secret if x in text)
        assert not leaked, f"shown to seat {seat}: {leaked}"


# ---------------------------------------------------------------------- presentation
def check_presentation(game: Game, state: Any, legal_texts: dict[int, list[str]], players: int = 0) -> None:
    """The presentation agrees with the rules in ``state``: a small decision's answers are legal
    actions of the seat, as many as the front-end's menu holds at most (whatever its size), and
    every legal action has a kind for the action panel; every seat's colour in ``state`` (of the
    ``players``) is a known palette name, and no two seats share one."""
    look = registry.presentation(game)
    colours = [look.seat_colour(state, seat) for seat in range(players)]
    assert set(colours) <= set(renderers.PALETTE), f"no palette colour among {colours}"
    assert len(set(colours)) == players, f"two seats share a colour: {colours}"
    for seat, texts in legal_texts.items():
        for most in (25, 2):
            answers = look.quick_choices(state, seat, most)
            assert answers is None or 0 < len(answers) <= most, (seat, most, answers)
            assert set(answers or []) <= set(texts), f"a quick choice of seat {seat} is not legal"
        for text in texts:
            kind = look.panel_kind(text)
            assert kind and ":" not in kind, text


# ---------------------------------------------------------------------- random playouts
def playout(game: Game, players: int, seed: int) -> tuple[Any, list[tuple[int, str]], Any]:
    rng = random.Random(seed)
    options = options_for(game)
    state = game.setup(players, options, seed)
    names = [u.name for u in USERS[:players]]
    notation = NotationCheck(game)
    log: list[tuple[int, str]] = []
    check_hidden(game, state, [], names)
    while not game.is_finished(state):
        assert len(log) < 5000, "random play did not end"
        seat = rng.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        notation(legal)
        # suggestions = legal actions: every legal action is offered, and whatever is
        # offered (games may add compound actions) is legal
        offered = game.suggest(state, seat, "", limit=100_000)
        assert {game.format(a) for a in legal} <= set(offered)
        check_presentation(game, state, {seat: [game.format(a) for a in legal]}, players)
        for text in rng.sample(offered, min(5, len(offered))):
            game.apply(state, seat, game.parse(text))
        action = rng.choice(legal)
        before = game.dump(state)
        state, events = game.apply(state, seat, action)
        assert state.move_number > json.loads(before)["move_number"]
        log.append((seat, game.format(action)))
        check_contract_state(game, state)
        check_hidden(game, state, events, names)
    return state, log, options


def quick_playout(game: Game, players: int, seed: int) -> Any:
    """A random game to its end without the checks of every step (a finished position to look at)."""
    rng = random.Random(seed)
    state = game.setup(players, options_for(game), seed)
    while not game.is_finished(state):
        seat = rng.choice(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state


# the smallest table in the default suite, the largest in the slow set (a whole game checked at
# every step costs seconds)
@pytest.mark.parametrize("count", ["min", pytest.param("max", marks=pytest.mark.slow)])
def test_random_playouts_keep_the_contract(game: Game, count: str) -> None:
    players = game.min_players if count == "min" else game.max_players
    state, log, options = playout(game, players, seed=11)
    assert game.replay(players, options, 11, log) == state
    assert game.to_act(state) == [] and game.winners(state)
    results = game.results(state)
    assert sorted(r.seat for r in results) == list(range(players))
    assert {r.seat for r in results if r.winner} == set(game.winners(state))


def hypothesis_playout(game: Game, data: st.DataObject) -> None:
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    seed = data.draw(st.integers(0, 2**31), label="seed")
    state, log, options = playout(game, players, seed)
    assert game.replay(players, options, seed, log) == state
    assert game.load(game.dump(state)) == state


PLAYOUT_SETTINGS = {
    "deadline": None,
    "derandomize": True,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
}


@pytest.mark.slow  # suite time; test_random_playouts_keep_the_contract checks every step of a whole game of each
@settings(max_examples=1, **PLAYOUT_SETTINGS)  # type: ignore[arg-type]
@given(data=st.data())
def test_hypothesis_playouts_keep_the_contract(game: Game, data: st.DataObject) -> None:
    """One drawn game per registered game in the default suite (a whole game checked at every
    step costs seconds); ``test_hypothesis_playouts_keep_the_contract_many`` plays ten in the slow set."""
    hypothesis_playout(game, data)


@pytest.mark.slow
@settings(max_examples=10, **PLAYOUT_SETTINGS)  # type: ignore[arg-type]
@given(data=st.data())
def test_hypothesis_playouts_keep_the_contract_many(game: Game, data: st.DataObject) -> None:
    hypothesis_playout(game, data)


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow), pytest.param(3, marks=pytest.mark.slow)])
def test_resignations_keep_the_contract_and_the_game_ends(game: Game, seed: int) -> None:
    """Players leave at random moments (in or out of turn); the game goes on without them
    and ends with a winner among those who stayed (or the last one left)."""
    rng = random.Random(seed)
    players = game.max_players
    state = game.setup(players, options_for(game), seed)
    left: set[int] = set()
    for _ in range(5000):
        if game.is_finished(state):
            break
        if len(left) < players - 1 and rng.random() < 0.02:
            seat = rng.choice([s for s in range(players) if s not in left])
            state, events = game.resign(state, seat)
            left.add(seat)
            assert events and not left & set(game.to_act(state))
        else:
            seat = rng.choice(game.to_act(state))
            assert seat not in left, "a resigned player is asked to act"
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        check_contract_state(game, state)
    else:
        raise AssertionError("the game did not end")
    winners = set(game.winners(state))
    assert winners and not winners & left


@pytest.mark.parametrize("moves", [0, 12])
def test_the_game_ends_when_every_player_has_left(game: Game, moves: int) -> None:
    """When the last seat resigns (at the start, or a few moves in) the game is over: a table is
    never left waiting on players who all left."""
    rng = random.Random(moves)
    state = game.setup(game.min_players, options_for(game), 11)
    for _ in range(moves):
        seat = rng.choice(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    for seat in range(game.min_players):
        if game.is_finished(state):
            break
        state, _ = game.resign(state, seat)
        check_contract_state(game, state)
    assert game.is_finished(state) and game.to_act(state) == [] and game.winners(state)


def test_illegal_input_leaves_the_state_untouched(game: Game) -> None:
    state = game.setup(game.min_players, options_for(game), 3)
    frozen = game.dump(state)
    with pytest.raises(Exception) as info:
        game.parse("xyzzy 99")
    assert str(info.value)
    idle = next((s for s in range(state.players) if s not in game.to_act(state)), None)
    if idle is not None:
        action = game.legal_actions(state, game.to_act(state)[0])[0]
        with pytest.raises(Exception, match=r"(?i)turn|not|wait|owe"):
            game.apply(state, idle, action)
    assert game.dump(state) == frozen


def test_the_declaration_is_complete(game: Game) -> None:
    assert game.key and game.name and game.summary and game.notation_help and game.rules_file
    assert 1 <= game.min_players <= game.max_players
    assert renderers.has_renderer(game.key)
    if game.data_dir is not None:
        problems, records = game.check_data()
        assert problems == [] and records > 0
    for cid in game.card_ids()[:5]:
        assert game.card_text(cid)


def test_the_presentation_is_declared_once(game: Game) -> None:
    """One presentation per game, found through the registry (by its key or its game), in the
    game's own package unless the game names another place; complete and consistent."""
    look = registry.presentation(game)
    assert isinstance(look, Presentation) and look.game is registry.get(game.key)
    assert registry.presentation(game.key) is look
    where = game.presentation or f"games.{game.slug}.presentation:PRESENTATION"
    assert f"{type(look).__module__}:PRESENTATION" == where
    assert len(set(look.seat_colours)) >= game.max_players
    assert all(name in renderers.PALETTE for name in look.seat_colours)
    assert [look.seat_colour(None, s) for s in range(game.max_players)] == list(look.seat_colours[: game.max_players])
    assert look.renderer_module == (look.renderer or f"renderers.{game.slug}")
    for verb, label in look.quick_actions:
        assert game.parse(verb) is not None and label
    assert look.choice_buttons >= 0
    assert all(kind and ":" not in kind and label for kind, label in look.panel_labels.items())


def test_the_guide_is_declared_once_and_complete(game: Game) -> None:
    """Each game's guide (/guide) has its goal, a turn, its actions and a glossary, in English and
    German; the glossary explains every id family of ``card_ids``; found where the game says."""
    check_guide(game)
    where = game.guide or f"games.{game.slug}.guide:GUIDE"
    module, attr = where.split(":")
    assert getattr(__import__(module, fromlist=[attr]), attr) is registry.guide(game.key)


def test_the_guide_shows_only_legal_examples_at_a_table(game: Game) -> None:
    """At every position of an opening, each example the guide shows is legal there."""
    rnd = random.Random(5)
    state = game.setup(game.min_players, options_for(game), 5)
    for _ in range(25):
        if game.is_finished(state):
            break
        check_guide_examples(game, state)
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))


def test_games_know_no_chat_front_end() -> None:
    """The rules and presentations under ``games/`` name no chat front-end (Discord's limits,
    menus of 25 options or labels of 100 characters, are the business of ``bot/``)."""
    root = REPO / "games"
    named = [str(p.relative_to(root)) for p in sorted(root.rglob("*.py")) if "discord" in p.read_text().lower()]
    assert named == []


@pytest.mark.parametrize("count", ["min", "max"])
def test_every_position_of_the_opening_renders(game: Game, count: str) -> None:
    """The pictures exist from the first position on (before any piece is placed or any
    faction chosen), not only for positions deep in a game."""
    players = game.min_players if count == "min" else game.max_players
    rng = random.Random(8)
    state = game.setup(players, options_for(game), 8)
    names = [u.name for u in USERS[:players]]
    for _ in range(12):
        images = renderers.render_images(game.key, game.view(state, None), names, full=False)
        assert images and images[0][0] == "board.png" and all(png.startswith(PNG) for _n, png in images)
        if game.is_finished(state):
            break
        seat = rng.choice(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def test_images_are_drawn_from_the_public_view(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    state = quick_playout(game, game.max_players, seed=5)
    seen: list[Any] = []
    real = renderers.render_images

    def spy(
        key: str, given: Any, names: list[str], *, full: bool = True, pictures: Any = "default"
    ) -> list[tuple[str, bytes]]:
        seen.append(given)
        return real(key, given, names, full=full, pictures=pictures)

    monkeypatch.setattr(renderers, "render_images", spy)

    class T:  # the parts of a service Table that present uses
        pass

    t: Any = T()
    t.game, t.state, t.names = game, state, [u.name for u in USERS[: state.players]]
    images = present.render_all_sync(t)
    assert images and images[0][0] == "board.png" and all(png.startswith(PNG) for _n, png in images)
    assert len({n for n, _png in images}) == len(images) <= 10  # Discord's attachment limit
    moved = present.render_all_sync(t, full=False)  # a move's images: the board first, a subset
    assert moved[0] == images[0] and {n for n, _png in moved} <= {n for n, _png in images}
    assert len(moved) <= 2  # the board and at most one side picture (issue 22)
    assert len(seen) == 2
    for drawn in seen:
        assert drawn == game.view(state, None) and drawn.seed == 0
        assert not [x for x in game.secrets(state, None) if x in drawn.model_dump_json()]


# ---------------------------------------------------------------------- the platform, end to end
@pytest.fixture
async def memory_service() -> Any:
    store = SqliteStore(":memory:")
    await store.open()
    try:
        yield TableService(store, seed_source=lambda: 777)
    finally:
        await store.close()


@pytest.mark.parametrize(
    "count", ["min", pytest.param(4, marks=pytest.mark.slow), pytest.param("max", marks=pytest.mark.slow)]
)
async def test_a_complete_game_through_the_discord_doubles(
    game: Game, count: str | int, memory_service: TableService
) -> None:
    images: list[Any] = []

    async def quick_images(t: Any) -> list[tuple[str, bytes]]:
        images.append(present.public_view(t))
        return [("board.png", PNG)]

    bot = TafelrundeBot(memory_service, renderer=StubRenderer(quick_images))
    await bot.install()
    ch = Channel(bot, 4242)
    size = game.min_players if count == "min" else game.max_players if count == "max" else int(count)
    if not game.min_players <= size <= game.max_players or (count == "max" and size in (game.min_players, 4)):
        pytest.skip(f"{game.name}: {size} players is not a separate case")
    players = USERS[:size]
    kw = {"options": option_text(game)} if option_text(game) else {}
    opened = await ch.slash(players[0], "newgame", game=game.key, **kw)
    assert not opened.private, opened.reply.text()
    for u in players[1:]:
        assert not (await ch.slash(u, "join")).private
    assert not (await ch.slash(players[0], "start")).private
    rng = random.Random(1)
    by_id = {u.id: u for u in players}
    for _ in range(5000):
        t = await table(ch)
        if t.record.status != "running":
            break
        seat = rng.choice(t.to_act())
        user = by_id[t.record.seats[seat].user_id]
        other = next(u for u in players if u is not user)
        if other.id not in [s.user_id for s in t.to_act_users()]:  # only seated players act, only for themselves
            refused = await ch.slash(other, "move", action=t.game.format(t.game.legal_actions(t.state, seat)[0]))
            assert refused.private and (await table(ch)).state == t.state
        action = rng.choice(t.game.legal_actions(t.state, seat))
        inter = await ch.slash(user, "move", action=t.game.format(action))
        assert not inter.private, inter.reply.text()
    else:
        raise AssertionError("the game did not end")
    t = await table(ch)
    assert t.record.status == "finished" and t.game.is_finished(t.state)
    final = ch.public[-1]
    assert "Game over" in final.text() and final.files and final.files[0][0] == "board.png"
    assert images and all(v.seed == 0 for v in images)
    hand = await ch.slash(players[0], "hand")
    assert hand.private
    secrets = t.game.secrets(t.state, 0)
    assert not [x for x in secrets if x in hand.reply.text()]


async def test_race_plays_in_the_console(race: Game, service: TableService, tmp_path: Any) -> None:
    h = ConsoleHarness(service, tmp_path / "boards")
    out = await h.run("/as Ada", f"/newgame {RACE}", "/as Bo", "/join", "/as Ada", "/start")
    assert any("Race to Ten" in line for line in out)
    for _ in range(200):
        t = await h.table()
        if t.record.status != "running":
            break
        user = t.record.seats[t.to_act()[0]].name
        await h.run(f"/as {user}", "play")
    t = await h.table()
    assert t.record.status == "finished"
    assert any("Game over" in line for line in h.lines)
    written = sorted(p.name for p in (tmp_path / "boards").glob("*.png"))
    assert any("cards" in n for n in written) and any("board" in n for n in written)
    hand = await h.run("/as Ada", "/hand")
    assert any("Your card" in line for line in hand)
    card = await h.run("/card r2-a")
    assert any("run 2" in line for line in card)


def test_race_plays_through_simulate_and_the_benchmark(race: Game, capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks.moves import main as bench_main

    assert cli_main(["simulate", "--game", RACE, "--players", "3", "--games", "3", "--seed", "2"]) == 0
    lines = [json.loads(ln) for ln in capsys.readouterr().out.splitlines() if ln.startswith("{")]
    assert len(lines) == 3 and all(r["finished"] and r["game"] == RACE for r in lines)
    assert bench_main(["--game", RACE, "--moves", "30", "--players", "2"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["game"] == RACE and result["moves"] == 30 and result["png_bytes_max"] > 0


def test_registering_needs_a_free_key(race: Game) -> None:
    assert registry.get(RACE) is race and RACE in registry.keys()
    assert registry.register(RACE_TARGET) is race  # again: harmless
    with pytest.raises(ValueError, match="already registered"):
        registry.register("tests.race_game_clash:GAME")
