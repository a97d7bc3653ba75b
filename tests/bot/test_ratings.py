"""Ratings (bot/ratings.py): OpenSkill's Plackett-Luce over the finished games of a server."""

from __future__ import annotations

from bot import ratings
from bot.ratings import RatedGame

G = 7  # guild
TT = "terra-turrium"


def game(table_id: int, players: list[tuple[int | str, str]], ranks: list[int], key: str = TT) -> RatedGame:
    """``players``: a user id or a bot level per seat, with a name."""
    seats = [(("bot", p) if isinstance(p, str) else ("user", p), name) for p, name in players]
    return RatedGame(table_id, G, key, f"2026-11-{table_id:02d}T12:00:00+00:00", seats, ranks)


def rating(r: ratings.Ratings, who: int | str, key: str = TT) -> ratings.Entry:
    e = r.entry(G, key, ("bot", who) if isinstance(who, str) else ("user", who))
    assert e is not None
    return e


def test_the_winner_goes_up_and_the_loser_down() -> None:
    r = ratings.rate_games([game(1, [(1, "Anna"), (2, "Ben")], [1, 2])])
    anna, ben = rating(r, 1), rating(r, 2)
    assert anna.rating > ratings.display(ratings.MODEL.rating().ordinal()) > ben.rating
    assert anna.history[-1].delta > 0 > ben.history[-1].delta
    assert [e.name for e in r.board(G, TT)] == ["Anna", "Ben"]


def test_a_tie_moves_equal_players_equally() -> None:
    r = ratings.rate_games([game(1, [(1, "Anna"), (2, "Ben"), (3, "Carl")], [1, 1, 3])])
    anna, ben, carl = rating(r, 1), rating(r, 2), rating(r, 3)
    assert (anna.mu, anna.sigma) == (ben.mu, ben.sigma)
    assert anna.history[-1].delta == ben.history[-1].delta > 0 > carl.history[-1].delta


def test_four_players_change_in_the_order_of_their_places() -> None:
    r = ratings.rate_games([game(1, [(4, "Dora"), (1, "Anna"), (3, "Carl"), (2, "Ben")], [4, 1, 3, 2])])
    mus = [rating(r, i).mu for i in (1, 2, 3, 4)]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == 4
    assert [e.name for e in r.board(G, TT)] == ["Anna", "Ben", "Carl", "Dora"]


def test_provisional_until_the_fifth_game() -> None:
    games = [game(i, [(1, "Anna"), (2, "Ben")], [1 + i % 2, 2 - i % 2]) for i in range(1, 6)]
    r = ratings.rate_games(games[:4])
    assert rating(r, 1).provisional and rating(r, 1).games == 4
    ratings.update(r, games[4])
    assert not rating(r, 1).provisional and rating(r, 1).games == 5
    assert len(rating(r, 1).history) == 5


def test_seat_bots_are_rated_by_level() -> None:
    r = ratings.rate_games(
        [
            game(1, [(1, "Anna"), ("expert", "Bot A")], [2, 1]),
            game(2, [(2, "Ben"), ("expert", "Bot B"), ("easy", "Bot C")], [1, 2, 3]),
            game(3, [("normal", "Bot D"), ("normal", "Bot E"), (1, "Anna")], [1, 3, 2]),  # one level twice
        ]
    )
    expert = rating(r, "expert")
    assert expert.games == 2 and expert.is_bot and [c.table_id for c in expert.history] == [1, 2]
    assert rating(r, "easy").games == 1 and rating(r, "normal").games == 1  # rated once, at its better place
    assert rating(r, "normal").history[-1].delta > 0


def test_games_and_servers_are_rated_apart() -> None:
    other = RatedGame(2, G + 1, TT, "2026-11-02T12:00:00+00:00", [(("user", 1), "Anna"), (("user", 2), "Ben")], [2, 1])
    r = ratings.rate_games(
        [game(1, [(1, "Anna"), (2, "Ben")], [1, 2]), game(3, [(1, "A"), (2, "B")], [2, 1], "terramara"), other]
    )
    assert rating(r, 1).games == 1 and rating(r, 1).history[-1].delta > 0
    assert rating(r, 1, "terramara").history[-1].delta < 0


def test_incremental_equals_rebuilt() -> None:
    games = [
        game(1, [(1, "Anna"), (2, "Ben")], [1, 2]),
        game(2, [(1, "Anna"), (2, "Ben"), (3, "Carl")], [2, 2, 1]),
        game(3, [(3, "Carl"), ("expert", "Bot"), (4, "Dora"), (1, "Anna")], [3, 1, 4, 1]),
        game(4, [(2, "Ben"), ("expert", "Bot")], [1, 2]),
        game(5, [(1, "Anna"), (4, "Dora")], [1, 1]),
    ]
    incremental = ratings.Ratings()
    for g in games:
        ratings.update(incremental, g)
    assert incremental == ratings.rate_games(games)


def test_competition_ranks() -> None:
    assert ratings.competition_ranks([(False, -10), (True, -12), (True, -12), (True, -3)]) == [1, 2, 2, 4]
