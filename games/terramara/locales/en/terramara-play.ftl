# Terramara: the moves' texts in English (games/terramara: flow, turn, placement, crafting, tasks,
# homeland, road, effects, core, state). The vocabulary (resources, components, effects in words)
# is in terramara.ftl.
# Arguments: $player and $other are seats ("{p0}", filled with the player's name by the platform);
# $space, $artifact, $card, $tile, $node, $outpost ids and $examples, $spaces, $cards notation stay
# as they are. Arguments named $msg_… are messages themselves (said in the same language first).

## /rules
summary = Lead a Bronze Age tribe over 5 rounds: send your chief and scouts to homeland, territory and crossroad spaces, refine resources, craft artifacts, travel the road, climb the river and the military track. Most VP wins.

## The declaration: a note on the score sheet, the ids /card knows
card-hint = Ids look like A1-01 (artifacts), B2-3 (bonus tiles), C4 (characters), S07 (start cards), FM1-a / MQ2-c (territories), O1-road (outposts).

## The phase line (/status)
phase-over = Game over.
phase-neutral = Set-up: placing neutral scouts.
phase-draft = Set-up: drafting characters and start resource cards.
phase-round = Round { $round } of 5.

## Small words of the texts below
seat = seat { $seat }
member = { $member ->
        [chief] chief
        [scout] scout
       *[warrior] warrior
    }
# examples of notation: "`a`, `b` or `c`" ($last without its backticks)
examples = { $list } or `{ $last }`
examples-none = nothing is possible

## What is asked of the seat to act
prompt-none = Nothing is asked of you now.
prompt-neutral = Place a neutral scout on a free space of row { $row }: { $spaces }.
prompt-draft = Pick a character or a start resource card: { $cards }
prompt-draft-other = Pick the other kind: { $cards }
prompt-send = Send a tribe member ({ $msg_home } at home): `send <member> <space>`, e.g. { $msg_examples }.{ $flip ->
        [yes] {" "}(or `flip` your character first)
       *[no] {""}
    }
prompt-after = Optionally { $first }, free actions, then `end`.
prompt-after-two = Optionally { $first } or { $second }, free actions, then `end`.
prompt-free = Free actions if you like, then `end`.
decision = { $msg_what }: e.g. { $msg_examples }.
decision-from = { $msg_what } ({ $msg_source }): e.g. { $msg_examples }.
pay-how = Choose how to pay for the artifact: { $msg_examples }.
pay-how-from = Choose how to pay for the artifact ({ $msg_source }): { $msg_examples }.
travel-prompt = Move your carts { $steps } { $steps ->
        [one] step
       *[other] steps
    }: e.g. { $msg_examples }.
travel-prompt-from = Move your carts { $steps } { $steps ->
        [one] step
       *[other] steps
    } ({ $msg_source }): e.g. { $msg_examples }.
raided-prompt = You are raided: give { $n } { $n ->
        [one] resource
       *[other] resources
    } of your choice, e.g. { $msg_examples }.
pick-tiles-prompt = Pick your personal tiles, one forest/mountain and one meadow/quarry tile ({ $tiles }): e.g. { $msg_examples }.

## Events: set-up, rounds, the end, resigning
# Where an action space lies ($kind territory: space $n of the $side territory in row $row;
# crossroad: the crossroad space of row $row; own: the personal crossroad space); $id its notation.
space-where = { $kind ->
        [territory] space { $n } of the { $side ->
            [left] left
           *[right] right
        } territory in row { $row }
        [crossroad] the crossroad space of row { $row }
        [own] their personal crossroad space
       *[other] the space
    } (`{ $id }`)
space-where-home = the space “{ $msg_label }” (`{ $id }`)
neutral-placed = { $player } places a neutral scout on { $msg_where }.
picked-character = { $player } picks the character { $id } ({ $name }).
picked-start-card = { $player } picks the start resource card { $id }.
artifacts-leave = Round { $round }: level-{ $level } artifacts leave the river; the row is refilled.
first-player-card-turns = The first-player card turns to its back side.
neutral-advances = Neutral { $neutral } advances { $steps } on the military track (now { $now }).
round-begins = Round { $round } begins.
round-ends = Round { $round } ends. Row { $round } flips: crossroad space X{ $round } and outpost { $outpost } appear.
game-over = The game is over. Winner: { $names }.
resigned = { $player } resigned.

## Events: a turn
sent = { $player } sends their { $member ->
        [chief] chief
        [scout] scout
       *[warrior] warrior
    } to { $msg_where }.
sent-hut = { $player } sends their { $member ->
        [chief] chief
        [scout] scout
       *[warrior] warrior
    } to their hut.
scouts-gained = { $player } gains { $n } { $n ->
        [one] scout
       *[other] scouts
    } for the rest of the game.
warriors-taken = { $player } takes { $n } { $n ->
        [one] warrior
       *[other] warriors
    } for this round.
no-raid = { $player } cannot pay 1 military: no raid.
goes-raiding = { $player } goes raiding (power level { $level }).
owes-nothing = { $player } owes nothing.
gives = { $player } gives { $other } { $msg_items }.
first-player-back = { $player } takes the first-player card (back side).
becomes-first = { $player } becomes first player of the next round.
worker-refined = { $player }'s worker w{ $worker } refines { $msg_items }.
used-card = { $player } uses { $msg_what }.
# A card used once per round: a character ($name) or a crafted artifact ($msg_category).
used-what = { $kind ->
        [character] the character { $card } ({ $name })
       *[artifact] the artifact { $card } ({ $msg_category })
    }
used-bonus-tile = { $player } used personal bonus tile { $tile }: { $msg_text }
flipped = { $player } flips { $name } to the old side.
flipped-losing-tiles = { $player } flips { $name } to the old side and loses the unused bonus tiles { $tiles }.
crafts = { $player } crafts { $artifact } ({ $msg_category }, level { $level }, { $vp } VP) paying { $msg_paid }.
no-longer-pay = { $player } can no longer pay for { $artifact }: nothing is crafted.
river-slides = The river row slides left; { $artifact } is revealed in slot 8.
reserves = { $player } reserves an artifact from slot { $slot }.
personal-tiles = { $player } takes { $right } (personal crossroad X-own) and { $left } (personal outpost { $outpost }).
carts-stay = { $player } does not move their carts.
cart-travels = { $player }'s cart { $cart } travels { $start } → { $path }.
reached-bonus-tile = { $player } reached bonus tile { $tile }: { $msg_text }
banner = { $player } plants a banner on outpost { $outpost }.
camp = { $player }'s cart reaches the camp at the river ({ $vp } VP at the end).

## Refusals: the game, whose turn, the turn's steps
wrong-player-count = Terramara is for 2 to 4 players, not { $players }.
game-is-over = The game is over.
no-such-seat = There is no seat { $seat }.
not-your-turn = It is not your turn (waiting for { $msg_waiting }).
already-sent = You already sent a tribe member this turn; craft/reserve, free actions, or `end`.
send-first = Send a tribe member first: every turn places one member.
not-asked = `{ $notation }` answers a question that was not asked. Now: { $msg_prompt }
craft-after-placement = Crafting and reserving come after your placement and its action.
craft-once = After an action you may craft OR reserve one artifact — you already did.
not-usable = not usable
not-enough = You have { $have } { $msg_what }, not { $need }.

## Refusals: set-up
neutral-first = Set-up: place a neutral scout first, e.g. `neutral T1-left-2`.
neutral-row = This neutral scout goes to row { $row } (the next row in turn).
neutral-fire = { $space } holds a fire token: nobody may be placed there.
neutral-occupied = { $space } is occupied; neutral scouts go to unoccupied spaces.
neutral-special = { $space } is a special space: no tribe member, neutral ones included, goes there before round 5.
draft-pick-one = Draft: pick one card, e.g. `pick C3` or `pick S07`.
draft-have-character = You already have a character; pick a start resource card.
draft-have-card = You already have a start resource card; pick a character.
draft-not-on-offer = { $id } is not on offer. On offer: { $offer }.

## Refusals: sending a tribe member
chief-sent = Your chief has already been sent this round.
no-scout-left = You have no scout left to send this round.
no-warrior = You have no warrior this round.
territory-flipped = { $space }: that territory has been flipped; its action spaces are gone.
no-personal-crossroad = Only the young Surveyor (C7) has a personal crossroad space.
crossroad-not-yet = { $space }: the crossroad space of row { $row } appears only when that row flips.
no-such-space = { $space }: there is no such action space with { $players } players.
fire-token = { $space } holds a fire token: nobody may be sent there.
future-territory = { $space } is a future territory: chiefs (and warriors) may never be sent there.
special-round-5 = { $space } is a special space: usable from round 5 only.
condition-unmet = { $space }: you do not meet its condition ({ $msg_condition }).
carts-not-there = { $space }: both your carts must have reached or passed crossroad X{ $row } on the road.
no-worker-tile = No worker tile is left on this round's space.
raid-no-military = Raiding costs 1 military, paid when you place here; you have none.
space-blocked = { $space } is blocked.
space-full-blockade = { $space } is full (a blockade tile takes the other place).
space-full-single = { $space } is full (it takes only one tribe member).
space-full = { $space } is full.
space-holds = { $space } holds a { $member ->
        [chief] chief: nobody may join a chief.
       *[warrior] warrior: nobody may join a warrior.
    }
own-scout-there = { $space } already holds one of your scouts (one member per colour; only a warrior may join it).
military-too-low = { $space }: to send a scout to another's lone scout your military must be higher (yours { $mine }, theirs { $theirs }).

## Refusals: artifacts
no-reserved = You have no reserved artifact.
no-artifact-in-slot = There is no artifact in river slot { $slot }.
slot-needs-culture = Slot { $slot } needs culture { $need } on the river; your canoe is at { $culture }.
cannot-pay = You cannot pay for { $artifact } (costs { $msg_cost }; you have { $msg_have }).
already-reserved = You already hold a reserved artifact; craft it before reserving another.
reserve-needs-culture = Reserving needs your canoe on river space 4 or beyond.
slot-not-available = Slot { $slot } is not available to you (culture { $culture }).
pay-wrong = That does not pay for this artifact. Ways to pay: { $msg_examples }.

## Refusals: workers, once-per-round effects, bonus tiles, the character
no-such-worker = You have no worker w{ $worker } (you have { $workers }).
worker-used = Worker w{ $worker } has already worked this round.
worker-level = A level-{ $level } worker refines at most { $level } { $level ->
        [one] resource
       *[other] resources
    }.
use-during-turn = Once-per-round effects are used during your turn.
not-your-character = { $card } is not your character.
not-crafted = You have not crafted { $card }.
no-once-per-round = { $card } has no once-per-round effect.
card-used = { $card } has already been used this round.
card-pointless = { $card } would do nothing now: you have nothing it can exchange. Nothing was used.
not-your-bonus-tile = { $tile } is not one of your personal bonus tiles.
bonus-tiles-c6 = Only the young Collector (C6) may use personal bonus tiles.
bonus-tile-used = You have already used a personal bonus tile this round.
bonus-tile-level = In round { $round } you may use personal bonus tiles up to level { $level }.
bonus-tile-pointless = { $tile } would do nothing now: you have nothing it can exchange. Keep it for later.
no-character = You have no character card.
already-old = Your character is already on the old side; flipping is once and for all.
flip-before-placement = You may flip your character only before your first placement of a round.
flip-no-scout = Flipping gives up your extra scout, and none is at home (scouts on future spaces do not count).

## Refusals: the road, a raid, the engine's own questions
cart-stuck = A cart at { $node } cannot move further.
not-a-road-node = { $step } is not a road node (S, B1, O1, X1, …, L5, L6, C).
cart-goes-to = From { $node } a cart goes to { $nodes }, not { $step }.
travel-steps = You have { $steps } { $steps ->
        [one] step
       *[other] steps
    } of travel, not { $used }.
outpost-not-yet = The outpost { $node } does not exist yet (its territory has not flipped).
raid-must-give = A raid victim must give what is owed.
raid-give-exactly = Give exactly { $n } { $n ->
        [one] resource
       *[other] resources
    }.
raid-not-military = A raid takes resources, not military.
pick-tiles-refusal = Pick your two personal tiles.
pick-tiles-wrong = Pick one leftover level-1 forest/mountain tile and one meadow/quarry tile: { $tiles }

## Notation the game cannot read (the notation itself stays)
empty-move = Empty move. Examples: { $examples }
unknown-move = Unknown move '{ $verb }'. Examples: { $examples }
not-a-space = '{ $token }' is not a space. Spaces: H-worker, H-improve, H-travel, H-raid, H-first, H-improve-travel, H-raid-first, T<row>-left|right-<1..3> (e.g. T2-left-1), X<row>, X-own, hut.
not-a-resource = '{ $token }' is not a resource (cattle, stone, wood, ore, leather, cut_stone, lumber, metal).
not-an-id = '{ $token }' is not a card or tile id (e.g. A2-05, B1-4, C3, S07, FM1-c).
send-whom = Send whom? chief, scout or warrior (e.g. send scout T2-left-1).
refine-raw-only = A worker refines raw resources; { $resource } is already processed.
craft-which = Craft which? A river slot 1-8 (left to right) or 'reserved'.
reserve-which = Reserve which? A river slot 1-8 (left to right).
nothing-after-for = Nothing after 'for': name the processed resources you take.
give-what = Give what? e.g. give cattle
choose-number = Choose an option by its number (1, 2, ...).
not-a-cart-move = '{ $word }': a cart moves by a number of steps (e.g. 2) or a path of road nodes (e.g. B1-X1).
usage = { $verb ->
        [send] Usage: send chief|scout|warrior <space>  (e.g. send scout T2-left-1)
        [refine] Usage: refine w<n> <raw> [<raw> ...]  (e.g. refine w1 cattle)
        [use] Usage: use <card id>  (a once-per-round artifact or character, e.g. use A2-05)
        [bonus] Usage: bonus <tile id>  (one of your personal bonus tiles, e.g. bonus B1-4)
        [flip] Usage: flip
        [craft] Usage: craft <slot 1-8> | craft reserved
        [reserve] Usage: reserve <slot 1-8>
        [end] Usage: end
        [take] Usage: take <resource> [...]  (e.g. take metal lumber)
        [process] Usage: process <raw> [...]  (e.g. process cattle)
        [swap] Usage: swap <raw given> <raw received>  (e.g. swap cattle wood)
        [give] Usage: give <resource> [...] [for <processed> ...]
        [pay] Usage: pay <resource> [...]  (how to pay the artifact, e.g. pay leather cattle)
        [choose] Usage: choose <option number>
        [travel] Usage: travel <cart 1> <cart 2> — each a number of steps, a path like B1-X1, or '-'
        [skip] Usage: skip
        [pick] Usage: pick <id> [<id>]  (e.g. pick C3, pick S07, pick FM1-c MQ1-b)
       *[neutral] Usage: neutral <space>  (e.g. neutral T1-left-2)
    }

## Effects in words (the engine's kinds: effects.py, tasks.py; /card, decisions, `chooses:`)
effect-gain = gain { $msg_what }
effect-worker-round = hire a worker tile from this round's space (if one is left)
effect-worker = hire a level-{ $level } worker from the supply (if one is left)
effect-scout = gain { $n } { $n ->
        [one] scout
       *[other] scouts
    } for the rest of the game
effect-warriors = take { $n } { $n ->
        [one] warrior
       *[other] warriors
    } for this round (as many as the supply has)
effect-raid = raid { $cost ->
        [0] (free)
       *[other] (pay { $cost } military first; without it, no raid)
    }
effect-gain-per = gain { $n } { $msg_what } per { $per ->
        [stronger_opponent] fellow player with more military than you (neutral markers do not count)
        [power_level] power level you have
        [worker] worker you have
        [banner] banner you have planted
       *[crafted_artifact] artifact you have crafted
    }
effect-first-player = take the first-player card: start the next round and { $msg_taker } (once the card has turned: { $msg_back } instead)
effect-first-player-back = the first-player card's back: { $msg_back }
effect-pay = choose how to pay for the artifact
effect-travel = move your carts { $steps } { $steps ->
        [one] step
       *[other] steps
    }
effect-raid-give = give the raider { $n } { $n ->
        [one] resource
       *[other] resources
    } of your choice
effect-pick-tiles = pick your personal tiles


## /guide: the goal, a turn, the common actions and the ids the texts and pictures use
guide-goal = Have the most VP after 5 rounds (ties: culture, then military): craft artifacts, move your carts along the road to bonus spots, outposts and the camp, climb the river (culture) and the military track.
guide-turn = Free actions first (`refine`, `use`, `bonus`; `flip` before your first placement of a round), then exactly one `send` of a tribe member to a space, whose effects may ask questions (answer with `take`, `process`, `swap`, `give`, `pay`, `choose`, `travel` or `skip`); then at most one `craft` or `reserve`; then `end`.
guide-send = place your chief, a scout or a warrior on a space and do its action
guide-refine = free: a worker refines raw resources up to its level (once per round)
guide-use = free: an artifact's or your character's once-per-round effect
guide-flip = free: turn your character to its old side (before your first placement of a round)
guide-craft = after your placement: craft an artifact from river slot 1–8 or your reserved one
guide-reserve = after your placement: reserve an artifact (needs your canoe on river space 4)
guide-end = end your turn
guide-take = answer "gain resources of your choice"
guide-process = answer "refine up to N"
guide-swap = answer "swap a raw resource for another"
guide-give = pay an exchange or a raid
guide-pay = answer "how do you pay for this artifact"
guide-choose = pick option N of a choice
guide-travel = move cart 1 and cart 2: steps along the road, a path of road spots, or `-`
guide-skip = decline anything optional
guide-pick = draft a character or a start card
guide-neutral = set-up (2–3 players): place a neutral scout
guide-term-artifact = an artifact card: level, number (A1-01 … A3-…)
guide-term-bonus-tile = a bonus tile on the road: level, number
guide-term-character = a character card (C1–C7), young and old side
guide-term-start-card = a start resource card (S01–S12)
guide-term-territory = a territory tile: FM forest/mountain (right column), MQ meadow/quarry (left column), level, letter
guide-term-outpost = an outpost tile: level and the condition its banner scores
guide-term-homeland = a homeland action space (H-worker, H-improve, H-travel, H-raid, H-first, …)
guide-term-territory-space = a territory action space: row, column (left/right), space 1–3
guide-term-crossroad = a crossroad action space of row 1–4 (X-own: character C7's own)
guide-term-hut = your hut, an action space of your own
guide-term-road-spot = a spot on the road: B bonus spot, O outpost, L bonus spot beside the level-3 tile; the number is the row
guide-term-road-ends = the road's start (S) and the camp at its end (C)
guide-term-worker = one of your workers (w1, w2, …)

## The table's options (/newgame options, /rules)
option-start = `draft`: characters and start resource cards are drafted; `dealt`: the same offer dealt at random (no picks, a faster start); `first-game`: the rulebook's recommended first-game start
option-neutral-scouts = 2-3 players: `players` place the neutral scouts at set-up; `random`: the bot places them at random (a faster start)
option-neutral-four = 2-3 players: keep the neutral card with value 4 (the rulebook lets a first game leave it out)
