# Die Zusammenfassung einer beendeten Partie (bot/recap.py): die Bildunterschriften des bewegten
# Bildes, die Überschriften des Wertungsbogens und die Beschreibungen der Bilder, am Ergebnisbeitrag
# und an /export.

recap-start = Beginn
recap-chapter-end = Ende der { $round }. Runde
recap-turn = Zug { $turn } von { $turns }
recap-final = Schlussstellung
recap-alt = { $game }: die Partie in { $frames } Bildern, vom Beginn bis zur Schlussstellung.
recap-sheet-title = Schlusswertung
recap-sheet-total = Summe
recap-sheet-score = Wertung
discord-export-recap = Tisch #{ $id } ({ $game }, { $msg_status }) und sein Protokoll, dazu die Zusammenfassung der Partie und ihr Wertungsbogen als Bilder.
