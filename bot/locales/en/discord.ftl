# The Discord adapter's own texts (bot/discord_app): embeds, answers, buttons, DMs, reminders.
# Game and player names, notation and channel links are arguments and stay as they are.

# Words inside other messages
discord-status = { $status ->
    [lobby] lobby
    [running] running
    [finished] finished
    *[aborted] aborted
}
discord-none = none
discord-nobody = nobody
discord-seat-line = { $n }. { $name }
discord-seat-line-colour = { $n }. { $name } ({ $colour ->
    [red] red
    [blue] blue
    [yellow] yellow
    [green] green
    [black] black
    [brown] brown
    [grey] grey
    [purple] purple
    [orange] orange
    [white] white
   *[other] { $colour }
})

# Embeds (embeds.py)
discord-next = Next
discord-result = Result
discord-seats-count = Seats ({ $n } of { $min }–{ $max })
discord-seats = Seats
discord-table-line = Table #{ $id } · { $msg_status } · options: { $msg_options }
discord-scores-so-far = Scores so far
discord-history-title = { $game } — table #{ $id } ({ $msg_status }): actions { $first }–{ $last } of { $total }
discord-history-page = Page { $page } of { $pages }
discord-history-ledger = Ledger view
discord-history-sentences = Sentences
discord-no-actions = No actions yet.
discord-game-players = { $game } ({ $min }–{ $max } players)
discord-rulebook = Rulebook
discord-notation = Notation (`/move action`)
discord-options = Options (`/newgame { $key } options:…`)
discord-games = Games
discord-games-line = **{ $game }** (`{ $key }`): { $min }–{ $max } players
discord-none-yet = None yet.
discord-coming-later = Coming later
discord-games-footer = Open a table with /newgame; /rules <game> explains one.
discord-undo-request = Undo request
discord-undo-asks = { $name } asks to take back `{ $notation }`.
discord-undo-asks-someone = A player asks to take back `{ $notation }`.
discord-agreed = Agreed
discord-waiting-for = Waiting for
discord-undo-footer = Every other player still in the game must agree; one decline keeps the action.
discord-absent-title = { $game } — absent player
discord-posted-late = Posted late: the game has moved on since; /board shows the position now.
discord-no-image = The board image could not be drawn; /board tries again.

# Errors and checks (client.py, actors.py, ops.py)
discord-server-only = Use this command in a server channel or thread.
discord-unexpected = Something went wrong on our side while handling this command. Please try again.
discord-missing-permissions = You need the Manage Channels permission here for this command.
discord-no-private = Tables live in server channels: use this command there.
discord-cooldown = Slow down: try again in { $seconds } s.
discord-bad-value = `{ $value }` is not a valid value here.
discord-check-failed = You cannot use this command here.
discord-forbidden = I lack a permission in this channel (Send Messages, Embed Links, Attach Files).
discord-cannot-post = I cannot post in this channel (I need Send Messages, Embed Links and Attach Files here).

# Answers (replies.py)
discord-other-game = This channel's table plays { $game }: use `/move` with its notation.
discord-hand-not-seated = You are not seated at this table: `/hand` shows a player their own position. `/status` and `/board` show what everyone may see.
discord-hand-not-started = The game has not started yet: your position is set up at `/start`.
discord-no-hand = { $game } has no private hand: everything is on `/board` and `/status`.
discord-hand-title = { $game } — your position ({ $name })
discord-only-you = Only you can see this.
discord-no-component = There is no { $game } component `{ $id }`. { $msg_hint }

# The outbox (outbox.py)
discord-saved-post-later = Your action was saved. Discord did not take its announcement yet; I will post it shortly.
discord-saved-cannot-post = Your action was saved, but I cannot post in this channel (I need View Channel, Send Messages, Embed Links and Attach Files here). Ask a moderator to fix my permissions; `/board` shows the position.
discord-saved-cannot-draw = Your action was saved, but its announcement cannot be drawn; `/status` tells more.

# Buttons and votes (views/requests.py)
discord-agree = Agree
discord-decline = Decline
discord-undo-accepted = Undo accepted
discord-undo-declined = Undo declined
discord-absent-skip = Skip the turn
discord-absent-bot = Seat bot plays
discord-absent-replace = Replace
discord-absent-expel = Expel
discord-reset-button = Reset the table
discord-reset-done = Done: the table was reset.
discord-resign-button = Resign
discord-resign-not-yours = Only the player who asked can confirm this resignation.
discord-resigned = You resigned.
discord-cancel = Cancel
discord-cancelled = Cancelled; nothing was changed.

# Table commands (cogs/tables.py)
discord-shuffle-help = Seat the players in random order when the game starts.
discord-table-setting = table setting
discord-no-table = There is no table in this channel. Start one with `/newgame`.
discord-no-open-table = There is no open table in this channel. Start one with `/newgame`.
discord-file-too-big = That file has { $size } bytes; a record may have at most { $max }.
discord-not-text = `{ $file }` is not a text file (UTF-8).
discord-not-downloaded = `{ $file }` could not be downloaded from Discord; try again.
discord-imported = Imported `{ $file }`.
discord-resign-in-lobby = The game has not started: use `/leave` to give up your seat.
discord-not-seated = You are not seated at this table.
discord-resign-confirm = Really resign from this { $game } game? This cannot be undone.
discord-no-board = The game has not started yet: there is no board to show.
discord-card-elsewhere = Use `/card` in a channel whose game has components to look up (games with cards: { $games }).
discord-reset-confirm = Reset table #{ $id } ({ $game }, { $msg_status }; players: { $msg_players })? It is kept in the history as aborted and a new `/newgame` can start.
discord-export-running = Table #{ $id } ({ $game }, { $msg_status }) (the seed is left out while the game runs) and its log.
discord-export = Table #{ $id } ({ $game }, { $msg_status }) and its log.
discord-waiting = Waiting

# Reminders and snoozing (cogs/waiting.py, reminder_loop.py)
discord-settings-who = The table's creator and moderators change them: `/settings reminder:12h turn_limit:3d`.
discord-snooze-off = Your reminders at table #{ $id } are on again.
discord-snoozed = No reminders for you at table #{ $id } until { $when } ({ $msg_duration }). `/snooze off` ends it sooner.
discord-replace-human = Seat a person, not a Discord bot (seat bots come from the absent-player vote).
discord-reminder-title = ⏰ { $game } — your turn
discord-reminder-waited = Table #{ $id } ({ $game }) has waited { $msg_duration } for your move.
discord-reminder-count = Reminder { $number } of { $max } · `/snooze` pauses your reminders · `/board` shows the position.
discord-reminder-last = This was the last reminder: the table now counts as stalled until someone acts.

# Seat bots (cogs/seatbots.py)
discord-seatbot-not-seated = You are not seated at this table (and no seat bot plays a seat you played); moderators name the seat with `seat:`.

# Direct messages (dms.py)
discord-dm-title = Your turn: { $game }
discord-dm-due = Your move is due at { $channel }.
discord-dm-jump-board = [Jump to the board]({ $url })
discord-dm-jump-table = [Jump to the table]({ $url })
discord-dm-footer = /notify dm:off stops these messages.

# Records (cogs/records.py)
discord-records-read-failed = The bot's database cannot be read right now. Tell the server's admins.
discord-records-server-only = Records belong to a server: use this command in a server channel.
discord-jump = [jump]({ $url })
discord-mygames-where = { $game } in { $channel }
discord-mygames-damaged = { $where }: cannot be loaded (`/status` there tells more)
discord-mygames-lobby = { $where }: in the lobby, not started yet
discord-mygames-turn = ▶ **{ $where }: your turn**
discord-mygames-turn-waited = ▶ **{ $where }: your turn, waiting { $msg_waited }**
discord-mygames-waiting = { $where }: waiting for { $msg_who }
discord-mygames-waiting-waited = { $where }: waiting for { $msg_who } ({ $msg_waited })
discord-mygames-stalled = ⚠ **stalled**
discord-mygames-more = …and { $n } more tables.
discord-mygames-title = Your games here: { $n } open
discord-mygames-title-turn = Your games here: { $n } open, your turn at { $turn }
discord-mygames-footer = ▶ marks the tables waiting for you. Only you can see this.
discord-mygames-none = You are not seated at any open table on this server. `/newgame` opens one, `/join` takes a seat.
discord-stats-title-game = Statistics of { $game }
discord-stats-title = Statistics of this server
discord-stats-finished = Games finished: { $finished } · aborted: { $aborted }
discord-stats-game = finished { $finished } · aborted { $aborted }
# an average: one decimal below 10 ("3.0"), whole numbers from 10 on
discord-stats-length = average length: { $moves_tenths ->
    [yes] { NUMBER($moves, minimumFractionDigits: 1, maximumFractionDigits: 1) }
   *[no] { NUMBER($moves, maximumFractionDigits: 0) }
} moves · { $days_tenths ->
    [yes] { NUMBER($days, minimumFractionDigits: 1, maximumFractionDigits: 1) }
   *[no] { NUMBER($days, maximumFractionDigits: 0) }
} days
discord-stats-wins = Wins by player
discord-stats-footer = From the finished tables of this server; seat bots are left out of the players.
discord-leaderboard-title-game = Leaderboard: { $game }
discord-leaderboard-title = Leaderboard: all games
discord-stats-player = { $rank }. **{ $name }**: wins { $wins } of { $games }
discord-stats-player-games = { $rank }. **{ $name }**: wins { $wins } of { $games } ({ $by_game })
discord-leaderboard-line = { $mark } **{ $name }**: wins { $wins } · games { $games } · { NUMBER($rate, style: "percent") }
discord-leaderboard-line-shared = { $mark } **{ $name }**: wins { $wins } · games { $games } · { NUMBER($rate, style: "percent") } · shared { $shared }
discord-records-none = No game has been finished or aborted on this server yet.
discord-records-none-game = No { $game } game has been finished or aborted on this server yet.
discord-leaderboard-none = No game has been finished on this server yet.
discord-leaderboard-none-game = No { $game } game has been finished on this server yet.
discord-leaderboard-footer = A tie or a team win counts a win for every winner (shared). Seat bots are left out.
discord-rating-bot = Seat bot ({ $level ->
    [easy] easy
    [normal] normal
    [strong] strong
    [expert] expert
    [random] random
   *[other] { $level }
})
discord-rating-line = { $mark } **{ $name }**: rating { $rating } · games { $games }
discord-rating-line-provisional = { $mark } **{ $name }**: rating { $rating } (provisional) · games { $games }
discord-rating-footer = OpenSkill rating (Weng-Lin): 1000 + 40 × (μ − 3σ), updated after every finished game; provisional until { $provisional } games. Seat bots are rated by level.
discord-stats-rating = Your rating
discord-stats-rating-value = **{ $rating }** after { $games ->
    [one] { $games } game
   *[other] { $games } games
}
discord-stats-rating-value-provisional = **{ $rating }** after { $games ->
    [one] { $games } game
   *[other] { $games } games
} (provisional)
discord-stats-rating-change = { $delta } → { $rating } (table { $table })
discord-stats-rating-none = You have no rated { $game } game on this server yet.
discord-notify-failed = Your setting could not be saved right now; nothing was changed. Try again later.
discord-notify-on = Your-turn DMs are on: when a move of yours is due at any table, I send you the board and a link. Allow direct messages from this server's members, or they cannot reach you. `/notify dm:off` stops them.
discord-notify-off = Your-turn DMs are off: the table's channel pings you when it is your turn. `/notify dm:on` starts them.

# Game extensions (games/*.py)
discord-no-terramara-table = There is no table in this channel. Start one with `/newgame terramara`.
discord-not-terramara = This channel's table plays { $game }, not Terramara.
discord-terramara-answer = `/terramara answer` answers a decision ({ $verbs }); for `{ $verb }` use `/move` or the matching `/terramara` command.
discord-hg-spot = spot { $spot } (turned { $rotations })
discord-replace-which = Name the player to replace (`old:`) or their seat (`seat:`).
discord-vacation = On vacation until { $when } at every table of this server: no reminders and no vote about you; the tables show it. Days left this month: { $left }. `/vacation days:0` ends it.
discord-vacation-over = Your vacation is over; reminders and turn limits apply again. Days left this month: { $left }.
