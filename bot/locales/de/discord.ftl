# Die eigenen Texte der Discord-Anbindung (bot/discord_app): Embeds, Antworten, Schaltflächen,
# Direktnachrichten, Erinnerungen. Spiel- und Spielernamen, Notation und Kanal-Links sind Argumente.

# Wörter in anderen Nachrichten
discord-status = { $status ->
    [lobby] Lobby
    [running] läuft
    [finished] beendet
    *[aborted] abgebrochen
}
discord-none = keine
discord-nobody = niemand
discord-seat-line = { $n }. { $name }
discord-seat-line-colour = { $n }. { $name } ({ $colour ->
    [red] rot
    [blue] blau
    [yellow] gelb
    [green] grün
    [black] schwarz
    [brown] braun
    [grey] grau
    [purple] lila
    [orange] orange
    [white] weiß
   *[other] { $colour }
})

# Embeds (embeds.py)
discord-next = Am Zug
discord-result = Ergebnis
discord-seats-count = Plätze ({ $n } von { $min }–{ $max })
discord-seats = Plätze
discord-table-line = Tisch #{ $id } · { $msg_status } · Optionen: { $msg_options }
discord-scores-so-far = Punktestand bisher
discord-history-title = { $game } — Tisch #{ $id } ({ $msg_status }): Aktionen { $first }–{ $last } von { $total }
discord-history-page = Seite { $page } von { $pages }
discord-history-ledger = Ledger-Ansicht
discord-history-sentences = In Sätzen
discord-no-actions = Noch keine Aktionen.
discord-game-players = { $game } ({ $min }–{ $max } Spieler)
discord-rulebook = Spielregel
discord-notation = Notation (`/move action`)
discord-options = Optionen (`/newgame { $key } options:…`)
discord-games = Spiele
discord-games-line = **{ $game }** (`{ $key }`): { $min }–{ $max } Spieler
discord-none-yet = Noch keine.
discord-coming-later = Kommt später
discord-games-footer = Mit /newgame eröffnest du einen Tisch; /rules <Spiel> erklärt ein Spiel.
discord-undo-request = Bitte um Rücknahme
discord-undo-asks = { $name } möchte `{ $notation }` zurücknehmen.
discord-undo-asks-someone = Ein Spieler möchte `{ $notation }` zurücknehmen.
discord-agreed = Zugestimmt
discord-waiting-for = Ausstehend
discord-undo-footer = Alle anderen Spieler, die noch im Spiel sind, müssen zustimmen; eine Ablehnung lässt die Aktion stehen.
discord-absent-title = { $game } — abwesende Person
discord-posted-late = Verspätet gepostet: Die Partie ist inzwischen weitergegangen; /board zeigt die aktuelle Stellung.
discord-no-image = Das Bild des Spielplans konnte nicht gezeichnet werden; /board versucht es noch einmal.

# Fehler und Prüfungen (client.py, actors.py, ops.py)
discord-server-only = Nutze diesen Befehl in einem Kanal oder Thread eines Servers.
discord-unexpected = Bei uns ist beim Ausführen dieses Befehls etwas schiefgegangen. Bitte versuch es noch einmal.
discord-missing-permissions = Für diesen Befehl brauchst du hier die Berechtigung „Kanäle verwalten“.
discord-no-private = Tische gibt es in den Kanälen eines Servers: Nutze diesen Befehl dort.
discord-cooldown = Nicht so schnell: Versuch es in { $seconds } s noch einmal.
discord-bad-value = `{ $value }` ist hier kein gültiger Wert.
discord-check-failed = Diesen Befehl kannst du hier nicht nutzen.
discord-forbidden = Mir fehlt in diesem Kanal eine Berechtigung (Nachrichten senden, Links einbetten, Dateien anhängen).
discord-cannot-post = Ich kann in diesem Kanal nicht posten (ich brauche hier „Nachrichten senden“, „Links einbetten“ und „Dateien anhängen“).

# Antworten (replies.py)
discord-other-game = Am Tisch dieses Kanals wird { $game } gespielt: Nutze `/move` mit dessen Notation.
discord-hand-not-seated = Du sitzt nicht an diesem Tisch: `/hand` zeigt Spielern ihre eigene Lage. `/status` und `/board` zeigen, was alle sehen dürfen.
discord-hand-not-started = Die Partie hat noch nicht begonnen: Deine Ausgangslage entsteht bei `/start`.
discord-no-hand = { $game } hat keine geheime Hand: Alles steht auf `/board` und `/status`.
discord-hand-title = { $game } — deine Lage ({ $name })
discord-only-you = Nur du siehst das.
discord-no-component = Bei { $game } gibt es kein Spielmaterial `{ $id }`. { $msg_hint }

# Der Postausgang (outbox.py)
discord-saved-post-later = Deine Aktion ist gespeichert. Discord hat die Meldung dazu noch nicht angenommen; ich poste sie gleich.
discord-saved-cannot-post = Deine Aktion ist gespeichert, aber ich kann in diesem Kanal nicht posten (ich brauche hier „Kanäle ansehen“, „Nachrichten senden“, „Links einbetten“ und „Dateien anhängen“). Bitte einen Moderator, meine Berechtigungen zu richten; `/board` zeigt die Stellung.
discord-saved-cannot-draw = Deine Aktion ist gespeichert, aber ihre Meldung lässt sich nicht erstellen; `/status` sagt mehr.

# Schaltflächen und Abstimmungen (views/requests.py)
discord-agree = Zustimmen
discord-decline = Ablehnen
discord-undo-accepted = Rücknahme angenommen
discord-undo-declined = Rücknahme abgelehnt
discord-absent-skip = Zug überspringen
discord-absent-bot = Bot übernimmt
discord-absent-replace = Ersetzen
discord-absent-expel = Ausschließen
discord-reset-button = Tisch zurücksetzen
discord-reset-done = Erledigt: Der Tisch wurde zurückgesetzt.
discord-resign-button = Aufgeben
discord-resign-not-yours = Nur wer gefragt hat, kann diese Aufgabe bestätigen.
discord-resigned = Du hast aufgegeben.
discord-cancel = Abbrechen
discord-cancelled = Abgebrochen; es wurde nichts geändert.

# Tisch-Befehle (cogs/tables.py)
discord-shuffle-help = Setzt die Spieler beim Start in zufälliger Reihenfolge.
discord-table-setting = Tisch-Einstellung
discord-no-table = In diesem Kanal gibt es keinen Tisch. Eröffne einen mit `/newgame`.
discord-no-open-table = In diesem Kanal ist kein Tisch offen. Eröffne einen mit `/newgame`.
discord-file-too-big = Diese Datei hat { $size } Bytes; eine Aufzeichnung darf höchstens { $max } Bytes haben.
discord-not-text = `{ $file }` ist keine Textdatei (UTF-8).
discord-not-downloaded = `{ $file }` ließ sich nicht von Discord herunterladen; versuch es noch einmal.
discord-imported = `{ $file }` importiert.
discord-resign-in-lobby = Die Partie hat noch nicht begonnen: Mit `/leave` gibst du deinen Platz auf.
discord-not-seated = Du sitzt nicht an diesem Tisch.
discord-resign-confirm = Wirklich diese Partie { $game } aufgeben? Das lässt sich nicht zurücknehmen.
discord-no-board = Die Partie hat noch nicht begonnen: Es gibt noch keinen Spielplan zu zeigen.
discord-card-elsewhere = Nutze `/card` in einem Kanal, dessen Spiel nachschlagbares Spielmaterial hat (Spiele mit Karten: { $games }).
discord-reset-confirm = Tisch #{ $id } ({ $game }, { $msg_status }; Spieler: { $msg_players }) zurücksetzen? Er bleibt als abgebrochen im Verlauf, und ein neues `/newgame` kann beginnen.
discord-export-running = Tisch #{ $id } ({ $game }, { $msg_status }) (der Seed fehlt, solange die Partie läuft) und sein Protokoll.
discord-export = Tisch #{ $id } ({ $game }, { $msg_status }) und sein Protokoll.
discord-waiting = Wartet

# Erinnerungen und Pausen (cogs/waiting.py, reminder_loop.py)
discord-settings-who = Ändern können sie die Person, die den Tisch eröffnet hat, und Moderatoren: `/settings reminder:12h turn_limit:3d`.
discord-snooze-off = Deine Erinnerungen an Tisch #{ $id } sind wieder an.
discord-snoozed = Keine Erinnerungen für dich an Tisch #{ $id } bis { $when } ({ $msg_duration }). `/snooze off` beendet die Pause früher.
discord-replace-human = Setz eine Person ein, keinen Discord-Bot (Sitzbots kommen über die Abstimmung zu abwesenden Personen).
discord-reminder-title = ⏰ { $game } — du bist dran
discord-reminder-waited = Tisch #{ $id } ({ $game }) wartet seit { $msg_duration_dative } auf deinen Zug.
discord-reminder-count = Erinnerung { $number } von { $max } · `/snooze` pausiert deine Erinnerungen · `/board` zeigt die Stellung.
discord-reminder-last = Das war die letzte Erinnerung: Der Tisch gilt jetzt als festgefahren, bis jemand zieht.

# Sitzbots (cogs/seatbots.py)
discord-seatbot-not-seated = Du sitzt nicht an diesem Tisch (und kein Sitzbot spielt einen Platz, den du gespielt hast); Moderatoren geben den Platz mit `seat:` an.

# Direktnachrichten (dms.py)
discord-dm-title = Du bist am Zug: { $game }
discord-dm-due = Dein Zug ist fällig in { $channel }.
discord-dm-jump-board = [Zum Brett]({ $url })
discord-dm-jump-table = [Zum Tisch]({ $url })
discord-dm-footer = /notify dm:off beendet diese Nachrichten.

# Statistiken (cogs/records.py)
discord-records-read-failed = Die Datenbank des Bots kann gerade nicht gelesen werden. Sag den Admins des Servers Bescheid.
discord-records-server-only = Statistiken gehören zu einem Server: Benutze diesen Befehl in einem Kanal des Servers.
discord-jump = [öffnen]({ $url })
discord-mygames-where = { $game } in { $channel }
discord-mygames-damaged = { $where }: lässt sich nicht laden (`/status` dort sagt mehr)
discord-mygames-lobby = { $where }: in der Lobby, noch nicht begonnen
discord-mygames-turn = ▶ **{ $where }: du bist am Zug**
discord-mygames-turn-waited = ▶ **{ $where }: du bist am Zug, seit { $msg_waited_dative }**
discord-mygames-waiting = { $where }: wartet auf { $msg_who }
discord-mygames-waiting-waited = { $where }: wartet auf { $msg_who } ({ $msg_waited })
discord-mygames-stalled = ⚠ **ins Stocken geraten**
discord-mygames-more = …und { $n } weitere Tische.
discord-mygames-title = Deine Partien hier: { $n } offen
discord-mygames-title-turn = Deine Partien hier: { $n } offen, an { $turn } bist du am Zug
discord-mygames-footer = ▶ markiert die Tische, die auf dich warten. Nur du siehst das.
discord-mygames-none = Du sitzt an keinem offenen Tisch dieses Servers. `/newgame` eröffnet einen, `/join` nimmt einen Platz.
discord-stats-title-game = Statistik: { $game }
discord-stats-title = Statistik dieses Servers
discord-stats-finished = Partien beendet: { $finished } · abgebrochen: { $aborted }
discord-stats-game = beendet { $finished } · abgebrochen { $aborted }
# ein Durchschnitt: unter 10 mit einer Nachkommastelle („3,0“), ab 10 ganz
discord-stats-length = Durchschnittliche Länge: { $moves_tenths ->
    [yes] { NUMBER($moves, minimumFractionDigits: 1, maximumFractionDigits: 1) }
   *[no] { NUMBER($moves, maximumFractionDigits: 0) }
} Züge · { $days_tenths ->
    [yes] { NUMBER($days, minimumFractionDigits: 1, maximumFractionDigits: 1) }
   *[no] { NUMBER($days, maximumFractionDigits: 0) }
} Tage
discord-stats-wins = Siege nach Spieler
discord-stats-footer = Aus den beendeten Tischen dieses Servers; Sitzbots zählen nicht als Spieler.
discord-leaderboard-title-game = Bestenliste: { $game }
discord-leaderboard-title = Bestenliste: alle Spiele
discord-stats-player = { $rank }. **{ $name }**: Siege { $wins } von { $games }
discord-stats-player-games = { $rank }. **{ $name }**: Siege { $wins } von { $games } ({ $by_game })
discord-leaderboard-line = { $mark } **{ $name }**: Siege { $wins } · Partien { $games } · { NUMBER($rate, style: "percent") }
discord-leaderboard-line-shared = { $mark } **{ $name }**: Siege { $wins } · Partien { $games } · { NUMBER($rate, style: "percent") } · geteilt { $shared }
discord-records-none = Auf diesem Server wurde noch keine Partie beendet oder abgebrochen.
discord-records-none-game = Auf diesem Server wurde noch keine Partie { $game } beendet oder abgebrochen.
discord-leaderboard-none = Auf diesem Server wurde noch keine Partie beendet.
discord-leaderboard-none-game = Auf diesem Server wurde noch keine Partie { $game } beendet.
discord-leaderboard-footer = Ein Gleichstand oder ein Teamsieg zählt für jeden Sieger als Sieg (geteilt). Sitzbots zählen nicht.
discord-rating-bot = Sitzbot ({ $level ->
    [easy] leicht
    [normal] normal
    [strong] stark
    [expert] Experte
    [random] zufällig
   *[other] { $level }
})
discord-rating-line = { $mark } **{ $name }**: Wertung { $rating } · Partien { $games }
discord-rating-line-provisional = { $mark } **{ $name }**: Wertung { $rating } (vorläufig) · Partien { $games }
discord-rating-footer = OpenSkill-Wertung (Weng-Lin): 1000 + 40 × (μ − 3σ), nach jeder beendeten Partie neu berechnet; vorläufig bis { $provisional } Partien. Sitzbots werden nach Stufe gewertet.
discord-stats-rating = Deine Wertung
discord-stats-rating-value = **{ $rating }** nach { $games ->
    [one] { $games } Partie
   *[other] { $games } Partien
}
discord-stats-rating-value-provisional = **{ $rating }** nach { $games ->
    [one] { $games } Partie
   *[other] { $games } Partien
} (vorläufig)
discord-stats-rating-change = { $delta } → { $rating } (Tisch { $table })
discord-stats-rating-none = Du hast auf diesem Server noch keine gewertete Partie { $game }.
discord-notify-failed = Deine Einstellung konnte gerade nicht gespeichert werden; es wurde nichts geändert. Versuch es später noch einmal.
discord-notify-on = Zug-Nachrichten per DM sind an: Wenn du an einem Tisch am Zug bist, schicke ich dir das Brett und einen Link. Erlaube Direktnachrichten von Mitgliedern dieses Servers, sonst erreichen sie dich nicht. `/notify dm:off` beendet sie.
discord-notify-off = Zug-Nachrichten per DM sind aus: Der Kanal des Tisches erwähnt dich, wenn du am Zug bist. `/notify dm:on` schaltet sie ein.

# Spielerweiterungen (games/*.py)
discord-no-terramara-table = In diesem Kanal gibt es keinen Tisch. Eröffne einen mit `/newgame terramara`.
discord-not-terramara = Am Tisch dieses Kanals wird { $game } gespielt, nicht Terramara.
discord-terramara-answer = `/terramara answer` beantwortet eine Entscheidung ({ $verbs }); für `{ $verb }` nutze `/move` oder den passenden `/terramara`-Befehl.
discord-hg-spot = Stelle { $spot } (gedreht um { $rotations })
discord-replace-which = Nenne die Person, die ersetzt wird (`old:`), oder ihren Platz (`seat:`).
discord-vacation = Im Urlaub bis { $when } an allen Tischen dieses Servers: keine Erinnerungen und keine Abstimmung über dich; die Tische zeigen es an. Urlaubstage in diesem Monat übrig: { $left }. `/vacation days:0` beendet ihn.
discord-vacation-over = Dein Urlaub ist zu Ende; Erinnerungen und Zeitlimits gelten wieder. Urlaubstage in diesem Monat übrig: { $left }.
