# The recap of a finished game (bot/recap.py): the animated picture's captions, the score sheet's
# headings and the pictures' descriptions, attached to the results post and to /export.

recap-start = Start
recap-chapter-end = End of round { $round }
recap-turn = Turn { $turn } of { $turns }
recap-final = Final position
recap-alt = { $game }: the game in { $frames } pictures, from the start to the final position.
recap-sheet-title = Final scores
recap-sheet-total = Total
recap-sheet-score = Score
discord-export-recap = Table #{ $id } ({ $game }, { $msg_status }) and its log, with the game's recap and its final score sheet as pictures.
