"""The fake Discord's own rules, checked with plain HTTP (no bot): what the e2e tests rely on.

Interaction callbacks (3 s deadline, one per interaction), a deferred response's visibility and its
first follow-up, edits of @original, nonce de-duplication of channel posts, multipart uploads,
unknown routes.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fake_discord.model import EPHEMERAL, PNG_SIGNATURE
from tests.fake_discord.server import FakeDiscord

pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")


@pytest.fixture
async def fd() -> AsyncIterator[FakeDiscord]:
    f = FakeDiscord(channels=2)
    await f.start()
    yield f
    await f.stop()


@pytest.fixture
async def http(fd: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {fd.token}"}) as s:
        yield s


async def interaction(fd: FakeDiscord) -> Any:
    """An interaction 'sent' to a bot (no bot connected: tests answer it themselves)."""
    user = fd.user("u")
    payload = fd._base_payload(2, user, fd.channels[0])
    payload["data"] = {"id": "1", "name": "x", "type": 1}
    rec = await fd.send_interaction(payload, user, fd.channels[0], "/x")
    return rec


async def call(http: aiohttp.ClientSession, method: str, url: str, body: Any = None) -> tuple[int, Any]:
    async with http.request(method, url, json=body) as r:
        text = await r.text()
        return r.status, json.loads(text) if text else None


async def test_second_and_late_callbacks_fail_as_on_discord(fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
    rec = await interaction(fd)
    url = f"{fd.api_url}/interactions/{rec.id}/{rec.token}/callback?with_response=1"
    status, body = await call(http, "POST", url, {"type": 4, "data": {"content": "hi"}})
    assert status == 200 and body["resource"]["message"]["content"] == "hi"
    status, body = await call(http, "POST", url, {"type": 4, "data": {"content": "again"}})
    assert (status, body["code"]) == (400, 40060)
    late = await interaction(fd)
    late.dispatched -= 3.5
    url = f"{fd.api_url}/interactions/{late.id}/{late.token}/callback"
    status, body = await call(http, "POST", url, {"type": 5})
    assert (status, body["code"]) == (404, 10062)
    assert fd.late_acks == 1 and late.acked is None


async def test_first_follow_up_keeps_the_defers_visibility(fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
    rec = await interaction(fd)
    cb = f"{fd.api_url}/interactions/{rec.id}/{rec.token}/callback"
    assert (await call(http, "POST", cb, {"type": 5, "data": {"flags": EPHEMERAL}}))[0] == 204
    hook = f"{fd.api_url}/webhooks/{fd.app_id}/{rec.token}?wait=1"
    _, first = await call(http, "POST", hook, {"content": "public?"})  # no flags: still ephemeral
    _, second = await call(http, "POST", hook, {"content": "public!"})
    assert first["flags"] & EPHEMERAL and first["id"] == str(rec.original.id)
    assert not second["flags"] & EPHEMERAL
    assert [m.content for m in fd.channel_messages(fd.channels[0])] == ["public!"]


async def test_editing_original_first_frees_the_follow_up(fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
    rec = await interaction(fd)
    cb = f"{fd.api_url}/interactions/{rec.id}/{rec.token}/callback"
    await call(http, "POST", cb, {"type": 5, "data": {"flags": EPHEMERAL}})
    status, edited = await call(
        http, "PATCH", f"{fd.api_url}/webhooks/{fd.app_id}/{rec.token}/messages/@original", {"content": "saved"}
    )
    assert status == 200 and edited["flags"] & EPHEMERAL and edited["content"] == "saved"
    _, follow = await call(http, "POST", f"{fd.api_url}/webhooks/{fd.app_id}/{rec.token}?wait=1", {"content": "all"})
    assert not follow["flags"] & EPHEMERAL and follow["id"] != edited["id"]


async def test_public_defer_then_follow_up_is_one_public_message(fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
    rec = await interaction(fd)
    await call(http, "POST", f"{fd.api_url}/interactions/{rec.id}/{rec.token}/callback", {"type": 5})
    assert fd.channel_messages(fd.channels[0]) == []  # the loading placeholder is no message yet
    await call(http, "POST", f"{fd.api_url}/webhooks/{fd.app_id}/{rec.token}?wait=1", {"content": "board"})
    assert [m.content for m in fd.channel_messages(fd.channels[0])] == ["board"]


async def test_nonce_with_enforce_nonce_posts_once(fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
    url = f"{fd.api_url}/channels/{fd.channels[1]}/messages"
    body = {"content": "move 7", "nonce": "t1-7", "enforce_nonce": True}
    _, first = await call(http, "POST", url, body)
    _, again = await call(http, "POST", url, body)
    assert first["id"] == again["id"] and fd.nonce_hits == 1
    _, other = await call(http, "POST", url, {"content": "move 7", "nonce": "t1-7"})  # not enforced: a new one
    assert other["id"] != first["id"]
    assert len(fd.channel_messages(fd.channels[1])) == 2


async def test_multipart_files_are_kept_and_served(fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
    png = PNG_SIGNATURE + b"rest"
    form = aiohttp.FormData()
    form.add_field(
        "payload_json",
        json.dumps({"content": "b", "attachments": [{"id": 0, "filename": "board.png"}]}),
        content_type="application/json",
    )
    form.add_field("files[0]", png, filename="board.png", content_type="image/png")
    async with http.post(f"{fd.api_url}/channels/{fd.channels[0]}/messages", data=form) as r:
        msg = await r.json(content_type=None)
    assert msg["attachments"][0]["filename"] == "board.png"
    m = fd.channel_messages(fd.channels[0])[0]
    assert m.multipart and m.images[0].is_png
    async with http.get(msg["attachments"][0]["url"]) as r:
        assert await r.read() == png


async def test_unknown_routes_are_404_and_recorded(fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
    status, body = await call(http, "GET", f"{fd.api_url}/guilds/1/audit-logs")
    assert status == 404 and "message" in body
    assert fd.unknown_routes == ["GET /api/v10/guilds/1/audit-logs"]
    status, _ = await call(http, "GET", f"{fd.api_url}/channels/1/messages")
    assert status == 404  # an unknown channel


async def test_exchange_view_is_the_same_for_both_reply_protocols(fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
    """What the e2e tests read (``Exchange``): a public defer + follow-up and an ephemeral defer +
    channel post (+ the placeholder deleted) both show the board publicly; an ephemeral answer
    alone is private."""
    from tests.fake_discord.server import Exchange

    png = PNG_SIGNATURE + b"x"

    async def post_board(url: str) -> None:
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps({"content": "<@1>", "nonce": "tr1v2", "enforce_nonce": True}))
        form.add_field("files[0]", png, filename="board.png", content_type="image/png")
        async with http.post(url, data=form) as r:
            assert r.status == 200

    hook = f"{fd.api_url}/webhooks/{fd.app_id}"
    old = await interaction(fd)  # today: public defer, the board as its follow-up
    await call(http, "POST", f"{fd.api_url}/interactions/{old.id}/{old.token}/callback", {"type": 5})
    await post_board(f"{hook}/{old.token}?wait=1")
    new = await interaction(fd)  # outbox: private defer, the board posted to the channel, placeholder gone
    cb = f"{fd.api_url}/interactions/{new.id}/{new.token}/callback"
    await call(http, "POST", cb, {"type": 5, "data": {"flags": EPHEMERAL}})
    await post_board(f"{fd.api_url}/channels/{fd.channels[0]}/messages")
    await call(http, "DELETE", f"{hook}/{new.token}/messages/@original")
    refused = await interaction(fd)
    cb = f"{fd.api_url}/interactions/{refused.id}/{refused.token}/callback"
    await call(http, "POST", cb, {"type": 5, "data": {"flags": EPHEMERAL}})
    await call(http, "PATCH", f"{hook}/{refused.token}/messages/@original", {"content": "Not your turn."})
    for rec in (old, new):
        ex = Exchange(fd, rec)
        assert rec.answered and ex.board_message() is not None and not ex.private_only
    ex = Exchange(fd, refused)
    assert refused.answered and ex.private_only and ex.private_text == "Not your turn." and not ex.public
