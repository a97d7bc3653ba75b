# The catch-up summary the "your turn" ping carries (bot/catchup.py). The lines in between are
# the games' own event texts (their words live with the games).
catchup-heading = Since your last move:
catchup-heading-many = Since your last moves:
catchup-heading-first = Since the game began:
catchup-line = • { $msg_line }
catchup-more = …and { $count } more.
catchup-resigned = { $player } resigned.
catchup-notation = { $player }: `{ $notation }`
