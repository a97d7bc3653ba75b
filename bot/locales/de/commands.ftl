# Beschreibungen der Slash-Befehle, ihrer Optionen und Auswahlen (höchstens 100 Zeichen).

# /newgame
cmd-newgame = Eröffne in diesem Kanal einen Tisch; du sitzt auf Platz 1
cmd-newgame-game = Das Spiel, das ihr spielen wollt
cmd-newgame-options = Spieloptionen, z. B. `round_limit=10 shuffle` (siehe /rules)
cmd-newgame-bots = Sitzbots (Computerspieler) für die nächsten Plätze
cmd-newgame-bot-level = Wie die Sitzbots spielen: leicht ★, normal ★★ (Standard), stark ★★★ oder Experte ★★★★
cmd-newgame-watch = Nur zuschauen: Du nimmst keinen Platz (ein Tisch nur mit Sitzbots)

# /join
cmd-join = Setz dich an den Tisch dieses Kanals
cmd-join-seat = Bei einer importierten Partie: der gewünschte Platz (z. B. ein Volk); sonst der nächste freie

# /import
cmd-import = Eine Partie in diesem Kanal aus einer /export-Datei (oder einem Ledger) fortsetzen
cmd-import-game = Das Spiel der Aufzeichnung
cmd-import-record = Die JSON-Datei von /export, oder eine Aufzeichnung als Textdatei

# /leave
cmd-leave = Gib deinen Platz auf, solange der Tisch in der Lobby ist

# /start
cmd-start = Starte die Partie mit den Spielern am Tisch
cmd-start-bots = Sitzbots (Computerspieler), die vor dem Start die freien Plätze einnehmen

# /move
cmd-move = Spiele eine Aktion in der Notation des Spiels
cmd-move-action = Deine Aktion in der Notation des Spiels; die Liste zeigt deine erlaubten Aktionen

# /resign
cmd-resign = Gib die laufende Partie auf (mit Rückfrage)

# /undo
cmd-undo = Bitte die anderen, deine letzte Aktion zurückzunehmen

# /board
cmd-board = Poste den aktuellen Spielplan noch einmal

# /status
cmd-status = Phase, wer am Zug ist, Plätze und bisheriger Punktestand

# /history
cmd-history = Die ganze Partie am Tisch dieses Kanals, Seite für Seite
cmd-history-page = Welche Seite (Standard: die letzte)

# /rules
cmd-rules = Regelüberblick, Optionen und Notation eines Spiels
cmd-rules-game = Welches Spiel (Standard: das dieses Kanals)
cmd-guide = Anleitung eines Spiels: Ziel, Spielzug, häufige Aktionen mit Beispielen, die Kennungen
cmd-guide-game = Welches Spiel (Standard: das dieses Kanals)
cmd-guide-page = Welche Seite (Standard: die erste)

# /hand
cmd-hand = Nur für dich: deine eigene Lage (Hand, reservierte Karten, bisherige Punkte)

# /card
cmd-card = Erklärt eine Karte, ein Plättchen oder anderes Spielmaterial anhand seiner ID
cmd-card-id = Die ID des Spielmaterials (die Liste bietet sie an)
cmd-card-public = Für alle posten (Standard: nur für dich)

# /help
cmd-help = Die Befehle des Bots, nach Aufgaben geordnet
cmd-help-public = Für alle posten (Standard: nur für dich)

# /games
cmd-games = Die spielbaren Spiele und ihre Spielerzahlen

# /reset
cmd-reset = Bricht den Tisch dieses Kanals ab (Moderatoren; in der Lobby auch, wer ihn eröffnet hat)

# /export
cmd-export = Nur für dich: der Tisch dieses Kanals als JSON-Datei und sein Zugprotokoll

# /settings
cmd-settings = Erinnerungen, Zeitlimit pro Zug und Bilder pro Zug für den Tisch dieses Kanals
cmd-settings-reminder = Nach so langer Wartezeit an den Zug erinnern, z. B. 24h, 12h, 2d oder off
cmd-settings-reminders = Höchstens so viele Erinnerungen pro Zug (danach gilt der Tisch als festgefahren)
cmd-settings-turn-limit = Nach so langer Zeit können die anderen über eine abwesende Person abstimmen, z. B. 3d oder off

# /snooze
cmd-snooze = Pausiere deine Erinnerungen am Tisch dieses Kanals
cmd-snooze-duration = Wie lange, z. B. 12h, 3d (Standard 24h); `off` beendet die Pause

# /replace
cmd-replace = Setz jemand Neues an den Platz einer Person (die Partie geht weiter)
cmd-replace-old = Die Person, die ersetzt wird
cmd-replace-new = Wer den Platz übernimmt

# /mygames
cmd-mygames = Privat: deine offenen Tische auf diesem Server, und wo du am Zug bist

# /notify
cmd-notify = Zug-Nachrichten per DM, mit Brett und Link: an oder aus
cmd-notify-dm = on: Ich schicke dir eine DM, wenn du am Zug bist; off: nur der Kanal erwähnt dich

# /stats
cmd-stats = Die Partien dieses Servers: gespielt, beendet, Siege nach Spieler, durchschnittliche Länge
cmd-stats-game = Nur dieses Spiel, mit deiner Wertung (Standard: alle Spiele)
cmd-stats-public = Für alle posten (Standard: nur für dich)

# /leaderboard
cmd-leaderboard = Siege, Partien und Siegquote der Spieler dieses Servers
cmd-leaderboard-game = Nur dieses Spiel, nach Wertung (Standard: alle Spiele, nach Siegen)
cmd-leaderboard-public = Für alle posten (Standard: nur für dich)

# /seatbot
cmd-seatbot = Deinen Platz (Moderatoren: jeden Platz) an einen Sitzbot übergeben
cmd-seatbot-level = Wie der Bot spielt: leicht ★, normal ★★ (Standard), stark ★★★ oder Experte ★★★★
cmd-seatbot-seat = Moderatoren: die Nummer des Platzes, der übergeben wird (Standard: dein eigener)

# /hg
cmd-hg = Züge für Carcassonne – Die Jäger und Sammler
cmd-hg-draw = Beginne deinen Zug: Zieh eine Landschaftskarte (alle sehen sie)
cmd-hg-place = Lege die gezogene Landschaftskarte: Stelle (auf dem Plan), Drehung, Figur
cmd-hg-place-spot = Die Nummer der Stelle auf dem Bild des Spielplans
cmd-hg-place-rotation = Um wie viel Grad die Landschaftskarte im Uhrzeigersinn gedreht ist (wie auf tile.png)
cmd-hg-place-piece = gatherer, fisher, hunter, hut (nummeriert wie auf tile.png) oder none

# /tm
cmd-tm = Züge für Terra Mystica (wie /move)
cmd-tm-build = Baue ein Wohnhaus (das Feld wird vorher umgewandelt, falls nötig)
cmd-tm-build-hex = Ein Landfeld, z. B. E7 (oder der ganze Zug, z. B. `E7. +TW3`)
cmd-tm-upgrade = Baue ein Gebäude aus: z. B. F3 to TP (Gunst-/Stadtplättchen danach)
cmd-tm-upgrade-what = z. B. `F3 to TP`, `F3 to TE. +FAV8`
cmd-tm-transform = Wandle ein Feld um (in Richtung deiner Heimatlandschaft)
cmd-tm-transform-hex = Ein Landfeld, z. B. E7, oder `E7 to yellow`
cmd-tm-send = Schicke einen Priester auf eine Kultskala
cmd-tm-send-cult = Die Kultskala
cmd-tm-advance = Rücke auf der Schifffahrts- oder der Spatenleiste vor
cmd-tm-advance-track = Die Leiste, auf der du vorrückst: Schifffahrt oder Spaten
cmd-tm-advance-track-ship = Schifffahrt
cmd-tm-advance-track-dig = Spaten (graben)
cmd-tm-action = Eine Macht- oder Sonderaktion: z. B. ACT6. build E7
cmd-tm-action-what = z. B. `ACT3`, `ACT6. build E7`, `BON2. +FIRE`, `ACT1. bridge F4:G3`
cmd-tm-pass = Passe für diese Runde und nimm eine Rundenbonuskarte (in Runde 6 keine)
cmd-tm-pass-bonus = Die Rundenbonuskarte, die du nimmst, z. B. BON3
cmd-tm-answer = Antworte auf angebotene Macht oder wähle eine Kultskala
cmd-tm-answer-text = z. B. `leech 2 from witches`, `decline`, `+FIRE`
cmd-tm-pick = Spielaufbau: Wähle dein Volk
cmd-tm-pick-faction = z. B. witches

# /turrium
cmd-turrium = Aktionen für Terra Turrium (wie /move)
cmd-turrium-take = Nimm Bausteine (3 pro Zug): z. B. c3 h8 e5
cmd-turrium-take-fields = Felder, von denen du Bausteine nimmst, z. B. `c3 h8 e5`
cmd-turrium-build = Verbaue die Bausteine aus deiner Hand: z. B. d4 d4 e5
cmd-turrium-build-fields = Felder zum Bauen (ein Feld mehrfach nennen zum Stapeln), z. B. `d4 d4 e5`
cmd-turrium-move = Ziehe einen Turrianer einen Weg entlang: z. B. c3-c4-d4
cmd-turrium-move-path = Die Felder des Wegs, z. B. `c3-c4-d4`
cmd-turrium-enter = Bring einen Turrianer zurück auf den Spielplan, in die Eingangsreihe deines Territoriums
cmd-turrium-enter-field = Ein einzelner Baustein in der Eingangsreihe deines Territoriums
cmd-turrium-pass = Beende deinen Zug (oder lass das freiwillige Bauen aus)
cmd-turrium-place = Spielaufbau: Setze Turrianer in dein Territorium (die Liste bietet seine Felder an)
cmd-turrium-place-fields = Felder deines Territoriums, eines pro Turrianer; die Liste bietet die erlaubten an
cmd-turrium-give = Aufbau mit Vorgabe: Gib Bausteine aus deinem Territorium ab (die Liste bietet sie an)
cmd-turrium-give-fields = Felder deines Territoriums, deren Bausteine du abgibst; die Liste bietet sie an

# /terramara
cmd-terramara = Aktionen für Terramara (wie /move) und Nachschlagen
cmd-terramara-send = Schicke ein Stammesmitglied auf ein Aktionsfeld (dein Einsetzen)
cmd-terramara-send-member = Wen du schickst
cmd-terramara-send-space = Das Feld, z. B. T2-left-1, H-worker, X1, hut
cmd-terramara-craft = Fertige nach dem Einsetzen ein Artefakt: Flussplatz 1-8 oder reserved
cmd-terramara-craft-slot = Flussplatz 1-8 (von links nach rechts) oder `reserved`
cmd-terramara-reserve = Reserviere nach dem Einsetzen ein Artefakt: Flussplatz 1-8
cmd-terramara-reserve-slot = Flussplatz 1-8 (von links nach rechts)
cmd-terramara-refine = Ein Arbeiter verarbeitet Rohstoffe (freie Aktion), z. B. w1 cattle
cmd-terramara-refine-worker = Welcher Arbeiter: w1, w2, …
cmd-terramara-refine-resources = Rohstoffe, z. B. `cattle` oder `cattle ore`
cmd-terramara-end = Beende deinen Zug
cmd-terramara-answer = Triff die verlangte Entscheidung: take, process, swap, give, choose, travel, skip, pick, neutral
cmd-terramara-answer-text = z. B. `take metal lumber`, `give ore cattle`, `choose 2`, `travel 2 -`, `skip`
cmd-terramara-hand = Nur für dich: dein Stamm, dein reserviertes Artefakt, deine Person und deine bisherigen Punkte
cmd-terramara-card = Erklärt Artefakte, Bonusplättchen, Personen, Startkarten, Territorien und Außenposten von Terramara
cmd-terramara-card-id = z. B. A1-01, B2-3, C4, S07, FM1-a, O1-road
cmd-terramara-card-public = Für alle posten (Standard: nur für dich)

# Auswahlen, die ihr eigener Wert sind (Stufen der Sitzbots, an/aus)
cmd-choice-random = zufällig
cmd-choice-easy = leicht ★
cmd-choice-normal = normal ★★
cmd-choice-strong = stark ★★★
cmd-choice-expert = Experte ★★★★
cmd-choice-on = an
cmd-choice-off = aus
cmd-replace-seat = Oder die Platznummer (auch die eines Sitzbots: um den Platz einer Person zurückzugeben)
cmd-settings-vote = Wie lange eine Abstimmung über eine abwesende Person läuft, z. B. 2d (dann wird entschieden)
cmd-vacation = Urlaub von allen Tischen dieses Servers: keine Erinnerungen, keine Abstimmung über dich
cmd-vacation-days = Wie viele Tage (0 beendet den Urlaub)
