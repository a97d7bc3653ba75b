"""A loopback fake Discord (gateway + REST + CDN) that the unmodified bot process connects to.

``FakeDiscord`` (server.py) serves 127.0.0.1 and records everything (its state in state.py, the
gateway in gateway.py, the REST routes in rest.py, acting as users in interactions.py);
``BotProcess`` (process.py) runs ``python -m tests.fake_discord.launch``, which points discord.py at
the fake and calls ``bot.cli.main(["run"])``; ``driver.py`` plays whole games through real
interaction payloads.
"""

from tests.fake_discord.model import Interaction, Message, Upload, User
from tests.fake_discord.process import BotProcess
from tests.fake_discord.server import Exchange, FakeDiscord, FakeFile

__all__ = ["BotProcess", "Exchange", "FakeDiscord", "FakeFile", "Interaction", "Message", "Upload", "User"]
