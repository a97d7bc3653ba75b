# Sitzbots (bot/tables/seat_bots.py, bot/tables/lobby.py): ein Platz, den ein Bot übernimmt. Der
# Name eines Bots („Bot 1 ★★★“: seine Nummer und die Sterne seiner Stufe) ist in jeder Sprache derselbe.
no-bot-level = Eine Sitzbot-Stufe '{ $level }' gibt es nicht; wähle eine von: { $levels }.
bot-game-over = Das Spiel ist vorbei; kein Platz kann mehr an einen Bot übergeben werden.
bot-import-lobby = Die Plätze der importierten Partie nehmt ihr mit `/join`; die freien nehmen Sitzbots mit `/start bots:<Anzahl>` ein, jeden anderen Platz können sie übernehmen, sobald die Partie läuft (`/seatbot`).
bot-no-seat = Dieser Tisch hat keinen Platz { $seat }; seine Plätze sind 1–{ $count }.
bot-seat-taken = Platz { $seat } spielt schon { $name }; wer ihn vorher spielte, holt ihn mit `/seatbot` (ohne Platz) zurück, ein Moderator mit `/replace seat:{ $seat }`.
bot-who-may = Nur wer auf dem Platz sitzt oder Moderatoren (Kanäle verwalten) können einen Platz an einen Bot übergeben.
bot-resigned-seat = { $name } hat aufgegeben; ein Sitzbot kann einen aufgegebenen Platz nicht übernehmen.
bot-takes-over = { $bot } übernimmt Platz { $seat } von { $name }.
bot-seat-returned = { $name } übernimmt Platz { $seat } wieder von { $bot } und spielt selbst weiter.
