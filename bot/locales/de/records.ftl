# Aufzeichnungen (bot/records.py): wie lange her, in kurzen Einheiten.
ago-just-now = gerade eben
ago-days = { $days } T
ago-days-hours = { $days } T { $hours } Std.
ago-hours = { $hours } Std.
ago-hours-minutes = { $hours } Std. { $minutes } Min.
ago-minutes = { $minutes } Min.
