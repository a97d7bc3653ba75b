"""``Outcome.kind`` is an enum whose values are what the outbox stores: a payload written before
the enum (a plain string) and one written now are the same."""

from __future__ import annotations

import json

from bot.store import TableRecord
from bot.tables import Outcome, OutcomeKind, Table
from games import registry


def test_kind_payload_round_trip_keeps_the_stored_strings() -> None:
    assert [k.value for k in OutcomeKind] == ["announce", "undo_request", "absent_vote", "closed"]
    game = registry.get("hunters-gatherers")
    t = Table(TableRecord(channel_id=1, game=game.key, creator_id=1, status="lobby"), game, None)
    for kind in OutcomeKind:
        payload = json.loads(json.dumps(Outcome(t, ["x"], kind=kind).payload()))
        assert payload["kind"] == kind.value and type(payload["kind"]) is str
        back = Outcome.from_payload(t, payload)
        assert back.kind is kind and back.kind == kind.value
    assert Outcome.from_payload(t, {"lines": ["old"]}).kind is OutcomeKind.ANNOUNCE  # a payload without a kind
