# How many pictures a move posts (bot/pictures.py, /settings pictures:) and the "More pictures"
# button of an announcement (bot/discord_app/views/pictures.py).

## /settings pictures:
cmd-settings-pictures = Pictures posted with each move: the board only, the board and one more, or all
cmd-settings-pictures-board = The board only
cmd-settings-pictures-default = The board and at most one more (default)
cmd-settings-pictures-all = Every picture, as /board
settings-pictures = Pictures per move: { $pictures ->
    [board] the board only
    [all] every picture, as /board shows them
   *[default] the board and at most one more picture, the one that matters now
}; the others: the "More pictures" button and /board.
settings-pictures-unknown = Pictures per move: choose one of { $choices }.

## the "More pictures" button
discord-more-pictures = More pictures
discord-more-pictures-answer = Every picture of the position now (only you see them).
discord-more-pictures-gone = Those pictures belong to a table that is gone; /board shows this channel's table.
