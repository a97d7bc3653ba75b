"""Terra Mystica: the rules engine (replays terra.snellman.net ledgers) and the live-table facade
(``rules.GAME``)."""
