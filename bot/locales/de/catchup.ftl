# Die Zusammenfassung im „Du bist dran“-Ping (bot/catchup.py).
catchup-heading = Seit deinem letzten Zug:
catchup-heading-many = Seit euren letzten Zügen:
catchup-heading-first = Seit Spielbeginn:
catchup-line = • { $msg_line }
catchup-more = …und { $count } weitere.
catchup-resigned = { $player } hat aufgegeben.
catchup-notation = { $player }: `{ $notation }`
