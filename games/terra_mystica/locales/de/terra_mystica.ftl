# Terra Mystica auf Deutsch. Die Wörter folgen der deutschen Spielregel (Volk, Wohnhaus,
# Handelshaus, Tempel, Festung, Heiligtum, Spaten, Schifffahrt, Kultskala, Rundenbonuskarte,
# Gunst-, Stadt- und Wertungsplättchen, Machtaktion, Schale, Siegpunkte/SP). Die Namen der Völker
# (Witches), Felder (E7), Plättchen (BON3, FAV8), Kulte (FIRE), Landschaftsfarben (green) und die
# Notation bleiben, wie sie sind.

summary = Vierzehn Völker wandeln in sechs Runden das Land in ihre Heimatlandschaft um, bauen Wohnhäuser bis zu Festungen und Heiligtümern aus, steigen auf den vier Kultskalen auf und gründen Städte; wer die meisten Siegpunkte hat, gewinnt.

phase-over = Die Partie ist vorbei.
phase-over-pending = Partie beendet, sobald die letzten Machtangebote beantwortet sind.
phase-factions = Völker wählen.
phase-setup = Aufbau: Start-Wohnhäuser und Rundenbonuskarten.
phase-round = Runde { $round } von 6 — Wertung { $tile }: { $msg_meaning }

prompt-nothing = Gerade gibt es nichts zu entscheiden.
prompt-pick = Wähle dein Volk, z. B. `{ $example }`.
prompt = { $faction }: { $msg_what }, z. B. `{ $example }`.
ask-turn = dein Zug in Runde { $round }
ask-start-dwelling = setze ein Start-Wohnhaus ein
ask-bonus-card = nimm eine Rundenbonuskarte
ask-spades = setze { $n ->
        [one] den Spaten
       *[other] die { $n } Spaten
    } des Kultbonus ein (oder `done`)
ask-cult-step = wähle die Kultskala für deinen Schritt{ $answer ->
        [yes] {" "}(und beantworte die dir angebotene Macht)
       *[no] {""}
    }{ $moving ->
        [yes] , oder mach deinen Zug in Runde { $round }
       *[no] {""}
    }
ask-offer = dir wird { $msg_offered } angeboten: nimm sie (leech) oder lehne ab (decline){ $order ->
        [yes] {" "}in der Reihenfolge der Angebote
       *[no] {""}
    }{ $then ->
        [turn] , oder mach deinen Zug in Runde { $round } (damit lehnst du ab)
        [income] ; das Einkommen der nächsten Runde wartet auf die letzte Antwort
       *[on] ; die Partie geht inzwischen weiter
    }
offer = { $n } Macht von den { $source }
nobody = niemanden

plays-faction = { $player } spielt die { $faction }.
move-said = { $faction } { $msg_what }.
move-said-cost = { $faction } { $msg_what }: { $msg_change }.
said-build = bauen ein Wohnhaus auf { $hex }
said-upgrade = bauen { $hex } zu { $building ->
        [TP] einem Handelshaus
        [TE] einem Tempel
        [SH] einer Festung
       *[SA] einem Heiligtum
    } aus
said-transform = wandeln { $hex } { $colour ->
        [home] in ihre Heimatlandschaft
       *[other] in { $colour }
    } um
said-dig = bezahlen { $n } Spaten
said-send = entsenden einen Priester auf die Kultskala { $cult }
said-advance = { $track ->
        [ship] verbessern die Schifffahrt
       *[dig] steigen auf der Spatenleiste auf
    }
said-action = nutzen die Aktion { $space }
said-convert = tauschen { $give } { $give_res ->
        [power] Macht
        [coins] { $give ->
            [one] Münze
           *[other] Münzen
        }
        [workers] Arbeiter
        [priests] Priester
       *[vp] SP
    } gegen { $get } { $get_res ->
        [power] Macht
        [coins] { $get ->
            [one] Münze
           *[other] Münzen
        }
        [workers] Arbeiter
        [priests] Priester
       *[vp] SP
    }
said-burn = verbrennen { $n } Macht
said-pass = { $bonus ->
        [none] passen
       *[other] passen und nehmen die Rundenbonuskarte { $bonus }
    }
said-leech = nehmen { $n } Macht von den { $source }
said-decline = lehnen { $n } Macht von den { $source } ab
said-decline-all = lehnen die angebotene Macht ab
said-bridge = bauen eine Brücke zwischen { $a } und { $b }
said-connect = gründen über { $river } hinweg eine Stadt
said-take = nehmen { $count ->
        [one] {""}
       *[other] { $count } ×{" "}
    }{ $kind ->
        [BON] die Rundenbonuskarte
        [FAV] das Gunstplättchen
        [TW] das Stadtplättchen
       *[other] das Plättchen
    } { $tile }
said-cult = { $way ->
        [back] gehen auf { $cult } { $steps } zurück
       *[up] rücken auf { $cult } { $steps } vor
    }
said-done = lassen die übrigen Spaten des Kultbonus verfallen
said-delta = { $sign }{ $n } { $res ->
        [vp] SP
        [power] Macht
        [coins] { $n ->
            [one] Münze
           *[other] Münzen
        }
        [workers] Arbeiter
       *[priests] Priester
    }
said-delta-cult = { $sign }{ $n } auf { $cult }
said-level = { $track ->
        [ship] Schifffahrt jetzt { $level }
       *[dig] Spatenstufe jetzt { $level }
    }
declined-by-turn = { $faction } haben ihren Zug gemacht und damit die angebotene Macht abgelehnt ({ $msg_offered }).
leaves = { $player } verlässt die Partie.

not-your-turn = Platz { $n } ist nicht am Zug: Warte auf { $msg_names }
pick-first = Zuerst werden die Völker gewählt: `pick <faction>`
factions-chosen = Die Völker sind schon gewählt.
pick-needs-one = pick braucht genau ein Volk, z. B. `pick witches`.
pick-refused = { $msg_reason } (schon vergeben: { $taken }).
no-such-faction = Es gibt kein Volk '{ $faction }'; bekannt sind: { $known }
share-home = { $faction } und { $other } haben dieselbe Heimatlandschaft { $terrain }
player-count = Terra Mystica ist für { $min }–{ $max } Spieler.
no-faction-yet = Platz { $n } hat noch kein Volk.
already-left = Platz { $n } hat die Partie schon verlassen.
setup-now = Aufbau: Jetzt kommt { $want ->
        [build] ein Start-Wohnhaus (`build E7`)
       *[pass] eine Rundenbonuskarte (`pass BON3`)
    }.
turn-needs-action = Ein Zug braucht eine Aktion (build, upgrade, send, pass …).
nothing-to-answer = Gerade gibt es nichts zu beantworten.
written-by-game = { $what } schreibt das Spiel selbst, das spielt man nicht.
no-offer-to-answer = Dir wird gerade keine Macht angeboten: Es gibt nichts anzunehmen oder abzulehnen.
answer-on-its-own = Beantworte ein Machtangebot in einem eigenen Zug (`leech 2 from witches`); machst du stattdessen deinen Zug, lehnst du es ab.
cult-step-first = Wähle zuerst die Kultskala für deinen Schritt (+FIRE …).
cult-in-same-move = Wähle die Kultskala im selben Zug, z. B. `action BON2. +FIRE` (`+2FIRE` bei ACTA).
out-of-turn = Außerhalb deines Zugs beantwortest du nur Machtangebote (leech oder decline).
cult-bonus-spades-only = Die Spaten des Kultbonus: Wandle Landschaftsfelder um oder `done`.
strict-leech-oldest = strict-leech: Beantworte zuerst `leech { $offer }` (oder `decline { $offer }`), dein ältestes Angebot.
cultists-may-reach-10 = Die Kultisten können mit ihrem offenen Kultschritt noch die 10 auf { $cult } erreichen: Warte ihre Entscheidung ab, bevor du auf die 10 ziehst.

unknown-flags = Unbekannte Optionen (`flags`) { $flags }; bekannt sind: { $known }
factions-one-per-seat = factions: eines pro Platz ({ $n })
scoring-six-tiles = scoring: sechs Plättchen SCORE1..SCORE9, Runden 1 bis 6
scoring-twice = scoring: jedes Plättchen nur einmal, { $tiles } { $n ->
        [one] steht
       *[other] stehen
    } mehrfach da
scoring-needs-flag = scoring: { $tile } braucht die Option (`flags`) `{ $flag }`
scoring-spades-late = scoring: { $tile } (Spaten) darf nicht das Wertungsplättchen von Runde { $round } sein
bonus-unknown = bonus: Rundenbonuskarte { $wrong } gibt es in dieser Partie nicht; bekannt sind: { $known }{ $bon10 ->
        [yes] {" "}(BON10 braucht die Option (`flags`) `shipping-bonus`)
       *[no] {""}
    }
bonus-count = bonus: { $n } verschiedene Karten für { $players } Spieler (Spielerzahl + 3), angegeben: { $got }

panel-build = Ein Wohnhaus bauen
panel-transform = Eine Landschaft umwandeln
panel-upgrade = Ein Gebäude aufwerten
panel-power = Machtaktion (ACT1–ACT6)
panel-special = Rundenbonuskarte, Gunstplättchen oder Volksaktion
panel-send = Einen Priester in einen Kult entsenden
panel-advance = Schifffahrt oder Spatenleiste verbessern
panel-convert = Ressourcen tauschen
panel-burn = Macht verbrennen
panel-pass = Passen und eine Rundenbonuskarte nehmen
panel-pick = Ein Volk wählen
panel-leech = Die angebotene Macht nehmen
panel-decline = Die angebotene Macht ablehnen
quick-done = Die Spaten des Kultbonus verfallen lassen

card = { $id } ({ $kind ->
        [bonus] Rundenbonuskarte
        [favor] Gunstplättchen
        [town] Stadtplättchen
        [action] Machtaktion
       *[scoring] Wertungsplättchen
    }): { $msg_text }
card-faction = { $name } (Heimatlandschaft { $home ->
        [black] Sumpf
        [green] Wald
        [red] Ödland
        [brown] Ebene
        [gray] Gebirge
        [yellow] Wüste
       *[blue] See
    }, { $home }): { $msg_text }
card-text = { $id ->
        [BON1] Sonderaktion: ein kostenloser Spaten. Einkommen 2 Münzen.
        [BON2] Sonderaktion: ein Kultschritt. Einkommen 4 Münzen.
        [BON3] Einkommen 6 Münzen.
        [BON4] Schifffahrt +1 in dieser Runde. Einkommen 3 Macht.
        [BON5] Einkommen 1 Arbeiter und 3 Macht.
        [BON6] Passen: 4 SP für deine Festung und 4 SP für dein Heiligtum. Einkommen 2 Arbeiter.
        [BON7] Passen: 2 SP je Handelshaus. Einkommen 1 Arbeiter.
        [BON8] Einkommen 1 Priester.
        [BON9] Passen: 1 SP je Wohnhaus. Einkommen 2 Münzen.
        [BON10] Passen: 3 SP je Schifffahrtsstufe. Einkommen 3 Macht.
        [FAV1] 3 Feuer.
        [FAV2] 3 Wasser.
        [FAV3] 3 Erde.
        [FAV4] 3 Luft.
        [FAV5] 2 Feuer. Städte brauchen nur eine Gebäudestärke von 6 statt 7.
        [FAV6] 2 Wasser. Sonderaktion: ein Kultschritt.
        [FAV7] 2 Erde. Einkommen 1 Arbeiter und 1 Macht.
        [FAV8] 2 Luft. Einkommen 4 Macht.
        [FAV9] 1 Feuer. Einkommen 3 Münzen.
        [FAV10] 1 Wasser. 3 SP für jedes Handelshaus, das du baust.
        [FAV11] 1 Erde. 2 SP für jedes Wohnhaus, das du baust.
        [FAV12] 1 Luft. Passen: 2/3/3/4 SP für 1/2/3/4 Handelshäuser.
        [TW1] 5 SP und 6 Münzen.
        [TW2] 7 SP und 2 Arbeiter.
        [TW3] 9 SP und 1 Priester.
        [TW4] 6 SP und 8 Macht.
        [TW5] 8 SP und ein Schritt auf jeder Kultskala.
        [TW6] 2 SP, zwei Schritte auf jeder Kultskala und zwei Stadtschlüssel.
        [TW7] 4 SP und ein kostenloser Schritt auf der Schifffahrtsleiste (Fakire: stattdessen Teppichreichweite +1).
        [TW8] 11 SP.
        [SCORE1] 2 SP je Spaten; am Rundenende: 1 Münze je 1 Schritt auf EARTH (Erde).
        [SCORE2] 5 SP je Stadt; am Rundenende: 1 Spaten je 4 Schritte auf EARTH (Erde).
        [SCORE3] 2 SP je Wohnhaus (D); am Rundenende: 1 Priester je 4 Schritte auf WATER (Wasser).
        [SCORE4] 5 SP je Heiligtum/Festung (SA/SH); am Rundenende: 1 Arbeiter je 2 Schritte auf FIRE (Feuer).
        [SCORE5] 2 SP je Wohnhaus (D); am Rundenende: 4 Macht je 4 Schritte auf FIRE (Feuer).
        [SCORE6] 3 SP je Handelshaus (TP); am Rundenende: 1 Spaten je 4 Schritte auf WATER (Wasser).
        [SCORE7] 5 SP je Heiligtum/Festung (SA/SH); am Rundenende: 1 Arbeiter je 2 Schritte auf AIR (Luft).
        [SCORE8] 3 SP je Handelshaus (TP); am Rundenende: 1 Spaten je 4 Schritte auf AIR (Luft).
        [SCORE9] 4 SP je Tempel (TE); am Rundenende: 2 Münzen je Priester, der zu einem Kult entsandt wurde.
        [ACT1] Baue eine Brücke.
        [ACT2] Nimm 1 Priester.
        [ACT3] Nimm 2 Arbeiter.
        [ACT4] Nimm 7 Münzen.
        [ACT5] Ein kostenloser Spaten (umwandeln und bauen).
       *[ACT6] Zwei kostenlose Spaten (umwandeln und bauen).
    }
ability = { $faction ->
        [alchemists] Tausche jederzeit in deinem Zug 1 SP gegen 1 Münze oder 2 Münzen gegen 1 SP.
        [chaosmagicians] Du beginnst mit nur einem Wohnhaus, das du nach allen anderen Start-Wohnhäusern einsetzt. Jeder Tempel und jedes Heiligtum bringt zwei Gunstplättchen statt einem.
        [cultists] Nimmt mindestens ein Nachbar Macht von deinem Gebäude, rückst du 1 Feld auf einer Kultskala deiner Wahl vor; lehnen alle ab, bekommst du stattdessen 1 Macht.
        [darklings] Du bezahlst Spaten mit Priestern statt mit Arbeitern: 1 Priester je Spaten, und jeder bringt 2 SP. Keine Spatenleiste.
        [dwarves] Beim Umwandeln und Bauen überspringst du ein Land- oder Flussfeld für 2 Arbeiter (1 nach der Festung); jedes Mal 4 SP. Keine Schifffahrt. Zählt bei der Gebietswertung am Spielende.
        [engineers] Als Aktion (beliebig oft pro Runde) bezahlst du 2 Arbeiter und baust eine Brücke.
        [fakirs] Beim Umwandeln und Bauen überspringst du Land- oder Flussfelder bis zur Teppichreichweite für 1 Priester; jedes Mal 4 SP. Keine Schifffahrt. Zählt bei der Gebietswertung am Spielende.
        [giants] Jede Landschaft wird mit genau 2 Spaten zu deiner Heimatlandschaft; ein einzelner Spaten (aus einem Kultbonus) verfällt.
        [halflings] Jeder Spaten, den du einsetzt, bringt 1 SP, egal woher er stammt.
        [mermaids] Eine Stadt darf über ein Flussfeld zwischen deinen Gebäuden hinweg gegründet werden; das Stadtplättchen liegt auf diesem Flussfeld.
        [nomads] Du beginnst mit drei Wohnhäusern; das dritte setzt du nach allen zweiten Wohnhäusern ein, vor den Chaos Magicians.
        [swarmlings] Jede Stadt, die du gründest, bringt 3 Arbeiter mehr.
       *[witches] Jede Stadt, die du gründest, bringt 5 SP mehr.
    }
card-hint = BON3, FAV8, TW5, SCORE2, ACT6 oder ein Volk (witches)

is-river = { $hex } ist ein Flussfeld.
has-building = Auf { $hex } steht ein Gebäude.
has-building-already = Auf { $hex } steht schon ein Gebäude.
is-terrain-already = { $hex } ist schon { $terrain ->
        [yellow] eine Wüste (yellow)
        [brown] eine Ebene (brown)
        [black] ein Sumpf (black)
        [blue] ein See (blue)
        [green] ein Wald (green)
        [gray] ein Gebirge (gray)
       *[red] ein Ödland (red)
    }.
is-not-terrain = { $hex } ist { $terrain ->
        [yellow] keine Wüste (yellow)
        [brown] keine Ebene (brown)
        [black] kein Sumpf (black)
        [blue] kein See (blue)
        [green] kein Wald (green)
        [gray] kein Gebirge (gray)
       *[red] kein Ödland (red)
    }.
not-reachable = { $hex } ist für { $faction } nicht erreichbar.
all-dwellings-built = Alle 8 Wohnhäuser stehen schon auf dem Spielplan.
upgrade-wrong = { $to } wird auf einem { $need } gebaut, auf { $hex } steht: { $have }
upgrade-empty = { $hex } ist leer: { $to } wird auf einem eigenen { $need } gebaut.
upgrade-not-yours = Auf { $hex } steht { $building ->
        [D] ein Wohnhaus
        [TP] ein Handelshaus
        [TE] ein Tempel
        [SH] eine Festung
       *[SA] ein Heiligtum
    } der { $faction }, nicht eins von deinen.
none-left = { $building ->
        [TP] Kein Handelshaus (TP)
        [TE] Kein Tempel (TE)
        [SH] Keine Festung (SH)
       *[SA] Kein Heiligtum (SA)
    } mehr übrig.
tile-none-left = Kein { $kind ->
        [FAV] Gunstplättchen FAV
       *[TW] Stadtplättchen TW
    }{ $n } mehr übrig.
cult-spades-no-top-up = Die Spaten des Kultbonus lassen sich nicht mit bezahlten Spaten aufstocken.
spades-second-hex = Die Spaten einer Aktion gehen auf ein einziges Landschaftsfeld, ihr Wohnhaus ebenso: { $a }, dann { $b } (nur Spaten, die ihr auf einmal erhaltet – durch ACT6 oder die Festung der Halblinge –, dürfen auf ein zweites Feld).
spades-left-over = Die Spaten einer Aktion gehen auf ein einziges Landschaftsfeld; auf ein weiteres Feld dürfen nur übrige von auf einmal erhaltenen Spaten, keine bezahlten: { $hex } braucht { $need }, übrig { $left ->
        [one] ist 1
       *[other] sind { $left }
    }.
spades-one-hex-home = Die Spaten einer Aktion gehen auf ein einziges Landschaftsfeld; auf einmal erhaltene Spaten dürfen nur dann auf ein weiteres Feld, wenn ein Feld weniger braucht, um { $terrain } zu werden: { $hexes } wären nicht { $terrain }.
spades-dwelling-there = Die Spaten einer Aktion gehen auf ein einziges Landschaftsfeld, ihr Wohnhaus auf ein damit umgewandeltes Feld, nicht auf { $hex }.
ride-no-transform = Der Hexenritt baut auf einem Feld, das schon Wald ist, ohne Umwandeln.
ride-on-forest = Der Hexenritt baut auf Wald.
sandstorm-adjacent = Der Sandsturm braucht ein Feld direkt neben einem Gebäude der Nomaden (nicht über den Fluss oder über eine Brücke), nicht { $hex }.
giants-home-only = Riesen wandeln nur in ihre Heimatlandschaft um.
cannot-advance-shipping = { $faction } können ihre Schifffahrt nicht verbessern.
cannot-advance-dig = { $faction } können auf der Spatenleiste nicht vorrücken.
bridge-needs-action = Eine Brücke braucht die Brücken-Machtaktion oder die Aktion der Ingenieure.
no-bridge-spot = Zwischen { $a } und { $b } passt keine Brücke.
bridge-needs-building = Eine Brücke braucht an einem Ende eines deiner Gebäude.
all-bridges-built = Alle { $n } Brücken liegen schon auf dem Spielplan.
bridge-already = Zwischen { $a } und { $b } liegt schon eine Brücke.
bridge-costs = Eine Brücke kostet 2 Arbeiter.

no-cult-track = Es gibt keine Kultskala { $cult }.
no-priest = { $faction } haben keinen Priester zum Entsenden.
no-cult-space = Auf { $cult } ist kein { $n }er-Feld mehr frei.
no-cult-steps = { $faction } haben { $n ->
        [one] keinen Kultschritt
       *[other] keine { $n } Kultschritte
    } zu setzen.
minus-cult = -CULT lehnt einen Schritt eines im selben Zug genommenen Stadtplättchens ab.
tiles-owed = { $faction } müssen in diesem Zug noch { $n } { $kind ->
        [town] Stadtplättchen
       *[favor] Gunstplättchen
    } nehmen (+TW… / +FAV…).
taken-by-passing = { $tile } nimmt man beim Passen.
ordination = Priesterweihe: bis zu 3 Arbeiter, direkt nach dem Bau der Festung.
cannot-take = { $faction } können { $space } nicht nehmen.
action-used = { $space } wurde in dieser Runde schon genutzt.
action-taken = { $space } ist in dieser Runde schon besetzt.
no-favor-earned = { $faction } haben kein Gunstplättchen verdient (ein Tempel oder Heiligtum bringt eines).
has-tile-already = { $faction } haben { $tile } schon.
no-town-founded = { $faction } haben keine Stadt gegründet, für die sie { $tile } nehmen könnten.
keys-short = { $n } Kultskalen würden mit { $keys } { $keys ->
        [one] Stadtschlüssel
       *[other] Stadtschlüsseln
    } die 10 erreichen: Lehne zuerst einen Schritt ab ({ $steps }).
last-pass-no-card = In der letzten Runde nimmt man beim Passen keine Rundenbonuskarte (einfach 'pass').
card-not-on-offer = { $card } liegt nicht zur Auswahl aus.
pass-takes-card = Wer vor der letzten Runde passt, nimmt eine Rundenbonuskarte.
passed-already = { $faction } haben schon gepasst.
mermaids-only = Nur die Meerjungfrauen gründen Städte über ein Flussfeld hinweg.
river-not-between = { $river } liegt nicht zwischen zwei Gebäuden der Meerjungfrauen.
connect-no-town = connect { $river } gründet keine Stadt: Die Meerjungfrauen verbinden über ein Flussfeld nur, um eine Stadt zu gründen.
not-in-game = { $faction } spielen in dieser Partie nicht mit.
turn-of = { $who } sind am Zug, nicht { $faction }.
one-action = Eine Aktion pro Zug (in diesem Zug: { $n }).
after-passing = Nach dem Passen gibt es in dieser Runde keine Aktionen mehr.
written-by-engine = { $what } schreibt das Spiel selbst, das spielt man nicht.

bowl-three-short = { $faction } haben { $have } Macht in Schale III, brauchen { $need }.
burn-short = { $n } zu verbrennen braucht { $need } Macht in Schale II.
cannot-pay = { $faction } können { $n } { $res ->
        [coins] { $n ->
            [one] Münze
           *[other] Münzen
        }
        [workers] Arbeiter
        [priests] Priester
        [vp] SP
       *[power] Macht
    } für { $what ->
        [spade] einen Spaten
        [D] ein Wohnhaus
        [TP] ein Handelshaus (TP)
        [TE] einen Tempel (TE)
        [SH] eine Festung (SH)
        [SA] ein Heiligtum (SA)
        [shipping] die Schifffahrt
        [spade-track] die Spatenleiste
        [tunnelling] den Tunnelbau
        [carpet] den Teppichflug
       *[other] das
    } nicht bezahlen.
power-buys = { $give } Macht kaufen { $n } { $res }.
no-conversion = Es gibt keinen Tausch von { $give } in { $get }.
conversion-rate = { $give } in { $get } tauscht man { $a }:{ $b }.
has-not = { $faction } haben keine { $n } { $res }.
no-offer = { $source ->
        [none] Den { $faction } wird keine Macht angeboten.
       *[other] Den { $faction } wird keine Macht von { $source } angeboten.
    }
offered-less = { $source } haben { $n } Macht angeboten, nicht { $m }.
all-or-nothing = Alles oder nichts: Nimm die { $n } Macht, die { $source } anbieten{ $fits ->
        [0] {""}
       *[other] {" "}(oder die { $fits }, die passen)
    }, oder lehne ab.

not-land-hex = '{ $token }' ist kein Landschaftsfeld: erwartet werden eine Reihe A…I und eine Spalte 1…13 (z. B. E7).
not-river-hex = '{ $token }' ist kein Flussfeld: erwartet wird r0…r35 (z. B. r16).
not-a-tile = '{ $token }' ist kein Plättchen: erwartet wird { $count ->
        [1] { $e1 }
        [2] { $e1 } oder { $e2 }
       *[3] { $e1 }, { $e2 } oder { $e3 }
    }.
not-a-faction = '{ $token }' ist kein Volk: erwartet wird eines von { $known }.
not-a-cult = '{ $token }' ist keine Kultskala: erwartet wird FIRE, WATER, EARTH oder AIR.
usage = Schreibweise: { $msg_form }
usage-after = { $msg_problem } Schreibweise: { $msg_form }
usage-form = { $verb ->
        [build] `build <Feld>` (z. B. `build E7`)
        [upgrade] `upgrade <Feld> to TP|TE|SH|SA` (z. B. `upgrade F3 to TP`)
        [transform] `transform <Feld> [to <Farbe>]` (z. B. `transform E6 to yellow`; Farben: yellow, brown, black, blue, green, gray, red)
        [dig] `dig <Spaten>` (z. B. `dig 1`)
        [send] `send p to FIRE|WATER|EARTH|AIR [for <n>]` (z. B. `send p to FIRE`)
        [advance] `advance ship|dig`
        [action] `action <Aktionsfeld>` (z. B. `action ACT1`; Aktionsfelder: ACT1, ACT2, ACT3, ACT4, ACT5, ACT6, ACTA, ACTC, ACTE, ACTG, ACTN, ACTS, ACTW, BON1, BON2, FAV6)
        [convert] `convert <n><Ressource> to <n><Ressource>` (z. B. `convert 2PW to 2C`; Ressourcen: PW, C, W, P, VP)
        [burn] `burn <n>` (z. B. `burn 3`)
        [pass] `pass [BON1…BON10]` (z. B. `pass BON3`)
        [leech] `leech <n> [from <Volk>]` (z. B. `leech 2 from witches`)
        [decline] `decline [<n> [from <Volk>]]` (z. B. `decline 2 from witches`)
        [bridge] `bridge <Feld>:<Feld>` (z. B. `bridge F4:G3`)
        [connect] `connect <Flussfeld>` (z. B. `connect r16`)
        [take] `+<Plättchen> | +<n><Plättchen> | +<Kult> | +<n><Kult> | -<Kult>` (z. B. `+FAV8`, `+TW5`, `+2TW3`, `+AIR`, `+2FIRE`)
        [vp] `+<n>vp [for <Grund>]` (z. B. `+8vp for FIRE`)
        [wait] `wait`
        [done] `done`
        [setup] `setup [<Volk>]` (z. B. `setup witches`)
       *[score_resources] `score_resources`
    }
examples = `build E7` · `upgrade F3 to TP` · `transform E6 to yellow` · `dig 1` · `send p to FIRE` · `advance ship` · `action ACT1` · `convert 2PW to 2C` · `burn 3` · `pass BON3` · `leech 2 from witches` · `decline 2 from witches` · `bridge F4:G3` · `connect r16` · `+FAV8` · `+TW5` · `+AIR` · `wait` · `done` – mehrere in einem Zug, durch '.' verbunden
not-a-number = '{ $token }' ist keine Anzahl ({ $what ->
        [spades] Spaten
        [steps] Schritte
        [give] abzugebende Ressourcen
        [get] zu erhaltende Ressourcen
        [burn] zu verbrennende Macht
       *[power] Macht
    }).
number-too-small = Die Anzahl ({ $what ->
        [spades] Spaten
        [steps] Schritte
        [give] abzugebende Ressourcen
        [get] zu erhaltende Ressourcen
        [burn] zu verbrennende Macht
       *[power] Macht
    }) muss mindestens { $min } sein, nicht { $n }.
not-a-resource = '{ $token }' ist keine Ressource.
not-signed = '{ $text }' ist weder ein Plättchen noch ein Kultschritt.
count-at-least-one = '{ $text }': Die Anzahl muss mindestens 1 sein.
minus-only-cult = '{ $text }': Mit '-' lassen sich nur Kultschritte zurücknehmen.
not-tile-or-cult = '{ $name }' ist weder ein Plättchen (FAV1…FAV12, TW1…TW8, BON1…BON10) noch ein Kult (FIRE, WATER, EARTH, AIR).
not-hex-pair = '{ $token }' sind nicht zwei oder drei Landschaftsfelder wie C4:D5.
no-river-touches = Kein Flussfeld grenzt an { $lands }: Nenne das Flussfeld.
not-a-building = '{ $token }' ist kein Gebäude, zu dem man aufwerten kann.
not-a-colour = '{ $token }' ist keine Landschaftsfarbe.
not-a-space = '{ $token }' ist kein Aktionsfeld.
empty-command = Leerer Befehl. Beispiele: { $msg_examples }
empty-move = Leerer Zug. Beispiele: { $msg_examples }
unknown-command = Unbekannter Befehl '{ $verb }'. Beispiele: { $msg_examples }
empty-note = Leere Notiz '[]': Eine Notiz braucht Text, z. B. [opponent accepted power].
takes-nothing = Nach '{ $verb }' kommt nichts mehr (gefunden: '{ $got }').
empty-part = Befehl { $n } des Zugs ist leer: Befehle werden durch einen einzelnen '.' verbunden.
no-commands = Ein Zug hat mindestens einen Befehl.

ledger-no-change = keine Änderung
ledger-round = Runde { $round } beginnt: ihr Einkommen ist oben eingerechnet
ledger-final = { $faction } Schlusswertung: { $msg_parts }
final-part = { $part ->
        [FIRE] Kult FIRE (Feuer)
        [WATER] Kult WATER (Wasser)
        [EARTH] Kult EARTH (Erde)
        [AIR] Kult AIR (Luft)
        [network] größtes Gebiet
       *[resources] Ressourcen
    } { $vp }

import-title = Partie{ $game ->
        [none] {""}
       *[other] {" "}{ $game }
    } von terra.snellman.net, { $msg_where }{ $names ->
        [none] {""}
       *[other] {" "}({ $names })
    }
where = { $stage ->
        [finished] beendet
        [set-up] Aufbau
       *[round] Runde { $round }
    }
import-unknown-faction = Zeile { $line }: unbekanntes Volk '{ $faction }'; hier spielen die 14 Völker des Grundspiels ({ $known }).
import-player-count = Terra Mystica ist für 2–5 Spieler; dieses Protokoll hat { $n } Völker.
import-map = Nicht unterstützter Spielplan '{ $note }': Hier lässt sich nur der Grundspielplan spielen.
import-option = Nicht unterstützte Option '{ $option }': Hier gibt es { $flags } (und übergangen werden { $ignored }).
import-scoring = Der Kopf des Protokolls nennt nicht für jede der Runden 1 bis 6 ein Wertungsplättchen.
import-removed-bonus = Der Kopf nimmt { $n ->
        [one] die Rundenbonuskarte
       *[other] die Rundenbonuskarten
    } { $cards } heraus, die es in dieser Partie nicht gibt.
import-not-a-command = Zeile { $line }: '{ $command }' ist kein Befehl, den dieser Tisch kennt: { $msg_reason }
import-cannot-play = Zeile { $line }: { $faction } '{ $command }' lässt sich hier nicht spielen: { $msg_reason }
import-line = Zeile { $line }: '{ $text }': { $msg_reason }
ledger-bad-delta = Zeile { $line }: Die Änderung { $column } '{ $cell }' ist keine Zahl wie +2 oder -1.
ledger-bad-value = Zeile { $line }: erwartet '{ $form }', gefunden '{ $cell }'.
ledger-no-faction = Zeile { $line }: Eine Zeile beginnt mit ihrem Volk; die erste Spalte ist leer.
ledger-bad-leech = Zeile { $line }: Die Machtangebote '{ $cell }' sind keine Zahlen wie '2 1'.
ledger-columns = Zeile { $line }: Eine Zeile hat { $n } durch TAB getrennte Spalten (faction, ΔVP, VP, ΔC, C, ΔW, W, ΔP, P, ΔPW, PW, Δcult, cults, leech, command); diese hat { $got }.
not-a-ledger = Kein Protokoll: keine Zeile mit 15 durch TAB getrennten Spalten (faction … command).

## Die Zeilen des Wertungsblatts (/status, das Ergebnis)
score-label = { $part ->
        [faction] Volk
        [during] während der Partie
        [FIRE] Kult FIRE (Feuer)
        [WATER] Kult WATER (Wasser)
        [EARTH] Kult EARTH (Erde)
        [AIR] Kult AIR (Luft)
        [network] größtes Gebiet
        [resources] Ressourcen
       *[vp] SP
    }

## /guide: das Ziel, ein Spielzug, die häufigen Aktionen und die Kennungen in Texten und Bildern
guide-goal = Wer nach sechs Runden die meisten Siegpunkte hat, gewinnt: auf der Heimatlandschaft bauen, das Wertungsplättchen jeder Runde nutzen, auf den vier Kultskalen aufsteigen, Städte gründen; am Ende zählen auch das größte zusammenhängende Gebiet und die Mehrheiten auf den Kultskalen.
guide-turn = Jede Runde: Einkommen, dann macht reihum jeder eine Aktion (bauen, umwandeln, ausbauen, einen Priester schicken, aufwerten, eine Macht- oder Sonderaktion, oder passen und eine Rundenbonuskarte nehmen), bis alle gepasst haben; Tauschen und Macht verbrennen sind frei. Wer neben anderen baut, lässt sie Macht nehmen (leech). Am Rundenende bringt das Wertungsplättchen seinen Kultbonus.
guide-build = ein Wohnhaus auf ein Feld deiner Heimatlandschaft neben deinen Gebäuden bauen
guide-transform = ein Feld mit Spaten zu deiner Heimatlandschaft umwandeln, meist gefolgt vom Bauen
guide-upgrade = ein Gebäude ausbauen: Wohnhaus zu Handelshaus (TP), TP zu Tempel (TE) oder Festung (SH), TE zu Heiligtum (SA)
guide-send = einen Priester auf eine Kultskala schicken
guide-advance = auf der Schifffahrtsleiste oder beim Umwandeln (Spaten) aufwerten
guide-action = eine Machtaktion (ACT1–ACT6), die Sonderaktion einer Rundenbonuskarte oder eines Volks
guide-convert = Rohstoffe tauschen (frei, jederzeit im eigenen Zug)
guide-burn = Macht verbrennen: Steine aus Schale II entfernen, um andere in Schale III zu legen (frei)
guide-pass = für diese Runde passen und eine Rundenbonuskarte für die nächste nehmen
guide-leech = die angebotene Macht nehmen, wenn ein Nachbar baut (kostet Siegpunkte)
guide-decline = die angebotene Macht ablehnen
guide-pick = zu Beginn dein Volk wählen
guide-term-bon = eine Rundenbonuskarte (BON1–BON10): beim Passen genommen, bringt Einkommen und manchmal eine Aktion
guide-term-fav = ein Gunstplättchen (FAV1–FAV12): mit Tempel oder Heiligtum genommen, Kultschritte und eine Fähigkeit
guide-term-tw = ein Stadtplättchen (TW1–TW8): beim Gründen einer Stadt genommen
guide-term-score = ein Wertungsplättchen (SCORE1–SCORE9): was in seiner Runde Siegpunkte bringt, und der Kultbonus danach
guide-term-act = eine Machtaktion auf dem Spielplan (ACT1–ACT6), bezahlt mit Macht aus Schale III
guide-term-act-faction = die Sonderaktion eines Volks (ACTW: Witches, ACTN: Nomads, …)
guide-term-faction = ein Volk, benannt wie auf terra.snellman.net (witches, chaosmagicians, …)
guide-term-hex = ein Landfeld des Spielplans: Reihe A–I, Nummer in der Reihe
guide-term-river = ein Flussfeld (r0–r…), für die Mermaids und Brücken
guide-term-cult = eine Kultskala: FIRE, WATER, EARTH, AIR
guide-term-building = ein Gebäude: D Wohnhaus, TP Handelshaus, TE Tempel, SH Festung, SA Heiligtum
guide-term-resource = eine Menge: C Münzen, W Arbeiter, P Priester, PW Macht, VP Siegpunkte (2PW: 2 Macht)

## The table's options (/newgame options, /rules)
option-setup = `variable`: Die Völker werden in umgekehrter Sitzreihenfolge gewählt; `first-game`: eine feste Aufstellung
option-factions = Völker nach Platz, z. B. witches/nomads (dann wird nicht gewählt)
option-scoring = Wertungsplättchen der Runden 1–6, z. B. SCORE1/SCORE5/…
option-flags = Optionen von terra.snellman.net, z. B. `variable-turn-order`
option-bonus = Rundenbonuskarten im Spiel, Spielerzahl + 3 aus BON1..BON10, z. B. BON1/BON2/… (leer: gezogen)
skip-pass-bonus = { $player } passt für diese Runde und nimmt { $card } (die Rundenbonuskarte mit den meisten Münzen: { $coins }).
skip-pass-last = { $player } passt für den Rest der Partie.
