# Keeping tables alive (bot/reminders.py, bot/tables/waits.py): durations, the table's settings,
# /status and /snooze.

## Durations (bot.reminders.format_duration)
duration-under-minute = under a minute
duration-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
duration-days-hours = { $days ->
    [one] { $days } day
   *[other] { $days } days
} { $hours } h
duration-hours = { $hours } h
duration-hours-minutes = { $hours } h { $minutes } min
duration-minutes = { $minutes } min

## /settings
settings-reminders = Reminders: after { $msg_duration } of waiting, { $times ->
    [one] once
   *[other] at most { $times } times
}.
settings-reminders-off = Reminders: off.
settings-turn-limit = Turn limit: { $msg_duration }; then the other players may vote to skip the turn, hand the seat to a bot, replace or expel the player.
settings-turn-limit-off = Turn limit: off.
settings-changed = { $name } changed the table's settings.
settings-who-may = Only the table's creator and moderators (Manage Channels) can change its settings.
settings-unknown = Unknown table setting: { $keys }.
settings-reminders-min = Reminders at most every { $msg_duration }, please.
settings-reminders-count = The number of reminders must lie between 0 and { $max }.
settings-turn-limit-min = A turn limit must be at least 1 h.
duration-not-a-duration = `{ $text }` is not a duration: write e.g. `24h`, `2d`, `1d12h`, `90m` or `off`.
duration-give-one = Give a duration such as `12h`, `2d` or `90m`.
duration-at-most = At most { $msg_duration }, please.

## /status
status-waiting-for = Waiting for { $msg_duration }.
status-stalled = ⚠️ Stalled: every reminder went out and nobody has acted.
status-reminders-sent = Reminders sent: { $sent } of { $max } (one after every { $msg_duration } of waiting).
status-turn-limit = Turn limit: { $msg_duration }.

## /snooze
snooze-players-only = Only the table's players have reminders to snooze.
snooze-not-running = The game is not running; there are no reminders to snooze.
snooze-position-changed = The position changed just now; nothing was changed. Try again.
settings-vote = Absent-player votes end after { $msg_duration } at the latest.
settings-vote-min = An absent-player vote needs at least { $msg_duration }.
status-absent-vote = Vote on { $absent }: { $votes } of { $voters } voted; open until { $when }, then without a clear result: { $msg_choice }.
status-absent-replace = Decided: replace { $absent }; any of the other players (or a moderator) may `/replace` them until { $when }, then a seat bot plays the seat.
status-on-vacation = { $name } is on vacation until { $when }: no reminders, no vote about them.
vacation-none = You are not on vacation. Days left this month: { $left }.
vacation-days = Give the days of vacation: 1 to { $max } (0 ends it).
vacation-too-long = { $days ->
        [one] One day
       *[other] { $days } days
    } is more than you have left this month: { $left } of { $max }.
