"""Optional per-game Discord extensions, found by naming convention.

For every registered game whose module ``bot.discord_app.games.<slug>`` exists (slug: the
game key with ``-`` as ``_``), the client loads it with ``load_extension``; its
``setup(bot)`` adds the game's shortcut commands (``/turrium …``, ``/terramara …``). A game
without one is played with the generic commands alone.
"""
