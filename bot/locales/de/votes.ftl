# Abstimmungen (bot/tables/votes.py, bot/tables/notes.py): die Rücknahme-Anfrage und die
# Abstimmung über eine abwesende Person. Notation in Backticks bleibt, wie sie ist.

## Die Rücknahme-Anfrage
undo-not-running = Nur Aktionen einer laufenden Partie lassen sich zurücknehmen.
undo-nothing-played = Es wurde noch keine Aktion gespielt.
undo-only-own = Du kannst nur deine eigene letzte Aktion zurücknehmen, bevor der nächste Spieler handelt.
undo-resignation = Eine Aufgabe lässt sich nicht zurücknehmen.
undo-irreversible = Diese Aktion hat etwas Zufälliges gezogen oder Verdecktes aufgedeckt; sie lässt sich nicht zurücknehmen.
undo-already-open = Die Abstimmung über die Rücknahme von `{ $notation }` läuft schon; wir warten auf: { $names }. Antworte mit den Schaltflächen der Rücknahme-Anfrage.
undo-asked = { $name } möchte `{ $notation }` zurücknehmen. Alle anderen Spieler müssen zustimmen.
undo-closed = Diese Rücknahme-Anfrage ist nicht mehr offen.
undo-seated-only = Über eine Rücknahme stimmen nur die Spieler am Tisch ab.
undo-resigned-voter = Du hast diese Partie aufgegeben; über die Rücknahme stimmen die übrigen Spieler ab.
undo-already-agreed = Du hast schon zugestimmt.
undo-declined = { $name } lehnt ab; `{ $notation }` bleibt bestehen.
undo-agreed = { $name } stimmt der Rücknahme zu.
undone = Zurückgenommen: `{ $notation }`.

## Die Abstimmung über eine abwesende Person
absent-choice-skip = den Zug zu überspringen
absent-choice-bot = den Platz einem Bot zu übergeben
absent-choice-replace = die Person zu ersetzen
absent-choice-expel = die Person auszuschließen
absent-past-limit = { $name } hat seit { $msg_duration_dative } nicht gezogen, länger als das Zeitlimit dieses Tisches.
absent-vote-how = Die anderen können mit den Knöpfen unten abstimmen; was zuerst eine Mehrheit findet, wird umgesetzt.
absent-no-voters = Hier kann niemand sonst abstimmen: Ein Moderator kann die Person mit `/replace` ersetzen oder den Tisch mit `/reset` zurücksetzen.
absent-vote-gone = Diese Abstimmung ist geschlossen: Der Tisch ist nicht mehr da.
absent-vote-closed = Diese Abstimmung ist geschlossen: Die abwesende Person hat gezogen, oder es wurde schon entschieden.
absent-vote-about-you = Um dich geht es in dieser Abstimmung: Mach einfach deinen Zug, dann ist sie beendet.
absent-vote-others-only = Über eine abwesende Person stimmen nur die anderen Spieler*innen am Tisch ab.
absent-vote-bad-choice = `{ $option }` steht in dieser Abstimmung nicht zur Wahl.
absent-vote-repeated = Dafür hast du schon gestimmt.
absent-votes-for = { $name } stimmt dafür, { $msg_choice } ({ $absent }).
absent-votes-needed = { $tally } von { $need } nötigen Stimmen.
absent-decided = Entschieden: { $msg_choice } ({ $absent }).
absent-may-replace = Alle anderen am Tisch (oder ein Moderator) können { $absent } jetzt mit `/replace` durch jemand Neues ersetzen; tut das innerhalb von { $msg_duration_dative } niemand, spielt ein Bot den Platz.
absent-replace-time-up = Niemand hat { $absent } innerhalb von { $msg_duration_dative } ersetzt: Ein Bot spielt jetzt den Platz.
absent-vote-vacation = Die Abstimmung über { $absent } endet: { $absent } ist bis { $when } im Urlaub; das Zeitlimit zählt ab der Rückkehr.
absent-vote-away = { $absent } ist bis { $when } im Urlaub: solange keine Abstimmung darüber.
absent-cannot-skip = Der Zug von { $absent } lässt sich gerade nicht überspringen; stimm für etwas anderes.

## /replace
replace-not-seated = Diese Person sitzt nicht an diesem Tisch.
replace-already-seated = Die neue Person sitzt schon an diesem Tisch.
replace-who-may = Ersetzen können nur Moderatoren (Kanäle verwalten), oder die anderen am Tisch, nachdem ihre Abstimmung über eine abwesende Person das Ersetzen beschlossen hat.
replaced = { $new } übernimmt Platz { $seat } von { $old } (durch { $name }).

## Die Zeilen des Verlaufs zum ganzen Tisch (bot/tables/notes.py)
note-moderator = Moderator
note-tafelrunde = Tafelrunde
seat-number = Platz { $seat }
note-absent = { $name } hat das Zeitlimit überschritten; Abstimmung eröffnet
note-voted = { $name } hat dafür gestimmt, { $msg_choice } ({ $absent })
note-decided = entschieden: { $msg_choice } ({ $absent })
note-bot = Platz { $seat } an { $bot } übergeben
note-bot-by = Platz { $seat } an { $bot } übergeben von { $name }
note-taken-back = { $name } hat Platz { $seat } vom Bot zurückgenommen
note-replaced = { $name } hat eine Person ersetzt: Platz { $seat } jetzt { $new }
replace-seat-mismatch = Platz { $seat } spielt { $name }, nicht die genannte Person.
absent-vote-deadline = Die Abstimmung läuft { $msg_duration }; danach wird umgesetzt, was die meisten Stimmen hat (ein Ausschluss nur mit Mehrheit), sonst wird entschieden, { $msg_choice }.
absent-vote-reminder = Die Abstimmung über { $absent } endet in { $msg_duration_dative }: Wer noch nicht abgestimmt hat, stimme bitte ab. Ohne klares Ergebnis wird entschieden, { $msg_choice }.
absent-vote-time-up = Die Abstimmung über { $absent } ist zu Ende ({ $votes ->
        [one] eine Stimme
       *[other] { $votes } Stimmen
    } abgegeben).
absent-skip-means = Den Zug zu überspringen heißt: { $msg_means }
