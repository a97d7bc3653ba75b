"""The Discord front end: slash commands, buttons and board posts on top of ``TableService``.

Everything here is adapter code. Rules, permissions and table lifecycle live in
``bot.tables``; wording of announcements and board rendering live in ``bot.present``.

Modules:

* ``client``  ``TafelrundeBot`` (commands.Bot), the command tree's error handler, ``run_bot``
* ``cogs.tables``   the generic table commands (/newgame, /move, /undo, /reset, /hand, /card, ...)
* ``games.<slug>``  optional per-game extensions with shortcut commands, loaded by convention
* ``replies``  the response pattern shared by commands and buttons (see its docstring), within
  Discord's limits
* ``announcements``  composing the channel message of an outcome (posted by the bot: ``publish``,
  ``outbox``)
* ``views``   persistent buttons (undo vote, reset and resign confirmation)
* ``embeds``  embed builders
* ``checks``  who is asking (Actor) and cheap pre-checks
"""
