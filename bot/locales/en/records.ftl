# Records (bot/records.py): how long ago, in short units.
ago-just-now = just now
ago-days = { $days } d
ago-days-hours = { $days } d { $hours } h
ago-hours = { $hours } h
ago-hours-minutes = { $hours } h { $minutes } min
ago-minutes = { $minutes } min
