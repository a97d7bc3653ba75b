# Terramara auf Deutsch: die Texte der Züge. Die Wörter folgen der deutschen Spielregel
# (Häuptling, Kundschafter, Krieger, Stammesmitglied, Vieh/Stein/Holz/Erz, Leder/Steinquader/
# Nutzholz/Metall, Militär, Kultur, Reise, SP, Karren, Außenposten, Banner, Person, Startkarte,
# Startspielerkarte, Aktionsfeld, Kreuzungsaktionsfeld, Sonderaktionsfeld). Feld-, Karten- und
# Plättchen-Ids, die Namen der Personen und die Notation bleiben, wie sie sind.

summary = Führe einen Stamm der Bronzezeit durch 5 Runden: Schicke Häuptling und Kundschafter auf Aktionsfelder im Heimatgebiet, in den Territorien und an den Kreuzungen, verarbeite Rohstoffe, stelle Artefakte her, bereise die Straße, steige auf dem Fluss und der Militärleiste auf. Die meisten SP gewinnen.

card-hint = Ids sehen so aus: A1-01 (Artefakte), B2-3 (Bonusplättchen), C4 (Personen), S07 (Startkarten), FM1-a / MQ2-c (Territorien), O1-road (Außenposten).

phase-over = Partie beendet.
phase-neutral = Aufbau: neutrale Kundschafter einsetzen.
phase-draft = Aufbau: Personen und Startkarten auswählen.
phase-round = Runde { $round } von 5.

seat = Platz { $seat }
member = { $member ->
        [chief] Häuptling
        [scout] Kundschafter
       *[warrior] Krieger
    }
examples = { $list } oder `{ $last }`
examples-none = nichts ist möglich

prompt-none = Gerade ist nichts von dir verlangt.
prompt-neutral = Setze einen neutralen Kundschafter auf ein freies Feld der Reihe { $row }: { $spaces }.
prompt-draft = Wähle eine Person oder eine Startkarte: { $cards }
prompt-draft-other = Wähle jetzt die andere Art: { $cards }
prompt-send = Schicke ein Stammesmitglied los ({ $msg_home } zu Hause): `send <member> <space>`, z. B. { $msg_examples }.{ $flip ->
        [yes] {" "}(oder drehe zuerst deine Person mit `flip` um)
       *[no] {""}
    }
prompt-after = Wenn du willst: { $first }, freie Aktionen, dann `end`.
prompt-after-two = Wenn du willst: { $first } oder { $second }, freie Aktionen, dann `end`.
prompt-free = Freie Aktionen, wenn du willst, dann `end`.
decision = Jetzt { $msg_what }: z. B. { $msg_examples }.
decision-from = Jetzt { $msg_what } ({ $msg_source }): z. B. { $msg_examples }.
pay-how = Wähle, wie du das Artefakt bezahlst: { $msg_examples }.
pay-how-from = Wähle, wie du das Artefakt bezahlst ({ $msg_source }): { $msg_examples }.
travel-prompt = Bewege deine Karren { $steps } { $steps ->
        [one] Schritt
       *[other] Schritte
    }: z. B. { $msg_examples }.
travel-prompt-from = Bewege deine Karren { $steps } { $steps ->
        [one] Schritt
       *[other] Schritte
    } ({ $msg_source }): z. B. { $msg_examples }.
raided-prompt = Du wirst überfallen: Gib { $n } { $n ->
        [one] Rohstoff
       *[other] Rohstoffe
    } deiner Wahl ab, z. B. { $msg_examples }.
pick-tiles-prompt = Wähle deine persönlichen Territorien, ein Wald/Gebirge- und ein Wiese/Steinbruch-Territorium ({ $tiles }): z. B. { $msg_examples }.

space-where = { $kind ->
        [territory] Aktionsfeld { $n } des { $side ->
            [left] linken
           *[right] rechten
        } Territoriums in Reihe { $row }
        [crossroad] das Kreuzungsaktionsfeld der Reihe { $row }
        [own] das persönliche Kreuzungsaktionsfeld
       *[other] das Aktionsfeld
    } (`{ $id }`)
space-where-home = das Aktionsfeld „{ $msg_label }“ (`{ $id }`)
neutral-placed = { $player } setzt einen neutralen Kundschafter auf { $msg_where }.
picked-character = { $player } wählt die Person { $id } ({ $name }).
picked-start-card = { $player } wählt die Startkarte { $id }.
artifacts-leave = Runde { $round }: Die Artefakte der Stufe { $level } verlassen den Fluss; die Reihe wird wieder aufgefüllt.
first-player-card-turns = Die Startspielerkarte wird auf ihre Rückseite gedreht.
neutral-advances = Neutral { $neutral } rückt auf der Militärleiste um { $steps } vor (jetzt { $now }).
round-begins = Runde { $round } beginnt.
round-ends = Runde { $round } endet. Reihe { $round } wird umgedreht: Kreuzungsaktionsfeld X{ $round } und Außenposten `{ $outpost }` erscheinen.
game-over = Die Partie ist vorbei. Gewonnen: { $names }.
resigned = { $player } hat aufgegeben.

sent = { $player } schickt den { $member ->
        [chief] Häuptling
        [scout] Kundschafter
       *[warrior] Krieger
    } auf { $msg_where }.
sent-hut = { $player } schickt den { $member ->
        [chief] Häuptling
        [scout] Kundschafter
       *[warrior] Krieger
    } in die eigene Hütte.
scouts-gained = { $player } erhält { $n } Kundschafter für den Rest der Partie.
warriors-taken = { $player } nimmt { $n } Krieger für diese Runde.
no-raid = { $player } kann 1 Militär nicht bezahlen: kein Raubzug.
goes-raiding = { $player } geht auf Raubzug (Machtstufe { $level }).
owes-nothing = { $player } schuldet nichts.
gives = { $player } gibt { $other } { $msg_items }.
first-player-back = { $player } nimmt die Startspielerkarte (Rückseite).
becomes-first = { $player } wird Startspieler der nächsten Runde.
worker-refined = Arbeiter w{ $worker } von { $player } verarbeitet { $msg_items }.
used-card = { $player } nutzt { $msg_what }.
used-what = { $kind ->
        [character] die Person { $card } ({ $name })
       *[artifact] das Artefakt { $card } ({ $msg_category })
    }
used-bonus-tile = { $player } nutzt das persönliche Bonusplättchen { $tile }: { $msg_text }
flipped = { $player } dreht { $name } auf die alte Seite.
flipped-losing-tiles = { $player } dreht { $name } auf die alte Seite und verliert die ungenutzten Bonusplättchen { $tiles }.
crafts = { $player } stellt { $artifact } her ({ $msg_category }, Stufe { $level }, { $vp } SP) und bezahlt { $msg_paid }.
no-longer-pay = { $player } kann { $artifact } nicht mehr bezahlen: Es wird nichts hergestellt.
river-slides = Die Flussreihe rückt nach links; { $artifact } wird auf Feld 8 aufgedeckt.
reserves = { $player } reserviert das Artefakt aus Feld { $slot } der Flussreihe.
personal-tiles = { $player } nimmt { $right } (persönliches Kreuzungsaktionsfeld X-own) und { $left } (persönlicher Außenposten `{ $outpost }`).
carts-stay = { $player } bewegt die Karren nicht.
cart-travels = Karren { $cart } von { $player } fährt { $start } → { $path }.
reached-bonus-tile = { $player } erreicht das Bonusplättchen { $tile }: { $msg_text }
banner = { $player } setzt ein Banner auf den Außenposten `{ $outpost }`.
camp = Ein Karren von { $player } erreicht das Lager am Fluss ({ $vp } SP bei Spielende).

wrong-player-count = Terramara ist für 2 bis 4 Spieler, nicht für { $players }.
game-is-over = Die Partie ist vorbei.
no-such-seat = Einen Platz { $seat } gibt es nicht.
not-your-turn = Du bist nicht am Zug (wir warten auf { $msg_waiting }).
already-sent = Du hast in diesem Zug schon ein Stammesmitglied losgeschickt; jetzt herstellen/reservieren, freie Aktionen oder `end`.
send-first = Schicke zuerst ein Stammesmitglied los: In jedem Zug setzt du ein Mitglied ein.
not-asked = `{ $notation }` beantwortet eine Frage, die nicht gestellt wurde. Jetzt: { $msg_prompt }
craft-after-placement = Herstellen und Reservieren kommen nach deinem Einsetzen und dessen Aktion.
craft-once = Nach einer Aktion darfst du ein Artefakt herstellen ODER reservieren — das hast du schon getan.
not-usable = nicht nutzbar
not-enough = Du hast { $have } { $msg_what }, nicht { $need }.

neutral-first = Aufbau: Setze zuerst einen neutralen Kundschafter ein, z. B. `neutral T1-left-2`.
neutral-row = Dieser neutrale Kundschafter kommt in Reihe { $row } (die nächste Reihe der Reihe nach).
neutral-fire = Auf { $space } liegt ein Feuerplättchen: Dort darf niemand eingesetzt werden.
neutral-occupied = { $space } ist besetzt; neutrale Kundschafter kommen auf freie Felder.
neutral-special = { $space } ist ein Sonderaktionsfeld: Vor Runde 5 kommt dort kein Stammesmitglied hin, auch kein neutrales.
draft-pick-one = Auswahl: Wähle eine Karte, z. B. `pick C3` oder `pick S07`.
draft-have-character = Du hast schon eine Person; wähle eine Startkarte.
draft-have-card = Du hast schon eine Startkarte; wähle eine Person.
draft-not-on-offer = { $id } steht nicht zur Wahl. Zur Wahl stehen: { $offer }.

chief-sent = Dein Häuptling wurde in dieser Runde schon losgeschickt.
no-scout-left = Du hast in dieser Runde keinen Kundschafter mehr zum Losschicken.
no-warrior = Du hast in dieser Runde keinen Krieger.
territory-flipped = { $space }: Dieses Territorium ist umgedreht; seine Aktionsfelder gibt es nicht mehr.
no-personal-crossroad = Nur der junge Landvermesser (C7) hat ein persönliches Kreuzungsaktionsfeld.
crossroad-not-yet = { $space }: Das Kreuzungsaktionsfeld der Reihe { $row } erscheint erst, wenn diese Reihe umgedreht wird.
no-such-space = { $space }: Dieses Aktionsfeld gibt es bei { $players } Spielern nicht.
fire-token = Auf { $space } liegt ein Feuerplättchen: Dorthin darf niemand geschickt werden.
future-territory = { $space } ist ein Zukunftsterritorium: Häuptlinge (und Krieger) dürfen nie dorthin geschickt werden.
special-round-5 = { $space } ist ein Sonderaktionsfeld: erst ab Runde 5 nutzbar.
condition-unmet = { $space }: Du erfüllst seine Bedingung nicht ({ $msg_condition }).
carts-not-there = { $space }: Beide Karren müssen die Kreuzung X{ $row } auf der Straße erreicht oder passiert haben.
no-worker-tile = Auf dem Feld dieser Runde ist kein Arbeiterplättchen mehr.
raid-no-military = Ein Raubzug kostet 1 Militär, bezahlt beim Einsetzen hier; du hast keines.
space-blocked = { $space } ist blockiert.
space-full-blockade = { $space } ist voll (ein Blockadeplättchen belegt den anderen Platz).
space-full-single = { $space } ist voll (dort passt nur ein Stammesmitglied hin).
space-full = { $space } ist voll.
space-holds = { $member ->
        [chief] Auf { $space } steht ein Häuptling: Zu einem Häuptling darf sich niemand stellen.
       *[warrior] Auf { $space } steht ein Krieger: Zu einem Krieger darf sich niemand stellen.
    }
own-scout-there = Auf { $space } steht schon einer deiner Kundschafter (ein Mitglied pro Farbe; nur ein Krieger darf dazukommen).
military-too-low = { $space }: Um einen Kundschafter zum einzelnen Kundschafter eines anderen zu schicken, muss dein Militär höher sein (deins { $mine }, seins { $theirs }).

no-reserved = Du hast kein reserviertes Artefakt.
no-artifact-in-slot = Auf Feld { $slot } der Flussreihe liegt kein Artefakt.
slot-needs-culture = Feld { $slot } verlangt Kultur { $need } auf dem Fluss; dein Kanu steht auf { $culture }.
cannot-pay = Du kannst { $artifact } nicht bezahlen (Kosten: { $msg_cost }; du hast: { $msg_have }).
already-reserved = Du hast schon ein reserviertes Artefakt; stelle es her, bevor du ein weiteres reservierst.
reserve-needs-culture = Zum Reservieren muss dein Kanu auf Flussfeld 4 oder weiter stehen.
slot-not-available = Feld { $slot } steht dir nicht zur Verfügung (Kultur { $culture }).
pay-wrong = Damit bezahlst du dieses Artefakt nicht. So kannst du bezahlen: { $msg_examples }.

no-such-worker = Du hast keinen Arbeiter w{ $worker } (du hast { $workers }).
worker-used = Arbeiter w{ $worker } hat in dieser Runde schon gearbeitet.
worker-level = Ein Arbeiter der Stufe { $level } verarbeitet höchstens { $level } { $level ->
        [one] Rohstoff
       *[other] Rohstoffe
    }.
use-during-turn = Einmal-pro-Runde-Effekte nutzt du in deinem Zug.
not-your-character = { $card } ist nicht deine Person.
not-crafted = Du hast { $card } nicht hergestellt.
no-once-per-round = { $card } hat keinen Einmal-pro-Runde-Effekt.
card-used = { $card } wurde in dieser Runde schon genutzt.
card-pointless = { $card } würde jetzt nichts bewirken: Du hast nichts, was es eintauschen kann. Es wurde nichts genutzt.
not-your-bonus-tile = { $tile } ist keines deiner persönlichen Bonusplättchen.
bonus-tiles-c6 = Nur der junge Sammler (C6) darf persönliche Bonusplättchen nutzen.
bonus-tile-used = Du hast in dieser Runde schon ein persönliches Bonusplättchen genutzt.
bonus-tile-level = In Runde { $round } darfst du persönliche Bonusplättchen bis Stufe { $level } nutzen.
bonus-tile-pointless = { $tile } würde jetzt nichts bewirken: Du hast nichts, was es eintauschen kann. Behalte es für später.
no-character = Du hast keine Personenkarte.
already-old = Deine Person liegt schon auf der alten Seite; umdrehen geht nur einmal.
flip-before-placement = Du darfst deine Person nur vor deinem ersten Einsetzen einer Runde umdrehen.
flip-no-scout = Beim Umdrehen gibst du deinen zusätzlichen Kundschafter ab, aber keiner ist zu Hause (Kundschafter auf Zukunftsfeldern zählen nicht).

cart-stuck = Ein Karren auf { $node } kann nicht weiterfahren.
not-a-road-node = { $step } ist kein Punkt der Straße (S, B1, O1, X1, …, L5, L6, C).
cart-goes-to = Von { $node } fährt ein Karren nach { $nodes }, nicht nach { $step }.
travel-steps = Du hast { $steps } { $steps ->
        [one] Schritt
       *[other] Schritte
    } Reise, nicht { $used }.
outpost-not-yet = Den Außenposten { $node } gibt es noch nicht (sein Territorium ist noch nicht umgedreht).
raid-must-give = Wer überfallen wird, muss abgeben, was er schuldet.
raid-give-exactly = Gib genau { $n } { $n ->
        [one] Rohstoff
       *[other] Rohstoffe
    } ab.
raid-not-military = Ein Raubzug nimmt Rohstoffe, kein Militär.
pick-tiles-refusal = Wähle deine beiden persönlichen Territorien.
pick-tiles-wrong = Wähle ein übriges Wald/Gebirge- und ein Wiese/Steinbruch-Territorium der Stufe 1: { $tiles }

empty-move = Leerer Zug. Beispiele: `{ $examples }`
unknown-move = Unbekannter Zug '{ $verb }'. Beispiele: `{ $examples }`
not-a-space = '{ $token }' ist kein Feld. Felder: `H-worker`, `H-improve`, `H-travel`, `H-raid`, `H-first`, `H-improve-travel`, `H-raid-first`, `T<row>-left|right-<1..3>` (z. B. `T2-left-1`), `X<row>`, `X-own`, `hut`.
not-a-resource = '{ $token }' ist kein Rohstoff (cattle, stone, wood, ore, leather, cut_stone, lumber, metal).
not-an-id = '{ $token }' ist keine Karten- oder Plättchen-Id (z. B. A2-05, B1-4, C3, S07, FM1-c).
send-whom = Wen schickst du? `chief`, `scout` oder `warrior` (z. B. `send scout T2-left-1`).
refine-raw-only = Ein Arbeiter verarbeitet unverarbeitete Rohstoffe; { $resource } ist schon verarbeitet.
craft-which = Was stellst du her? Ein Feld 1–8 der Flussreihe (von links nach rechts) oder 'reserved'.
reserve-which = Was reservierst du? Ein Feld 1–8 der Flussreihe (von links nach rechts).
nothing-after-for = Nichts nach 'for': Nenne die verarbeiteten Rohstoffe, die du nimmst.
give-what = Was gibst du ab? z. B. give cattle
choose-number = Wähle eine Möglichkeit über ihre Nummer (1, 2, …).
not-a-cart-move = '{ $word }': Ein Karren fährt eine Zahl von Schritten (z. B. 2) oder einen Weg über Punkte der Straße (z. B. B1-X1).
usage = { $verb ->
        [send] So geht es: `send chief|scout|warrior <space>` (z. B. `send scout T2-left-1`)
        [refine] So geht es: `refine w<n> <raw> [<raw> ...]` (z. B. `refine w1 cattle`)
        [use] So geht es: `use <card id>` (ein Artefakt oder eine Person mit Einmal-pro-Runde-Effekt, z. B. `use A2-05`)
        [bonus] So geht es: `bonus <tile id>` (eines deiner persönlichen Bonusplättchen, z. B. `bonus B1-4`)
        [flip] So geht es: `flip`
        [craft] So geht es: `craft <slot 1-8> | craft reserved`
        [reserve] So geht es: `reserve <slot 1-8>`
        [end] So geht es: `end`
        [take] So geht es: `take <resource> [...]` (z. B. `take metal lumber`)
        [process] So geht es: `process <raw> [...]` (z. B. `process cattle`)
        [swap] So geht es: `swap <raw given> <raw received>` (z. B. `swap cattle wood`)
        [give] So geht es: `give <resource> [...] [for <processed> ...]`
        [pay] So geht es: `pay <resource> [...]` (wie du das Artefakt bezahlst, z. B. `pay leather cattle`)
        [choose] So geht es: `choose <option number>`
        [travel] So geht es: `travel <cart 1> <cart 2>` — jeweils eine Zahl von Schritten, ein Weg wie B1-X1 oder '-'
        [skip] So geht es: `skip`
        [pick] So geht es: `pick <id> [<id>]` (z. B. `pick C3`, `pick S07`, `pick FM1-c MQ1-b`)
       *[neutral] So geht es: `neutral <space>` (z. B. `neutral T1-left-2`)
    }

effect-gain = { $msg_what } erhalten
effect-worker-round = ein Arbeiterplättchen vom Feld dieser Runde anheuern (falls noch eines da ist)
effect-worker = einen Arbeiter der Stufe { $level } aus dem Vorrat anheuern (falls noch einer da ist)
effect-scout = { $n } Kundschafter für den Rest der Partie erhalten
effect-warriors = { $n } Krieger für diese Runde nehmen (so viele der Vorrat hat)
effect-raid = auf Raubzug gehen { $cost ->
        [0] (kostenlos)
       *[other] (zuerst { $cost } Militär bezahlen; ohne das kein Raubzug)
    }
effect-gain-per = { $n } { $msg_what } pro { $per ->
        [stronger_opponent] Mitspieler mit mehr Militär als du (neutrale Marker zählen nicht)
        [power_level] Machtstufe, die du hast
        [worker] Arbeiter, den du hast
        [banner] Banner, das du gesetzt hast
       *[crafted_artifact] Artefakt, das du hergestellt hast
    } erhalten
effect-first-player = die Startspielerkarte nehmen: die nächste Runde beginnen und { $msg_taker } (sobald die Karte umgedreht ist, stattdessen { $msg_back })
effect-first-player-back = die Rückseite der Startspielerkarte: { $msg_back }
effect-pay = wählen, wie du das Artefakt bezahlst
effect-travel = deine Karren { $steps } { $steps ->
        [one] Schritt
       *[other] Schritte
    } bewegen
effect-raid-give = dem Angreifer { $n } { $n ->
        [one] Rohstoff
       *[other] Rohstoffe
    } deiner Wahl geben
effect-pick-tiles = deine persönlichen Territorien wählen


## /guide: das Ziel, ein Spielzug, die häufigen Aktionen und die Kennungen in Texten und Bildern
guide-goal = Wer nach 5 Runden die meisten SP hat, gewinnt (bei Gleichstand: Kultur, dann Militär): Artefakte herstellen, die Karren über die Straße zu Bonusfeldern, Außenposten und dem Lager ziehen, auf dem Fluss (Kultur) und der Militärleiste aufsteigen.
guide-turn = Zuerst freie Aktionen (`refine`, `use`, `bonus`; `flip` vor deinem ersten Einsetzen einer Runde), dann genau ein `send`: ein Stammesmitglied auf ein Aktionsfeld, dessen Effekte Fragen stellen können (Antwort mit `take`, `process`, `swap`, `give`, `pay`, `choose`, `travel` oder `skip`); dann höchstens ein `craft` oder `reserve`; dann `end`.
guide-send = deinen Häuptling, einen Kundschafter oder Krieger auf ein Aktionsfeld setzen und dessen Aktion ausführen
guide-refine = frei: ein Arbeiter verarbeitet Rohstoffe bis zu seiner Stufe (einmal pro Runde)
guide-use = frei: die Einmal-pro-Runde-Wirkung eines Artefakts oder deiner Person
guide-flip = frei: deine Person auf die alte Seite drehen (vor deinem ersten Einsetzen einer Runde)
guide-craft = nach dem Einsetzen: ein Artefakt vom Fluss (Platz 1–8) oder dein reserviertes herstellen
guide-reserve = nach dem Einsetzen: ein Artefakt reservieren (dein Kanu muss auf Flussfeld 4 sein)
guide-end = deinen Zug beenden
guide-take = Antwort auf „nimm Rohstoffe deiner Wahl“
guide-process = Antwort auf „verarbeite bis zu N“
guide-swap = Antwort auf „tausche einen Rohstoff gegen einen anderen“
guide-give = einen Tausch oder einen Raubzug bezahlen
guide-pay = Antwort auf „wie bezahlst du dieses Artefakt“
guide-choose = Möglichkeit N einer Wahl nehmen
guide-travel = Karren 1 und Karren 2 ziehen: Schritte auf der Straße, ein Weg über Straßenfelder, oder `-`
guide-skip = etwas Freiwilliges ablehnen
guide-pick = eine Person oder eine Startkarte wählen
guide-neutral = Aufbau (2–3 Spieler): einen neutralen Kundschafter einsetzen
guide-term-artifact = eine Artefaktkarte: Stufe, Nummer (A1-01 … A3-…)
guide-term-bonus-tile = ein Bonusplättchen auf der Straße: Stufe, Nummer
guide-term-character = eine Personenkarte (C1–C7), junge und alte Seite
guide-term-start-card = eine Startkarte (S01–S12)
guide-term-territory = ein Territoriumsplättchen: FM Wald/Berg (rechte Spalte), MQ Wiese/Steinbruch (linke Spalte), Stufe, Buchstabe
guide-term-outpost = ein Außenposten: Stufe und die Bedingung, die sein Banner wertet
guide-term-homeland = ein Aktionsfeld im Heimatgebiet (`H-worker`, `H-improve`, `H-travel`, `H-raid`, `H-first`, …)
guide-term-territory-space = ein Aktionsfeld in einem Territorium: Reihe, Spalte (`left`/`right`), Feld 1–3
guide-term-crossroad = ein Kreuzungsaktionsfeld der Reihe 1–4 (X-own: das eigene von Person C7)
guide-term-hut = deine Hütte, ein eigenes Aktionsfeld
guide-term-road-spot = ein Feld der Straße: B Bonusfeld, O Außenposten, L Bonusfeld beim Plättchen der Stufe 3; die Zahl ist die Reihe
guide-term-road-ends = der Anfang der Straße (S) und das Lager an ihrem Ende (C)
guide-term-worker = einer deiner Arbeiter (w1, w2, …)

## The table's options (/newgame options, /rules)
option-start = `draft`: Personen und Startkarten werden gedraftet; `dealt`: dasselbe Angebot wird zufällig verteilt (ohne Wählen, ein schnellerer Start); `first-game`: der von der Spielregel empfohlene Start für die erste Partie
option-neutral-scouts = 2–3 Spieler: `players` setzen die neutralen Kundschafter beim Spielaufbau; `random`: der Bot setzt sie zufällig (ein schnellerer Start)
option-neutral-four = 2–3 Spieler: die neutrale Karte mit dem Wert 4 behalten (die Spielregel lässt sie in der ersten Partie weg)
