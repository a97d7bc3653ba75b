# Records (bot/records.py): how long ago, in short units.
ago-just-now = just now
