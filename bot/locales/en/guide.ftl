## /guide: a game's guide (the game's own words come from its catalogue)
guide-title = Guide: { $game }
guide-goal = Goal
guide-turn = A turn
guide-actions = Common actions
guide-examples-generic = The examples show the notation; at a running table `/guide` shows moves that are legal there.
guide-examples-here = The examples are legal at this table now, for { $player }.
guide-example = e.g. { $examples }
guide-not-now = not possible right now
guide-glossary = Ids in texts and pictures
guide-glossary-card = `/card <id>` explains each one.
guide-card-term = **{ $id }**
    { $meaning }
guide-which-game = Which game? `/guide game:<key>` (`/games` lists them), or ask in a channel with a table.
guide-page = Page { $page } of { $pages }
