# Terra Turrium: the game's own texts in English (games/terra_turrium).
# Arguments: $player, $other and $p1…$p4 are seats ("{p0}", filled with the player's name by the
# platform); $field, $from, $to, $fields and $path are fields and lists of fields in the notation
# (c3, "c3, d4", c3-c4-d4), $example and $entry notation; everything else is a number unless said.
# A move captures at most five Turrianer (one per step): $v1…$v5 on $f1…$f5.
# Arguments named $msg_… are messages themselves (said in the same language first).

## The seats that reach the goal together, or win (referenced with the same arguments)
players = { $count ->
    [0] nobody
    [1] { $p1 }
    [2] { $p1 }, { $p2 }
    [3] { $p1 }, { $p2 }, { $p3 }
   *[4] { $p1 }, { $p2 }, { $p3 }, { $p4 }
}

## /rules, the action panel
summary = Wolfgang Kramer, 1990. Each turn: take 3 blocks (1 per foreign territory, only from the outside), build them anywhere free, then move your Turrianer with 5 points (climb one level at a time, capture for 0/1/2 points by height; five attacks in foreign land). First to stand on towers of height 6, 5, 4, 3, 2 and 1 wins; the round is played out.
panel-take = Take a block
panel-build = Build a block
panel-move = Move your Turrianer
panel-enter = Enter the board
panel-place = Place a starting block
panel-give = Give a handicap block
panel-pass = Pass
panel-from = from { $field }
panel-column = column { $column }

## The phase line (/status)
phase-setup = Set-up: placing Turrianer
phase-round = Round { $round }{ $last ->
        [yes] {" "}(last round)
       *[no] {""}
    }, { $phase ->
        [take] take
        [build] build
       *[move] move
    } phase
phase-over = Game over
phase-over-why = Game over: { $msg_reason }
reason-goal = the goal was reached
reason-round-limit = the round limit of { $limit } was reached, a house rule
reason-nobody-left = no players are left
reason-nobody-can-act = no player can act any more
reason-resigned = all other players resigned

## What is asked of the seat to act ($example is "none" when there is none to show)
prompt-none = Nothing is asked of you now.
prompt-setup-place = Set-up: place your { $left } remaining Turrianer in your territory{ $example ->
        [none] {""}
       *[some] {" "}(`{ $example }`)
    }.
prompt-setup-give = Set-up: give { $owed } handicap { $owed ->
        [one] block
       *[other] blocks
    } from your territory{ $example ->
        [none] {""}
       *[some] {" "}(`{ $example }`)
    }.
prompt-setup-both = Set-up: place your { $left } remaining Turrianer in your territory{ $example ->
        [none] {""}
       *[some] {" "}(`{ $example }`)
    } and give { $owed } handicap { $owed ->
        [one] block
       *[other] blocks
    } from your territory{ $example_give ->
        [none] {""}
       *[some] {" "}(`{ $example_give }`)
    }.
prompt-take = Take { $left } more { $left ->
        [one] block
       *[other] blocks
    }{ $example ->
        [none] {""}
       *[some] {" "}(e.g. `{ $example }`)
    }.
prompt-build = Build the { $hand } { $hand ->
        [one] block
       *[other] blocks
    } in your hand{ $example ->
        [none] {""}
       *[some] {" "}(e.g. `{ $example }`)
    }.
prompt-handicap = You may build { $reserve } handicap { $reserve ->
        [one] block
       *[other] blocks
    }{ $example ->
        [none] {""}
       *[some] {" "}(`{ $example }`)
    } or start moving.
prompt-move = Move with { $points } { $points ->
        [one] point
       *[other] points
    } left{ $example ->
        [none] { $entry ->
            [none] {""}
           *[some] : `{ $entry }` ({ $off } off the board)
        }
       *[some] : `{ $example }`{ $entry ->
            [none] {""}
           *[some] , `{ $entry }` ({ $off } off the board)
        }
    }, or `pass`.

## Events
placed = { $player } places Turrianer on { $fields }.
gave = { $player } gives { $count } handicap { $count ->
        [one] block
       *[other] blocks
    } to { $other }.
setup-complete = Set-up complete. { $player } was drawn to begin.
took = { $player } takes { $count ->
        [one] a block
       *[other] { $count } blocks
    } from { $fields }.
# One field taken from or built on, with its height before and after.
field-height = { $field } (height { $before } → { $after })
built = { $player } builds { $count ->
        [one] a block
       *[other] { $count } blocks
    } on { $fields }.
moved = { $player } moves a Turrianer { $path } ({ $points } { $points ->
        [one] point
       *[other] points
    }).
moved-capturing = { $player } moves a Turrianer { $path } ({ $points } { $points ->
        [one] point
       *[other] points
    }), capturing { $count ->
        [1] { $v1 } on { $f1 }
        [2] { $v1 } on { $f1 }, { $v2 } on { $f2 }
        [3] { $v1 } on { $f1 }, { $v2 } on { $f2 }, { $v3 } on { $f3 }
        [4] { $v1 } on { $f1 }, { $v2 } on { $f2 }, { $v3 } on { $f3 }, { $v4 } on { $f4 }
       *[5] { $v1 } on { $f1 }, { $v2 } on { $f2 }, { $v3 } on { $f3 }, { $v4 } on { $f4 }, { $v5 } on { $f5 }
    }.
attack = Attack! { $player }'s aggressor stone moves on ({ $left } { $left ->
        [one] attack
       *[other] attacks
    } left).
entered = { $player } brings a Turrianer back in on { $field } (1 point).
ends-turn = { $player } ends the turn.
idle = { $player } can neither take, build nor move and passes.
goal-claimed = { $player } stands on towers { $goal }: hold the towers of height 5+ for one round to win!
goal-held = { $player } held the high towers for a round.
goal-lost = { $player } lost a high tower before the round was over.
partner-off-goal = { $player } no longer stands on the goal towers: both partners must stand on them at the same time.
goal-reached = { $count ->
        [1] { $p1 }
       *[2] { $p1 } and { $p2 }
    } reached the goal! The round is played to its end.
goal-reached-partner = { $player } reached the goal; the partner must reach it too while { $player } still stands on it.
resigned = { $player } resigned.
game-over = Game over ({ $msg_reason }). { $count ->
        [0] Winner
        [1] Winner
       *[other] Winners
    }: { players }.

## Refusals: whose turn, the phase
game-is-over = The game is over.
setup-finished = You have finished your set-up; waiting for the others.
not-your-turn = It is not your turn.
already-resigned = You have already resigned.
no-such-seat = There is no seat { $seat }.
cannot-pass = You cannot pass yet. { $msg_prompt }
cannot-now = You cannot { $what ->
        [place] place Turrianer
        [give] give handicap blocks
        [take] take blocks
        [build] build
       *[move] move
    } now. { $msg_prompt }

## Refusals: the table
wrong-player-count = Terra Turrium is for { $min } to { $max } players, not { $players }.
team-needs-four = The team game needs exactly 4 players.
no-handicap-seat = Handicap seat { $seat } does not exist with { $players } players.

## Refusals: the set-up
all-placed = All six of your Turrianer are already placed.
place-not-home = { $field } is not in your territory: place your Turrianer at home.
place-no-block = { $field } has no block.
place-occupied = { $field } is already occupied.
only-giver = Only the stronger player named in the handicap option gives blocks.
all-given = You have given all handicap blocks.
give-not-home = { $field } is not in your territory: handicap blocks come from your own land.
give-occupied = A Turrianer stands on { $field }.

## Refusals: taking and building blocks
no-block-on = There is no block on { $field }.
taken-all = You have already taken { $count } blocks this turn.
take-occupied = A Turrianer stands on { $field }: occupied blocks cannot be taken.
team-land = { $field } is in your team's land: in the team game all three blocks come from the other team.
not-outside = { $field } is not 'outside'{ $tower ->
        [yes] {" "}(the bottom block of this tower lies inside)
       *[no] {""}
    }: in foreign territories only blocks reachable from the board's edge may be taken.
one-per-territory = You already took a block from the { $territory ->
        [SW] south-west
        [NW] north-west
        [NE] north-east
       *[SE] south-east
    } territory: only 1 per foreign territory.
one-too-many = You have taken all the blocks you can; { $field } is one too many.
nothing-to-build = You have no blocks left to build.
outer-ring = { $field } is on the outer ring, which stays empty with { $players } players.
build-occupied = A Turrianer stands on { $field }: blocks go only on free fields.
build-hand-first = Build the { $hand } { $hand ->
        [one] block
       *[other] blocks
    } in your hand first: all taken blocks must be placed.

## Refusals: moving and entering
not-a-step = { $from } to { $to } is not one orthogonal step: a `move` lists one Turrianer's fields in order, each next to the one before (move another Turrianer with another `move`).
no-block-to-step = { $field } has no block: Turrianer only move on blocks.
too-steep = { $from } (height { $from_height }) to { $to } (height { $to_height }): only one level up or down per step.
own-figure = Your own Turrianer stands on { $field }: one figure per field, no jumping.
attacks-used = Capturing on { $field } would be an attack in foreign territory, and your { $attacks } attacks are used up: you may only defend.
none-off-board = None of your Turrianer is off the board.
entry-no-points = Entering costs 1 point and you have none left.
entry-not-row = { $field } is not in the { $row ->
        [outermost] outermost row
       *[second] second row
    } of your territory.
entry-no-block = { $field } has no block: build one there first.
entry-tower = { $field } is a tower: re-enter only on a single block.
entry-occupied = { $field } is occupied.
no-figure-on = You have no Turrianer on { $field }.
path-too-dear = This path costs more than your { $points } { $points ->
        [one] point
       *[other] points
    } left (1 per step; capturing adds 1 on the same level, 2 from below, 0 from above).

## The notation's errors
empty-action = Empty action. Write `take <field> …`, `build <field> …`, `move <field>-<field>…`, `enter <field>` or `pass` (a field is a letter a-j and a number 1-10); your prompt shows what is legal now.
pass-no-fields = `pass` takes no fields.
needs-fields = `{ $verb }` needs at least one field: `{ $verb } <field> …`.
enter-one-field = `enter` needs exactly one field: `enter <field>`.
chained-paths = `move { $words }` chains { $count } paths, but one `move` takes one Turrianer along one path (fields joined by `-`). Send each path as its own action: { $msg_paths }.
then = {", then "}
move-needs-path = `move` needs a path of at least two fields joined by `-`: `move <from>-<to>` or longer.
not-a-field = `{ $word }` is not a field: use a letter a-j and a number 1-10.
unknown-action = Unknown action `{ $word }`. Use `take`, `build`, `move`, `enter`, `pass` (set-up: `place`, `give`).

## The score sheet (/status, the result): line labels and words among the values
line-goal-towers = Goal towers held
line-on-board = Turrianer on the board
line-attacks-left = Attacks left
line-reserve = Handicap blocks in reserve
line-goal = Goal
line-status = Status
value-none = none
value-reached = reached
value-reached-lost = reached, then lost
value-resigned = resigned

## The table options (/newgame, /rules)
option-team = Team game (4 players): seats 1+2 against 3+4; a team wins when both partners reach the goal.
option-pro = Pro rule: towers 7..2, blocks from any territories, towers of height 5+ must be held for one round.
option-handicap-blocks = Handicap rule: blocks the stronger player hands to the weaker one at the start.
option-handicap-from = Handicap: seat number (1-4) of the stronger player who gives blocks.
option-handicap-to = Handicap: seat number (1-4) of the weaker player who receives them.
option-round-limit = House rule, not in the rulebook: end after this many rounds; the players closest to the goal win.

## /guide: the goal, a turn, the common actions and the ids the texts and pictures use
guide-goal = Be the first to stand with your Turrianer on towers of height 6, 5, 4, 3, 2 and 1 at the same time. The round is played to its end, so several players can win.
guide-turn = Three phases: take 3 blocks (one per foreign territory, only from the outside), build them on free fields, then move your Turrianer with 5 points (one level up at a time; stepping onto a foreign Turrianer captures it). `pass` ends the move phase.
guide-take = take a block from a field (3 per turn)
guide-build = build the blocks in hand, on free fields
guide-move = move one Turrianer along a path of fields; a foreign Turrianer at the end is captured
guide-enter = bring a captured Turrianer back in (1 point)
guide-pass = end the move phase; unused points are lost
guide-place = set-up: place your Turrianer in your territory
guide-give = set-up with the handicap rule: hand over a block from your territory
guide-term-field = a field: column a–j, row 1–10 (row 1 at the bottom)
guide-term-path = a path of fields, the start first: what a Turrianer walks
card-hint = a field (c3) or a path (c3-c4-d4)

## The notation's examples (/rules)
notation-help = `take c3 h8 e5` · `build d4 d4 e5` · `move c3-c4-d4` · `enter a2` · `pass` (set-up: `place b2 c3 …`, handicap `give b2`)
skip-pass = { $player } ends the move phase without moving (`pass`).
