"""Catch-up after a day away: the changes the board images mark since the player to act last
acted (``Game.changes``, ``renderers.marks``) and the summary their ping carries (``bot.catchup``)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

import renderers
from bot import catchup
from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import Actor, Table, TableService
from games import registry
from games.contract import Highlight
from games.hunters_gatherers.rules import GAME as HG
from games.hunters_gatherers.state import HGState
from games.terra_mystica.rules import GAME as TM
from games.terra_turrium.board import field_name, parse_field
from games.terra_turrium.rules import GAME as TT
from renderers import terra_turrium as tt_render
from tests.discord_doubles import Channel, FakeUser, no_unexpected_errors, png_bytes, table  # noqa: F401

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


# ---------------------------------------------------------------------- the window and the summary
def test_window_is_since_the_seats_last_finished_acting() -> None:
    log = [0, 0, 1, 1, 1, 0, 0, 1]
    assert catchup.window(log, {1}) == (5, 7)  # Ben is mid-turn: others' actions 5..6, his own 7
    assert catchup.window(log, {0}) == (7, 8)  # Anna: Ben's last action
    assert catchup.window(log[:5], {0}) == (2, 5)  # handover to Anna: Ben's three actions
    assert catchup.window([1, 1, 2], {0}) == (0, 3)  # Anna never acted: everything since the start
    assert catchup.window([], {0}) == (0, 0)


def test_summary_merges_a_players_run_and_stops_at_the_limit() -> None:
    steps = [
        (0, "take b3", ["Anna took b3."]),
        (0, "build c2", ["Anna built on c2."]),
        (0, "pass", ["Anna ends the turn."]),
        (1, "!resign", []),
        (2, "move a1-a2", []),
    ]
    lines = catchup.summary_lines(steps, NAMES)
    assert lines == ["Anna took b3; built on c2; ends the turn.", "Ben resigned.", "Cleo: `move a1-a2`"]
    many = [(i % 2, f"x{i}", [f"{NAMES[i % 2]} did {i}."]) for i in range(20)]
    lines = catchup.summary_lines(many, NAMES)
    assert len(lines) == catchup.SUMMARY_LINES
    assert lines[-1] == "…and 13 more."
    assert lines[0] == "Anna did 0."
    text = catchup.summary_text(lines)
    assert text.startswith("Since your last move:\n• Anna did 0.")
    assert text.endswith("\n…and 13 more.")
    assert catchup.summary_text([]) == ""


def test_summary_lines_are_short() -> None:
    long = [(0, "x", ["Anna " + "very " * 80 + "long."])]
    (line,) = catchup.summary_lines(long, NAMES)
    assert len(line) <= catchup.LINE_MAX and line.endswith("…")


# ---------------------------------------------------------------------- per game: the changes
def play(game, state, seat, text):
    action = game.parse(text)
    new, _ = game.apply(state, seat, action)
    return new, (seat, action)


def turrium_after_setup(players: int = 2):
    st = TT.setup(players, TT.parse_options({}), 11)
    rng = random.Random(11)
    while st.phase == "setup":
        seat = TT.to_act(st)[0]
        st, _ = TT.apply(st, seat, rng.choice(TT.legal_actions(st, seat)))
    return st


def test_turrium_marks_taken_built_and_moved_and_nothing_for_no_action() -> None:
    st = turrium_after_setup()
    seat = TT.to_act(st)[0]
    assert TT.changes(st, st, []) == []
    moves = []
    start = st
    for _ in range(3):  # take, take, take
        take = next(a for a in TT.legal_actions(st, seat) if a.kind == "take")
        st, mv = play(TT, st, seat, TT.format(take))
        moves.append(mv)
    got = TT.changes(start, st, moves)
    assert {h.kind for h in got} == {"taken"} and all(h.seat == seat for h in got)
    taken_fields = {f for _, a in moves for f in a.fields}
    assert {h.at for h in got} == {field_name(f) for f in taken_fields}
    while st.phase == "build":
        build = TT.legal_actions(st, seat)[0]
        st, mv = play(TT, st, seat, TT.format(build))
        moves.append(mv)
    built = [h for h in TT.changes(start, st, moves) if h.kind == "built"]
    assert built and all(h.seat == seat for h in built)
    step = next(a for a in TT.legal_actions(st, seat) if a.kind == "move")
    st, mv = play(TT, st, seat, TT.format(step))
    moves.append(mv)
    moved = [h for h in TT.changes(start, st, moves) if h.kind == "moved"]
    assert moved == [
        Highlight(kind="moved", seat=seat, at=field_name(step.path[-1]), path=tuple(field_name(f) for f in step.path))
    ]
    # the same figure moved on: one path through both moves
    nxt = next(
        (a for a in TT.legal_actions(st, seat) if a.kind == "move" and a.path[0] == step.path[-1]),
        None,
    )
    if nxt is not None:
        st, mv = play(TT, st, seat, TT.format(nxt))
        moves.append(mv)
        (one,) = [h for h in TT.changes(start, st, moves) if h.kind == "moved"]
        assert one.path == tuple(field_name(f) for f in (*step.path, *nxt.path[1:]))


def hg_drawn() -> HGState:
    """A two-player game of seed 3 after the first player drew the first tile."""
    st = HG.setup(2, HG.parse_options({}), 3)
    return HG.apply(st, HG.to_act(st)[0], HG.parse("draw"))[0]


def test_hunters_gatherers_marks_the_tile_laid_and_the_piece_placed() -> None:
    st = hg_drawn()
    assert HG.changes(st, st, []) == []
    seat = HG.to_act(st)[0]
    action = next(a for a in HG.legal_actions(st, seat) if "none" not in HG.format(a))
    after, mv = play(HG, st, seat, HG.format(action))
    got = HG.changes(HG.view(st, None), HG.view(after, None), [mv])
    tile = after.board[-1]
    assert Highlight(kind="placed", seat=seat, at=f"{tile.x},{tile.y}", item=tile.tile) in got
    pieces = [h for h in got if h.at.count(",") == 2]
    assert [(h.kind, h.seat) for h in pieces] == [("placed", seat)]


def test_terra_mystica_marks_a_dwelling_built() -> None:
    st = TM.setup(2, TM.parse_options({"factions": ["witches", "nomads"]}), 5)
    seat = TM.to_act(st)[0]
    action = TM.legal_actions(st, seat)[0]
    after, mv = play(TM, st, seat, TM.format(action))
    assert TM.changes(st, st, []) == []
    got = TM.changes(TM.view(st, None), TM.view(after, None), [mv])
    (built,) = got
    assert built.kind == "built" and built.seat == seat and built.item == "D"
    assert built.at in after.factions[after.seat_factions[seat]].buildings


def test_every_game_marks_nothing_for_an_unchanged_position() -> None:
    for game in registry.all_games():
        st = game.setup(game.min_players, game.parse_options(None), 1)
        view = game.view(st, None)
        assert game.changes(view, view, []) == [], game.key


# ---------------------------------------------------------------------- replaying, with the cache
def random_log(game, players: int, steps: int, seed: int):
    st = game.setup(players, game.parse_options(None), seed)
    rng = random.Random(seed)
    log = []
    for i in range(steps):
        seat = game.to_act(st)[0]
        action = rng.choice(game.legal_actions(st, seat))
        st, _ = game.apply(st, seat, action)
        log.append(catchup.Played(seat, game.format(action), (i + 1, seat, game.format(action), "t")))
    return st, log


def compute(game, st, log, players, seed, cache=None):
    return catchup.compute(
        game,
        seats=players,
        options=game.parse_options(None),
        seed=seed,
        rng=st.rng.version,
        log=log,
        now=st,
        waiting=game.to_act(st),
        names=NAMES[:players],
        cache=cache,
        table=("t", seed),
    )


def test_compute_is_the_same_with_the_cache_and_replays_less() -> None:
    st, log = random_log(TT, 2, 60, 4)
    cold = compute(TT, st, log, 2, 4)
    cache = catchup.Checkpoints()
    assert compute(TT, st, log, 2, 4, cache) == cold
    assert compute(TT, st, log, 2, 4, cache) == cold  # from the cached position
    # one more action: only the few since are replayed, same answer as without the cache
    seat = TT.to_act(st)[0]
    action = TT.legal_actions(st, seat)[0]
    st2, _ = TT.apply(st, seat, action)
    log2 = [*log, catchup.Played(seat, TT.format(action), (61, seat, TT.format(action), "t"))]
    assert compute(TT, st2, log2, 2, 4, cache) == compute(TT, st2, log2, 2, 4)
    # an entry rewritten (undo, then another move) is never mistaken for the cached one
    changed = [*log[:-1], catchup.Played(log[-1].seat, log[-1].notation, (60, log[-1].seat, "other", "u"))]
    assert cache.best(("t", 4), changed, len(changed)) is None or cache.best(("t", 4), changed, len(changed))[0] < 60


def test_compute_summary_only_when_the_turn_is_handed_over() -> None:
    st = turrium_after_setup()
    seat = TT.to_act(st)[0]
    options = TT.parse_options({})
    # replay the set-up log to have a log at all
    log: list[catchup.Played] = []
    s = TT.setup(2, options, 11)
    rng = random.Random(11)
    while s.phase == "setup":
        who = TT.to_act(s)[0]
        a = rng.choice(TT.legal_actions(s, who))
        s, _ = TT.apply(s, who, a)
        log.append(catchup.Played(who, TT.format(a), (len(log) + 1,)))
    assert s == st
    while TT.to_act(s) == [seat]:
        a = next(x for x in TT.legal_actions(s, seat) if x.kind != "pass") if s.phase != "move" else TT.parse("pass")
        s, _ = TT.apply(s, seat, a)
        log.append(catchup.Played(seat, TT.format(a), (len(log) + 1,)))
        mid = catchup.compute(
            TT, seats=2, options=options, seed=11, rng=2, log=log, now=s, waiting=TT.to_act(s), names=NAMES[:2]
        )
        if TT.to_act(s) == [seat]:
            assert mid.summary == [] and not mid.handover  # mid-turn: no summary
    other = TT.to_act(s)[0]
    done = catchup.compute(
        TT, seats=2, options=options, seed=11, rng=2, log=log, now=s, waiting=[other], names=NAMES[:2]
    )
    assert done.handover and len(done.summary) == 1
    assert done.summary[0].startswith(NAMES[seat]) and " takes " in done.summary[0]
    assert {h.seat for h in done.highlights} == {seat}


# ---------------------------------------------------------------------- images
def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_turrium_marks_change_pixels_only_near_the_marked_fields() -> None:
    st = turrium_after_setup(2)
    view = TT.view(st, None)
    plain = tt_render.render(view, NAMES[:2])
    assert tt_render.render(view, NAMES[:2], []) == plain  # no changes: the same image
    assert renderers.render("terra-turrium", view, NAMES[:2], highlights=[]) == plain
    marks = [Highlight(kind="built", seat=0, at="e5"), Highlight(kind="taken", seat=1, at="b2")]
    marked = tt_render.render(view, NAMES[:2], marks)
    diff = ImageChops.difference(pixels(plain), pixels(marked)).getbbox()
    assert diff is not None
    boxes = [tt_render.field_box(parse_field(f)) for f in ("e5", "b2")]
    near = (
        min(b[0] for b in boxes) - 20,
        min(b[1] for b in boxes) - 20,
        max(b[2] for b in boxes) + 20,
        max(b[3] for b in boxes) + 20,
    )
    assert near[0] <= diff[0] and near[1] <= diff[1] and diff[2] <= near[2] and diff[3] <= near[3], (diff, near)
    # the outline is in the seat's colour on the field's edge
    x0, y0, x1, _ = tt_render.field_box(parse_field("e5"))
    img = pixels(marked)
    edge = [img.getpixel(((x0 + x1) // 2, y)) for y in range(y0, y0 + 10)]
    assert tt_render.seat_rgb(0) in edge


def test_hunters_gatherers_and_terra_mystica_boards_marked_where_the_change_is() -> None:
    st = hg_drawn()
    seat = HG.to_act(st)[0]
    after, mv = play(HG, st, seat, HG.format(HG.legal_actions(st, seat)[0]))
    marks = HG.changes(HG.view(st, None), HG.view(after, None), [mv])
    view = HG.view(after, None)
    plain = renderers.render_images("hunters-gatherers", view, NAMES[:2])
    assert renderers.render_images("hunters-gatherers", view, NAMES[:2], highlights=[]) == plain
    marked = renderers.render_images("hunters-gatherers", view, NAMES[:2], highlights=marks)
    assert marked[0][1] != plain[0][1] and marked[1:] == plain[1:]  # the board only

    tm = TM.setup(2, TM.parse_options({"factions": ["witches", "nomads"]}), 5)
    seat = TM.to_act(tm)[0]
    tm2, mv = play(TM, tm, seat, TM.format(TM.legal_actions(tm, seat)[0]))
    marks = TM.changes(TM.view(tm, None), TM.view(tm2, None), [mv])
    view = TM.view(tm2, None)
    plain = renderers.render_images("terra-mystica", view, NAMES[:2])
    marked = renderers.render_images("terra-mystica", view, NAMES[:2], highlights=marks)
    assert marked[1:] == plain[1:]
    from renderers.terra_mystica import geometry

    cx, cy = geometry.hex_centre(marks[0].at)
    a, b = pixels(plain[0][1]), pixels(marked[0][1])
    diff = ImageChops.difference(a, b)
    r = int(geometry.HEX_R) + 12
    assert diff.crop((int(cx) - r, int(cy) - r, int(cx) + r, int(cy) + r)).getbbox() is not None
    far = diff.crop((0, int(cy) + 3 * r, b.width, int(cy) + 6 * r))  # rows of hexes well below it
    assert far.getbbox() is None or max(far.convert("L").getdata()) < 60


def test_render_pool_job_draws_the_marks() -> None:
    from bot.render_pool import render_images_job

    st = turrium_after_setup(2)
    view = TT.view(st, None)
    marks = [Highlight(kind="moved", seat=0, at="e5", path=("e4", "e5"))]
    assert render_images_job("terra-turrium", view, NAMES[:2], False) == renderers.render_images(
        "terra-turrium", view, NAMES[:2], full=False
    )
    assert render_images_job("terra-turrium", view, NAMES[:2], False, marks) != render_images_job(
        "terra-turrium", view, NAMES[:2], False
    )


# ---------------------------------------------------------------------- the service, both backends
async def test_service_catchup_after_a_turn(store) -> None:
    service = TableService(store, seed_source=lambda: 11)
    anna, ben = Actor(1, "Anna"), Actor(2, "Ben")
    await service.new_table(None, 77, "terra-turrium", anna)
    await service.join(77, ben)
    await service.start(77, anna)
    t = await service.table(77)
    assert t is not None and t.state is not None
    while t.state.phase == "setup":
        seat = t.to_act()[0]
        actor = (anna, ben)[seat]
        await service.act(77, actor, t.game.format(t.game.legal_actions(t.state, seat)[0]))
        t = await service.table(77)
    mover = t.to_act()[0]
    actor = (anna, ben)[mover]
    while t.to_act() == [mover]:
        legal = t.game.legal_actions(t.state, mover)
        action = next((a for a in legal if a.kind != "pass"), legal[0]) if t.state.phase != "move" else None
        await service.act(77, actor, t.game.format(action) if action is not None else "pass")
        t = await service.table(77)
    catch = await service.catchup(t)
    assert catch is not None and catch.seats == [1 - mover]
    assert catch.handover and catch.summary and catch.summary[0].startswith(actor.name)
    assert "takes" in catch.summary[0]
    assert {h.kind for h in catch.highlights} >= {"taken", "built"}
    assert all(h.seat == mover for h in catch.highlights)
    again = await service.catchup(t)  # from the cached positions: the same
    assert again == catch
    # the mover's seat changes hands after their turn: the summary still names who played it
    mod = Actor(9, "Mod", is_moderator=True)
    await service.replace(77, mod, actor.user_id, 3, "Dora")
    t = await service.table(77)
    moved = (await service.catchup(t)).summary
    assert moved[0].startswith(f"<@{actor.user_id}>") and "Dora" not in moved[0]


def test_a_long_run_is_cut_after_whole_sentences() -> None:
    steps = [(0, f"take c{i}", [f"Anna takes block {i} from a field far away on the board."]) for i in range(12)]
    (line,) = catchup.summary_lines(steps, NAMES)
    assert len(line) <= catchup.LINE_MAX and line.endswith("; …")
    assert "block 0" in line and line.rsplit("; ", 2)[-2].endswith("from a field far away on the board")


# ---------------------------------------------------------------------- through the Discord doubles
ANNA = FakeUser(1_100_000_000_000_000_001, "Anna")
BEN = FakeUser(1_100_000_000_000_000_002, "Ben")
USERS = {u.id: u for u in (ANNA, BEN)}
CH = 1_200_000_000_000_000_077


@pytest.fixture
async def ch():
    store = SqliteStore(":memory:")
    await store.open()
    try:
        bot = TafelrundeBot(TableService(store, seed_source=lambda: 4242))
        await bot.install()
        yield Channel(bot, CH)
    finally:
        await store.close()


async def test_the_ping_carries_the_summary_and_the_board_the_marks(ch: Channel) -> None:
    for user, command, kw in ((ANNA, "newgame", {"game": "terra-turrium"}), (BEN, "join", {}), (ANNA, "start", {})):
        inter = await ch.slash(user, command, **kw)
        assert not inter.private, inter.reply.text()
    t = await table(ch)
    while t.state.phase == "setup":
        seat = t.to_act()[0]
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        inter = await ch.slash(USERS[t.record.seats[seat].user_id], "move", action="place " + " ".join(fields))
        assert not inter.private, inter.reply.text()
        t = await table(ch)
    mover = t.to_act()[0]
    user = USERS[t.record.seats[mover].user_id]
    other = USERS[t.record.seats[1 - mover].user_id]
    legal = t.game.legal_actions(t.state, mover)
    take = next(a for a in legal if a.kind == "take")
    inter = await ch.slash(user, "move", action=t.game.format(take))
    post = inter.public[-1]  # after the turn message closed: the next turn's, with the ping
    assert post.content is None  # mid-turn: no ping (the player acting now is not pinged), no summary
    marked = png_bytes(post)
    t = await table(ch)
    view = t.game.view(t.state, None)
    assert marked != renderers.render("terra-turrium", view, t.names)  # the take is marked
    while t.to_act() == [mover]:
        legal = t.game.legal_actions(t.state, mover)
        action = "pass" if t.state.phase == "move" else t.game.format(next(a for a in legal if a.kind != "pass"))
        inter = await ch.slash(user, "move", action=action)
        assert not inter.private, inter.reply.text()
        t = await table(ch)
    post = inter.public[-1]  # the turn message closed first, then the next turn's post, with the ping
    lines = post.content.splitlines()
    assert lines[0] == f"<@{other.id}>"
    assert lines[1] == "Since your last move:"
    assert lines[2].startswith(f"• {user.display_name} ") and "takes" in lines[2]
    assert len(lines) == 3
    # /board marks the changes too, and pings nobody
    inter = await ch.slash(other, "board")
    (board,) = [s for s in inter.public if s.files]
    assert not board.content


def test_terramara_marks_a_scout_sent_and_the_board_where_it_is() -> None:
    from games.terramara.rules import GAME as TMR

    st = TMR.setup(2, TMR.parse_options(None), 3)
    assert TMR.changes(st, st, []) == []
    seat = TMR.to_act(st)[0]
    after, mv = play(TMR, st, seat, TMR.format(TMR.legal_actions(st, seat)[0]))
    got = TMR.changes(TMR.view(st, None), TMR.view(after, None), [mv])
    assert got and all(h.kind in ("placed", "moved") for h in got)
    view = TMR.view(after, None)
    plain = renderers.render_images("terramara", view, NAMES[:2], full=False)
    assert renderers.render_images("terramara", view, NAMES[:2], full=False, highlights=[]) == plain
    marks = [Highlight(kind="placed", seat=0, at="H-worker")]
    marked = renderers.render_images("terramara", view, NAMES[:2], full=False, highlights=marks)
    assert marked[0][1] != plain[0][1] and marked[1:] == plain[1:]


def test_a_catchup_after_every_move_replays_hardly_anything() -> None:
    """As the bot does it: a catch-up after every action of a 4-player game; the cache keeps
    where the runs ended, so reaching each catch-up's start replays little (not the whole log)."""
    st, log = random_log(TT, 4, 0, 8)
    cache = catchup.Checkpoints()
    rng = random.Random(8)
    for i in range(160):
        seat = TT.to_act(st)[0]
        action = rng.choice(TT.legal_actions(st, seat))
        st, _ = TT.apply(st, seat, action)
        log.append(catchup.Played(seat, TT.format(action), (i + 1, seat, TT.format(action), "t")))
        warm = compute(TT, st, log, 4, 8, cache)
        if i % 40 == 39:
            assert warm == compute(TT, st, log, 4, 8)
    assert cache.replayed < len(log) // 4, cache.replayed  # the starts were kept: hardly anything replayed


def test_ping_content_puts_the_summary_below_the_mentions() -> None:
    from bot.discord_app.changes import ping_content

    catch = catchup.Catchup(seats=[1], summary=["Anna took b3."], handover=True)
    assert ping_content("<@2>", catch, 1) == "<@2>\nSince your last move:\n• Anna took b3."
    assert ping_content("<@2> <@3>", catch, 2) == "<@2> <@3>\nSince your last moves:\n• Anna took b3."
    assert ping_content("<@2>", None, 1) == "<@2>"
    assert ping_content("<@2>", catchup.Catchup(seats=[1]), 1) == "<@2>"
    assert ping_content(None, catch, 0) is None


async def test_a_failing_catchup_leaves_the_announcement_as_it_was(ch: Channel, monkeypatch, caplog) -> None:
    async def broken(t):
        raise RuntimeError("boom")

    monkeypatch.setattr(ch.bot.service, "catchup", broken)
    for user, command, kw in ((ANNA, "newgame", {"game": "terra-turrium"}), (BEN, "join", {}), (ANNA, "start", {})):
        inter = await ch.slash(user, command, **kw)
        assert not inter.private, inter.reply.text()
    (post,) = inter.public
    t = await table(ch)
    owing = [f"<@{s.user_id}>" for s in t.to_act_users() if s.user_id != ANNA.id]  # Anna started it
    assert post.content == " ".join(owing)
    assert png_bytes(post) == renderers.render("terra-turrium", t.game.view(t.state, None), t.names)
    assert any("catch-up" in r.getMessage() for r in caplog.records)
    caplog.clear()  # the error was expected (and logged)


def test_a_player_who_has_not_acted_yet_gets_everything_since_the_start() -> None:
    st = hg_drawn()
    (first,) = HG.to_act(st)
    action = next(a for a in HG.legal_actions(st, first) if "none" not in HG.format(a))
    after, _ = HG.apply(st, first, action)
    log = [catchup.Played(first, "draw", (1,)), catchup.Played(first, HG.format(action), (2,))]
    (waiting,) = HG.to_act(after)
    assert waiting != first
    catch = catchup.compute(
        HG, seats=2, options=HG.parse_options({}), seed=3, rng=2, log=log, now=after, waiting=[waiting], names=NAMES
    )
    assert catch.first and catch.handover and catch.since == 0
    assert [h.kind for h in catch.highlights] == ["placed", "placed"]  # the tile and the piece
    text = catchup.summary_text(catch.summary, first=catch.first)
    assert text.startswith(f"Since the game began:\n• {NAMES[first]} draws ")
    assert "; lays " in text  # one line per player: the draw, then the placement


def test_terra_mystica_marks_a_bonus_card_taken_on_the_tiles_image() -> None:
    st = TM.setup(3, TM.parse_options(None), 7)
    rng = random.Random(7)
    for _ in range(200):
        seat = TM.to_act(st)[0]
        action = rng.choice(TM.legal_actions(st, seat))
        before = st
        st, _ = TM.apply(st, seat, action)
        if TM.format(action).startswith("pass BON"):
            break
    else:
        pytest.fail("nobody passed")
    card = TM.format(action).split()[1]
    got = TM.changes(TM.view(before, None), TM.view(st, None), [(seat, action)])
    assert Highlight(kind="taken", seat=seat, at=card, item=card) in got
    view = TM.view(st, None)
    plain = dict(renderers.render_images("terra-mystica", view, NAMES[:3]))
    marked = dict(renderers.render_images("terra-mystica", view, NAMES[:3], highlights=got))
    assert marked["tiles.png"] != plain["tiles.png"]
    assert marked["cults.png"] == plain["cults.png"] and marked["factions.png"] == plain["factions.png"]


async def test_render_workers_draw_the_marks_as_a_thread_does() -> None:
    """RENDER_WORKERS ≥ 1: the marks travel to the worker process with the public view."""
    from bot import present
    from bot.store import Seat, TableRecord

    st = turrium_after_setup(2)
    seats = [Seat(user_id=i + 1, name=NAMES[i]) for i in range(2)]
    record = TableRecord(id=1, channel_id=1, game="terra-turrium", seats=seats, creator_id=1, status="running")
    t = Table(record=record, game=TT, state=st)
    marks = [Highlight(kind="moved", seat=0, at="e5", path=("e4", "e5")), Highlight(kind="built", seat=1, at="c3")]
    in_thread = present.render_all_sync(t, full=False, highlights=marks)
    assert in_thread != present.render_all_sync(t, full=False)
    pool = present.start_render_pool(1, warm_up=False)
    try:
        assert pool is not None
        assert await present.render_move(t, marks) == in_thread
        assert await present.render_move(t) == present.render_all_sync(t, full=False)
    finally:
        await present.stop_render_pool()


def test_checkpoints_stay_bounded() -> None:
    cache = catchup.Checkpoints(tables=3, per_table=4, positions=10)
    log = [catchup.Played(i % 2, "x", (i,)) for i in range(40)]
    st = TT.setup(2, TT.parse_options({}), 1)
    for key in range(6):
        for index in range(1, 30):
            cache.put(key, log, index, st)
    assert len(cache._data) <= 3 and all(len(kept) <= 4 for kept in cache._data.values())
    assert sum(len(kept) for kept in cache._data.values()) <= 10
    assert cache.best(5, log, 40) is not None and cache.best(0, log, 40) is None  # the oldest table went


@pytest.mark.parametrize("key", registry.keys())
def test_changes_never_name_a_hidden_component(key: str) -> None:
    """The marks are made from public views: no card in a draw pile or another's hand shows up."""
    game = registry.get(key)
    st = game.setup(game.min_players, game.parse_options(None), 2)
    rng = random.Random(2)
    window: list[tuple[object, tuple[int, object]]] = []
    for _ in range(40):
        seats = game.to_act(st)
        if not seats:
            break
        seat = seats[0]
        action = rng.choice(game.legal_actions(st, seat))
        before = st
        st, _ = game.apply(st, seat, action)
        window = [*window[-3:], (before, (seat, action))]
        start = window[0][0]
        got = game.changes(game.view(start, None), game.view(st, None), [mv for _b, mv in window])
        text = " ".join(h.model_dump_json() for h in got)
        secret = [x for x in game.secrets(st, None) if len(x) > 2 and x in text]  # still hidden now
        assert not secret, (key, secret)
