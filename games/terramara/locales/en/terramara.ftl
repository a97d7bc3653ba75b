# Terramara's vocabulary and presentation in English: resources and amounts, effects in words,
# cards and tiles (/card), a tribe's private view (/hand), the score sheet's labels, the action
# panel, and the texts of decisions and gains. The moves' texts (prompts, events, refusals) are in
# terramara-play.ftl. Ids, notation and character names stay as they are in every language.

## Resources and tracks (the notation's keys: cattle, cut_stone, any_raw …)

item = { $r ->
    [cattle] cattle
    [stone] stone
    [wood] wood
    [ore] ore
    [leather] leather
    [cut_stone] cut stone
    [lumber] lumber
    [metal] metal
    [military] military
    [culture] culture
    [travel] travel
    [vp] VP
    [any_raw] raw resources of your choice
   *[any_processed] processed resources of your choice
}
amount = { $n } { $what ->
    [cattle] cattle
    [stone] stone
    [wood] wood
    [ore] ore
    [leather] leather
    [cut_stone] cut stone
    [lumber] lumber
    [metal] metal
    [military] military
    [culture] culture
    [travel] travel
    [vp] VP
    [any_raw] { $n ->
        [one] raw resource
       *[other] raw resources
    } of your choice
   *[any_processed] { $n ->
        [one] processed resource
       *[other] processed resources
    } of your choice
}
nothing = nothing
category = { $category ->
    [tools] tools
    [weapons] weapons
    [pottery] pottery
   *[clothing] clothing
}
terrain = { $terrain ->
    [meadow] meadow
    [quarry] quarry
    [forest] forest
   *[mountain] mountain
}
colour = { $colour ->
    [red] red
    [yellow] yellow
    [green] green
   *[blue] blue
}

## Where an effect comes from (in brackets after events and prompts)

source-start-card = start card { $id }
source-bonus-tile = bonus tile { $id }
source-character = character { $id }
source-first-player = first-player card
source-first-player-back = first-player card (back)
source-first-player-position = first-player card, position { $position }
source-raid-by = raid by seat { $seat }
source-hut = hut
source-turn = turn
source-raiding = raiding
source-joining = joining an occupied space
source-gain-culture = gain culture
source-gain-travel = gain travel
source-chief-placed = chief placed
source-crossroad-placed = crossroad placed
source-banner-placed = banner placed
source-cart-crossroad = cart crossroad
source-craft = craft
source-raid = raid
source-on-the-cost = { $msg_resource } on the cost

## The action spaces' printed names

space-label = { $label ->
    [hire-worker] Hire a worker
    [improve] Improve your abilities
    [travel-road] Travel the road
    [improve-or-travel] Improve your abilities or travel the road
    [go-raiding] Go raiding
    [become-first] Become first player
    [raid-and-first] Go raiding and become first player (either order)
    [timber-market] Timber market
    [travelling-craftsmen] Travelling craftsmen
    [bronze-traders] Bronze traders
    [smelting-camp] Smelting camp
    [carpenters-guild] Carpenters' guild
    [market-town] Market town
    [weapon-smiths] Weapon smiths
    [mountain-pass] Mountain pass
    [council-of-elders] Council of elders
    [river-landing] River landing
    [caravan-depot] Caravan depot
   *[war-camp] War camp
}

## Printed texts of the components (the same words as data/bonus_tiles.yaml and data/characters.yaml)

bonus-tile-text = { $tile ->
    [B1-1] Gain 1 culture.
    [B1-2] Gain 1 ore and 1 cattle.
    [B1-3] Gain 1 wood and 1 stone.
    [B1-4] Exchange 1 raw resource for 4 VP.
    [B1-5] Exchange 1 raw resource for 2 military.
    [B1-6] Gain 1 processed resource of your choice.
    [B2-1] Gain 1 cut stone and 1 culture.
    [B2-2] Gain 1 metal and 1 military.
    [B2-3] Gain 1 leather and 1 travel.
    [B2-4] Gain 1 ore, 1 cattle, 1 wood and 1 stone.
    [B2-5] Exchange 1 raw resource for 2 culture or 2 travel or 3 military.
    [B2-6] Exchange 1 raw resource for 1 processed resource of your choice and 1 lumber.
    [B3-1] Gain 2 military and 1 culture.
    [B3-2] Craft 1 artifact; you may pay raw instead of processed resources.
    [B3-3] Go raiding without losing military.
    [B3-4] Exchange 2 raw resources for 5 VP.
    [B3-5] Gain 2 processed resources of your choice.
   *[B3-6] Take 2 warriors for this round.
}
character-young = { $character ->
    [C1] Gain 1 travel now. Whenever you gain at least 1 travel, gain 1 more.
    [C2] Gain 1 culture now. Whenever you gain at least 1 culture, gain 1 more.
    [C3] You never lose military (except where a card or space lets you exchange military).
    [C4] Whenever you craft an artifact, you may use up to 2 raw resources instead of their processed form.
    [C5] Your tribe gains an additional scout (given up again when you flip this card).
    [C6] Take all leftover bonus tiles. Once per round use one (round 1 level 1 only, round 2 levels 1-2, then any); used tiles leave the game.
   *[C7] Take a leftover level-1 forest/mountain and meadow/quarry tile, backs up. You may always use that crossroad space; its outpost scores at game end.
}
character-old = { $character ->
    [C1] Whenever one of your carts reaches or passes a crossroad, gain 2 VP.
    [C2] Whenever you gain at least 1 culture, gain 2 VP.
    [C3] Once per round, in your turn, gain VP equal to your power level.
    [C4] Whenever you craft a level 1 or 2 artifact gain 2 VP, a level 3 artifact 3 VP.
    [C5] Whenever you send your chief to a space with another player's scout gain 3 VP; to an unoccupied space gain 5 VP.
    [C6] Whenever you place a banner on an outpost, gain 4 VP.
   *[C7] Whenever you send a scout or your chief to a crossroad action space gain 2 VP. Your personal outpost still scores.
}

## Effects in words (cards, spaces, decisions)

atoms-then = {", then "}
gain-per = { $per ->
    [stronger_opponent] fellow player with more military than you (neutral markers do not count)
    [power_level] power level you have
    [worker] worker you have
    [banner] banner you have planted
   *[crafted_artifact] artifact you have crafted
}
effects-now = Now: { $msg_effects }
effects-always = Always: { $msg_effect }
effects-once-per-round = Once per round (`use`): { $msg_effects }

modifier-raid-power = you raid as if your power level were { $n } higher (at most 4)
modifier-join-equal = you may send a scout to another's lone scout with equal military, and then lose no military
modifier-discount-each-type = crafting costs { $n } less of each resource type in the cost
modifier-discount = { $msg_category } artifacts cost { $msg_amount } less
modifier-vp-per-cost-icon = whenever you craft an artifact (from the next craft on), gain 1 VP per { $msg_resource } icon on that artifact's printed cost
modifier-never-lose-military = you never lose military for raiding or joining (giving military in an exchange still costs it)
modifier-extra-on-gain = whenever you gain { $msg_resource }, gain { $n } more (not from start cards)
modifier-raw-as-processed = when crafting, up to { $n } raw { $n ->
        [one] resource
       *[other] resources
    } may stand in for their processed form
modifier-extra-scout = { $n } extra { $n ->
        [one] scout
       *[other] scouts
    } (given up when the character turns old)
modifier-personal-bonus-tiles = the leftover bonus tiles are yours: use one per round (`bonus`), level at most the round number
modifier-personal-crossroad = a personal crossroad space (`X-own`) from a leftover level-1 forest/mountain tile
modifier-personal-outpost = a personal outpost that scores at game end as if you had a banner on it

trigger = Whenever { $msg_when }: gain { $msg_gain }
trigger-when = { $on ->
    [gain_culture] you gain culture
    [gain_travel] you gain travel
    [cart_crossroad] one of your carts reaches or passes a crossroad
    [craft] you craft an artifact
    [chief_placed] you send your chief to an action space
    [banner_placed] you plant a banner on an outpost
    [crossroad_placed] you send your chief or a scout to a crossroad space
   *[raid] you raid
}
trigger-craft-level = you craft a level { $levels } artifact
trigger-craft-level-category = you craft a level { $levels } { $msg_category } artifact
trigger-craft-category = you craft a { $msg_category } artifact
trigger-join-scout = you send your chief to join another colour's lone scout
trigger-empty-space = you send your chief to an empty action space

game-end = Game end: { $vp } VP per { $msg_per }
game-end-per = { $per ->
    [crafted_artifact] crafted artifact
    [banner] banner on an outpost
    [worker] worker
    [worker_level] worker level (your workers' levels added up)
    [power_level] power level
    [cart_at_camp] cart at the camp
    [river_step_pair] 2 culture (river spaces)
   *[resource_set] set of the 4 processed resources (leather, cut stone, lumber, metal)
}
game-end-per-category = crafted { $msg_category } artifact
game-end-per-level = crafted level-{ $level } artifact

requirement-none = none
requirement-worker-levels = your workers' levels add up to { $n }+
requirement-river = canoe on river space { $n }+
requirement-military = military { $n }+
requirement-road = both carts at { $node } or beyond
requirement-crafted = { $n }+ { $msg_category } artifacts crafted

space = ({ $size ->
        [small] small
       *[large] large
    }{ $single ->
        [yes] , one member only
       *[no] {""}
    }): { $msg_effects }
space-named = “{ $msg_name }” ({ $size ->
        [small] small
       *[large] large
    }{ $single ->
        [yes] , one member only
       *[no] {""}
    }): { $msg_effects }
space-special = { $msg_space } — special space, round 5 only, needs { $msg_requirement }

## /card: components explained

card-artifact = **{ $id }** — artifact, level { $level } { $msg_category }, { $vp } VP
card-cost = Cost: { $msg_cost }
card-no-effect = No effect (more VP instead).
card-character = **{ $id } { $name }** — character
card-young-side = Young side: { $msg_text }
card-old-side = Old side: { $msg_text }
card-bonus-tile = **{ $id }** — bonus tile, level { $level }
card-start-card = **{ $id }** — start resource card
card-gives = Gives: { $msg_gives }
card-workers = Workers: { $msg_levels }
card-worker-level = level { $n }
card-territory = **{ $id }** — territory, { $msg_terrain } ({ $column ->
        [left] left
       *[right] right
    } column), level { $level }
card-territory-space = Space { $n } { $msg_space }
card-territory-crossroad = Back (crossroad space, once the row flips): { $msg_space }
card-territory-outpost = Back (outpost, once the row flips): { $outpost }
card-outpost = **{ $id }** — outpost, level { $level }; at game end a banner here scores the best condition met:
card-outpost-tier = { $n } VP: { $msg_requirement }

## /hand: the private view of a tribe

hand-seat = seat { $n }
hand-heading = **{ $msg_name }'s tribe** ({ $msg_colour }, seat { $n }) — { $msg_phase }
hand-raw = Raw: { $cattle } cattle, { $stone } stone, { $wood } wood, { $ore } ore
hand-processed = Processed: { $leather } leather, { $cut_stone } cut stone, { $lumber } lumber, { $metal } metal
hand-tracks = Military { $military } (power level { $power }), culture { $culture }, VP tokens { $vp }
hand-worker = w{ $i } level { $level } ({ $used ->
        [yes] used
       *[no] unused
    })
hand-workers = Workers: { $msg_workers }
hand-workers-none = Workers: none
hand-at-home = At home ({ $members } { $members ->
        [one] member
       *[other] members
    } left to send): { $chief ->
        [home] chief
       *[out] chief (out)
    }, { $scouts } of { $total } scouts, { $warriors } { $warriors ->
        [one] warrior
       *[other] warriors
    }
hand-carts = Carts: { $carts }
hand-character = Character { $id } { $name }, { $side ->
        [old] old
       *[young] young
    } side: { $msg_text }
hand-start-card = Start card: { $id }
hand-artifacts = Crafted artifacts:
hand-artifacts-none = Crafted artifacts: none
hand-artifact = • { $id } — level { $level } { $msg_category }, { $vp } VP{ $used ->
        [yes] {" "}(used this round)
       *[no] {""}
    }: { $msg_effects }
hand-no-effect = no effect
hand-reserved = Reserved (only you see this): { $id } — level { $level } { $msg_category }, { $vp } VP, cost { $msg_cost }; { $msg_effects } — `craft reserved`
hand-reserved-none = Reserved: none
hand-personal-bonus = Personal bonus tiles{ $used ->
        [yes] {" "}(one used this round)
       *[no] {""}
    }: { $msg_tiles }
hand-personal-crossroad = Personal crossroad (`X-own`): { $id }
hand-personal-outpost = Personal outpost: { $id }
hand-banners = Banners: { $ids } ({ $left } left)
hand-banners-none = Banners: none ({ $left } left)
hand-score = VP so far: **{ $score }** ({ $msg_lines })
hand-score-line = { $line ->
    [score-vp-tokens] VP tokens
    [score-artifacts] Artifacts
    [score-game-end] Game-end effects
    [score-military] Military ranking
    [score-camp] Carts at the camp
    [score-outposts] Outposts
    [score-reserved] Reserved artifact
   *[score-resources] Resources
} { $value }

## The score sheet's lines (/status, the result)

score-vp-tokens = VP tokens
score-artifacts = Artifacts
score-game-end = Game-end effects
score-military = Military ranking
score-camp = Carts at the camp
score-outposts = Outposts
score-reserved = Reserved artifact
score-resources = Resources
score-note-resources = raw resources score ½ VP each, processed ones 1 VP

## The action panel and the one-click buttons

panel-send = Send a figure to an action space
panel-travel = Travel
panel-use = Use an artifact
panel-refine = Refine at a workshop
panel-process = Process a resource
panel-craft = Craft an artifact
panel-reserve = Reserve an artifact
panel-take = Take resources
panel-swap = Swap resources
panel-give = Give resources
panel-pay = Pay resources
panel-flip = Flip
panel-end = End turn
panel-skip = Skip

## Decisions: choosing resources, refining, swapping, exchanging, choosing an option, crafting

choice-gain = gain { $msg_amount }
choice-take-only = Take { $kind ->
        [processed] processed
       *[raw] raw
    } resources only ({ $names }).
choice-take-at-most = Take at most { $n }.
choice-process = refine up to { $n } raw { $n ->
        [one] resource
       *[other] resources
    } into their processed form
choice-refine-at-most = Refine at most { $n } { $n ->
        [one] resource
       *[other] resources
    } here.
choice-refine-raw-only = Only raw resources can be refined.
choice-refines = { $player } refines { $msg_items }.
choice-swap = { $n ->
        [one] swap 1 raw resource (or its processed form) for another raw resource
       *[other] swap up to { $n } raw resources (or their processed forms), each for another raw resource
    }
choice-swap-raw = Swap one raw resource (or its processed form standing in for it) for another raw resource.
choice-swap-different = Swap for a different raw resource.
choice-swaps = { $player } swaps { $msg_give } for { $msg_get }.
choice-exchange = exchange { $msg_give } for { $msg_get }{ $times ->
        [1] {""}
       *[other] {" "}(up to { $times }×)
    }
choice-give-per-exchange = Give { $msg_give } per exchange.
choice-exchange-times = This exchange works at most { $n } { $n ->
        [one] time
       *[other] times
    }.
choice-exchange-wants = This exchange wants { $msg_give } (a processed resource may stand in for its raw form).
choice-name-processed = Name the processed resource you receive: `give … for metal`.
choice-nothing-in-return = Nothing is chosen in return here; drop the 'for …' part.
choice-gives = { $player } gives { $msg_items } ({ $msg_source }).
choice-choose = choose one: { $msg_options }
choice-order-only = All of it happens here; only the order is yours to choose: { $msg_examples }.
choice-choose-range = Choose 1 to { $n }.
choice-chooses = { $player } chooses: { $msg_option }.
choice-option-first = Choose an option first: { $msg_prompt }
choice-craft = craft an artifact{ $raw ->
        [yes] {" "}(raw resources may stand in for their processed forms)
       *[no] {""}
    }
answer-first = Answer the open question first — { $msg_prompt }
declines = { $player } declines ({ $msg_source }).

## Gains and losses on the tracks, the river's spots, worker tiles

gains = { $player } gains { $msg_what }.
gains-from = { $player } gains { $msg_what } ({ $msg_source }).
end-of-military-track = { $player } is at the end of the military track: { $vp } VP instead.
end-of-river = { $player } is at the end of the river: { $vp } VP instead.
river-scout = { $player } reached river space { $space }: one more scout joins the tribe.
river-bonus-tile = { $player } reached river space { $space }: bonus tile { $tile } — { $msg_text }
river-reserve = { $player } reached river space { $space }: may now reserve artifacts.
river-discount = { $player } reached river space { $space }: reserved artifacts cost 1 resource less.
military-protected = { $player } loses no military ({ $msg_why }): their character protects it.
military-lost = { $player } loses { $n } military ({ $msg_why }).
no-worker-left = No level-{ $level } worker tile is left in the supply.
hires-worker = { $player } hires a level-{ $level } worker (w{ $worker }).
skip-end = { $player } ends the turn (`end`).
skip-step = { $player } leaves out this optional step (`skip`).
