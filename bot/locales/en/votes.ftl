# Votes (bot/tables/votes.py, bot/tables/notes.py): the undo request and the vote on an absent
# player. Notation in backticks stays as it is.

## The undo request
undo-not-running = Only actions of a running game can be undone.
undo-nothing-played = No action has been played yet.
undo-only-own = You can only undo your own last action, before the next player acts.
undo-resignation = A resignation cannot be undone.
undo-irreversible = That action drew a random element or revealed hidden information; it cannot be undone.
undo-already-open = The vote to undo `{ $notation }` is already open; waiting for: { $names }. Answer with the buttons on the undo request.
undo-asked = { $name } asks to undo `{ $notation }`. All other players must agree.
undo-closed = This undo request is no longer open.
undo-seated-only = Only seated players vote on an undo.
undo-resigned-voter = You resigned from this game; the undo vote is up to the remaining players.
undo-already-agreed = You have already agreed.
undo-declined = { $name } declined; `{ $notation }` stands.
undo-agreed = { $name } agreed to the undo.
undone = Undone: `{ $notation }`.

## The vote on an absent player
absent-choice-skip = skip the turn
absent-choice-bot = hand the seat to a bot
absent-choice-replace = replace the player
absent-choice-expel = expel the player
absent-past-limit = { $name } has not acted for { $msg_duration }, past this table's turn limit.
absent-vote-how = The other players may vote with the buttons below; the first choice most of them agree on is done.
absent-no-voters = Nobody else can vote here: a moderator may `/replace` the player or `/reset` the table.
absent-vote-gone = This vote is closed: the table is gone.
absent-vote-closed = This vote is closed: the absent player acted, or it was decided already.
absent-vote-about-you = You are the player this vote is about: just make your move and it ends.
absent-vote-others-only = Only the other seated players vote on an absent player.
absent-vote-bad-choice = `{ $option }` is not one of this vote's choices.
absent-vote-repeated = You have already voted for that.
absent-votes-for = { $name } votes to { $msg_choice } ({ $absent }).
absent-votes-needed = { $tally } of { $need } votes needed.
absent-decided = Decided: { $msg_choice } ({ $absent }).
absent-may-replace = Any of the other players (or a moderator) may now `/replace` { $absent } with someone new; if nobody does within { $msg_duration }, a seat bot plays the seat.
absent-replace-time-up = Nobody replaced { $absent } within { $msg_duration }: a seat bot plays the seat.
absent-vote-vacation = The vote on { $absent } ends: they are on vacation until { $when }; their turn limit counts from their return.
absent-vote-away = { $absent } is on vacation until { $when }: no vote about them meanwhile.
absent-cannot-skip = { $absent }'s turn cannot be skipped right now; vote for something else.

## /replace
replace-not-seated = That user is not seated at this table.
replace-already-seated = The new player is seated at this table already.
replace-who-may = Only moderators (Manage Channels) can replace a player, or the other players after their vote on an absent player decided to replace them.
replaced = { $new } takes over seat { $seat } from { $old } (by { $name }).

## The history's table-level lines (bot/tables/notes.py)
note-moderator = Moderator
note-tafelrunde = Tafelrunde
seat-number = seat { $seat }
note-absent = { $name } passed the turn limit; vote opened
note-voted = { $name } voted to { $msg_choice } ({ $absent })
note-decided = decided: { $msg_choice } ({ $absent })
note-bot = seat { $seat } handed to { $bot }
note-bot-by = seat { $seat } handed to { $bot } by { $name }
note-taken-back = { $name } took seat { $seat } back from its seat bot
note-replaced = { $name } replaced a player: seat { $seat } now { $new }
replace-seat-mismatch = Seat { $seat } is played by { $name }, not by the player you named.
absent-vote-deadline = The vote is open for { $msg_duration }; then the choice with the most votes is done (an expulsion only with a majority), otherwise: { $msg_choice }.
absent-vote-reminder = The vote on { $absent } ends in { $msg_duration }: whoever has not voted yet, please vote. Without a clear result: { $msg_choice }.
absent-vote-time-up = The vote on { $absent } is over ({ $votes ->
        [one] one vote
       *[other] { $votes } votes
    } cast).
absent-skip-means = Skipping the turn means: { $msg_means }
