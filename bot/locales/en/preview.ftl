# The private preview of a move that cannot be taken back, with Confirm and Cancel
# (bot/discord_app/views/preview.py), and the per-user setting `/settings preview:`.

preview-title = Preview: `{ $notation }`
preview-ends-turn = This ends your turn.
preview-reveals = This move draws or reveals something, so it cannot be taken back. What it brings is shown once you confirm.
preview-ask = **Confirm** plays it; **Cancel** changes nothing.
preview-confirm = Confirm
preview-cancel = Cancel
preview-cancelled = Cancelled; nothing was played.

# Refusals
preview-changed = The table changed since this preview (or it was confirmed already); nothing was played. Look at the new position and choose again.
preview-not-yours = This preview is for { $owner }; only they can confirm it. Nothing was played.
preview-not-yours-someone = This preview is for another player; only they can confirm it. Nothing was played.

# /settings preview:on|off (per user)
cmd-settings-preview = Yours alone: on previews a typed /move privately when it ends your turn or reveals
preview-setting-on = Previews are **on** for you: a typed `/move` that ends your turn or reveals something is shown to you privately first, with Confirm and Cancel. Menus and buttons always do this.
preview-setting-off = Previews are **off** for you: a typed `/move` is played at once. Menus and buttons still show a preview before a move that ends your turn or reveals something.
preview-setting-failed = Your preview setting cannot be saved right now; nothing was changed. Try again later.
