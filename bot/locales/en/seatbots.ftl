# Seat bots (bot/tables/seat_bots.py, bot/tables/lobby.py): a seat handed to a bot. A bot's name
# ("Bot 1 ★★★": its number and its level's stars) is the same in every language.
no-bot-level = There is no seat bot level '{ $level }'; choose one of: { $levels }.
bot-game-over = The game is over; no seat can be handed to a bot.
bot-import-lobby = Take the imported game's seats with `/join`; seat bots take the free ones with `/start bots:<number>`, or any seat once the game runs (`/seatbot`).
bot-no-seat = This table has no seat { $seat }; its seats are 1–{ $count }.
bot-seat-taken = Seat { $seat } is already played by { $name }; who played it before takes it back with `/seatbot` (no seat), a moderator with `/replace seat:{ $seat }`.
bot-who-may = Only the seat's own player or a moderator (Manage Channels) can hand a seat to a bot.
bot-resigned-seat = { $name } resigned; a seat bot cannot take over a resigned seat.
bot-takes-over = { $bot } takes over seat { $seat } from { $name }.
bot-seat-returned = { $name } takes back seat { $seat } from { $bot } and plays it again.
