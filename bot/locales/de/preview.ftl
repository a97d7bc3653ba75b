# Die private Vorschau eines Zuges, der sich nicht zurücknehmen lässt, mit Bestätigen und Abbrechen
# (bot/discord_app/views/preview.py), und die persönliche Einstellung `/settings preview:`.

preview-title = Vorschau: `{ $notation }`
preview-ends-turn = Damit endet dein Zug.
preview-reveals = Dieser Zug zieht oder deckt etwas auf und lässt sich deshalb nicht zurücknehmen. Was er bringt, siehst du, sobald du bestätigst.
preview-ask = **Bestätigen** führt ihn aus; **Abbrechen** ändert nichts.
preview-confirm = Bestätigen
preview-cancel = Abbrechen
preview-cancelled = Abgebrochen; es wurde nichts ausgeführt.

# Ablehnungen
preview-changed = Der Tisch hat sich seit dieser Vorschau geändert (oder sie wurde schon bestätigt); es wurde nichts ausgeführt. Sieh dir die neue Stellung an und wähle noch einmal.
preview-not-yours = Diese Vorschau ist für { $owner }; nur diese Person kann sie bestätigen. Es wurde nichts ausgeführt.
preview-not-yours-someone = Diese Vorschau ist für einen anderen Spieler; nur diese Person kann sie bestätigen. Es wurde nichts ausgeführt.

# /settings preview:on|off (pro Person)
cmd-settings-preview = Nur für dich: on zeigt ein getipptes /move erst privat, wenn es den Zug beendet oder aufdeckt
preview-setting-on = Vorschauen sind für dich **an**: Ein getipptes `/move`, das deinen Zug beendet oder etwas aufdeckt, siehst du zuerst privat, mit Bestätigen und Abbrechen. Menüs und Knöpfe tun das immer.
preview-setting-off = Vorschauen sind für dich **aus**: Ein getipptes `/move` wird sofort ausgeführt. Menüs und Knöpfe zeigen vor einem Zug, der deinen Zug beendet oder etwas aufdeckt, weiterhin eine Vorschau.
preview-setting-failed = Deine Vorschau-Einstellung lässt sich gerade nicht speichern; es wurde nichts geändert. Versuche es später noch einmal.
