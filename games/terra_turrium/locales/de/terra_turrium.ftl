# Terra Turrium: die eigenen Texte des Spiels auf Deutsch (games/terra_turrium), in den Worten der
# Spielregel (Franckh-Kosmos 1990): Baustein, Turm, Territorium, Turrianer, Aggressorstein,
# schlagen, Angriff, Handicapregel, Profiregel. Felder und Notation bleiben, wie sie sind.

## Die Plätze, die gemeinsam das Ziel erreichen oder gewinnen
players = { $count ->
    [0] niemand
    [1] { $p1 }
    [2] { $p1 } und { $p2 }
    [3] { $p1 }, { $p2 } und { $p3 }
   *[4] { $p1 }, { $p2 }, { $p3 } und { $p4 }
}

## /rules, das Aktionsmenü
summary = Wolfgang Kramer, 1990. In jedem Zug: 3 Bausteine nehmen (aus jedem fremden Territorium nur 1, und nur von außen), sie auf beliebige freie Felder bauen, dann die Turrianer mit 5 Punkten ziehen (immer nur eine Höhenstufe; Schlagen kostet je nach Höhe 0, 1 oder 2 Punkte; fünf Angriffe in fremden Territorien). Wer zuerst auf Türmen der Höhe 6, 5, 4, 3, 2 und 1 steht, gewinnt; die Runde wird zu Ende gespielt.
panel-take = Einen Baustein nehmen
panel-build = Einen Baustein bauen
panel-move = Deine Turrianer ziehen
panel-enter = Einen Turrianer einsetzen
panel-place = Turrianer aufstellen
panel-give = Einen Handicap-Baustein abgeben
panel-pass = Passen
panel-from = von { $field }
panel-column = Spalte { $column }

## Die Phase (/status)
phase-setup = Vorbereitung: Turrianer aufstellen
phase-round = Runde { $round }{ $last ->
        [yes] {" "}(letzte Runde)
       *[no] {""}
    }, { $phase ->
        [take] Bausteine nehmen
        [build] Türme bauen
       *[move] Turrianer ziehen
    }
phase-over = Partie beendet
phase-over-why = Partie beendet: { $msg_reason }
reason-goal = das Ziel wurde erreicht
reason-round-limit = das Rundenlimit von { $limit } ist erreicht, eine Hausregel
reason-nobody-left = es ist niemand mehr im Spiel
reason-nobody-can-act = niemand kann mehr etwas tun
reason-resigned = alle anderen haben aufgegeben

## Was vom Platz am Zug verlangt wird
prompt-none = Gerade ist nichts von dir verlangt.
prompt-setup-place = Vorbereitung: Stelle deine { $left } übrigen Turrianer in deinem Territorium auf{ $example ->
        [none] {""}
       *[some] {" "}(`{ $example }`)
    }.
prompt-setup-give = Vorbereitung: Gib { $owed ->
        [one] einen Handicap-Baustein
       *[other] { $owed } Handicap-Bausteine
    } aus deinem Territorium ab{ $example ->
        [none] {""}
       *[some] {" "}(`{ $example }`)
    }.
prompt-setup-both = Vorbereitung: Stelle deine { $left } übrigen Turrianer in deinem Territorium auf{ $example ->
        [none] {""}
       *[some] {" "}(`{ $example }`)
    } und gib { $owed ->
        [one] einen Handicap-Baustein
       *[other] { $owed } Handicap-Bausteine
    } aus deinem Territorium ab{ $example_give ->
        [none] {""}
       *[some] {" "}(`{ $example_give }`)
    }.
prompt-take = Nimm noch { $left ->
        [one] einen Baustein
       *[other] { $left } Bausteine
    }{ $example ->
        [none] {""}
       *[some] {" "}(z. B. `{ $example }`)
    }.
prompt-build = Baue { $hand ->
        [one] den Baustein
       *[other] die { $hand } Bausteine
    } aus deiner Hand{ $example ->
        [none] {""}
       *[some] {" "}(z. B. `{ $example }`)
    }.
prompt-handicap = Du darfst { $reserve ->
        [one] einen Handicap-Baustein
       *[other] { $reserve } Handicap-Bausteine
    } bauen{ $example ->
        [none] {""}
       *[some] {" "}(`{ $example }`)
    } oder mit dem Ziehen beginnen.
prompt-move = Ziehe mit { $points ->
        [one] dem letzten Punkt
       *[other] { $points } verbleibenden Punkten
    }{ $example ->
        [none] { $entry ->
            [none] {""}
           *[some] : `{ $entry }` ({ $off } außerhalb des Spielplans)
        }
       *[some] : `{ $example }`{ $entry ->
            [none] {""}
           *[some] , `{ $entry }` ({ $off } außerhalb des Spielplans)
        }
    }, oder `pass`.

## Ereignisse
placed = { $player } stellt Turrianer auf { $fields }.
gave = { $player } gibt { $other } { $count ->
        [one] einen Handicap-Baustein
       *[other] { $count } Handicap-Bausteine
    }.
setup-complete = Vorbereitung abgeschlossen. { $player } wurde als Startspieler ausgelost.
took = { $player } nimmt { $count ->
        [one] einen Baustein
       *[other] { $count } Bausteine
    } von { $fields }.
field-height = { $field } (Höhe { $before } → { $after })
built = { $player } baut { $count ->
        [one] einen Baustein
       *[other] { $count } Bausteine
    } auf { $fields }.
moved = { $player } zieht einen Turrianer { $path } ({ $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
    }).
moved-capturing = { $player } zieht einen Turrianer { $path } ({ $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
    }) und schlägt { $count ->
        [1] { $v1 } auf { $f1 }
        [2] { $v1 } auf { $f1 } und { $v2 } auf { $f2 }
        [3] { $v1 } auf { $f1 }, { $v2 } auf { $f2 } und { $v3 } auf { $f3 }
        [4] { $v1 } auf { $f1 }, { $v2 } auf { $f2 }, { $v3 } auf { $f3 } und { $v4 } auf { $f4 }
       *[5] { $v1 } auf { $f1 }, { $v2 } auf { $f2 }, { $v3 } auf { $f3 }, { $v4 } auf { $f4 } und { $v5 } auf { $f5 }
    }.
attack = Angriff! Der Aggressorstein von { $player } rückt vor ({ $left ->
        [0] kein Angriff mehr
        [one] noch 1 Angriff
       *[other] noch { $left } Angriffe
    }).
entered = { $player } setzt einen Turrianer auf { $field } wieder ein (1 Punkt).
ends-turn = { $player } beendet den Zug.
idle = { $player } kann weder nehmen noch bauen noch ziehen und passt.
goal-claimed = { $player } steht auf den Türmen { $goal }: Wer die Türme ab Höhe 5 eine Runde lang hält, gewinnt!
goal-held = { $player } hat die hohen Türme eine Runde lang gehalten.
goal-lost = { $player } hat vor Rundenende einen hohen Turm verloren.
partner-off-goal = { $player } steht nicht mehr auf den Zieltürmen: Beide Partner müssen gleichzeitig darauf stehen.
goal-reached = { $count ->
        [1] { $p1 } hat
       *[2] { $p1 } und { $p2 } haben
    } das Ziel erreicht! Die Runde wird zu Ende gespielt.
goal-reached-partner = { $player } hat das Ziel erreicht; der Partner muss es ebenfalls erreichen, solange { $player } noch darauf steht.
resigned = { $player } hat aufgegeben.
game-over = Partie beendet ({ $msg_reason }). { $count ->
        [0] Gewonnen hat niemand.
        [1] Gewonnen hat { players }.
       *[other] Gewonnen haben { players }.
    }

## Ablehnungen: wer am Zug ist, die Phase
game-is-over = Die Partie ist vorbei.
setup-finished = Deine Vorbereitung ist fertig; wir warten auf die anderen.
not-your-turn = Du bist nicht am Zug.
already-resigned = Du hast schon aufgegeben.
no-such-seat = Einen Platz { $seat } gibt es nicht.
cannot-pass = Du kannst noch nicht passen. { $msg_prompt }
cannot-now = { $what ->
        [place] Turrianer aufstellen
        [give] Handicap-Bausteine abgeben
        [take] Bausteine nehmen
        [build] Bauen
       *[move] Ziehen
    } geht gerade nicht. { $msg_prompt }

## Ablehnungen: der Tisch
wrong-player-count = Terra Turrium ist für { $min } bis { $max } Spieler, nicht für { $players }.
team-needs-four = Das Teamspiel braucht genau 4 Spieler.
no-handicap-seat = Den Handicap-Platz { $seat } gibt es bei { $players } Spielern nicht.

## Ablehnungen: die Vorbereitung
all-placed = Alle sechs deiner Turrianer stehen schon.
place-not-home = { $field } liegt nicht in deinem Territorium: Stelle deine Turrianer zu Hause auf.
place-no-block = Auf { $field } liegt kein Baustein.
place-occupied = { $field } ist schon besetzt.
only-giver = Nur der stärkere Spieler, den die Handicap-Option nennt, gibt Bausteine ab.
all-given = Du hast alle Handicap-Bausteine abgegeben.
give-not-home = { $field } liegt nicht in deinem Territorium: Handicap-Bausteine kommen aus deinem eigenen Territorium.
give-occupied = Auf { $field } steht ein Turrianer.

## Ablehnungen: Bausteine nehmen und bauen
no-block-on = Auf { $field } liegt kein Baustein.
taken-all = Du hast in diesem Zug schon { $count } Bausteine genommen.
take-occupied = Auf { $field } steht ein Turrianer: Besetzte Bausteine darf man nicht nehmen.
team-land = { $field } liegt im Land deines Teams: Im Teamspiel kommen alle drei Bausteine vom anderen Team.
not-outside = { $field } liegt nicht »außen«{ $tower ->
        [yes] {" "}(der unterste Baustein dieses Turms liegt »innen«)
       *[no] {""}
    }: In fremden Territorien dürfen nur Bausteine genommen werden, die vom Spielfeldrand aus zugänglich sind.
one-per-territory = Du hast schon einen Baustein aus dem { $territory ->
        [SW] südwestlichen
        [NW] nordwestlichen
        [NE] nordöstlichen
       *[SE] südöstlichen
    } Territorium genommen: Aus jedem fremden Territorium darf nur 1 Baustein entfernt werden.
one-too-many = Du hast alle Bausteine genommen, die du nehmen kannst; { $field } ist einer zu viel.
nothing-to-build = Du hast keine Bausteine mehr zum Bauen.
outer-ring = { $field } liegt in der äußeren Reihe, die bei { $players } Spielern leer bleibt.
build-occupied = Auf { $field } steht ein Turrianer: Bausteine kommen nur auf freie Felder.
build-hand-first = Baue zuerst { $hand ->
        [one] den Baustein
       *[other] die { $hand } Bausteine
    } aus deiner Hand: Alle genommenen Bausteine müssen verbaut werden.

## Ablehnungen: ziehen und einsetzen
not-a-step = Von { $from } nach { $to } ist kein Schritt waagrecht oder senkrecht: Ein `move` nennt die Felder eines Turrianers der Reihe nach, jedes neben dem vorigen (einen anderen Turrianer zieht ein weiteres `move`).
no-block-to-step = Auf { $field } liegt kein Baustein: Turrianer ziehen nur auf Bausteinen.
too-steep = Von { $from } (Höhe { $from_height }) nach { $to } (Höhe { $to_height }): Pro Schritt nur eine Höhenstufe hinauf oder hinab.
own-figure = Auf { $field } steht dein eigener Turrianer: Auf jedem Feld darf nur ein Turrianer stehen, Überspringen ist verboten.
attacks-used = Schlagen auf { $field } wäre ein Angriff in einem fremden Territorium, und deine { $attacks } Angriffe sind verbraucht: Du darfst nur noch verteidigen.
none-off-board = Keiner deiner Turrianer steht außerhalb des Spielplans.
entry-no-points = Einsetzen kostet einen Punkt, und du hast keinen mehr.
entry-not-row = { $field } liegt nicht in der { $row ->
        [outermost] äußersten
       *[second] zweiten
    } Reihe deines Territoriums.
entry-no-block = Auf { $field } liegt kein Baustein: Setze dort zuerst einen ein.
entry-tower = Auf { $field } steht ein Turm: Eingesetzt wird nur auf einen einzelnen Baustein.
entry-occupied = { $field } ist besetzt.
no-figure-on = Auf { $field } steht kein Turrianer von dir.
path-too-dear = Dieser Weg kostet mehr als { $points ->
        [one] deinen letzten Punkt
       *[other] deine { $points } verbleibenden Punkte
    } (1 je Schritt; Schlagen kostet auf gleicher Höhe 1 mehr, von unten 2, von oben 0).

## Fehler in der Notation
empty-action = Leere Aktion. Schreibe `take <field> …`, `build <field> …`, `move <field>-<field>…`, `enter <field>` oder `pass` (ein Feld ist ein Buchstabe a-j und eine Zahl 1-10); deine Aufforderung zeigt, was gerade erlaubt ist.
pass-no-fields = `pass` nimmt keine Felder.
needs-fields = `{ $verb }` braucht mindestens ein Feld: `{ $verb } <field> …`.
enter-one-field = `enter` braucht genau ein Feld: `enter <field>`.
chained-paths = `move { $words }` verkettet { $count } Wege, aber ein `move` zieht einen Turrianer einen Weg entlang (Felder mit `-` verbunden). Schicke jeden Weg als eigene Aktion: { $msg_paths }.
then = {", dann "}
move-needs-path = `move` braucht einen Weg aus mindestens zwei Feldern, mit `-` verbunden: `move <from>-<to>` oder länger.
not-a-field = `{ $word }` ist kein Feld: Schreibe einen Buchstaben a-j und eine Zahl 1-10.
unknown-action = Unbekannte Aktion `{ $word }`. Möglich sind `take`, `build`, `move`, `enter`, `pass` (Vorbereitung: `place`, `give`).

## Der Punktestand (/status, das Ergebnis): Zeilen und Wörter unter den Werten
line-goal-towers = Gehaltene Zieltürme
line-on-board = Turrianer auf dem Spielplan
line-attacks-left = Verbleibende Angriffe
line-reserve = Handicap-Bausteine in Reserve
line-goal = Ziel
line-status = Status
value-none = keine
value-reached = erreicht
value-reached-lost = erreicht, dann wieder verloren
value-resigned = aufgegeben

## Die Optionen des Tisches (/newgame, /rules)
option-team = Teamspiel (4 Spieler): Plätze 1+2 gegen 3+4; ein Team gewinnt, wenn beide Partner das Ziel erreichen.
option-pro = Profiregel: Türme 7 bis 2, Bausteine aus beliebigen Territorien, Türme ab Höhe 5 müssen eine Runde lang gehalten werden.
option-handicap-blocks = Handicapregel: Bausteine, die der stärkere Spieler dem schwächeren zu Beginn gibt.
option-handicap-from = Handicap: Platznummer (1-4) des stärkeren Spielers, der Bausteine abgibt.
option-handicap-to = Handicap: Platznummer (1-4) des schwächeren Spielers, der sie erhält.
option-round-limit = Hausregel, nicht in der Spielregel: Ende nach so vielen Runden; wer dem Ziel am nächsten ist, gewinnt.

## /guide: das Ziel, ein Spielzug, die häufigen Aktionen und die Kennungen in Texten und Bildern
guide-goal = Wer zuerst mit seinen Turrianern gleichzeitig auf Türmen der Höhe 6, 5, 4, 3, 2 und 1 steht, gewinnt. Die Runde wird zu Ende gespielt, daher können mehrere gewinnen.
guide-turn = Drei Phasen: 3 Bausteine nehmen (je einen aus einem fremden Territorium, nur von außen), sie auf freie Felder bauen, dann die Turrianer mit 5 Punkten ziehen (jeweils eine Stufe hinauf; wer auf einen fremden Turrianer zieht, schlägt ihn). `pass` beendet die Zugphase.
guide-take = einen Baustein von einem Feld nehmen (3 je Zug)
guide-build = die genommenen Bausteine auf freie Felder bauen
guide-move = einen Turrianer einen Weg über Felder ziehen; ein fremder Turrianer am Ende wird geschlagen
guide-enter = einen geschlagenen Turrianer wieder einsetzen (1 Punkt)
guide-pass = die Zugphase beenden; übrige Punkte verfallen
guide-place = Aufbau: deine Turrianer in dein Territorium stellen
guide-give = Aufbau mit Handicapregel: einen Baustein aus deinem Territorium abgeben
guide-term-field = ein Feld: Spalte a–j, Reihe 1–10 (Reihe 1 unten)
guide-term-path = ein Weg über Felder, das Startfeld zuerst: so zieht ein Turrianer
card-hint = ein Feld (c3) oder ein Weg (c3-c4-d4)

## The notation's examples (/rules)
notation-help = `take c3 h8 e5` · `build d4 d4 e5` · `move c3-c4-d4` · `enter a2` · `pass` (Vorbereitung: `place b2 c3 …`, Handicap: `give b2`)
skip-pass = { $player } beendet die Bewegungsphase, ohne zu ziehen (`pass`).
