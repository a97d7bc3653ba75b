"""Who is asking: turning an interaction into the service's ``Actor``."""

from __future__ import annotations

import discord

from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import Actor, ServiceError


def actor_from(interaction: discord.Interaction) -> Actor:
    """The real user behind the interaction; moderators have Manage Channels *here*
    (``interaction.permissions`` are the member's resolved permissions in this channel)."""
    user = interaction.user
    perms = interaction.permissions
    return Actor(
        user_id=user.id,
        name=user.display_name,
        is_moderator=bool(perms is not None and perms.manage_channels),
        request=str(interaction.id),
        issued_ts=interaction.created_at.timestamp(),
    )


def channel_of(interaction: discord.Interaction) -> int:
    """The table's channel. A thread counts as a channel of its own."""
    if interaction.channel_id is None:
        raise ServiceError(T.text("discord-server-only"))
    return interaction.channel_id
