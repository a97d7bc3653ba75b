# Die Lobby: einen Tisch eröffnen, einsteigen, gehen, starten (bot/tables/lobby.py), und
# importierte Partien (bot/tables/imports.py). Spiel-, Spieler- und Platznamen bleiben, wie sie sind.

## Einen Tisch eröffnen
no-such-game = Es gibt kein Spiel namens „{ $key }“. Verfügbar: { $known }.
bad-options = Ungültige Optionen für { $game }: { $reason }
too-many-seat-bots = { $game } hat höchstens { $max } Plätze: hier { $bots ->
    [one] höchstens ein Sitzbot
   *[other] höchstens { $bots } Sitzbots
}.
nobody-would-sit = An diesem Tisch säße niemand: Nimm selbst Platz oder bestelle Sitzbots mit `bots:`.
table-opened = { $name } hat einen Tisch für { $game } eröffnet ({ $min }–{ $max } Spieler) und sitzt auf Platz 1. Alle anderen: `/join`; danach `/start`.
table-opened-to-watch = { $name } hat einen Tisch für { $game } ({ $min }–{ $max } Spieler) zum Zuschauen eröffnet. Spieler: `/join`, dann `/start`.
seat-bots-at-table = Sitzbots an diesem Tisch: { $names }.

## Einsteigen und gehen
already-started-join = Die Partie hat schon begonnen; du kannst nicht mehr einsteigen.
join-take-back = { $bot } spielt deinen Platz { $seat }: Mit `/seatbot` übernimmst du ihn wieder.
already-seated = Du sitzt schon an diesem Tisch.
seats-in-order = An diesem Tisch werden die Plätze der Reihe nach vergeben; nutze `/join` ohne Platz.
table-full = Der Tisch ist voll ({ $max } Spieler).
joined = { $name } setzt sich an den Tisch (Platz { $seat } von höchstens { $max }).
running-use-resign = Die Partie läuft: Mit `/resign` gibst du auf.
not-seated = Du sitzt nicht an diesem Tisch.
left-seat-free = { $name } ist gegangen; der Platz { $label } ist wieder frei (`/join seat:{ $label }`).
left-table-closed = { $name } ist gegangen; der leere Tisch wird geschlossen.
left-table = { $name } hat den Tisch verlassen.

## Starten
already-started = Die Partie hat schon begonnen.
only-seated-start = Nur wer am Tisch sitzt, kann die Partie starten.
imported-seats-free = Jeder Platz der importierten Partie braucht einen Spieler; frei: { $free } (`/join seat:…`, oder Sitzbots nehmen sie ein: `/start bots:{ $bots }`).
wrong-player-count = { $game } braucht { $min }–{ $max } Spieler; am Tisch { $n ->
    [one] sitzt einer
   *[other] sitzen { $n }
}.
too-few-players = { $game } braucht { $min }–{ $max } Spieler; am Tisch { $n ->
    [one] sitzt einer
   *[other] sitzen { $n }
}. Warte, bis andere mit `/join` beitreten, oder besetze die freien Plätze mit Sitzbots (Computerspielern) und starte sofort: `/start bots:{ $bots }`.
start-bots-imported = In der importierten Partie { $free ->
        [0] ist kein Platz mehr
        [one] ist nur noch ein Platz
       *[other] sind nur noch { $free } Plätze
    } für Sitzbots frei: die anderen sind besetzt.
start-too-many-bots = { $game } hat höchstens { $max } Plätze: { $free ->
        [0] kein Platz ist
        [one] ein Platz ist
       *[other] { $free } Plätze sind
    } für Sitzbots frei.
game-begins = { $game } beginnt! Plätze: { $order }.
bots-alone-options = An diesem Tisch spielen nur Sitzbots: Sie spielen mit { $options }, damit die Partie endet.

## Importierte Partien
import-does-not-replay = Die aufgezeichnete Partie lässt sich hier nicht nachspielen: { $reason }
import-unreadable-record = Diese Aufzeichnung von { $game } kann nicht importiert werden: { $reason }
import-record-players = Die Aufzeichnung hat { $n } Spieler; { $game } spielen { $min }–{ $max }.
import-not-supported = { $game } kann keine aufgezeichneten Partien importieren.
import-export-unreadable = Dieser Tisch-Export lässt sich nicht lesen ({ $reason }).
import-already-over = Diese Partie ist schon zu Ende; hier lässt sich nur eine unvollendete Partie fortsetzen.
import-export-finished = Diese Partie ist schon zu Ende, es gibt nichts mehr fortzusetzen; importieren lässt sich nur eine unvollendete Partie. Nachlesen lässt sich die ganze Partie weiterhin: Ihre Züge stehen im Protokoll der Datei, und `/history` im Kanal, in dem sie gespielt wurde, zeigt sie.
import-too-big = Diese Datei hat { $size } Zeichen; eine Aufzeichnung oder ein Export darf höchstens { $max } haben. Es wurde nichts importiert.
import-too-deep = In dieser Datei stecken Klammern viel tiefer ineinander als in jeder Aufzeichnung und jedem Export, daher wird sie nicht gelesen. Es wurde nichts importiert.
imported-record = { $name } hat { $title } ({ $moves ->
    [one] ein Zug
   *[other] { $moves } Züge
}) als Tisch für { $game } importiert. Plätze: { $seats }. Nimm deinen mit `/join seat:<Name>`; sind alle Plätze besetzt, setzt `/start` die Partie dort fort, wo die Aufzeichnung endet.
import-export-game-missing = Dieser Export gehört zum Spiel `{ $key }`, das hier nicht installiert ist.
import-export-other-game = Dieser Export gehört zu einem Tisch von { $other }, nicht { $game }: Importiere ihn als `{ $key }`.
import-export-never-started = Dieser Tisch hat nie begonnen; eröffne mit `/newgame` einen neuen.
import-export-players = Der Export hat { $n } Spieler; { $game } spielen { $min }–{ $max }.
import-export-rng = Dieser Export nennt eine unbekannte Version des Zufallsgenerators ({ $rng }).
import-export-no-key = Dieser Export einer laufenden Partie trägt keinen Fortsetzungsschlüssel, den dieser Bot öffnen kann (er stammt von einem anderen Bot, oder die Datei wurde verändert); ihre verdeckten Ziehungen lassen sich nicht wiederherstellen. Es wurde nichts importiert.
import-export-table = Tisch #{ $id }
import-export-table-unknown = einen exportierten Tisch
imported-export-free = Frei: { $free } (`/join seat:<name>`); danach setzt `/start` die Partie dort fort, wo sie aufhört.
imported-export-all-taken = Alle Plätze sind besetzt: `/start` setzt die Partie dort fort, wo sie aufhört.
imported-export = { $name } hat { $msg_title } ({ $moves ->
    [one] ein Zug
   *[other] { $moves } Züge
}) als Tisch von { $game } importiert. Plätze: { $seats }. { $msg_more }
import-seats-taken = Alle Plätze dieser importierten Partie sind besetzt.
import-no-such-seat = Diese Partie hat keinen Platz { $seat }; ihre Plätze: { $seats }.
import-seat-taken = Den Platz { $label } hat schon { $name }.
import-took-seat-free = { $name } nimmt den Platz { $label } (Platz { $seat }). Noch frei: { $free }.
import-took-seat-all = { $name } nimmt den Platz { $label } (Platz { $seat }). Alle Plätze sind besetzt: `/start`.
import-resume-key-gone = Der Fortsetzungsschlüssel dieses importierten Tisches lässt sich nicht mehr öffnen; importiere den Export noch einmal.
import-continues = { $msg_title } geht nach { $n ->
    [one] einem aufgezeichneten Zug
   *[other] { $n } aufgezeichneten Zügen
} weiter mit { $seats }.

# One option the game's options model refused ($kind: pydantic's error type; $msg: its English words).
option-problem = { $option }: { $kind ->
        [extra_forbidden] unbekannte Option
        [int_parsing] keine ganze Zahl
        [int_type] keine ganze Zahl
        [int_from_float] keine ganze Zahl
        [float_parsing] keine Zahl
        [bool_parsing] weder true noch false
        [bool_type] weder true noch false
        [greater_than_equal] mindestens { $limit }
        [greater_than] größer als { $limit }
        [less_than_equal] höchstens { $limit }
        [less_than] kleiner als { $limit }
        [literal_error] erlaubt: { $limit }
        [list_type] keine Liste
        [string_type] kein Text
        [missing] fehlt
       *[other] ungültiger Wert
    }
