# Terra Mystica: the game's own texts in English (games/terra_mystica).
# Arguments: $faction, $source, $other are faction names (Witches) or ids (witches) as the code
# passes them; $hex, $a, $b land hexes (E7), $river river hexes (r16), $tile/$card/$space ids
# (BON3, FAV8, TW5, ACT6), $cult a cult track (FIRE), $terrain a terrain colour (green), $move,
# $example, $offer notation; $n, $round and the like numbers. Arguments named $msg_… are messages
# themselves (said in the same language first).

## /rules
summary = Fourteen peoples transform the land to their home terrain, build dwellings up to strongholds and sanctuaries, climb the four cults and found towns over six rounds; the most VP wins.

## The phase line (/status)
phase-over = Game over.
phase-over-pending = Game over once the last power offers are answered.
phase-factions = Choosing factions.
phase-setup = Set-up: start dwellings and bonus cards.
phase-round = Round { $round } of 6 — scoring { $tile }: { $msg_meaning }

## What is asked of the seat to act
prompt-nothing = Nothing to decide now.
prompt-pick = Pick your faction, e.g. `{ $example }`.
prompt = { $faction }: { $msg_what }, e.g. `{ $example }`.
ask-turn = your turn in round { $round }
ask-start-dwelling = place a start dwelling
ask-bonus-card = take a bonus card
ask-spades = use the { $n } { $n ->
        [one] spade
       *[other] spades
    } of the cult bonus (or `done`)
ask-cult-step = choose the cult track for your step{ $answer ->
        [yes] {" "}(and answer the power offered to you)
       *[no] {""}
    }{ $moving ->
        [yes] , or take your turn in round { $round }
       *[no] {""}
    }
ask-offer = power is offered to you ({ $msg_offered }): leech or decline{ $order ->
        [yes] {" "}in the order offered
       *[no] {""}
    }{ $then ->
        [turn] , or take your turn in round { $round } (that declines it)
        [income] ; the next round's income waits for the last answer
       *[on] ; the game goes on meanwhile
    }
offer = { $n } from { $source }
nobody = nobody

## Events of a move: one sentence ($faction is the faction's name, the same in every language;
## $msg_what the move's commands as clauses joined by commas, $msg_change the mover's own changes)
plays-faction = { $player } plays the { $faction }.
move-said = { $faction } { $msg_what }.
move-said-cost = { $faction } { $msg_what }: { $msg_change }.
said-build = build a dwelling on { $hex }
said-upgrade = upgrade { $hex } to { $building ->
        [TP] a trading post
        [TE] a temple
        [SH] a stronghold
       *[SA] a sanctuary
    }
said-transform = terraform { $hex } { $colour ->
        [home] into their home terrain
       *[other] to { $colour }
    }
said-dig = pay for { $n } { $n ->
        [one] spade
       *[other] spades
    }
said-send = send a priest to the { $cult } cult
said-advance = { $track ->
        [ship] advance shipping
       *[dig] advance on the spade track
    }
said-action = use the action { $space }
said-convert = convert { $give } { $give_res ->
        [power] power
        [coins] { $give ->
            [one] coin
           *[other] coins
        }
        [workers] { $give ->
            [one] worker
           *[other] workers
        }
        [priests] { $give ->
            [one] priest
           *[other] priests
        }
       *[vp] VP
    } into { $get } { $get_res ->
        [power] power
        [coins] { $get ->
            [one] coin
           *[other] coins
        }
        [workers] { $get ->
            [one] worker
           *[other] workers
        }
        [priests] { $get ->
            [one] priest
           *[other] priests
        }
       *[vp] VP
    }
said-burn = burn { $n } power
said-pass = { $bonus ->
        [none] pass
       *[other] pass and take the bonus card { $bonus }
    }
said-leech = take { $n } power from the { $source }
said-decline = decline { $n } power from the { $source }
said-decline-all = decline the power offered
said-bridge = build a bridge between { $a } and { $b }
said-connect = found a town across { $river }
said-take = take { $count ->
        [one] {""}
       *[other] { $count } ×{" "}
    }{ $kind ->
        [BON] the bonus card
        [FAV] the favor tile
        [TW] the town tile
       *[other] the tile
    } { $tile }
said-cult = { $way ->
        [back] go back { $steps } on { $cult }
       *[up] advance { $steps } on { $cult }
    }
said-done = let the rest of the cult bonus spades lapse
said-delta = { $sign }{ $n } { $res ->
        [vp] VP
        [power] power
        [coins] { $n ->
            [one] coin
           *[other] coins
        }
        [workers] { $n ->
            [one] worker
           *[other] workers
        }
       *[priests] { $n ->
            [one] priest
           *[other] priests
        }
    }
said-delta-cult = { $sign }{ $n } on { $cult }
said-level = { $track ->
        [ship] shipping now { $level }
       *[dig] spade level now { $level }
    }
declined-by-turn = { $faction } took their turn and so declined the power offered ({ $msg_offered }).
leaves = { $player } leaves the game.

## Refusals: whose turn, the faction choice, the set-up
not-your-turn = it is not seat { $n }'s turn: wait for { $msg_names }
pick-first = the factions are chosen first: `pick <faction>`
factions-chosen = the factions are already chosen
pick-needs-one = pick needs one faction, e.g. `pick witches`.
pick-refused = { $msg_reason } (taken: { $taken })
no-such-faction = no faction '{ $faction }'; known: { $known }
share-home = { $faction } and { $other } share the home terrain { $terrain }
player-count = Terra Mystica is for { $min }-{ $max } players
no-faction-yet = seat { $n } has no faction yet
already-left = seat { $n } has already left
setup-now = set-up: now { $want ->
        [build] a start dwelling (`build E7`)
       *[pass] a bonus card (`pass BON3`)
    }
turn-needs-action = a move in your turn needs an action (build, upgrade, send, pass …)
nothing-to-answer = nothing to answer now
written-by-game = { $what } is written by the game, not played
no-offer-to-answer = no power is offered to you now: nothing to leech or decline
answer-on-its-own = answer a power offer in a move of its own (`leech 2 from witches`); taking your turn instead declines it
cult-step-first = first choose the cult track for your step (+FIRE …)
cult-in-same-move = choose the cult track in the same move, e.g. `action BON2. +FIRE` (`+2FIRE` for ACTA)
out-of-turn = only power offers are answered out of turn (leech or decline)
cult-bonus-spades-only = the cult bonus' spades: transform hexes or `done`
strict-leech-oldest = strict-leech: first answer `leech { $offer }` (or `decline { $offer }`), the oldest offer to you
cultists-may-reach-10 = the Cultists may still reach 10 on { $cult } with their pending cult step: wait for their decision before stepping onto 10

## Refusals of the options of /newgame
unknown-flags = unknown flags { $flags }; known: { $known }
factions-one-per-seat = factions: one per seat ({ $n })
scoring-six-tiles = scoring: six tiles SCORE1..SCORE9, rounds 1 to 6
scoring-twice = scoring: each tile once, { $tiles } { $n ->
        [one] is
       *[other] are
    } named more than once
scoring-needs-flag = scoring: { $tile } needs the flag { $flag }
scoring-spades-late = scoring: { $tile } (spades) may not be the tile of round { $round }
bonus-unknown = bonus: no bonus card { $wrong } in this game; known: { $known }{ $bon10 ->
        [yes] {" "}(BON10 needs the flag shipping-bonus)
       *[no] {""}
    }
bonus-count = bonus: { $n } different cards for { $players } players (players + 3), got { $got }

## The action panel and the quick action
panel-build = Build a dwelling
panel-transform = Terraform a space
panel-upgrade = Upgrade a building
panel-power = Power action (ACT1–ACT6)
panel-special = Bonus card, favour or faction action
panel-send = Send a priest to a cult
panel-advance = Advance shipping or digging
panel-convert = Convert resources
panel-burn = Burn power
panel-pass = Pass and take a bonus card
panel-pick = Pick a faction
panel-leech = Take the power offered
panel-decline = Decline the power offered
quick-done = Skip the cult bonus spades

## /card: bonus cards, favour, town and scoring tiles, power actions, factions; the text of each
## card by its id ($id: BON1, FAV8, TW5, SCORE2, ACT6), the abilities of each faction by its id
## ($faction: witches; the Auren have none beyond their stronghold)
card = { $id } ({ $kind ->
        [bonus] bonus card
        [favor] favor tile
        [town] town tile
        [action] power action
       *[scoring] round scoring
    }): { $msg_text }
card-faction = { $name } (home terrain { $home }): { $msg_text }
card-text = { $id ->
        [BON1] Special action: one free spade. Income 2 coins.
        [BON2] Special action: one cult step. Income 4 coins.
        [BON3] Income 6 coins.
        [BON4] Shipping +1 this round. Income 3 power.
        [BON5] Income 1 worker and 3 power.
        [BON6] Pass: 4 VP for your stronghold and 4 VP for your sanctuary. Income 2 workers.
        [BON7] Pass: 2 VP per trading house. Income 1 worker.
        [BON8] Income 1 priest.
        [BON9] Pass: 1 VP per dwelling. Income 2 coins.
        [BON10] Pass: 3 VP per shipping level. Income 3 power.
        [FAV1] 3 fire.
        [FAV2] 3 water.
        [FAV3] 3 earth.
        [FAV4] 3 air.
        [FAV5] 2 fire. Towns need only 6 building strength instead of 7.
        [FAV6] 2 water. Special action: one cult step.
        [FAV7] 2 earth. Income 1 worker and 1 power.
        [FAV8] 2 air. Income 4 power.
        [FAV9] 1 fire. Income 3 coins.
        [FAV10] 1 water. 3 VP whenever you build a trading house.
        [FAV11] 1 earth. 2 VP whenever you build a dwelling.
        [FAV12] 1 air. Pass: 2/3/3/4 VP for 1/2/3/4 trading houses.
        [TW1] 5 VP and 6 coins.
        [TW2] 7 VP and 2 workers.
        [TW3] 9 VP and 1 priest.
        [TW4] 6 VP and 8 power.
        [TW5] 8 VP and one step on each cult track.
        [TW6] 2 VP, two steps on each cult track, and two keys.
        [TW7] 4 VP and one free step on the shipping track (Fakirs: carpet range +1 instead).
        [TW8] 11 VP.
        [SCORE1] 2 VP per spade; end of round: 1 coin per step on EARTH.
        [SCORE2] 5 VP per town; end of round: 1 spade per 4 steps on EARTH.
        [SCORE3] 2 VP per D; end of round: 1 priest per 4 steps on WATER.
        [SCORE4] 5 VP per SA/SH; end of round: 1 worker per 2 steps on FIRE.
        [SCORE5] 2 VP per D; end of round: 4 power per 4 steps on FIRE.
        [SCORE6] 3 VP per TP; end of round: 1 spade per 4 steps on WATER.
        [SCORE7] 5 VP per SA/SH; end of round: 1 worker per 2 steps on AIR.
        [SCORE8] 3 VP per TP; end of round: 1 spade per 4 steps on AIR.
        [SCORE9] 4 VP per TE; end of round: 2 coins per priest sent to a cult.
        [ACT1] Build a bridge.
        [ACT2] Take 1 priest.
        [ACT3] Take 2 workers.
        [ACT4] Take 7 coins.
        [ACT5] One free spade (transform and build).
       *[ACT6] Two free spades (transform and build).
    }
ability = { $faction ->
        [alchemists] At any time in your turn trade 1 VP for 1 coin, or 2 coins for 1 VP.
        [chaosmagicians] Start with one dwelling only, placed after everyone else's start dwellings. Each temple and sanctuary gives two favor tiles instead of one.
        [cultists] When at least one neighbour takes power from your building, step up 1 on a cult track of your choice; if all decline, take 1 power instead.
        [darklings] You pay for spades with priests instead of workers: 1 priest per spade, and each gives 2 VP. No spade track.
        [dwarves] In a transform-and-build, skip one land or river hex for 2 workers (1 after the stronghold); 4 VP each time. No shipping. Counts for the network at game end.
        [engineers] As an action (any number of times per round), pay 2 workers to build a bridge.
        [fakirs] In a transform-and-build, skip land or river hexes up to the carpet range for 1 priest; 4 VP each time. No shipping. Counts for the network at game end.
        [giants] Any terrain becomes your home terrain for exactly 2 spades; a single spade (from a cult bonus) is lost.
        [halflings] Each spade you use gives 1 VP, however you got it.
        [mermaids] A town may be founded across one river hex between your buildings; the town tile lies on that river hex.
        [nomads] Start with three dwellings; the third is placed after all second dwellings, before the Chaos Magicians.
        [swarmlings] Each town you found gives 3 workers more.
       *[witches] Each town you found gives 5 VP more.
    }
card-hint = BON3, FAV8, TW5, SCORE2, ACT6 or a faction (witches)

## Refusals: building, terraforming, bridges ($building, $to, $need, $have: D, TP, TE, SH, SA; $terrain a
## colour, said by the German with its landscape)
is-river = { $hex } is river
has-building = { $hex } has a building
has-building-already = { $hex } already has a building
is-terrain-already = { $hex } is { $terrain ->
        [yellow] yellow
        [brown] brown
        [black] black
        [blue] blue
        [green] green
        [gray] gray
       *[red] red
    } already
is-not-terrain = { $hex } is not { $terrain ->
        [yellow] yellow
        [brown] brown
        [black] black
        [blue] blue
        [green] green
        [gray] gray
       *[red] red
    }
not-reachable = { $hex } is not reachable for { $faction }
all-dwellings-built = all 8 dwellings are on the map
upgrade-wrong = { $to } is built on a { $need }, { $hex } has { $have }
upgrade-empty = { $hex } is empty: { $to } is built on a { $need } of yours
upgrade-not-yours = { $hex } holds a { $building ->
        [D] dwelling
        [TP] trading house
        [TE] temple
        [SH] stronghold
       *[SA] sanctuary
    } of the { $faction }, not one of yours
none-left = no { $building ->
        [TP] TP
        [TE] TE
        [SH] SH
       *[SA] SA
    } left
tile-none-left = no { $kind ->
        [FAV] FAV
       *[TW] TW
    }{ $n } left
cult-spades-no-top-up = spades of the cult bonus cannot be topped up with paid ones
spades-second-hex = the spades of an action go on one hex only, and its dwelling there: { $a }, then { $b } (only spades received at once, from ACT6 or the Halflings' stronghold, may go on a second hex)
spades-left-over = the spades of an action go on one hex only; only spades left over from ones received at once may go on another, none paid: { $hex } needs { $need }, { $left } left
spades-one-hex-home = the spades of an action go on one hex only; spades received at once go on another hex only when one hex needs fewer to become { $terrain }: { $hexes } would not be { $terrain }
spades-dwelling-there = the spades of an action go on one hex only, and its dwelling on a hex they transformed, not { $hex }
ride-no-transform = the Witches' ride builds on a hex that is forest already, no transforming
ride-on-forest = the Witches' ride builds on forest
sandstorm-adjacent = the sandstorm needs a hex directly adjacent to a Nomad building (not across a river or a bridge), not { $hex }
giants-home-only = Giants transform only into their home terrain
cannot-advance-shipping = { $faction } cannot advance shipping
cannot-advance-dig = { $faction } cannot advance on the spade track
bridge-needs-action = a bridge needs the bridge power action or the Engineers' action
no-bridge-spot = no bridge spans { $a } and { $b }
bridge-needs-building = a bridge needs one of your buildings at one end
all-bridges-built = all { $n } bridges are on the map
bridge-already = a bridge already spans { $a } and { $b }
bridge-costs = a bridge costs 2 workers

## Refusals: cults, tiles, actions, turns
no-cult-track = no cult track { $cult }
no-priest = { $faction } has no priest to send
no-cult-space = no free { $n }-step space on { $cult }
no-cult-steps = { $faction } has no { $n } cult { $n ->
        [one] step
       *[other] steps
    } to place
minus-cult = -CULT declines a step of a town tile taken in the same move
tiles-owed = { $faction } must still take { $n } { $kind ->
        [town] town { $n ->
            [one] tile
           *[other] tiles
        }
       *[favor] favor { $n ->
            [one] tile
           *[other] tiles
        }
    } in this move (+TW… / +FAV…)
taken-by-passing = { $tile } is taken by passing
ordination = priest ordination: up to 3 workers, right after the stronghold
cannot-take = { $faction } cannot take { $space }
action-used = { $space } was already used this round
action-taken = { $space } was already taken this round
no-favor-earned = { $faction } has earned no favor tile (a temple or sanctuary gives one)
has-tile-already = { $faction } already has { $tile }
no-town-founded = { $faction } has founded no town to take { $tile } for
keys-short = { $n } tracks would reach 10 with { $keys } { $keys ->
        [one] key
       *[other] keys
    }: decline one step first ({ $steps })
last-pass-no-card = in the last round passing takes no bonus card (plain 'pass')
card-not-on-offer = { $card } is not on offer
pass-takes-card = passing before the last round takes a bonus card
passed-already = { $faction } has already passed
mermaids-only = only the Mermaids found towns across a river hex
river-not-between = { $river } does not lie between two Mermaid buildings
connect-no-town = connect { $river } founds no town: the Mermaids link across a river hex only to found one
not-in-game = { $faction } is not in this game
turn-of = it is { $who }'s turn, not { $faction }'s
one-action = one action per turn ({ $n } in this move)
after-passing = after passing, no more actions this round
written-by-engine = { $what } is written by the engine, not played

## Refusals: power and costs ($res: coins, workers, priests, vp, power; in conversions PW, C, W, P, VP)
bowl-three-short = { $faction } has { $have } power in bowl III, needs { $need }
burn-short = burning { $n } needs { $need } power in bowl II
cannot-pay = { $faction } cannot pay { $n } { $res } for { $what ->
        [spade] a spade
        [D] a dwelling
        [TP] a TP
        [TE] a TE
        [SH] a SH
        [SA] a SA
        [shipping] shipping
        [spade-track] the spade track
        [tunnelling] tunnelling
        [carpet] carpet flight
       *[other] that
    }
power-buys = { $give } power buy { $n } { $res }
no-conversion = no conversion from { $give } to { $get }
conversion-rate = { $give } to { $get } is { $a }:{ $b }
has-not = { $faction } has not { $n } { $res }
no-offer = no power offer to { $faction }{ $source ->
        [none] {""}
       *[other] {" "}from { $source }
    }
offered-less = { $source } offered { $n } power, not { $m }
all-or-nothing = all or nothing: take the { $n } power { $source } offers{ $fits ->
        [0] {""}
       *[other] {" "}(or the { $fits } that fit)
    }, or decline

## Refusals: notation ($token, $text, $name, $verb, $got are what the player typed)
not-land-hex = '{ $token }' is not a land hex: expected a row A…I and a column 1…13 (e.g. E7).
not-river-hex = '{ $token }' is not a river hex: expected r0…r35 (e.g. r16).
not-a-tile = '{ $token }' is not a tile: expected { $count ->
        [1] { $e1 }
        [2] { $e1 } or { $e2 }
       *[3] { $e1 } or { $e2 } or { $e3 }
    }.
not-a-faction = '{ $token }' is not a faction: expected one of { $known }.
not-a-cult = '{ $token }' is not a cult track: expected FIRE, WATER, EARTH or AIR.
usage = Usage: { $msg_form }
usage-after = { $msg_problem } Usage: { $msg_form }
usage-form = { $verb ->
        [build] build <hex> (e.g. build E7)
        [upgrade] upgrade <hex> to TP|TE|SH|SA (e.g. upgrade F3 to TP)
        [transform] transform <hex> [to <colour>] (e.g. transform E6 to yellow; colours: yellow, brown, black, blue, green, gray, red)
        [dig] dig <spades> (e.g. dig 1)
        [send] send p to FIRE|WATER|EARTH|AIR [for <n>] (e.g. send p to FIRE)
        [advance] advance ship|dig
        [action] action <space> (e.g. action ACT1; spaces: ACT1, ACT2, ACT3, ACT4, ACT5, ACT6, ACTA, ACTC, ACTE, ACTG, ACTN, ACTS, ACTW, BON1, BON2, FAV6)
        [convert] convert <n><resource> to <n><resource> (e.g. convert 2PW to 2C; resources: PW, C, W, P, VP)
        [burn] burn <n> (e.g. burn 3)
        [pass] pass [BON1…BON10] (e.g. pass BON3)
        [leech] leech <n> [from <faction>] (e.g. leech 2 from witches)
        [decline] decline [<n> [from <faction>]] (e.g. decline 2 from witches)
        [bridge] bridge <hex>:<hex> (e.g. bridge F4:G3)
        [connect] connect <river hex> (e.g. connect r16)
        [take] +<tile> | +<n><tile> | +<cult> | +<n><cult> | -<cult> (e.g. +FAV8, +TW5, +2TW3, +AIR, +2FIRE)
        [vp] +<n>vp [for <reason>] (e.g. +8vp for FIRE)
        [wait] wait
        [done] done
        [setup] setup [<faction>] (e.g. setup witches)
       *[score_resources] score_resources
    }
examples = build E7 · upgrade F3 to TP · transform E6 to yellow · dig 1 · send p to FIRE · advance ship · action ACT1 · convert 2PW to 2C · burn 3 · pass BON3 · leech 2 from witches · decline 2 from witches · bridge F4:G3 · connect r16 · +FAV8 · +TW5 · +AIR · wait · done — several in one move joined by '.'
not-a-number = '{ $token }' is not a number of { $what ->
        [spades] spades
        [steps] steps
        [give] resources to give
        [get] resources to get
        [burn] power to burn
       *[power] power
    }.
number-too-small = The number of { $what ->
        [spades] spades
        [steps] steps
        [give] resources to give
        [get] resources to get
        [burn] power to burn
       *[power] power
    } must be at least { $min }, not { $n }.
not-a-resource = '{ $token }' is not a resource.
not-signed = '{ $text }' is neither a tile nor a cult step.
count-at-least-one = '{ $text }': the count must be at least 1.
minus-only-cult = '{ $text }': only cult steps can be taken back with '-'.
not-tile-or-cult = '{ $name }' is not a tile (FAV1…FAV12, TW1…TW8, BON1…BON10) or cult (FIRE, WATER, EARTH, AIR).
not-hex-pair = '{ $token }' is not two or three land hexes like C4:D5.
no-river-touches = no river hex touches { $lands }: name the river hex.
not-a-building = '{ $token }' is not a building to upgrade to.
not-a-colour = '{ $token }' is not a terrain colour.
not-a-space = '{ $token }' is not an action space.
empty-command = Empty command. Examples: { $msg_examples }
empty-move = Empty move. Examples: { $msg_examples }
unknown-command = Unknown command '{ $verb }'. Examples: { $msg_examples }
empty-note = Empty note '[]': a note needs some text, e.g. [opponent accepted power].
takes-nothing = '{ $verb }' takes nothing after it (got '{ $got }').
empty-part = Command { $n } of the move is empty: commands are joined by a single '.'.
no-commands = A move has at least one command.

## Ledger rows of /history (the columns VP, C, W, P, PW, FIRE…, ship, dig stay as they are)
ledger-no-change = no change
ledger-round = round { $round } begins: its income is included above
ledger-final = { $faction } final scoring: { $msg_parts }
final-part = { $part ->
        [FIRE] FIRE cult
        [WATER] WATER cult
        [EARTH] EARTH cult
        [AIR] AIR cult
        [network] largest network
       *[resources] resources
    } { $vp }

## Importing a terra.snellman.net ledger: the imported game's title and why an import is refused
import-title = terra.snellman.net game{ $game ->
        [none] {""}
       *[other] {" "}{ $game }
    }, { $msg_where }{ $names ->
        [none] {""}
       *[other] {" "}({ $names })
    }
where = { $stage ->
        [finished] finished
        [set-up] set-up
       *[round] round { $round }
    }
import-unknown-faction = line { $line }: unknown faction '{ $faction }'; this table plays the 14 factions of the base game ({ $known }).
import-player-count = Terra Mystica is for 2-5 players; this ledger has { $n } factions.
import-map = unsupported map '{ $note }': only the base map can be played here.
import-option = unsupported option '{ $option }': this table plays { $flags } (and ignores { $ignored }).
import-scoring = the ledger's header names no scoring tile for each of the rounds 1 to 6.
import-removed-bonus = the header removes bonus { $n ->
        [one] card
       *[other] cards
    } { $cards }, which { $n ->
        [one] is
       *[other] are
    } not in this game.
import-not-a-command = line { $line }: '{ $command }' is not a command this table knows: { $msg_reason }
import-cannot-play = line { $line }: { $faction } '{ $command }' cannot be played here: { $msg_reason }
import-line = line { $line }: '{ $text }': { $msg_reason }
ledger-bad-delta = line { $line }: the { $column } change '{ $cell }' is not a number like +2 or -1.
ledger-bad-value = line { $line }: expected '{ $form }', got '{ $cell }'.
ledger-no-faction = line { $line }: a row starts with its faction; the first column is empty.
ledger-bad-leech = line { $line }: the power offers '{ $cell }' are not numbers like '2 1'.
ledger-columns = line { $line }: a row has { $n } TAB-separated columns (faction, ΔVP, VP, ΔC, C, ΔW, W, ΔP, P, ΔPW, PW, Δcult, cults, leech, command); this one has { $got }.
not-a-ledger = not a ledger: no row with 15 TAB-separated columns (faction … command).

## The score sheet's line labels (/status, the result)
score-label = { $part ->
        [faction] faction
        [during] during the game
        [FIRE] FIRE cult
        [WATER] WATER cult
        [EARTH] EARTH cult
        [AIR] AIR cult
        [network] largest network
        [resources] resources
       *[vp] VP
    }

## /guide: the goal, a turn, the common actions and the ids the texts and pictures use
guide-goal = Have the most VP after six rounds: build on your home terrain, score each round's scoring tile, climb the four cults, found towns; at the end the largest connected network and the cult majorities score too.
guide-turn = Each round: income, then everyone in turn takes one action (build, transform, upgrade, send a priest, advance, a power or special action, or pass and take a bonus card) until all have passed; conversions and burning power are free. When you build next to others they may take power (leech). At the round's end its scoring tile pays its cult bonus.
guide-build = build a dwelling on a hex of your home terrain next to your buildings
guide-transform = turn a hex towards your home terrain with spades (dig), often followed by a build
guide-upgrade = upgrade a building: dwelling to trading house (TP), TP to temple (TE) or stronghold (SH), TE to sanctuary (SA)
guide-send = send a priest to a cult track
guide-advance = advance on the shipping or the spade track
guide-action = a power action (ACT1–ACT6), a bonus card's or a faction's special action
guide-convert = exchange resources (free, any time in your turn)
guide-burn = burn power: remove tokens from bowl 2 to move others to bowl 3 (free)
guide-pass = pass for this round and take a bonus card for the next
guide-leech = take the power offered when a neighbour builds (costs VP)
guide-decline = decline the power offered
guide-pick = choose your faction at the start
guide-term-bon = a bonus card (BON1–BON10): taken when passing, gives income and sometimes an action
guide-term-fav = a favor tile (FAV1–FAV12): taken with a temple or sanctuary, cult steps and an ability
guide-term-tw = a town tile (TW1–TW8): taken when founding a town
guide-term-score = a round scoring tile (SCORE1–SCORE9): what scores VP in its round and the cult bonus after it
guide-term-act = a power action on the board (ACT1–ACT6), paid with power from bowl 3
guide-term-act-faction = a faction's own special action (ACTW: Witches, ACTN: Nomads, …)
guide-term-faction = a faction, named as on terra.snellman.net (witches, chaosmagicians, …)
guide-term-hex = a land hex of the map: row A–I, number in the row
guide-term-river = a river hex (r0–r…), used by the Mermaids and bridges
guide-term-cult = a cult track: FIRE, WATER, EARTH, AIR
guide-term-building = a building: D dwelling, TP trading house, TE temple, SH stronghold, SA sanctuary
guide-term-resource = an amount: C coins, W workers, P priests, PW power, VP victory points (2PW: 2 power)

## The table's options (/newgame options, /rules)
option-setup = `variable`: factions picked in reverse seat order; `first-game`: a fixed line-up
option-factions = factions by seat, e.g. witches/nomads (no picking)
option-scoring = scoring tiles of rounds 1-6, e.g. SCORE1/SCORE5/…
option-flags = terra.snellman.net options, e.g. `variable-turn-order`
option-bonus = bonus cards in play, players + 3 of BON1..BON10, e.g. BON1/BON2/… (empty: drawn)
skip-pass-bonus = { $player } passes for the round and takes { $card } (the bonus card with the most coins: { $coins }).
skip-pass-last = { $player } passes for the rest of the game.
