# /replay und der Knopf „Wiederholung“ unter dem Endergebnis: eine beendete Partie noch einmal,
# Schritt für Schritt, nur für einen selbst (bot/tables/viewer.py, bot/discord_app/views/replay.py,
# bot/discord_app/cogs/replay.py).

## Der Befehl
cmd-replay = Eine beendete Partie dieses Kanals oder Servers Schritt für Schritt ansehen, nur für dich
cmd-replay-table = Welcher beendete Tisch (Standard: der letzte dieses Kanals)
help-replay = nur für dich: eine beendete Partie noch einmal, Schritt für Schritt

## Ablehnungen
replay-not-over = Die Partie an Tisch #{ $id } ist noch nicht zu Ende ({ $msg_status }): Ihre Wiederholung gibt es erst danach (alle Stellungen auf einmal würden ihren Spielern helfen). `/history` zeigt die bisherigen Aktionen.
replay-aborted = Tisch #{ $id } wurde vor dem Ende abgebrochen: Wiederholen lässt sich nur eine beendete Partie. `/history` in seinem Kanal zeigt die Aktionen.
replay-none = In diesem Kanal wurde noch keine Partie beendet, hier gibt es also nichts zu wiederholen. `/replay table:` bietet die beendeten Partien dieses Servers an.
replay-no-such-table = In diesem Kanal und auf diesem Server gibt es keinen beendeten Tisch #{ $id }.
replay-broken = Das Protokoll von Tisch #{ $id } lässt sich hier nicht mehr nachspielen, daher kann die Partie nicht Schritt für Schritt gezeigt werden. `/history` in ihrem Kanal zeigt ihre Aktionen.

## Die Ansicht
replay-setup = Der Aufbau: { $names }.
discord-replay-title = { $game } — Tisch #{ $id }: Wiederholung, Schritt { $step } von { $steps }
discord-replay-footer = Nur du siehst diese Wiederholung.
discord-replay-imported = { $n ->
    [one] Schritt 1 stammt aus der importierten Aufzeichnung.
   *[other] Die Schritte 1–{ $n } stammen aus der importierten Aufzeichnung.
}
discord-replay-button = Wiederholung
discord-replay-choice = #{ $id } { $game }: { $players }
