# The lobby: opening a table, joining, leaving, starting (bot/tables/lobby.py), and imported
# games (bot/tables/imports.py). Game names, players' names and seat labels are passed as they are.

## Opening a table
no-such-game = There is no game called '{ $key }'. Available: { $known }.
bad-options = Bad options for { $game }: { $reason }
too-many-seat-bots = { $game } seats at most { $max } players: at most { $bots } { $bots ->
        [one] seat bot
       *[other] seat bots
    } here.
nobody-would-sit = Nobody would sit at this table: take a seat, or ask for seat bots with `bots:`.
table-opened = { $name } opened a table of { $game } ({ $min }–{ $max } players) and sits at seat 1. Others: `/join`; then `/start`.
table-opened-to-watch = { $name } opened a table of { $game } ({ $min }–{ $max } players) to watch. Players: `/join`; then `/start`.
seat-bots-at-table = Seat bots at this table: { $names }.

## Joining and leaving
already-started-join = The game has already started; you can no longer join.
join-take-back = { $bot } plays your seat { $seat }: take it back with `/seatbot`.
already-seated = You are already seated at this table.
seats-in-order = Seats are taken in order at this table; use `/join` without a seat.
table-full = The table is full ({ $max } players).
joined = { $name } joined (seat { $seat } of up to { $max }).
running-use-resign = The game is running: use `/resign` to give up.
not-seated = You are not seated at this table.
left-seat-free = { $name } left; the { $label } seat is free again (`/join seat:{ $label }`).
left-table-closed = { $name } left; the empty table is closed.
left-table = { $name } left the table.

## Starting
already-started = The game has already started.
only-seated-start = Only a seated player can start the game.
imported-seats-free = Every seat of the imported game needs a player; free: { $free } (`/join seat:…`, or seat bots take them: `/start bots:{ $bots }`).
wrong-player-count = { $game } needs { $min }–{ $max } players; { $n } seated.
too-few-players = { $game } needs { $min }–{ $max } players; { $n } seated. Wait for others to `/join`, or fill the free seats with seat bots (computer players) and start at once: `/start bots:{ $bots }`.
start-bots-imported = The imported game has { $free ->
        [0] no seat left
        [one] one seat left
       *[other] only { $free } seats left
    } for seat bots: the others are taken.
start-too-many-bots = { $game } seats at most { $max } players: { $free ->
        [0] no seat is free
        [one] one seat is free
       *[other] { $free } seats are free
    } for seat bots.
game-begins = { $game } begins! Seats: { $order }.
bots-alone-options = Seat bots alone at this table: they play with { $options }, so that the game ends.

## Imported games
import-does-not-replay = The recorded game does not replay here: { $reason }
import-unreadable-record = Cannot import this { $game } record: { $reason }
import-record-players = The record has { $n } players; { $game } is played by { $min }–{ $max }.
import-not-supported = { $game } cannot import recorded games.
import-export-unreadable = This table export cannot be read ({ $reason }).
import-already-over = That game is already over; only an unfinished game can be continued here.
import-export-finished = That game is already over, so there is nothing left to continue; only an unfinished game can be imported. The whole game stays readable: its moves are in the file's log, and `/history` in the channel where it was played shows it.
import-too-big = That file has { $size } characters; a record or an export may have at most { $max }. Nothing was imported.
import-too-deep = That file nests brackets inside brackets far deeper than any record or export does, so it is not read. Nothing was imported.
imported-record = { $name } imported { $title } ({ $moves } moves) as a { $game } table. Seats: { $seats }. Take yours with `/join seat:<name>`; when every seat is taken, `/start` continues the game where the record stops.
import-export-game-missing = That export is of the game `{ $key }`, which is not installed here.
import-export-other-game = That export is of a { $other } table, not { $game }: import it as `{ $key }`.
import-export-never-started = That table never started; open a new one with `/newgame`.
import-export-players = The export has { $n } players; { $game } is played by { $min }–{ $max }.
import-export-rng = That export names an unknown random-number version ({ $rng }).
import-export-no-key = This export of a running game carries no resume key this bot can open (it comes from another bot, or the file was changed), so its hidden draws cannot be restored; nothing was imported.
import-export-table = table #{ $id }
import-export-table-unknown = an exported table
imported-export-free = Free: { $free } (`/join seat:<name>`); then `/start` continues the game where it stops.
imported-export-all-taken = Every seat is taken: `/start` continues the game where it stops.
imported-export = { $name } imported { $msg_title } ({ $moves } moves) as a { $game } table. Seats: { $seats }. { $msg_more }
import-seats-taken = Every seat of this imported game is taken.
import-no-such-seat = This game has no seat { $seat }; its seats: { $seats }.
import-seat-taken = The { $label } seat is taken by { $name }.
import-took-seat-free = { $name } takes the { $label } seat (seat { $seat }). Still free: { $free }.
import-took-seat-all = { $name } takes the { $label } seat (seat { $seat }). Every seat is taken: `/start`.
import-resume-key-gone = This imported table's resume key no longer opens; import the export again.
import-continues = { $msg_title } continues with { $seats } after { $n } recorded moves.

# One option the game's options model refused ($kind: pydantic's error type; $msg: its English words).
option-problem = { $option }: { $kind ->
        [extra_forbidden] unknown option
        [greater_than_equal] Input should be greater than or equal to { $limit }
        [less_than_equal] Input should be less than or equal to { $limit }
       *[other] { $msg }
    }
