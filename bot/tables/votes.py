"""Votes: the undo request and the vote on an absent player."""

from __future__ import annotations

from bot import reminders as waits
from bot.l10n import PLATFORM_TEXTS as T
from bot.pending import AbsentVote, UndoVote
from bot.store import Seat
from bot.tables.kernel import Kernel
from bot.tables.model import FREE, Actor, NotAllowed, Outcome, OutcomeKind, ServiceError, Table, fill_names
from bot.tables.notes import AbsentNote, DecidedNote, Note, VoteNote, absent_choice
from bot.tables.seat_bots import SeatBots
from bot.tables.vacations import Vacations, when_text
from games import seatbots
from games.contract import RESIGN, GameError

DEFAULT_CHOICE = "bot"  # what an absent-player vote decides when its time is up without a majority


class Votes:
    """Votes: the undo request and the vote on an absent player."""

    def __init__(self, k: Kernel, seat_bots: SeatBots) -> None:
        self.k = k
        self.seat_bots = seat_bots

    async def request_undo(self, channel_id: int, actor: Actor, *, expected_table: int | None = None) -> Outcome:
        """Ask to take back the last action. It must be the requester's own action (so no
        one has acted since), must not have drawn randomness or revealed anything, and
        every other seated player must agree (``vote_undo``)."""
        t = await self.k.require(channel_id, expected_table)
        if t.record.status != "running":
            raise NotAllowed(T.text("undo-not-running"))
        seat = t.seat_of(actor.user_id)
        if seat is None:
            raise NotAllowed(T.text("not-seated"))
        last = [e for e in await self.k.store.log(t.record.id, last=8) if e.seat >= 0]
        if not last:
            raise NotAllowed(T.text("undo-nothing-played"))
        entry = last[-1]
        if entry.user_id != actor.user_id:
            raise NotAllowed(T.text("undo-only-own"))
        if entry.notation == RESIGN:
            raise NotAllowed(T.text("undo-resignation"))
        if entry.irreversible:
            raise NotAllowed(T.text("undo-irreversible"))
        run = t.record.pending.post
        if run is not None and run.takeback() == entry.seq:
            return await self._undo_own(t, entry.seq, entry.notation, entry.seat)
        open_req = t.record.pending.undo
        if open_req and open_req.seq == entry.seq:  # asking again keeps the votes given so far
            waiting = ", ".join(s.name for s in self.undo_voters(t)) or T.text("nobody")
            raise NotAllowed(T.text("undo-already-open", notation=open_req.notation, names=waiting))
        resigned = await self.k.resigned_seats(t)
        voters = [
            s
            for i, s in enumerate(t.record.seats)
            if s.user_id != actor.user_id and i not in resigned and not s.is_bot  # seat bots do not vote
        ]
        t.record.pending.undo = UndoVote(
            seq=entry.seq,
            by=actor.user_id,
            approved=[actor.user_id],
            notation=entry.notation,
            voters=[s.user_id for s in voters],
        )
        if not voters:
            return await self._do_undo(t, entry.seq)
        line = T.text("undo-asked", name=actor.name, notation=entry.notation)
        return await self.k.announce(t, Outcome(t, [line], kind=OutcomeKind.UNDO_REQUEST))

    async def _undo_own(self, t: Table, seq: int, notation: str, seat: int) -> Outcome:
        """Take back the player's last action inside their own turn (it has not handed over, or
        the game lets it be taken back until the next turn begins: nobody else has acted on it,
        and it revealed nothing): at once, without a vote; the turn's message is edited back."""
        log = await self.k.store.log(t.record.id)
        t.state = await self.k.replayed(t, [e for e in log if e.seq < seq])
        t.record.pending.undo = None
        outcome = Outcome(t, [T.text("undone", notation=notation)], moved=True, acting_seat=seat, step="undo", seq=seq)
        return await self.k.announce(t, outcome, truncate_after=seq - 1)

    def undo_voters(self, t: Table) -> list[Seat]:
        """Players who still have to answer the open undo request: those asked when it was
        opened (every other seated player who has not resigned), minus who agreed."""
        req = t.record.pending.undo
        if not req:
            return []
        asked = req.voters  # requests stored before this field asked every seat
        return [s for s in t.record.seats if s.user_id not in req.approved and (asked is None or s.user_id in asked)]

    async def vote_undo(
        self, channel_id: int, actor: Actor, seq: int, approve: bool, *, expected_table: int | None = None
    ) -> Outcome:
        t = await self.k.require(channel_id, expected_table, T.text("undo-closed"))
        req = t.record.pending.undo
        if not req or req.seq != seq:
            raise NotAllowed(T.text("undo-closed"))
        if t.seat_of(actor.user_id) is None:
            raise NotAllowed(T.text("undo-seated-only"))
        if req.voters is not None and actor.user_id not in req.voters and actor.user_id not in req.approved:
            raise NotAllowed(T.text("undo-resigned-voter"))
        if actor.user_id in req.approved:
            raise NotAllowed(T.text("undo-already-agreed"))
        if not approve:
            t.record.pending.undo = None
            t = await self.k.save(t)
            return Outcome(t, [T.text("undo-declined", name=actor.name, notation=req.notation)])
        req.approved.append(actor.user_id)
        if self.undo_voters(t):
            t = await self.k.save(t)
            return Outcome(t, [T.text("undo-agreed", name=actor.name)])
        return await self._do_undo(t, seq)

    async def _do_undo(self, t: Table, seq: int) -> Outcome:
        log = await self.k.store.log(t.record.id)
        keep = [e for e in log if e.seq < seq]
        state = await self.k.replayed(t, keep)
        notation = next(e.notation for e in log if e.seq == seq)
        t.state = state
        t.record.pending.undo = None
        return await self.k.announce(
            t, Outcome(t, [T.text("undone", notation=notation)], moved=True), truncate_after=seq - 1
        )

    def absent_options(self, t: Table, seat: int) -> list[str]:
        """What the other players may decide about an absent seat, in the order offered."""
        assert t.state is not None
        out = []
        if t.game.skip(t.state, seat) is not None:
            out.append("skip")
        out.append("bot")  # a strong seat bot (games.seatbots) plays the seat from then on
        out += ["replace", "expel"]
        return out

    async def absent_voters(self, t: Table, seat: int) -> list[int]:
        """Who votes on ``seat``: the other people at the table who have not resigned and do not
        owe a decision themselves (in a step everyone plays at once, who has not played yet is
        just as absent: they do not decide about another)."""
        resigned = await self.k.resigned_seats(t)
        owing = set(t.to_act()) if t.state is not None else set()
        return [
            s.user_id
            for i, s in enumerate(t.record.seats)
            if i != seat and i not in resigned and i not in owing and not s.is_bot and s.user_id != FREE
        ]

    async def open_absent_vote(self, t: Table, seat: int, waited_s: float) -> Outcome:
        assert t.state is not None
        absent = t.record.seats[seat]
        voters = await self.absent_voters(t, seat)
        options = self.absent_options(t, seat)
        t.record.pending.absent = AbsentVote(
            seat=seat,
            user_id=absent.user_id,
            move=t.state.move_number,
            options=options,
            voters=voters,
            opened_ts=self.k.now_ts(),
        )
        last = await self.k.last_entry(t)
        notes = self.k.notes([(0, AbsentNote(seat))], (last.seq if last else 0) + 1)
        cfg = waits.WaitSettings.of(t.record.settings)
        skip = t.game.skip(t.state, seat)
        lines: list[str] = [
            T.text("absent-past-limit", name=absent.name, **waits.durations(waited_s)),
            T.text("absent-vote-how") if voters else T.text("absent-no-voters"),
            *([T.text("absent-skip-means", msg_means=fill_names(skip.says, t.names))] if skip else []),
            T.text("absent-vote-deadline", **waits.durations(cfg.vote_s), msg_choice=absent_choice(DEFAULT_CHOICE)),
        ]
        return await self.k.announce(t, Outcome(t, lines, kind=OutcomeKind.ABSENT_VOTE), append=notes)

    def absent_voters_left(self, t: Table) -> list[Seat]:
        """Players who have not voted on the open absent-player vote: of those asked, who still
        plays a seat at the table (a voter who left or handed their seat to a bot is not waited
        for; whoever took a voter's seat over is, ``Moderation.replace`` asks them)."""
        req = t.record.pending.absent
        if not req or req.decided:
            return []
        return [
            s
            for i, s in enumerate(t.record.seats)
            if i != req.seat and not s.is_bot and s.user_id in req.voters and s.user_id not in req.votes
        ]

    async def vote_absent(
        self, channel_id: int, actor: Actor, move: int, option: str, *, expected_table: int | None = None
    ) -> Outcome:
        """A vote on the absent player; the first choice most voters agree on is carried out."""
        t = await self.k.require(channel_id, expected_table, T.text("absent-vote-gone"))
        req = t.record.pending.absent
        if not req or req.move != move or req.decided:
            raise NotAllowed(T.text("absent-vote-closed"))
        away = await Vacations(self.k).away_until(t.record.guild_id, req.user_id)
        if away is not None:  # no vote about a player on vacation (the scheduler ends it: ``end_for_vacation``)
            raise NotAllowed(T.text("absent-vote-away", absent=t.record.seats[req.seat].name, when=when_text(away)))
        # the voters are whoever plays a seat (a person, not resigned) when a vote is cast: a
        # player who handed their seat to a bot or was replaced no longer votes, and their vote
        # given before no longer counts; whoever took a seat over votes in their place
        req.voters = await self.absent_voters(t, req.seat)
        req.votes = {uid: choice for uid, choice in req.votes.items() if uid in req.voters}
        if actor.user_id not in req.voters:
            if t.seat_of(actor.user_id) == req.seat:
                raise NotAllowed(T.text("absent-vote-about-you"))
            raise NotAllowed(T.text("absent-vote-others-only"))
        if option not in req.options:
            raise NotAllowed(T.text("absent-vote-bad-choice", option=option))
        if req.votes.get(actor.user_id) == option:
            raise NotAllowed(T.text("absent-vote-repeated"))
        req.votes[actor.user_id] = option
        seat = req.seat
        absent = t.record.seats[seat]
        last = await self.k.last_entry(t)
        notes: list[tuple[int, Note]] = [(actor.user_id, VoteNote(option, seat))]
        said = T.text("absent-votes-for", name=actor.name, msg_choice=absent_choice(option), absent=absent.name)
        tally = sum(1 for v in req.votes.values() if v == option)
        if tally * 2 <= len(req.voters):
            need = len(req.voters) // 2 + 1
            outcome = Outcome(
                t, [said, T.text("absent-votes-needed", tally=tally, need=need)], kind=OutcomeKind.ABSENT_VOTE
            )
            return await self.k.announce(t, outcome, append=self.k.notes(notes, (last.seq if last else 0) + 1))
        return await self._carry_out(t, option, notes, [said])

    async def remind_absent_vote(self, t: Table, left_s: float) -> Outcome:
        """Halfway through the open vote's time: ping who has not voted yet (once), saying when
        and how it is decided without them."""
        req = t.record.pending.absent
        assert req is not None
        req.reminded = True
        absent = t.record.seats[req.seat]
        line = T.text(
            "absent-vote-reminder",
            absent=absent.name,
            **waits.durations(left_s),
            msg_choice=absent_choice(DEFAULT_CHOICE),
        )
        return await self.k.announce(t, Outcome(t, [line], kind=OutcomeKind.ABSENT_VOTE))

    async def close_absent_vote(self, t: Table) -> Outcome:
        """The open vote's time is up: the choice most of the votes cast name is carried out
        (an expulsion never: it needs a majority); with no vote or a tie, the stated default
        (``DEFAULT_CHOICE``: a seat bot plays)."""
        req = t.record.pending.absent
        assert req is not None
        voters = await self.absent_voters(t, req.seat)
        counts: dict[str, int] = {}
        for uid, choice in req.votes.items():
            if uid in voters:
                counts[choice] = counts.get(choice, 0) + 1
        ranked = sorted(counts.items(), key=lambda kv: -kv[1])
        clear = ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1])
        option = ranked[0][0] if clear else DEFAULT_CHOICE
        if option == "expel":  # an expulsion needs a majority of the voters, never just the most votes
            option = DEFAULT_CHOICE
        if option == "skip" and (t.state is None or t.game.skip(t.state, req.seat) is None):
            option = DEFAULT_CHOICE  # no longer possible: refusing would leave the vote open for ever
        absent = t.record.seats[req.seat]
        line = T.text("absent-vote-time-up", absent=absent.name, votes=sum(counts.values()))
        return await self._carry_out(t, option, [], [line])

    async def end_for_vacation(self, t: Table, until: float) -> Outcome:
        """The player the open vote (or decided replace) is about went on vacation: it ends; their
        turn limit counts again from their return (``Waits``)."""
        req = t.record.pending.absent
        assert req is not None
        t.record.pending.absent = None
        line = T.text("absent-vote-vacation", absent=t.record.seats[req.seat].name, when=when_text(until))
        return await self.k.announce(t, Outcome(t, [line]))

    async def replace_time_up(self, t: Table) -> Outcome:
        """Nobody took up the decided replace in the vote's time: a seat bot plays the seat (the
        table never waits for ever on a replacement that does not come)."""
        req = t.record.pending.absent
        assert req is not None and req.decided == "replace"
        t.record.pending.absent = None
        cfg = waits.WaitSettings.of(t.record.settings)
        line = T.text("absent-replace-time-up", absent=t.record.seats[req.seat].name, **waits.durations(cfg.vote_s))
        return await self.seat_bots.hand_to_bot(
            t, req.seat, seatbots.DEFAULT_LEVEL, notes=[(0, DecidedNote("bot", req.seat))], lines=[line]
        )

    async def _carry_out(self, t: Table, option: str, notes: list[tuple[int, Note]], said: list[str]) -> Outcome:
        """Carry out the decision ``option`` on the open vote's absent seat (``said``: the lines
        before the decision's own)."""
        req = t.record.pending.absent
        assert req is not None
        seat = req.seat
        absent = t.record.seats[seat]
        last = await self.k.last_entry(t)
        notes.append((0, DecidedNote(option, seat)))
        decided = T.text("absent-decided", msg_choice=absent_choice(option), absent=absent.name)
        if option == "replace":  # someone may /replace the player for a vote's time, then a seat bot plays
            req.decided = "replace"
            req.opened_ts, req.reminded = self.k.now_ts(), True  # (``waits.vote_due``: its end, no reminder)
            cfg = waits.WaitSettings.of(t.record.settings)
            line = T.text("absent-may-replace", absent=absent.name, **waits.durations(cfg.vote_s))
            outcome = Outcome(t, [*said, decided, line])
            return await self.k.announce(t, outcome, append=self.k.notes(notes, (last.seq if last else 0) + 1))
        if option == "bot":
            t.record.pending.absent = None
            return await self.seat_bots.hand_to_bot(
                t, seat, seatbots.DEFAULT_LEVEL, notes=notes, lines=[*said, decided]
            )
        assert t.state is not None
        ghost = Actor(user_id=absent.user_id, name=absent.name)
        try:
            if option == "skip":
                skip = t.game.skip(t.state, seat)
                if skip is None:
                    raise NotAllowed(T.text("absent-cannot-skip", absent=absent.name))
                notation = skip.notation
                new_state, events = t.game.apply(t.state, seat, t.game.parse(notation))
            else:  # expel: the game's resignation rules apply
                notation = RESIGN
                new_state, events = t.game.resign(t.state, seat)
        except GameError as exc:
            raise ServiceError(exc.message) from None
        return await self.k.commit(
            t, seat, ghost, notation, new_state, events, last, notes=notes, lines=[*said, decided]
        )
