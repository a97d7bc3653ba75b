"""A fake Discord on 127.0.0.1 (aiohttp): the gateway websocket and the REST API the bot uses.

``FakeDiscord`` serves one guild with text channels, records everything the bot sends and lets
tests act as users: ``slash``, ``autocomplete``, ``click`` and ``select`` build the real
INTERACTION_CREATE payloads, send them over the gateway and return an ``Exchange`` with what the
bot answered. The rules it models are Discord's:

* a callback within 3 s of the dispatch acknowledges the interaction; a second one fails with
  400/40060, a later one with 404/10062 (counted in ``late_acks``);
* a deferred response (type 5) shows a loading message with the defer's visibility; the first
  follow-up replaces it (keeping that visibility) unless @original was edited first; later
  follow-ups keep their own flags;
* ``POST /channels/{id}/messages`` with ``nonce`` and ``enforce_nonce`` returns the first message
  for a repeated nonce of the same author within five minutes and creates nothing;
* unknown routes answer 404 and are kept in ``unknown_routes``.
"""

from __future__ import annotations

from aiohttp import web

from tests.fake_discord.gateway import HEARTBEAT_MS as HEARTBEAT_MS
from tests.fake_discord.interactions import OPTION_TYPES as OPTION_TYPES
from tests.fake_discord.interactions import Exchange as Exchange
from tests.fake_discord.interactions import FakeFile as FakeFile
from tests.fake_discord.interactions import UserActions
from tests.fake_discord.model import User as User
from tests.fake_discord.rest import NONCE_WINDOW_S as NONCE_WINDOW_S
from tests.fake_discord.rest import RestRoutes
from tests.fake_discord.state import Session as Session
from tests.fake_discord.state import snowflake_on_shard as snowflake_on_shard


class FakeDiscord(RestRoutes, UserActions):
    """The whole fake: the state (state.py), the gateway (gateway.py), the REST routes (rest.py)
    and the user actions (interactions.py), served by ``start`` on 127.0.0.1."""

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/cdn/{path:.*}", self._cdn)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        app.router.add_route("*", "/{path:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        for s in self.sessions.values():
            if s.ws is not None and not s.ws.closed:
                await s.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
