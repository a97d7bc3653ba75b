# The table service's refusals and announcements (bot/tables/): the store, damaged tables,
# playing, moderation and reading the history. Notation (commands, `/move` texts) stays as it is.

## Words used inside other messages
status-lobby = lobby
status-running = running
status-finished = finished
status-aborted = aborted
nobody = nobody

## The store
table-busy = The table is busy right now; nothing was applied. Try again in a moment.
store-read-failed = The bot's database cannot be read right now; nothing was applied. Tell the server's admins.
store-unwritable = Saving failed: the bot's database is not writable; nothing was applied. Tell the server's admins.
save-failed = Saving failed ({ $reason }); nothing was applied. Tell the server's admins.
board-changed = The board changed while your command was on its way; nothing was applied. Look at the new position and try again.
table-gone = That table is no longer open in this channel; nothing was applied.
game-already-over = That game is already over.
table-already-closed = That table is already closed.
bot-restarting = The bot is restarting; try again in a minute.

## Damaged tables
damaged-newgame = This channel still has table #{ $id } open, and its saved game cannot be loaded ({ $msg_reason }). A moderator must `/reset` it (it is kept as aborted) before a new `/newgame`; `/export` gives its record, and the bot's operator can try `python -m bot repair --table { $id }`.
damaged-open = Table #{ $id }'s saved game cannot be loaded ({ $msg_reason }). A moderator can `/reset` it (it is kept as aborted) or `/export` it; the bot's operator can try `python -m bot repair --table { $id }`.
damaged-closed = Table #{ $id } ({ $msg_status }) cannot be loaded ({ $msg_reason }). `/export` gives its record; the bot's operator can try `python -m bot repair --table { $id }`. A new `/newgame` may start here.
damaged-game-missing = the game `{ $key }` is not installed
damaged-breaks-rules = its position breaks the rules: { $reason }
damaged-columns = its stored columns { $columns } cannot be read
unknown-game-name = unknown game `{ $key }`
game-not-playable = { $game } is not playable yet. Available: { $known }.

## Finding the table
no-open-table = There is no open table in this channel. Start one with `/newgame`.
no-tables-yet = This channel has no tables yet.
channel-has-table = This channel already has an open table.
channel-has-table-reset = This channel already has an open table. Finish it, or ask a moderator to `/reset` it.
no-table-id = No table with id { $id }.

## Playing
older-position = That button or menu belongs to an older position; nothing was applied. Use the newest message or `/move`.
already-applied = That command was already applied; nothing was applied again.
already-applied-notation = Your `{ $notation }` was already applied (its announcement is in the channel, or on its way); nothing was applied again. To play it once more, send it again now that you see the new position.
not-started = The game has not started yet: `/start` it when everyone has joined.
not-seated-act = You are not seated at this table; only its players can act.
not-your-turn = It is not your turn. Waiting for: { $names }.

## Moderation
reset-running-creator = Only moderators (Manage Channels) can reset a running game; its creator may reset the table only while it is in the lobby or while seat bots alone play at it.
reset-moderators = Only moderators (Manage Channels) can reset a table; its creator may also while it is in the lobby.
table-reset = { $name } reset the table; it is kept in the history as aborted. A new `/newgame` may start.
table-reset-title = { $game } — table reset

## The history and exports
export-players-only = Only the table's players and moderators (Manage Channels) can export it.
history-move-recorded = { $name } (recorded): `{ $notation }`
history-resigned = { $name }: resigned
history-resigned-recorded = { $name } (recorded): resigned
history-said-recorded = { $msg_said } (recorded)

## Announcements: whose turn, the result, the score sheet (bot/present.py). The prompts, phases
## and score lines are the games' own texts.
title-lobby = { $game } — lobby
title-aborted = { $game } — aborted
turn-aborted = The table was aborted; nothing more is played here.
turn-lobby = Waiting in the lobby.
turn-game-over = Game over. { $count ->
        [one] Winner
       *[other] Winners
    }: { $names }.
turn-game-over-nobody = Game over. Nobody won.
turn-nobody = Nobody is to act.
place = { $suffix ->
    [st] { $n }st
    [nd] { $n }nd
    [rd] { $n }rd
   *[th] { $n }th
}
standing-heading = { $suffix ->
    [st] { $n }st
    [nd] { $n }nd
    [rd] { $n }rd
   *[th] { $n }th
}: { $name }
standing-heading-tie = { $suffix ->
    [st] { $n }st
    [nd] { $n }nd
    [rd] { $n }rd
   *[th] { $n }th
} (tie): { $name }
standing-total = total { $value }
standing-score = score { $value }
half-points = half points
options-default = default
rulebook = { $language ->
    [de] *{ $game }* (German rulebook)
    [en] *{ $game }* (English rulebook)
    [es] *{ $game }* (Spanish rulebook)
    [fr] *{ $game }* (French rulebook)
    [it] *{ $game }* (Italian rulebook)
   *[other] *{ $game }* (rulebook)
}
