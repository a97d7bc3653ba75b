# Carcassonne – Die Jäger und Sammler auf Deutsch. Die Wörter folgen der deutschen Spielregel
# (Landschaftskarte, Bonuskarte, Stammesmitglied, Sammler, Fischer, Jäger, Hütte, Wald, Wiese,
# Fluss, Flusssystem, See, Quelle, Goldklumpen). Karten-Ids (L01, B03, START), die Notation und
# ihre Figurenwörter (gatherer, fisher, hunter, hut, none) bleiben, wie sie sind.

players = { $count ->
    [1] { $p1 }
    [2] { $p1 } und { $p2 }
    [3] { $p1 }, { $p2 } und { $p3 }
    [4] { $p1 }, { $p2 }, { $p3 } und { $p4 }
   *[5] { $p1 }, { $p2 }, { $p3 }, { $p4 } und { $p5 }
}

summary = Klaus-Jürgen Wrede, 2002 (1. Auflage). Ziehe eine Landschaftskarte, lege sie so an, dass jeder Wald, jede Wiese und jeder Fluss weitergeht, und setze einen Sammler, Fischer, Jäger oder eine Hütte darauf. Fertige Flüsse und Wälder werden sofort gewertet (Goldklumpen bringen eine Bonuskarte); Hütten und Jäger zählen erst am Spielende.
panel-draw = Karte ziehen
panel-place = Die Landschaftskarte anlegen
panel-spot = Stelle { $spot }

phase-place = { $player } legt eine Karte ({ $tile }); verdeckt: { $land } { $land ->
        [one] Landschaftskarte
       *[other] Landschaftskarten
    } und { $bonus } { $bonus ->
        [one] Bonuskarte
       *[other] Bonuskarten
    }.
phase-bonus = { $player } legt eine Bonuskarte ({ $tile }); verdeckt: { $land } { $land ->
        [one] Landschaftskarte
       *[other] Landschaftskarten
    } und { $bonus } { $bonus ->
        [one] Bonuskarte
       *[other] Bonuskarten
    }.
phase-over = Partie beendet ({ $msg_reason }); verdeckt: { $land } { $land ->
        [one] Landschaftskarte
       *[other] Landschaftskarten
    } und { $bonus } { $bonus ->
        [one] Bonuskarte
       *[other] Bonuskarten
    }.
reason-last-tile = die letzte Landschaftskarte ist gelegt
reason-no-fit = keine übrige Landschaftskarte passt mehr an
reason-resigned = alle anderen haben aufgegeben

prompt-none = Gerade ist nichts von dir verlangt.
prompt = Lege deine { $bonus ->
        [yes] Bonuskarte
       *[no] Landschaftskarte
    } { $tile } an eine der Stellen 1–{ $spots }, gedreht um 0, 90, 180 oder 270°, und wähle dann eine Figur (Sammler `gatherer`, Fischer `fisher`, Jäger `hunter`, Hütte `hut` oder keine `none`; übrig: { $members } { $members ->
        [one] Stammesmitglied
       *[other] Stammesmitglieder
    }, { $huts } { $huts ->
        [one] Hütte
       *[other] Hütten
    }): z. B. `{ $example }`.

draws = { $player } zieht { $tile } ({ $msg_shows }).
draws-bonus = { $player } zieht die Bonuskarte { $tile } ({ $msg_shows }).
fits-nowhere = { $tile } passt nirgends an und wird aus dem Spiel genommen.
no-bonus-left = Es gibt keine Bonuskarte mehr zu ziehen.
lays = { $player } legt { $tile } ({ $msg_shows }) { $msg_where } an{ $role ->
        [gatherer] {" "}und setzt einen Sammler ein
        [fisher] {" "}und setzt einen Fischer ein
        [hunter] {" "}und legt einen Jäger hin
        [hut] {" "}und baut eine Hütte
       *[none] {""}
    }.
lays-bonus = { $player } legt die Bonuskarte { $tile } ({ $msg_shows }) { $msg_where } an{ $role ->
        [gatherer] {" "}und setzt einen Sammler ein
        [fisher] {" "}und setzt einen Fischer ein
        [hunter] {" "}und legt einen Jäger hin
        [hut] {" "}und baut eine Hütte
       *[none] {""}
    }.
at-position = { $shape ->
        [x] { $dx } { $dx ->
            [one] Karte
           *[other] Karten
        } { $xdir ->
            [east] östlich
           *[west] westlich
        }
        [y] { $dy } { $dy ->
            [one] Karte
           *[other] Karten
        } { $ydir ->
            [north] nördlich
           *[south] südlich
        }
       *[xy] { $dx } { $dx ->
            [one] Karte
           *[other] Karten
        } { $xdir ->
            [east] östlich
           *[west] westlich
        } und { $dy } { $dy ->
            [one] Karte
           *[other] Karten
        } { $ydir ->
            [north] nördlich
           *[south] südlich
        }
    } des Vulkans
shows-forest = Wald
shows-meadow = Wiese
shows-river = Fluss
shows-fish = { $count } { $count ->
        [one] Fisch
       *[other] Fische
    }
shows-gold-nugget = Goldklumpen
shows-mushrooms = Pilzgruppe
shows-deer = { $count } { $count ->
        [one] Hirsch
       *[other] Hirsche
    }
shows-mammoth = { $count } { $count ->
        [one] Mammut
       *[other] Mammuts
    }
shows-aurochs = { $count } { $count ->
        [one] Auerochse
       *[other] Auerochsen
    }
shows-tiger = { $count } { $count ->
        [one] Säbelzahntiger
       *[other] Säbelzahntiger
    }
shows-fire = Feuer
shows-cult-site = Kultstätte
scored-forest = Fertiger Wald aus { $tiles } { $tiles ->
        [one] Waldstück
       *[other] Waldstücken
    }: { players } { $count ->
        [one] erhält
       *[other] erhalten je
    } { $points } { $points ->
        [one] Punkt
       *[other] Punkte
    }.
scored-river = Fertiger Fluss aus { $tiles } { $tiles ->
        [one] Abschnitt
       *[other] Abschnitten
    }: { players } { $count ->
        [one] erhält
       *[other] erhalten je
    } { $points } { $points ->
        [one] Punkt
       *[other] Punkte
    }.
scored-huts = Hütten an einem Flusssystem mit { $fish } { $fish ->
        [one] Fisch
       *[other] Fischen
    }: { players } { $count ->
        [one] erhält
       *[other] erhalten je
    } { $points } { $points ->
        [one] Punkt
       *[other] Punkte
    }.
scored-meadow = Jäger auf einer Wiese aus { $tiles } { $tiles ->
        [one] Karte
       *[other] Karten
    }: { players } { $count ->
        [one] erhält
       *[other] erhalten je
    } { $points } { $points ->
        [one] Punkt
       *[other] Punkte
    }.
game-over = Partie beendet ({ $msg_reason }). { $count ->
        [one] Gewonnen hat
       *[other] Gewonnen haben
    } { players }.
resigned = { $player } hat aufgegeben; die Figuren bleiben auf dem Spielfeld.
lays-instead = Stattdessen legt { $player } die Karte { $tile }.

wrong-player-count = Die Jäger und Sammler ist für { $min }–{ $max } Spieler, nicht für { $players }.
game-is-over = Die Partie ist vorbei.
no-such-seat = Einen Platz { $seat } gibt es nicht.
already-resigned = Du hast schon aufgegeben.
not-your-turn = Du bist nicht am Zug: Gerade ist Platz { $seat } an der Reihe.
no-spot = Eine Stelle { $spot } gibt es nicht: Die Karte passt an die Stellen 1–{ $spots }.
does-not-fit = Um { $rotation }° gedreht passt die Karte nicht an Stelle { $spot }: Jeder Wald, jede Wiese und jeder Fluss, an den sie stößt, muss weitergehen. Dort passt sie gedreht um { $fits } Grad.
huts-placed = Deine beiden Hütten stehen schon auf dem Spielfeld (Hütten bleiben bis zum Spielende).
no-supply = Du hast kein Stammesmitglied mehr im Vorrat: Lege die Karte mit `none` (Stammesmitglieder kehren zurück, wenn ihr Fluss oder Wald fertig ist).
no-zone = { $role ->
        [gatherer] Diese Karte hat keinen Wald: Ein Sammler kommt in einen Wald.
        [fisher] Diese Karte hat keinen Fluss: Ein Fischer kommt an einen Fluss.
        [hunter] Diese Karte hat keine Wiese: Ein Jäger kommt auf eine Wiese.
       *[hut] Diese Karte hat keinen Fluss: Eine Hütte kommt an einen Fluss.
    }
say-which = { $role ->
        [gatherer] Diese Karte hat { $count } Wälder: Sag, welchen
        [hunter] Diese Karte hat { $count } Wiesen: Sag, welche
       *[other] Diese Karte hat { $count } Flüsse: Sag, welchen
    }, z. B. `{ $role } 2` (im Uhrzeigersinn ab der Nordwestecke der Karte nummeriert).
no-part = { $role ->
        [gatherer] Diese Karte hat keinen Wald
        [hunter] Diese Karte hat keine Wiese
       *[other] Diese Karte hat keinen Fluss
    } { $part } (sie hat { $count }).
occupied = { $role ->
        [gatherer] In diesem Wald steht schon ein Sammler
        [fisher] An diesem Fluss steht schon ein Fischer
        [hunter] Auf dieser Wiese liegt schon ein Jäger
       *[hut] An diesem Flusssystem steht schon eine Hütte
    } (über die neue Karte verbunden, egal wie weit entfernt): { $role ->
        [hut] Eine zweite darf nicht dazu.
       *[other] Ein zweiter darf nicht dazu.
    }

not-a-move = Das ist kein Zug: '{ $text }'. Schreib z. B. { $help }.
spot-and-rotation = Gib Stelle und Drehung an: `place <spot> <0|90|180|270>`, z. B. `place 3 90`.
not-a-spot = '{ $word }' ist keine Stellennummer (1, 2, 3, … wie auf dem Spielplan beschriftet).
not-a-rotation = '{ $word }' ist keine Drehung: Schreib 0, 90, 180 oder 270 (Grad im Uhrzeigersinn).
not-a-piece = '{ $word }' ist keine Figur: Schreib `none`, `gatherer`, `fisher`, `hunter` oder `hut`.
too-many-words = Zu viele Wörter nach '{ $word }'.
not-a-part = '{ $word }' ist keine Teilnummer (1, 2, … im Uhrzeigersinn auf der Karte).

## /card: eine Karte in Worten
card = { $id }: { $msg_kind }. Kanten N { $msg_n }, O { $msg_e }, S { $msg_s }, W { $msg_w }. { $msg_parts }. Quelle: { $msg_source }.
card-kind = { $kind ->
        [start] Startkarte
        [land] Landschaftskarte
       *[bonus] Bonuskarte ({ $bonus ->
            [aurochs] Auerochse
            [cult_site] Kultstätte
            [fire] Feuer
           *[mushrooms] Pilzgruppe
        })
    }
card-edge = { $edge ->
        [forest] Wald
        [meadow] Wiese
       *[river] Fluss
    }
card-source = { $source ->
        [second_edition] 2. Auflage
        [rulebook] Spielregel
       *[authored] selbst erfasst
    }
card-zone = { $zone ->
        [forest] Wald
        [meadow] Wiese
       *[river] Fluss
    } { $n }{ $count ->
        [0] {""}
        [1] {" "}({ $msg_a })
        [2] {" "}({ $msg_a }, { $msg_b })
       *[other] {" "}({ $msg_a }, { $msg_b }, { $msg_c })
    }
bit-gold-nugget = Goldklumpen
bit-mushrooms = Pilzgruppe
bit-volcano = Vulkan
bit-fire = Feuer
bit-cult-site = Kultstätte
bit-lake = mündet in einen See mit { $fish ->
        [one] 1 Fisch
       *[other] { $fish } Fischen
    }
bit-spring = aus einer Quelle
bit-animals = { $count } { $animal ->
        [deer] Wild
        [mammoth] { $count ->
            [one] Mammut
           *[other] Mammuts
        }
        [aurochs] { $count ->
            [one] Auerochse
           *[other] Auerochsen
        }
       *[tiger] Säbelzahntiger
    }

## Die Zeilen des Punktestands (/status, das Ergebnis)
line-rivers = Flüsse
line-forests = Wälder
line-huts = Hütten
line-meadows = Wiesen

## Der Zug beginnt mit dem Ziehen
option-draw-step = true (Standard): Jeder Zug beginnt mit `draw` (Karte ziehen), so kann ein Legen zurückgenommen werden, bis der nächste Spieler zieht; false: Die nächste Karte wird mit dem Legen gezogen.
phase-draw = { $player } zieht eine Karte; verdeckt: { $land } { $land ->
        [one] Landschaftskarte
       *[other] Landschaftskarten
    } und { $bonus } { $bonus ->
        [one] Bonuskarte
       *[other] Bonuskarten
    }.
prompt-draw = Dein Zug beginnt: Zieh eine Landschaftskarte mit `draw` ({ $land } verdeckt).
draw-first = Zieh zuerst deine Karte: `draw`.
drawn-already = Du hast deine Karte schon gezogen ({ $tile }): Lege sie mit `place`.

## /guide: das Ziel, ein Spielzug, die häufigen Aktionen und die Kennungen in Texten und Bildern
guide-goal = Wer am Ende die meisten Punkte hat, gewinnt: Fertige Flüsse und Wälder werden sofort gewertet (ein Wald mit Goldklumpen bringt eine Bonuskarte), Hütten und Jäger, wenn die Karten aufgebraucht sind.
guide-turn = Ziehe eine Landschaftskarte (`draw`), lege sie dann auf eine nummerierte Stelle des Plans, sodass jeder Wald, jede Wiese und jeder Fluss weitergeht, und setze, wenn du willst, eine deiner Figuren darauf: einen Sammler in einen Wald, einen Fischer in einen Fluss, einen Jäger auf eine Wiese oder eine Hütte in ein Flusssystem (`place`). Bis der Nächste zieht, nimmt `/undo` das Anlegen zurück.
guide-draw = die nächste Landschaftskarte ziehen, die irgendwo passt
guide-place = die Karte legen: Nummer der Stelle, Drehung (0, 90, 180, 270), dann eine Figur und, wenn die Karte mehrere hat, welcher Wald, Fluss oder welche Wiese
guide-term-start = die Startkarte, vor dem Spiel ausgelegt
guide-term-land = eine Landschaftskarte (L01–L78)
guide-term-bonus = eine Bonuskarte (B01–B12), gezogen für einen fertigen Wald mit Goldklumpen
guide-term-piece = eine Figur: `gatherer` Sammler (Wald), `fisher` Fischer (Fluss), `hunter` Jäger (Wiese), `hut` Hütte (Flusssystem), `none` keine
guide-term-rotation = eine Drehung: Grad im Uhrzeigersinn, vom Bild der Karte aus
