# Tische am Leben halten (bot/reminders.py, bot/tables/waits.py): Dauern, die Einstellungen des
# Tisches, /status und /snooze.

## Dauern (bot.reminders.format_duration)
duration-under-minute = { $case ->
    [dative] weniger als einer Minute
   *[other] weniger als eine Minute
}
duration-days = { $days ->
    [one] { $days } Tag
   *[other] { $days } { $case ->
        [dative] Tagen
       *[other] Tage
    }
}
duration-days-hours = { $days ->
    [one] { $days } Tag
   *[other] { $days } { $case ->
        [dative] Tagen
       *[other] Tage
    }
} { $hours } Std.
duration-hours = { $hours } Std.
duration-hours-minutes = { $hours } Std. { $minutes } Min.
duration-minutes = { $minutes } Min.

## /settings
settings-reminders = Erinnerungen: nach { $msg_duration_dative } Wartezeit, { $times ->
    [one] einmal
   *[other] höchstens { $times }-mal
}.
settings-reminders-off = Erinnerungen: aus.
settings-turn-limit = Zeitlimit pro Zug: { $msg_duration }; danach können die anderen abstimmen, den Zug zu überspringen, den Platz einem Bot zu übergeben, die Person zu ersetzen oder auszuschließen.
settings-turn-limit-off = Zeitlimit pro Zug: aus.
settings-changed = { $name } hat die Einstellungen des Tisches geändert.
settings-who-may = Nur wer den Tisch eröffnet hat und Moderatoren (Kanäle verwalten) können seine Einstellungen ändern.
settings-unknown = Unbekannte Tisch-Einstellung: { $keys }.
settings-reminders-min = Erinnerungen bitte höchstens alle { $msg_duration }.
settings-reminders-count = Die Zahl der Erinnerungen muss zwischen 0 und { $max } liegen.
settings-turn-limit-min = Ein Zeitlimit pro Zug muss mindestens 1 h betragen.
duration-not-a-duration = `{ $text }` ist keine Dauer: schreib z. B. `24h`, `2d`, `1d12h`, `90m` oder `off`.
duration-give-one = Gib eine Dauer an, etwa `12h`, `2d` oder `90m`.
duration-at-most = Bitte höchstens { $msg_duration }.

## /status
status-waiting-for = Wartet seit { $msg_duration_dative }.
status-stalled = ⚠️ Festgefahren: alle Erinnerungen sind verschickt und niemand hat gezogen.
status-reminders-sent = Erinnerungen verschickt: { $sent } von { $max } (je eine nach { $msg_duration_dative } Wartezeit).
status-turn-limit = Zeitlimit pro Zug: { $msg_duration }.

## /snooze
snooze-players-only = Nur die Spieler*innen dieses Tisches haben Erinnerungen, die sie pausieren können.
snooze-not-running = Die Partie läuft nicht; es gibt keine Erinnerungen zu pausieren.
snooze-position-changed = Die Stellung hat sich gerade geändert; es wurde nichts geändert. Versuch es noch einmal.
settings-vote = Abstimmungen über abwesende Personen enden spätestens nach { $msg_duration_dative }.
settings-vote-min = Eine Abstimmung über eine abwesende Person braucht mindestens { $msg_duration }.
status-absent-vote = Abstimmung über { $absent }: { $votes } von { $voters } haben abgestimmt; sie läuft bis { $when }, ohne klares Ergebnis wird dann entschieden, { $msg_choice }.
status-absent-replace = Entschieden: { $absent } wird ersetzt; alle anderen am Tisch (oder ein Moderator) können das bis { $when } mit `/replace` tun, danach spielt ein Bot den Platz.
status-on-vacation = { $name } ist bis { $when } im Urlaub: keine Erinnerungen, keine Abstimmung über sie oder ihn.
vacation-none = Du bist nicht im Urlaub. Urlaubstage in diesem Monat übrig: { $left }.
vacation-days = Gib die Urlaubstage an: 1 bis { $max } (0 beendet den Urlaub).
vacation-too-long = { $days ->
        [one] Ein Tag ist
       *[other] { $days } Tage sind
    } mehr, als dir diesen Monat bleibt: { $left } von { $max }.
