# The action panel of "your turn" messages, its private next steps, the small-decision menus and
# the "Show my hand" button (bot/discord_app/views/position.py). The kinds of action in the
# menus are the games' own texts; notation and player names stay as they are.

# Menus and buttons
panel-what-to-do = What to do…
panel-what-to-do-player = { $player }: what to do…
panel-choose = Choose…
panel-choose-range = Choose ({ $first }–{ $last })…
panel-show-hand = Show my hand
panel-choose-answer = Choose your answer…
panel-choose-answer-player = { $player }: choose your answer…
panel-answer = Answer

# The private next step
panel-step = **{ $msg_title }** — { $count ->
    [one] { $count } choice
   *[other] { $count } choices
} for { $player }.
panel-step-detail = **{ $msg_title }** ({ $msg_detail }) — { $count ->
    [one] { $count } choice
   *[other] { $count } choices
} for { $player }.
panel-pick-one = Pick one: it is played at once, or first shown to you privately when it ends your turn or reveals something.
panel-you-played = You played `{ $notation }`.

# Refusals
panel-not-yours = This menu is for { $owner }; only they can use it. Nothing was applied.
panel-not-yours-someone = This menu is for another player; only they can use it. Nothing was applied.
panel-answer-not-yours = This menu is for { $owner }; only they can answer with it. Nothing was applied.
panel-answer-not-yours-someone = This menu is for another player; only they can answer with it. Nothing was applied.
panel-not-open = That choice is not open in this position; nothing was applied. Use `/move`.
panel-nothing-chosen = Nothing was chosen.
panel-button-stale = That button belongs to an older position; nothing was applied. Use the newest message or `/move`.
panel-stale = That button or menu belongs to an older position; nothing was applied. Use the newest message or `/move`.
panel-game-over = That game is already over.
panel-hand-watching = Only the players seated at this table have a hand to show; you are watching. `/board` and `/status` show what everyone may see.

# The menus' counts and hints
panel-choices = { $count ->
    [one] { $count } choice
   *[other] { $count } choices
}
panel-too-many = { $count } ways to { LOWER_FIRST($msg_label) } are too many for menus: type { $typed } and let the autocomplete narrow them.
panel-too-long = Actions too long for a menu ({ $count }): type them with `/move`.
panel-undo-own = Undo
panel-undo-own-gone = That action can no longer be taken back with this button (it was taken back already, or the turn went on). `/undo` asks for the last one.
