# Rematch (bot/tables/rematch.py, the "Rematch" button of the results: bot/discord_app/views/rematch.py)
# and following a table as a spectator (bot/tables/follows.py, /follow, the DMs of bot/discord_app/dms.py).
# Game names, players' names and table numbers are passed as they are.

## Rematch: refusals (only the one who clicked sees them)
rematch-gone = That game is not this channel's any more.
rematch-not-finished = Only a finished game can be played again, and this one is not over.
rematch-not-player = Only the players of that game can ask for its rematch. `/newgame` opens a table of your own.
rematch-channel-busy = This channel already has an open table: it must end (or its lobby close) before the rematch.
rematch-running = The rematch of that game is already being played here.
rematch-played = The rematch of that game was played already (table #{ $id }): the Rematch button of its results asks for the next one.
rematch-already-confirmed = You have confirmed already; still waiting for { $names }.
rematch-ready = Everybody has confirmed, but too few players are left: `/join`, then `/start`.

## Rematch: the lobby's message
rematch-opened = { $name } asks for a rematch of { $game } (table #{ $id }). Seats: { $order }.
rematch-waiting = Waiting for { $names } to confirm with the button (or to `/leave`).
rematch-confirmed = { $name } is in; still waiting for { $names }.
rematch-confirmed-all = { $name } is in: everybody has confirmed.

## Rematch: the buttons
discord-rematch = Rematch
discord-rematch-confirm = Confirm the rematch

## Following a table
follow-closed = This game of { $game } is over: there is nothing left to follow.
follow-player = You play at this table: you get your own DMs when it is your turn (`/notify dm:on`), not the spectators' ones.
discord-follow-no-table = This channel has no open table to follow.
discord-follow = Follow this table
discord-unfollow = Stop following
discord-follow-on = You follow this table: each time the turn passes, I send you a DM with the board and a link (`/unfollow` stops it). Allow direct messages from this server's members, or they cannot reach you.
discord-follow-off = You no longer follow this table.
discord-follow-dm-title = { $game }: the turn passed
discord-follow-dm-over = { $game }: the game is over
discord-follow-dm-now = Now to play: { $names }.
discord-follow-dm-ended = The results are in the channel.
discord-follow-dm-where = At { $channel }: [jump to the board]({ $url })
discord-follow-dm-footer = You follow this table as a spectator; the button or /unfollow in its channel stops these messages.
cmd-follow = Follow this channel's table as a spectator: a DM each time the turn passes
cmd-unfollow = Stop following this channel's table
help-follow = watching a table you do not play at: a direct message each time the turn passes (also a button on `/status`)
help-unfollow = no more of those messages
