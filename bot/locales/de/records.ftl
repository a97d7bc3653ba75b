# Aufzeichnungen (bot/records.py): wie lange her, in kurzen Einheiten.
ago-just-now = gerade eben
