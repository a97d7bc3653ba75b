## /guide: die Anleitung eines Spiels (die Worte des Spiels kommen aus seinem Katalog)
guide-title = Anleitung: { $game }
guide-goal = Ziel
guide-turn = Ein Spielzug
guide-actions = Häufige Aktionen
guide-examples-generic = Die Beispiele zeigen die Notation; an einem laufenden Tisch zeigt `/guide` Züge, die dort erlaubt sind.
guide-examples-here = Die Beispiele sind an diesem Tisch jetzt erlaubt, für { $player }.
guide-example = z. B. { $examples }
guide-not-now = gerade nicht möglich
guide-glossary = Kennungen in Texten und Bildern
guide-glossary-card = `/card <id>` erklärt jede.
guide-card-term = **{ $id }**
    { $meaning }
guide-which-game = Welches Spiel? `/guide game:<key>` (`/games` listet sie), oder frag in einem Kanal mit einem Tisch.
guide-page = Seite { $page } von { $pages }
