"""The table export of ``/export`` read back by ``/import``: a game resumed from our own file.

An export (``TableService.export``) holds the table's record and its log. While a game may
still go on (running, or aborted), its seed is left out (it would predict every hidden draw);
to let ``/import`` continue such a game at the same position anyway, the export carries the
seed *sealed*: encrypted and authenticated with a key only this bot's store knows (a row of
``user_prefs`` of user 0, created at the first export, copied by ``migrate-store``). The seal
cannot be read from the file, and a changed seal (a seed of one's choosing) is refused.
``/import`` takes a seed from the seal alone, never from a ``seed`` written in the file.

``resume`` block of an export: ``{"rng": <SeededRng version>, "seal": "<token>"}`` (the seal
only while the seed itself is left out).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging
import secrets
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from bot.store import LogEntry, Seat, Store, StoreError
from games.contract import RNG_CURRENT

log = logging.getLogger(__name__)

SEAL_OWNER = 0  # the user id under which the bot keeps its own settings in user_prefs
SEAL_KEY = "export-seal-key"
_NONCE = 8
_BODY = 16  # the seed as 16 signed big-endian bytes
_TAG = 16


async def seal_key(store: Store) -> bytes:
    """The bot's sealing key (made and stored at the first use; the first writer wins when
    processes race)."""
    value = await store.get_pref(SEAL_OWNER, SEAL_KEY)
    if value is None:
        value = await store.set_pref(SEAL_OWNER, SEAL_KEY, secrets.token_hex(32), keep=True)
    assert value is not None
    return bytes.fromhex(value)


def _mac(key: bytes, *parts: bytes) -> bytes:
    return hmac.new(key, b"".join(parts), hashlib.sha256).digest()


def seal(key: bytes, seed: int) -> str:
    nonce = secrets.token_bytes(_NONCE)
    body = seed.to_bytes(_BODY, "big", signed=True)
    pad = _mac(key, b"pad", nonce)[:_BODY]
    hidden = bytes(a ^ b for a, b in zip(body, pad, strict=True))
    tag = _mac(key, b"tag", nonce, hidden)[:_TAG]
    return base64.urlsafe_b64encode(nonce + hidden + tag).decode()


def unseal(key: bytes, token: str) -> int | None:
    """The sealed seed, or None when the token was not sealed with ``key`` (or was changed)."""
    try:
        raw = base64.urlsafe_b64decode(token.encode())
    except (binascii.Error, ValueError):
        return None
    if len(raw) != _NONCE + _BODY + _TAG:
        return None
    nonce, hidden, tag = raw[:_NONCE], raw[_NONCE : _NONCE + _BODY], raw[_NONCE + _BODY :]
    if not hmac.compare_digest(tag, _mac(key, b"tag", nonce, hidden)[:_TAG]):
        return None
    pad = _mac(key, b"pad", nonce)[:_BODY]
    return int.from_bytes(bytes(a ^ b for a, b in zip(hidden, pad, strict=True)), "big", signed=True)


def stored_rng_version(state_json: str | None) -> int:
    try:
        version = json.loads(state_json or "")["rng"]["version"]
    except (ValueError, TypeError, KeyError):
        return RNG_CURRENT
    return version if isinstance(version, int) else RNG_CURRENT


async def resume_block(store: Store, *, status: str, seed: int, state_json: str | None) -> dict[str, Any] | None:
    """What an export adds so that ``/import`` can resume it (None for a lobby, or when the key
    cannot be read or made: the export is given without it)."""
    if state_json is None:
        return None
    block: dict[str, Any] = {"rng": stored_rng_version(state_json)}
    if status != "finished":  # a game that may go on: `/import` takes its seed from the seal alone
        try:
            block["seal"] = seal(await seal_key(store), seed)
        except StoreError as exc:
            log.warning("export without a resume seal: the sealing key cannot be read or made: %s", exc)
    return block


# ---------------------------------------------------------------------- reading a file back
class ExportedTable(BaseModel):
    id: int = 0
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[Seat]
    status: str
    seed: int | None = None  # a finished game's, for reading; never the seed of an imported game


class Resume(BaseModel):
    rng: int = RNG_CURRENT
    seal: str | None = None


class ExportFile(BaseModel):
    """Our own export, as far as ``/import`` needs it."""

    table: ExportedTable
    log: list[LogEntry]
    resume: Resume | None = None


def parse(text: str) -> ExportFile | None:
    """The export in ``text``, or None when ``text`` is not one of our exports (then it is read
    as the game's own record format). A file that is our export but damaged raises ValueError."""
    stripped = text.lstrip()
    if not stripped.startswith("{"):
        return None
    try:
        data = json.loads(stripped)
    except ValueError:
        return None
    if not isinstance(data, dict) or "table" not in data or "log" not in data:
        return None
    try:
        return ExportFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"{where}: {first['msg']}") from None
