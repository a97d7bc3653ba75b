# Das Aktionsmenü der „Du bist dran“-Nachrichten, seine privaten nächsten Schritte, die Menüs
# kleiner Entscheidungen und die Schaltfläche „Meine Hand zeigen“ (views/position.py).

# Menüs und Schaltflächen
panel-what-to-do = Was tun…
panel-what-to-do-player = { $player }: Was tun…
panel-choose = Wählen…
panel-choose-range = Wählen ({ $first }–{ $last })…
panel-show-hand = Meine Hand zeigen
panel-choose-answer = Wähle deine Antwort …
panel-choose-answer-player = { $player }: Wähle deine Antwort …
panel-answer = Antwort

# Der private nächste Schritt
panel-step = **{ $msg_title }** — { $count ->
    [one] { $count } Möglichkeit
   *[other] { $count } Möglichkeiten
} für { $player }.
panel-step-detail = **{ $msg_title }** ({ $msg_detail }) — { $count ->
    [one] { $count } Möglichkeit
   *[other] { $count } Möglichkeiten
} für { $player }.
panel-pick-one = Wähle eine aus: Sie wird sofort gespielt oder dir zuerst privat gezeigt, wenn sie deinen Zug beendet oder etwas aufdeckt.
panel-you-played = Du hast `{ $notation }` gespielt.

# Ablehnungen
panel-not-yours = Dieses Menü ist für { $owner }; nur diese Person kann es benutzen. Es wurde nichts ausgeführt.
panel-not-yours-someone = Dieses Menü ist für einen anderen Spieler; nur diese Person kann es benutzen. Es wurde nichts ausgeführt.
panel-answer-not-yours = Dieses Menü ist für { $owner }; nur diese Person kann damit antworten. Es wurde nichts ausgeführt.
panel-answer-not-yours-someone = Dieses Menü ist für einen anderen Spieler; nur diese Person kann damit antworten. Es wurde nichts ausgeführt.
panel-not-open = Diese Wahl ist in dieser Stellung nicht möglich; es wurde nichts ausgeführt. Benutze `/move`.
panel-nothing-chosen = Es wurde nichts gewählt.
panel-button-stale = Diese Schaltfläche gehört zu einer älteren Stellung; es wurde nichts ausgeführt. Nutze die neueste Nachricht oder `/move`.
panel-stale = Diese Schaltfläche oder dieses Menü gehört zu einer älteren Stellung; es wurde nichts ausgeführt. Nutze die neueste Nachricht oder `/move`.
panel-game-over = Diese Partie ist schon zu Ende.
panel-hand-watching = Nur wer an diesem Tisch sitzt, hat eine Hand zum Zeigen; du schaust zu. `/board` und `/status` zeigen, was alle sehen dürfen.

# Die Zahlen und Hinweise der Menüs
panel-choices = { $count ->
    [one] { $count } Möglichkeit
   *[other] { $count } Möglichkeiten
}
panel-too-many = { $count } Möglichkeiten für „{ $msg_label }“ sind zu viele für Menüs: Tippe { $typed } und lass die Autovervollständigung eingrenzen.
panel-too-long = Aktionen, zu lang für ein Menü ({ $count }): Tippe sie mit `/move`.
panel-undo-own = Zurücknehmen
panel-undo-own-gone = Diese Aktion lässt sich mit diesem Knopf nicht mehr zurücknehmen (sie ist schon zurückgenommen, oder die Runde ging weiter). `/undo` fragt nach der letzten.
