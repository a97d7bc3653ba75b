# Terramara auf Deutsch: Wortschatz und Darstellung (Rohstoffe und Mengen, Effekte in Worten,
# Karten und Plättchen für /card, die private Sicht eines Stammes für /hand, die Zeilen des
# Wertungsblocks, das Aktionsmenü, Entscheidungen und Gewinne). Die Wörter folgen der deutschen
# Spielregel (Häuptling, Kundschafter, Krieger, Vieh/Stein/Holz/Erz, Leder/Steinquader/Nutzholz/
# Metall, Militär, Kultur, Reise, SP, Karren, Außenposten, Banner, Person, Startkarte). Ids, die
# Notation und die Namen der Personen bleiben, wie sie sind.

## Rohstoffe und Leisten

item = { $r ->
    [cattle] Vieh
    [stone] Stein
    [wood] Holz
    [ore] Erz
    [leather] Leder
    [cut_stone] Steinquader
    [lumber] Nutzholz
    [metal] Metall
    [military] Militär
    [culture] Kultur
    [travel] Reise
    [vp] SP
    [any_raw] unverarbeitete Rohstoffe deiner Wahl
   *[any_processed] verarbeitete Rohstoffe deiner Wahl
}
amount = { $n } { $what ->
    [cattle] Vieh
    [stone] Stein
    [wood] Holz
    [ore] Erz
    [leather] Leder
    [cut_stone] Steinquader
    [lumber] Nutzholz
    [metal] Metall
    [military] Militär
    [culture] Kultur
    [travel] Reise
    [vp] SP
    [any_raw] { $n ->
        [one] unverarbeiteten Rohstoff
       *[other] unverarbeitete Rohstoffe
    } deiner Wahl
   *[any_processed] { $n ->
        [one] verarbeiteten Rohstoff
       *[other] verarbeitete Rohstoffe
    } deiner Wahl
}
nothing = nichts
category = { $category ->
    [tools] Werkzeuge
    [weapons] Waffen
    [pottery] Töpferwaren
   *[clothing] Kleidung
}
terrain = { $terrain ->
    [meadow] Wiese
    [quarry] Steinbruch
    [forest] Wald
   *[mountain] Gebirge
}
colour = { $colour ->
    [red] rot
    [yellow] gelb
    [green] grün
   *[blue] blau
}

## Woher ein Effekt kommt (in Klammern nach Ereignissen und Aufforderungen)

source-start-card = Startkarte { $id }
source-bonus-tile = Bonusplättchen { $id }
source-character = Person { $id }
source-first-player = Startspielerkarte
source-first-player-back = Startspielerkarte (Rückseite)
source-first-player-position = Startspielerkarte, Position { $position }
source-raid-by = Raubzug von Platz { $seat }
source-hut = Hütte
source-turn = Zug
source-raiding = Raubzug
source-joining = Beitritt zu einem besetzten Feld
source-gain-culture = Kulturgewinn
source-gain-travel = Reisegewinn
source-chief-placed = Häuptling eingesetzt
source-crossroad-placed = Figur auf einer Kreuzung
source-banner-placed = Banner gesetzt
source-cart-crossroad = Karren an einer Kreuzung
source-craft = Herstellen
source-raid = Raubzug
source-on-the-cost = { $msg_resource } in den Kosten

## Die aufgedruckten Namen der Aktionsfelder

space-label = { $label ->
    [hire-worker] Arbeiter anheuern
    [improve] Fähigkeiten verbessern
    [travel-road] Die Straße bereisen
    [improve-or-travel] Fähigkeiten verbessern oder die Straße bereisen
    [go-raiding] Auf Raubzug gehen
    [become-first] Startspieler werden
    [raid-and-first] Auf Raubzug gehen und Startspieler werden (beliebige Reihenfolge)
    [timber-market] Holzmarkt
    [travelling-craftsmen] Wandernde Handwerker
    [bronze-traders] Bronzehändler
    [smelting-camp] Schmelzlager
    [carpenters-guild] Zimmermannsgilde
    [market-town] Marktflecken
    [weapon-smiths] Waffenschmiede
    [mountain-pass] Gebirgspass
    [council-of-elders] Ältestenrat
    [river-landing] Flusshafen
    [caravan-depot] Karawanendepot
   *[war-camp] Kriegslager
}

## Die aufgedruckten Texte (Bonusplättchen, Personenkarten)

bonus-tile-text = { $tile ->
    [B1-1] Erhalte 1 Kultur.
    [B1-2] Erhalte 1 Erz und 1 Vieh.
    [B1-3] Erhalte 1 Holz und 1 Stein.
    [B1-4] Tausche 1 unverarbeiteten Rohstoff gegen 4 SP.
    [B1-5] Tausche 1 unverarbeiteten Rohstoff gegen 2 Militär.
    [B1-6] Erhalte 1 verarbeiteten Rohstoff deiner Wahl.
    [B2-1] Erhalte 1 Steinquader und 1 Kultur.
    [B2-2] Erhalte 1 Metall und 1 Militär.
    [B2-3] Erhalte 1 Leder und 1 Reise.
    [B2-4] Erhalte 1 Erz, 1 Vieh, 1 Holz und 1 Stein.
    [B2-5] Tausche 1 unverarbeiteten Rohstoff gegen 2 Kultur oder 2 Reise oder 3 Militär.
    [B2-6] Tausche 1 unverarbeiteten Rohstoff gegen 1 verarbeiteten Rohstoff deiner Wahl und 1 Nutzholz.
    [B3-1] Erhalte 2 Militär und 1 Kultur.
    [B3-2] Stelle 1 Artefakt her; du darfst unverarbeitete statt verarbeiteter Rohstoffe bezahlen.
    [B3-3] Gehe auf Raubzug, ohne Militär zu verlieren.
    [B3-4] Tausche 2 unverarbeitete Rohstoffe gegen 5 SP.
    [B3-5] Erhalte 2 verarbeitete Rohstoffe deiner Wahl.
   *[B3-6] Nimm 2 Krieger für diese Runde.
}
character-young = { $character ->
    [C1] Erhalte sofort 1 Reise. Immer wenn du mindestens 1 Reise erhältst, erhältst du 1 weitere.
    [C2] Erhalte sofort 1 Kultur. Immer wenn du mindestens 1 Kultur erhältst, erhältst du 1 weitere.
    [C3] Du verlierst nie Militär (außer wo eine Karte oder ein Feld dich Militär eintauschen lässt).
    [C4] Immer wenn du ein Artefakt herstellst, darfst du bis zu 2 unverarbeitete Rohstoffe statt ihrer verarbeiteten Form verwenden.
    [C5] Dein Stamm erhält einen zusätzlichen Kundschafter (den du wieder abgibst, wenn du diese Karte umdrehst).
    [C6] Nimm alle übrigen Bonusplättchen. Einmal pro Runde nutzt du eines (Runde 1 nur Stufe 1, Runde 2 Stufe 1–2, danach jede); genutzte Plättchen verlassen das Spiel.
   *[C7] Nimm ein übriges Wald/Gebirge- und ein Wiese/Steinbruch-Territorium der Stufe 1, Rückseite nach oben. Du darfst dieses Kreuzungsaktionsfeld immer nutzen; sein Außenposten wird bei Spielende gewertet.
}
character-old = { $character ->
    [C1] Immer wenn einer deiner Karren eine Kreuzung erreicht oder passiert, erhältst du 2 SP.
    [C2] Immer wenn du mindestens 1 Kultur erhältst, erhältst du 2 SP.
    [C3] Einmal pro Runde erhältst du in deinem Zug so viele SP, wie deine Machtstufe beträgt.
    [C4] Immer wenn du ein Artefakt der Stufe 1 oder 2 herstellst, erhältst du 2 SP, bei Stufe 3 erhältst du 3 SP.
    [C5] Immer wenn du deinen Häuptling auf ein Feld mit dem Kundschafter eines anderen Spielers schickst, erhältst du 3 SP; auf ein freies Feld 5 SP.
    [C6] Immer wenn du ein Banner auf einen Außenposten setzt, erhältst du 4 SP.
   *[C7] Immer wenn du einen Kundschafter oder deinen Häuptling auf ein Kreuzungsaktionsfeld schickst, erhältst du 2 SP. Dein persönlicher Außenposten wird trotzdem gewertet.
}

## Effekte in Worten (Karten, Felder, Entscheidungen): Infinitivsätze

atoms-then = {", dann "}
gain-per = { $per ->
    [stronger_opponent] Mitspieler mit mehr Militär als du (neutrale Marker zählen nicht)
    [power_level] Machtstufe, die du hast
    [worker] Arbeiter, den du hast
    [banner] Banner, das du gesetzt hast
   *[crafted_artifact] Artefakt, das du hergestellt hast
}
effects-now = Sofort: { $msg_effects }
effects-always = Immer: { $msg_effect }
effects-once-per-round = Einmal pro Runde (`use`): { $msg_effects }

modifier-raid-power = du gehst auf Raubzug, als wäre deine Machtstufe um { $n } höher (höchstens 4)
modifier-join-equal = du darfst einen Kundschafter zum einzelnen Kundschafter eines anderen mit gleichem Militär schicken und verlierst dann kein Militär
modifier-discount-each-type = Herstellen kostet { $n } weniger von jeder Rohstoffart der Kosten
modifier-discount = Artefakte der Art { $msg_category } kosten { $msg_amount } weniger
modifier-vp-per-cost-icon = immer wenn du ein Artefakt herstellst (ab dem nächsten), erhältst du 1 SP pro { $msg_resource }-Symbol in dessen aufgedruckten Kosten
modifier-never-lose-military = du verlierst nie Militär durch Raubzüge oder Beitreten (Militär in einem Tausch abzugeben kostet es trotzdem)
modifier-extra-on-gain = immer wenn du { $msg_resource } erhältst, erhältst du { $n } mehr (nicht durch Startkarten)
modifier-raw-as-processed = beim Herstellen { $n ->
        [one] darf 1 unverarbeiteter Rohstoff seine
       *[other] dürfen bis zu { $n } unverarbeitete Rohstoffe ihre
    } verarbeitete Form ersetzen
modifier-extra-scout = { $n ->
        [one] 1 zusätzlicher Kundschafter
       *[other] { $n } zusätzliche Kundschafter
    } (abzugeben, wenn die Person alt wird)
modifier-personal-bonus-tiles = die übrigen Bonusplättchen gehören dir: Nutze eines pro Runde (`bonus`), höchstens von der Stufe der Rundenzahl
modifier-personal-crossroad = ein persönliches Kreuzungsaktionsfeld (`X-own`) von einem übrigen Wald/Gebirge-Territorium der Stufe 1
modifier-personal-outpost = ein persönlicher Außenposten, der bei Spielende gewertet wird, als stünde dein Banner darauf

trigger = Immer wenn { $msg_when }: { $msg_gain } erhalten
trigger-when = { $on ->
    [gain_culture] du Kultur erhältst
    [gain_travel] du Reise erhältst
    [cart_crossroad] einer deiner Karren eine Kreuzung erreicht oder passiert
    [craft] du ein Artefakt herstellst
    [chief_placed] du deinen Häuptling auf ein Aktionsfeld schickst
    [banner_placed] du ein Banner auf einen Außenposten setzt
    [crossroad_placed] du deinen Häuptling oder einen Kundschafter auf ein Kreuzungsaktionsfeld schickst
   *[raid] du auf Raubzug gehst
}
trigger-craft-level = du ein Artefakt der Stufe { $levels } herstellst
trigger-craft-level-category = du ein Artefakt der Stufe { $levels } der Art { $msg_category } herstellst
trigger-craft-category = du ein Artefakt der Art { $msg_category } herstellst
trigger-join-scout = du deinen Häuptling zum einzelnen Kundschafter einer anderen Farbe schickst
trigger-empty-space = du deinen Häuptling auf ein leeres Aktionsfeld schickst

game-end = Spielende: { $vp } SP pro { $msg_per }
game-end-per = { $per ->
    [crafted_artifact] hergestelltem Artefakt
    [banner] Banner auf einem Außenposten
    [worker] Arbeiter
    [worker_level] Arbeiterstufe (die Stufen deiner Arbeiter zusammengezählt)
    [power_level] Machtstufe
    [cart_at_camp] Karren im Lager
    [river_step_pair] 2 Kultur (Flussfelder)
   *[resource_set] Satz der 4 verarbeiteten Rohstoffe (Leder, Steinquader, Nutzholz, Metall)
}
game-end-per-category = hergestelltem Artefakt der Art { $msg_category }
game-end-per-level = hergestelltem Artefakt der Stufe { $level }

requirement-none = keine
requirement-worker-levels = die Stufen deiner Arbeiter ergeben zusammen { $n }+
requirement-river = Kanu auf Flussfeld { $n }+
requirement-military = Militär { $n }+
requirement-road = beide Karren auf { $node } oder weiter
requirement-crafted = { $n }+ hergestellte Artefakte der Art { $msg_category }

space = ({ $size ->
        [small] klein
       *[large] groß
    }{ $single ->
        [yes] , nur ein Mitglied
       *[no] {""}
    }): { $msg_effects }
space-named = „{ $msg_name }“ ({ $size ->
        [small] klein
       *[large] groß
    }{ $single ->
        [yes] , nur ein Mitglied
       *[no] {""}
    }): { $msg_effects }
space-special = { $msg_space } — Sonderaktionsfeld, nur in Runde 5, verlangt: { $msg_requirement }

## /card: Komponenten erklärt

card-artifact = **{ $id }** — Artefakt, Stufe { $level }, { $msg_category }, { $vp } SP
card-cost = Kosten: { $msg_cost }
card-no-effect = Keine Wirkung (dafür mehr SP).
card-character = **{ $id } { $name }** — Person
card-young-side = Junge Seite: { $msg_text }
card-old-side = Alte Seite: { $msg_text }
card-bonus-tile = **{ $id }** — Bonusplättchen, Stufe { $level }
card-start-card = **{ $id }** — Startkarte
card-gives = Gibt: { $msg_gives }
card-workers = Arbeiter: { $msg_levels }
card-worker-level = Stufe { $n }
card-territory = **{ $id }** — Territorium, { $msg_terrain } ({ $column ->
        [left] linke
       *[right] rechte
    } Spalte), Stufe { $level }
card-territory-space = Feld { $n } { $msg_space }
card-territory-crossroad = Rückseite (Kreuzungsaktionsfeld, sobald die Reihe umgedreht ist): { $msg_space }
card-territory-outpost = Rückseite (Außenposten, sobald die Reihe umgedreht ist): { $outpost }
card-outpost = **{ $id }** — Außenposten, Stufe { $level }; bei Spielende zählt ein Banner hier die beste erfüllte Bedingung:
card-outpost-tier = { $n } SP: { $msg_requirement }

## /hand: die private Sicht eines Stammes

hand-seat = Platz { $n }
hand-heading = **Stamm von { $msg_name }** ({ $msg_colour }, Platz { $n }) — { $msg_phase }
hand-raw = Unverarbeitet: { $cattle } Vieh, { $stone } Stein, { $wood } Holz, { $ore } Erz
hand-processed = Verarbeitet: { $leather } Leder, { $cut_stone } Steinquader, { $lumber } Nutzholz, { $metal } Metall
hand-tracks = Militär { $military } (Machtstufe { $power }), Kultur { $culture }, SP-Plättchen { $vp }
hand-worker = w{ $i } Stufe { $level } ({ $used ->
        [yes] schon genutzt
       *[no] ungenutzt
    })
hand-workers = Arbeiter: { $msg_workers }
hand-workers-none = Arbeiter: keine
hand-at-home = Zu Hause ({ $members } { $members ->
        [one] Mitglied
       *[other] Mitglieder
    } zum Losschicken): { $chief ->
        [home] Häuptling
       *[out] Häuptling (unterwegs)
    }, { $scouts } von { $total } Kundschaftern, { $warriors } Krieger
hand-carts = Karren: { $carts }
hand-character = Person { $id } { $name }, { $side ->
        [old] alte
       *[young] junge
    } Seite: { $msg_text }
hand-start-card = Startkarte: { $id }
hand-artifacts = Hergestellte Artefakte:
hand-artifacts-none = Hergestellte Artefakte: keine
hand-artifact = • { $id } — Stufe { $level }, { $msg_category }, { $vp } SP{ $used ->
        [yes] {" "}(in dieser Runde genutzt)
       *[no] {""}
    }: { $msg_effects }
hand-no-effect = keine Wirkung
hand-reserved = Reserviert (nur du siehst das): { $id } — Stufe { $level }, { $msg_category }, { $vp } SP, Kosten { $msg_cost }; { $msg_effects } — `craft reserved`
hand-reserved-none = Reserviert: nichts
hand-personal-bonus = Persönliche Bonusplättchen{ $used ->
        [yes] {" "}(eines in dieser Runde genutzt)
       *[no] {""}
    }: { $msg_tiles }
hand-personal-crossroad = Persönliches Kreuzungsaktionsfeld (`X-own`): { $id }
hand-personal-outpost = Persönlicher Außenposten: { $id }
hand-banners = Banner: { $ids } ({ $left } übrig)
hand-banners-none = Banner: keine ({ $left } übrig)
hand-score = SP bisher: **{ $score }** ({ $msg_lines })
hand-score-line = { $line ->
    [score-vp-tokens] SP-Plättchen
    [score-artifacts] Artefakte
    [score-game-end] Spielende-Effekte
    [score-military] Militärwertung
    [score-camp] Karren im Lager
    [score-outposts] Außenposten
    [score-reserved] Reserviertes Artefakt
   *[score-resources] Rohstoffe
} { $value }

## Die Zeilen des Wertungsblocks (/status, das Ergebnis)

score-vp-tokens = SP-Plättchen
score-artifacts = Artefakte
score-game-end = Spielende-Effekte
score-military = Militärwertung
score-camp = Karren im Lager
score-outposts = Außenposten
score-reserved = Reserviertes Artefakt
score-resources = Rohstoffe
score-note-resources = unverarbeitete Rohstoffe zählen je ½ SP, verarbeitete je 1 SP

## Das Aktionsmenü und die Ein-Klick-Knöpfe

panel-send = Eine Figur auf ein Aktionsfeld schicken
panel-travel = Reisen
panel-use = Ein Artefakt benutzen
panel-refine = Mit einem Arbeiter verarbeiten
panel-process = Einen Rohstoff verarbeiten
panel-craft = Ein Artefakt herstellen
panel-reserve = Ein Artefakt reservieren
panel-take = Rohstoffe nehmen
panel-swap = Rohstoffe tauschen
panel-give = Rohstoffe abgeben
panel-pay = Rohstoffe bezahlen
panel-flip = Umdrehen
panel-end = Zug beenden
panel-skip = Auslassen

## Entscheidungen: Rohstoffe wählen, verarbeiten, tauschen, eine Möglichkeit wählen, herstellen

choice-gain = { $msg_amount } erhalten
choice-take-only = Nimm nur { $kind ->
        [processed] verarbeitete
       *[raw] unverarbeitete
    } Rohstoffe ({ $names }).
choice-take-at-most = Nimm höchstens { $n }.
choice-process = bis zu { $n } { $n ->
        [one] unverarbeiteten Rohstoff
       *[other] unverarbeitete Rohstoffe
    } verarbeiten
choice-refine-at-most = Verarbeite hier höchstens { $n } { $n ->
        [one] Rohstoff
       *[other] Rohstoffe
    }.
choice-refine-raw-only = Nur unverarbeitete Rohstoffe lassen sich verarbeiten.
choice-refines = { $player } verarbeitet { $msg_items }.
choice-swap = { $n ->
        [one] 1 unverarbeiteten Rohstoff (oder seine verarbeitete Form) gegen einen anderen unverarbeiteten Rohstoff tauschen
       *[other] bis zu { $n } unverarbeitete Rohstoffe (oder ihre verarbeitete Form) gegen je einen anderen unverarbeiteten Rohstoff tauschen
    }
choice-swap-raw = Tausche einen unverarbeiteten Rohstoff (oder seine verarbeitete Form an seiner Stelle) gegen einen anderen unverarbeiteten Rohstoff.
choice-swap-different = Tausche gegen einen anderen unverarbeiteten Rohstoff.
choice-swaps = { $player } tauscht { $msg_give } gegen { $msg_get }.
choice-exchange = { $msg_give } gegen { $msg_get } tauschen{ $times ->
        [1] {""}
       *[other] {" "}(bis zu { $times }×)
    }
choice-give-per-exchange = Gib { $msg_give } pro Tausch ab.
choice-exchange-times = Dieser Tausch geht höchstens { $n }-mal.
choice-exchange-wants = Dieser Tausch verlangt { $msg_give } (ein verarbeiteter Rohstoff darf seine unverarbeitete Form ersetzen).
choice-name-processed = Nenne den verarbeiteten Rohstoff, den du bekommst: `give … for metal`.
choice-nothing-in-return = Hier wählst du nichts als Gegenleistung; lass den Teil „for …“ weg.
choice-gives = { $player } gibt { $msg_items } ab ({ $msg_source }).
choice-choose = eins wählen: { $msg_options }
choice-order-only = Hier geschieht alles; du wählst nur die Reihenfolge: { $msg_examples }.
choice-choose-range = Wähle 1 bis { $n }.
choice-chooses = { $player } wählt: { $msg_option }.
choice-option-first = Wähle zuerst eine Möglichkeit: { $msg_prompt }
choice-craft = ein Artefakt herstellen{ $raw ->
        [yes] {" "}(unverarbeitete Rohstoffe dürfen ihre verarbeitete Form ersetzen)
       *[no] {""}
    }
answer-first = Beantworte zuerst die offene Frage — { $msg_prompt }
declines = { $player } verzichtet ({ $msg_source }).

## Gewinne und Verluste auf den Leisten, die Felder des Flusses, Arbeiterplättchen

gains = { $player } erhält { $msg_what }.
gains-from = { $player } erhält { $msg_what } ({ $msg_source }).
end-of-military-track = { $player } ist am Ende der Militärleiste: stattdessen { $vp } SP.
end-of-river = { $player } ist am Ende des Flusses: stattdessen { $vp } SP.
river-scout = { $player } erreicht Flussfeld { $space }: Ein weiterer Kundschafter schließt sich dem Stamm an.
river-bonus-tile = { $player } erreicht Flussfeld { $space }: Bonusplättchen { $tile } — { $msg_text }
river-reserve = { $player } erreicht Flussfeld { $space }: darf jetzt Artefakte reservieren.
river-discount = { $player } erreicht Flussfeld { $space }: Reservierte Artefakte kosten 1 Rohstoff weniger.
military-protected = { $player } verliert kein Militär ({ $msg_why }): die Person schützt es.
military-lost = { $player } verliert { $n } Militär ({ $msg_why }).
no-worker-left = Im Vorrat ist kein Arbeiterplättchen der Stufe { $level } mehr.
hires-worker = { $player } heuert einen Arbeiter der Stufe { $level } an (w{ $worker }).
skip-end = { $player } beendet den Zug (`end`).
skip-step = { $player } lässt diesen freiwilligen Schritt aus (`skip`).
