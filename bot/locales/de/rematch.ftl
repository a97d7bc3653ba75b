# Revanche (bot/tables/rematch.py, der Knopf „Revanche“ unter dem Ergebnis: bot/discord_app/views/rematch.py)
# und einem Tisch als Zuschauer folgen (bot/tables/follows.py, /follow, die DMs aus bot/discord_app/dms.py).
# Spiel- und Spielernamen und Tischnummern bleiben, wie sie sind.

## Revanche: Ablehnungen (nur wer geklickt hat, sieht sie)
rematch-gone = Diese Partie gehört nicht mehr zu diesem Kanal.
rematch-not-finished = Nur eine beendete Partie kann noch einmal gespielt werden, und diese ist nicht zu Ende.
rematch-not-player = Nur wer diese Partie gespielt hat, kann eine Revanche verlangen. Mit `/newgame` eröffnest du einen eigenen Tisch.
rematch-channel-busy = In diesem Kanal ist schon ein Tisch offen: Er muss enden (oder seine Lobby schließen), bevor die Revanche beginnt.
rematch-running = Die Revanche dieser Partie wird hier schon gespielt.
rematch-played = Die Revanche dieser Partie wurde schon gespielt (Tisch #{ $id }): Der Revanche-Knopf unter ihrem Ergebnis verlangt die nächste.
rematch-already-confirmed = Du hast schon zugesagt; es fehlen noch { $names }.
rematch-ready = Alle haben zugesagt, aber es sind zu wenige Spieler übrig: `/join`, dann `/start`.

## Revanche: die Nachricht der Lobby
rematch-opened = { $name } verlangt eine Revanche in { $game } (Tisch #{ $id }). Plätze: { $order }.
rematch-waiting = Es fehlt noch die Zusage von { $names } mit dem Knopf (oder ein `/leave`).
rematch-confirmed = { $name } ist dabei; es fehlen noch { $names }.
rematch-confirmed-all = { $name } ist dabei: Alle haben zugesagt.

## Revanche: die Knöpfe
discord-rematch = Revanche
discord-rematch-confirm = Revanche zusagen

## Einem Tisch folgen
follow-closed = Diese Partie { $game } ist vorbei: Es gibt nichts mehr zu verfolgen.
follow-player = Du spielst an diesem Tisch: Du bekommst deine eigenen DMs, wenn du am Zug bist (`/notify dm:on`), nicht die der Zuschauer.
discord-follow-no-table = In diesem Kanal ist kein Tisch offen, dem du folgen könntest.
discord-follow = Diesem Tisch folgen
discord-unfollow = Nicht mehr folgen
discord-follow-on = Du folgst diesem Tisch: Jedes Mal, wenn der Zug weitergeht, schicke ich dir eine DM mit dem Brett und einem Link (`/unfollow` beendet das). Erlaube Direktnachrichten von Mitgliedern dieses Servers, sonst erreichen sie dich nicht.
discord-follow-off = Du folgst diesem Tisch nicht mehr.
discord-follow-dm-title = { $game }: Der Zug ist weitergegangen
discord-follow-dm-over = { $game }: Die Partie ist zu Ende
discord-follow-dm-now = Jetzt am Zug: { $names }.
discord-follow-dm-ended = Das Ergebnis steht im Kanal.
discord-follow-dm-where = In { $channel }: [zum Brett]({ $url })
discord-follow-dm-footer = Du folgst diesem Tisch als Zuschauer; der Knopf oder /unfollow in seinem Kanal beendet diese Nachrichten.
cmd-follow = Dem Tisch dieses Kanals als Zuschauer folgen: eine DM, wann immer der Zug weitergeht
cmd-unfollow = Dem Tisch dieses Kanals nicht mehr folgen
help-follow = einem Tisch zuschauen, an dem du nicht spielst: eine Direktnachricht, wann immer der Zug weitergeht (auch ein Knopf unter `/status`)
help-unfollow = keine solchen Nachrichten mehr
