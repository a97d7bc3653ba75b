# Slash commands: descriptions of the commands, groups, options and choices Discord's command list
# shows (at most 100 characters). Names stay English. Read by bot/discord_app/translator.py (describe).

# /newgame
cmd-newgame = Open a table in this channel; you take seat 1
cmd-newgame-game = The game to play
cmd-newgame-options = Game options, e.g. `round_limit=10 shuffle` (see /rules)
cmd-newgame-bots = Seat bots to fill the next seats (computer players)
cmd-newgame-bot-level = How the seat bots play: easy ★, normal ★★ (default), strong ★★★ or expert ★★★★
cmd-newgame-watch = Only watch: you take no seat (a table of seat bots alone)

# /join
cmd-join = Take a seat at this channel's table
cmd-join-seat = At an imported game: the seat to take (e.g. a faction); else the next seat

# /import
cmd-import = Continue a game in this channel from an /export file (or a ledger file)
cmd-import-game = The game the record is of
cmd-import-record = The /export JSON file, or a record as a text file

# /leave
cmd-leave = Give up your seat while the table is in the lobby

# /start
cmd-start = Start the game with the seated players
cmd-start-bots = Seat bots to take the free seats before the game starts (computer players)

# /move
cmd-move = Play an action in the game's notation
cmd-move-action = Your action in the game's notation; the list shows your legal actions

# /resign
cmd-resign = Give up the running game (asks to confirm)

# /undo
cmd-undo = Ask the others to take back your last action

# /board
cmd-board = Post the current board again

# /status
cmd-status = Phase, whose turn, seats and scores so far

# /history
cmd-history = The whole game of this channel's table, page by page
cmd-history-page = Which page (default: the last)

# /rules
cmd-rules = Rules summary, options and notation of a game
cmd-rules-game = Which game (default: this channel's)
cmd-guide = A game's guide: the goal, a turn, the common actions with examples, the ids
cmd-guide-game = Which game (default: this channel's)
cmd-guide-page = Which page (default: the first)

# /hand
cmd-hand = Privately: your own position (hand, reserved cards, scores so far)

# /card
cmd-card = Explain a card, tile or other component of a game by its id
cmd-card-id = The component's id (the list offers them)
cmd-card-public = Post it for everyone (default: only you)

# /help
cmd-help = The bot's commands, grouped by task
cmd-help-public = Post it for everyone (default: only you)

# /games
cmd-games = The games you can play and their player counts

# /reset
cmd-reset = Abort this channel's table (moderators; the creator while in the lobby)

# /export
cmd-export = Privately: this channel's table as a JSON file and its move log

# /settings
cmd-settings = Reminders, turn limit and pictures per move of this channel's table
cmd-settings-reminder = Remind the players to act after this long, e.g. 24h, 12h, 2d, or off
cmd-settings-reminders = At most this many reminders per turn (then the table counts as stalled)
cmd-settings-turn-limit = After this long the others may vote on an absent player, e.g. 3d, or off

# /snooze
cmd-snooze = Pause your reminders at this channel's table
cmd-snooze-duration = For how long, e.g. 12h, 3d (default 24h); `off` ends the snooze

# /replace
cmd-replace = Seat someone new in a player's place (the game goes on)
cmd-replace-old = The player to replace
cmd-replace-new = Who takes over their seat

# /mygames
cmd-mygames = Privately: your open tables on this server, and where it is your turn

# /notify
cmd-notify = Your-turn messages by DM, with the board and a link: on or off
cmd-notify-dm = on: I send you a DM when it is your turn; off: only the channel pings you

# /stats
cmd-stats = This server's games: played, finished, wins by player, average length
cmd-stats-game = Only this game, with your skill rating (default: every game)
cmd-stats-public = Post it for everyone (default: only you)

# /leaderboard
cmd-leaderboard = Wins, games and win rate of this server's players
cmd-leaderboard-game = Only this game, ranked by skill rating (default: every game, by wins)
cmd-leaderboard-public = Post it for everyone (default: only you)

# /seatbot
cmd-seatbot = Hand your seat (moderators: any seat) to a seat bot
cmd-seatbot-level = How the bot plays: easy ★, normal ★★ (default), strong ★★★ or expert ★★★★
cmd-seatbot-seat = Moderators: the seat number to hand over (default: your own seat)

# /hg
cmd-hg = Carcassonne – Hunters & Gatherers moves
cmd-hg-draw = Begin your turn: draw a land tile (shown to all)
cmd-hg-place = Lay the drawn tile: spot (on the board), rotation, piece
cmd-hg-place-spot = The spot number on the board image
cmd-hg-place-rotation = Degrees the tile is turned clockwise (as on tile.png)
cmd-hg-place-piece = gatherer, fisher, hunter, hut (numbered as on tile.png) or none

# /tm
cmd-tm = Terra Mystica moves (same as /move)
cmd-tm-build = Build a dwelling (transforming the hex first if needed)
cmd-tm-build-hex = A land hex, e.g. E7 (or the whole move, e.g. `E7. +TW3`)
cmd-tm-upgrade = Upgrade a building: e.g. F3 to TP (favor/town tile after)
cmd-tm-upgrade-what = e.g. `F3 to TP`, `F3 to TE. +FAV8`
cmd-tm-transform = Transform a hex (towards your home terrain)
cmd-tm-transform-hex = A land hex, e.g. E7, or `E7 to yellow`
cmd-tm-send = Send a priest to a cult track
cmd-tm-send-cult = The cult track
cmd-tm-advance = Advance on the shipping or the spade track
cmd-tm-advance-track = The track to advance on: shipping or spades
cmd-tm-advance-track-ship = shipping
cmd-tm-advance-track-dig = spades (dig)
cmd-tm-action = A power or special action: e.g. ACT6. build E7
cmd-tm-action-what = e.g. `ACT3`, `ACT6. build E7`, `BON2. +FIRE`, `ACT1. bridge F4:G3`
cmd-tm-pass = Pass for the round, taking a bonus card (none in round 6)
cmd-tm-pass-bonus = The bonus card to take, e.g. BON3
cmd-tm-answer = Answer power offered to you, or pick a cult track
cmd-tm-answer-text = e.g. `leech 2 from witches`, `decline`, `+FIRE`
cmd-tm-pick = Set-up: choose your faction
cmd-tm-pick-faction = e.g. witches

# /turrium
cmd-turrium = Terra Turrium actions (same as /move)
cmd-turrium-take = Take blocks (3 per turn): e.g. c3 h8 e5
cmd-turrium-take-fields = Fields to take blocks from, e.g. `c3 h8 e5`
cmd-turrium-build = Build the blocks in your hand: e.g. d4 d4 e5
cmd-turrium-build-fields = Fields to build on (repeat a field to stack), e.g. `d4 d4 e5`
cmd-turrium-move = Move a Turrianer along a path: e.g. c3-c4-d4
cmd-turrium-move-path = The fields of the path, e.g. `c3-c4-d4`
cmd-turrium-enter = Bring a Turrianer back onto the board, onto your territory's entry row
cmd-turrium-enter-field = A single block in your territory's entry row
cmd-turrium-pass = End your turn (or skip the optional build)
cmd-turrium-place = Set-up: place Turrianer in your territory (the list offers its fields)
cmd-turrium-place-fields = Fields of your territory, one per Turrianer; the list offers the legal ones
cmd-turrium-give = Handicap set-up: give blocks from your territory (the list offers them)
cmd-turrium-give-fields = Fields of your territory whose blocks you hand over; the list offers them

# /terramara
cmd-terramara = Terramara actions (same as /move) and look-ups
cmd-terramara-send = Send a tribe member to an action space (your placement)
cmd-terramara-send-member = Whom to send
cmd-terramara-send-space = The space, e.g. T2-left-1, H-worker, X1, hut
cmd-terramara-craft = Craft an artifact after your placement: a river slot 1-8 or reserved
cmd-terramara-craft-slot = River slot 1-8 (left to right) or `reserved`
cmd-terramara-reserve = Reserve an artifact after your placement: a river slot 1-8
cmd-terramara-reserve-slot = River slot 1-8 (left to right)
cmd-terramara-refine = A worker refines raw resources (free action), e.g. w1 cattle
cmd-terramara-refine-worker = Which worker: w1, w2, …
cmd-terramara-refine-resources = Raw resources, e.g. `cattle` or `cattle ore`
cmd-terramara-end = End your turn
cmd-terramara-answer = Answer the decision asked of you: take, process, swap, give, choose, travel, skip, pick, neutral
cmd-terramara-answer-text = e.g. `take metal lumber`, `give ore cattle`, `choose 2`, `travel 2 -`, `skip`
cmd-terramara-hand = Privately: your own tribe, reserved artifact, character and scores so far
cmd-terramara-card = Explain any Terramara artifact, bonus tile, character, start card, territory or outpost
cmd-terramara-card-id = e.g. A1-01, B2-3, C4, S07, FM1-a, O1-road
cmd-terramara-card-public = Post it for everyone (default: only you)

# choices that are their own value (seat bot levels, on/off)
cmd-choice-random = random
cmd-choice-easy = easy ★
cmd-choice-normal = normal ★★
cmd-choice-strong = strong ★★★
cmd-choice-expert = expert ★★★★
cmd-choice-on = on
cmd-choice-off = off
cmd-replace-seat = Or the seat number (a seat bot's too: to give the seat back to a person)
cmd-settings-vote = How long a vote on an absent player stays open, e.g. 2d (then it is decided)
cmd-vacation = Take a vacation from every table of this server: no reminders, no votes about you
cmd-vacation-days = How many days (0 ends your vacation)
