# /replay and the "Replay" button of the final results post: a finished game again, step by
# step, privately (bot/tables/viewer.py, bot/discord_app/views/replay.py, bot/discord_app/cogs/replay.py).

## The command
cmd-replay = Step through a finished game of this channel or server, privately
cmd-replay-table = Which finished table (default: this channel's last)
help-replay = privately: a finished game again, step by step

## Refusals
replay-not-over = The game at table #{ $id } is not over yet ({ $msg_status }): its replay opens once it has ended (every position at once would help its players). `/history` reads its actions so far.
replay-aborted = Table #{ $id } was aborted before its end: only a finished game can be replayed. `/history` in its channel reads its actions.
replay-none = No game has been finished in this channel yet, so there is nothing to replay here. `/replay table:` offers this server's finished games.
replay-no-such-table = There is no finished table #{ $id } in this channel or on this server.
replay-broken = Table #{ $id }'s log no longer replays here, so it cannot be shown step by step. `/history` in its channel reads its actions.

## The viewer
replay-setup = The set-up: { $names }.
discord-replay-title = { $game } — table #{ $id }: replay, step { $step } of { $steps }
discord-replay-footer = Only you see this replay.
discord-replay-imported = { $n ->
    [one] Step 1 came with the imported record.
   *[other] Steps 1–{ $n } came with the imported record.
}
discord-replay-button = Replay
discord-replay-choice = #{ $id } { $game }: { $players }
