# Wie viele Bilder ein Zug zeigt (bot/pictures.py, /settings pictures:) und der Knopf „Mehr Bilder“
# einer Ansage (bot/discord_app/views/pictures.py).

## /settings pictures:
cmd-settings-pictures = Bilder zu jedem Zug: nur der Spielplan, der Spielplan und eines mehr, oder alle
cmd-settings-pictures-board = Nur der Spielplan
cmd-settings-pictures-default = Der Spielplan und höchstens eines mehr (Standard)
cmd-settings-pictures-all = Alle Bilder, wie bei /board
settings-pictures = Bilder pro Zug: { $pictures ->
    [board] nur der Spielplan
    [all] alle Bilder, wie /board sie zeigt
   *[default] der Spielplan und höchstens ein weiteres Bild, das gerade wichtige
}; die übrigen: der Knopf „Mehr Bilder“ und /board.
settings-pictures-unknown = Bilder pro Zug: wähle eines von { $choices }.

## der Knopf „Mehr Bilder“
discord-more-pictures = Mehr Bilder
discord-more-pictures-answer = Alle Bilder der jetzigen Stellung (nur du siehst sie).
discord-more-pictures-gone = Diese Bilder gehören zu einem Tisch, den es nicht mehr gibt; /board zeigt den Tisch dieses Kanals.
