# Die Meldungen des Tisch-Dienstes (bot/tables/): Speicher, beschädigte Tische, Spielen,
# Moderation und der Verlauf. Notation (Befehle, `/move`-Texte) bleibt, wie sie ist.

## Wörter in anderen Meldungen
status-lobby = Lobby
status-running = läuft
status-finished = beendet
status-aborted = abgebrochen
nobody = niemand

## Der Speicher
table-busy = Der Tisch ist gerade belegt; es wurde nichts ausgeführt. Versuch es gleich noch einmal.
store-read-failed = Die Datenbank des Bots kann gerade nicht gelesen werden; es wurde nichts ausgeführt. Sag den Admins des Servers Bescheid.
store-unwritable = Speichern fehlgeschlagen: Die Datenbank des Bots ist nicht beschreibbar; es wurde nichts ausgeführt. Sag den Admins des Servers Bescheid.
save-failed = Speichern fehlgeschlagen ({ $reason }); es wurde nichts ausgeführt. Sag den Admins des Servers Bescheid.
board-changed = Der Spielplan hat sich geändert, während dein Befehl unterwegs war; es wurde nichts ausgeführt. Sieh dir die neue Stellung an und versuch es noch einmal.
table-gone = Dieser Tisch ist in diesem Kanal nicht mehr offen; es wurde nichts ausgeführt.
game-already-over = Diese Partie ist schon zu Ende.
table-already-closed = Dieser Tisch ist schon geschlossen.
bot-restarting = Der Bot startet gerade neu; versuch es in einer Minute noch einmal.

## Beschädigte Tische
damaged-newgame = In diesem Kanal ist noch Tisch #{ $id } offen, und seine gespeicherte Partie lässt sich nicht laden ({ $msg_reason }). Vor einem neuen `/newgame` muss ein Moderator ihn mit `/reset` zurücksetzen (er bleibt als abgebrochen erhalten); `/export` liefert seine Aufzeichnung, und der Betreiber des Bots kann `python -m bot repair --table { $id }` versuchen.
damaged-open = Die gespeicherte Partie von Tisch #{ $id } lässt sich nicht laden ({ $msg_reason }). Ein Moderator kann ihn mit `/reset` zurücksetzen (er bleibt als abgebrochen erhalten) oder mit `/export` exportieren; der Betreiber des Bots kann `python -m bot repair --table { $id }` versuchen.
damaged-closed = Tisch #{ $id } ({ $msg_status }) lässt sich nicht laden ({ $msg_reason }). `/export` liefert seine Aufzeichnung; der Betreiber des Bots kann `python -m bot repair --table { $id }` versuchen. Hier darf ein neues `/newgame` beginnen.
damaged-game-missing = das Spiel `{ $key }` ist nicht installiert
damaged-breaks-rules = ihre Stellung verstößt gegen die Regeln: { $reason }
damaged-columns = ihre gespeicherten Spalten { $columns } lassen sich nicht lesen
unknown-game-name = unbekanntes Spiel `{ $key }`
game-not-playable = { $game } ist noch nicht spielbar. Verfügbar: { $known }.

## Den Tisch finden
no-open-table = In diesem Kanal ist kein Tisch offen. Eröffne einen mit `/newgame`.
no-tables-yet = In diesem Kanal gab es noch keinen Tisch.
channel-has-table = In diesem Kanal ist schon ein Tisch offen.
channel-has-table-reset = In diesem Kanal ist schon ein Tisch offen. Spielt die Partie zu Ende oder bitte einen Moderator, ihn mit `/reset` zurückzusetzen.
no-table-id = Es gibt keinen Tisch mit der Nummer { $id }.

## Spielen
older-position = Diese Schaltfläche oder dieses Menü gehört zu einer älteren Stellung; es wurde nichts ausgeführt. Nutze die neueste Nachricht oder `/move`.
already-applied = Dieser Befehl wurde schon ausgeführt; er wurde nicht noch einmal ausgeführt.
already-applied-notation = Dein Zug `{ $notation }` wurde schon ausgeführt (die Meldung steht im Kanal oder ist unterwegs); er wurde nicht noch einmal ausgeführt. Willst du ihn wirklich noch einmal spielen, schick ihn erneut, jetzt wo du die neue Stellung siehst.
not-started = Die Partie hat noch nicht begonnen: Starte sie mit `/start`, sobald alle am Tisch sitzen.
not-seated-act = Du sitzt nicht an diesem Tisch; nur seine Spieler können handeln.
not-your-turn = Du bist nicht am Zug. Wir warten auf: { $names }.

## Moderation
reset-running-creator = Nur Moderatoren (Kanäle verwalten) können eine laufende Partie zurücksetzen; wer den Tisch eröffnet hat, darf das nur, solange er in der Lobby ist oder nur Sitzbots an ihm spielen.
reset-moderators = Nur Moderatoren (Kanäle verwalten) können einen Tisch zurücksetzen; wer ihn eröffnet hat, darf es auch, solange er in der Lobby ist.
table-reset = { $name } hat den Tisch zurückgesetzt; er bleibt als abgebrochen im Verlauf. Ein neues `/newgame` kann beginnen.
table-reset-title = { $game } — Tisch zurückgesetzt

## Verlauf und Export
export-players-only = Nur die Spieler des Tisches und Moderatoren (Kanäle verwalten) können ihn exportieren.
history-move-recorded = { $name } (aufgezeichnet): `{ $notation }`
history-resigned = { $name }: hat aufgegeben
history-resigned-recorded = { $name } (aufgezeichnet): hat aufgegeben
history-said-recorded = { $msg_said } (aufgezeichnet)

## Meldungen: wer am Zug ist, das Ergebnis, die Wertung (bot/present.py). Aufforderungen, Phasen
## und Wertungszeilen sind die eigenen Texte der Spiele.
title-lobby = { $game } — Lobby
title-aborted = { $game } — abgebrochen
turn-aborted = Der Tisch wurde abgebrochen; hier wird nicht weitergespielt.
turn-lobby = Wartet in der Lobby.
turn-game-over = Partie beendet. Gewonnen: { $names }.
turn-game-over-nobody = Partie beendet. Gewonnen hat niemand.
turn-nobody = Niemand ist am Zug.
place = { $n }. Platz
standing-heading = { $n }. Platz: { $name }
standing-heading-tie = { $n }. Platz (geteilt): { $name }
standing-total = Summe { $value }
standing-score = Wertung { $value }
half-points = halbe Punkte
options-default = Standard
rulebook = { $language ->
    [de] *{ $game }* (deutsche Spielregel)
    [en] *{ $game }* (englische Spielregel)
    [es] *{ $game }* (spanische Spielregel)
    [fr] *{ $game }* (französische Spielregel)
    [it] *{ $game }* (italienische Spielregel)
   *[other] *{ $game }* (Spielregel)
}
