# Carcassonne – Die Jäger und Sammler: the game's own texts in English (games/hunters_gatherers).
# Arguments: $player and $p1…$p5 are seats ("{p0}", filled with the player's name by the
# platform), $tile a tile id, $spot/$spots spot numbers, $rotation degrees, $role a piece word of
# the notation (gatherer, fisher, hunter, hut, none), $count how many players share a line.
# Arguments named $msg_… are messages themselves (said in the same language first).

## The seats that share a score, or win (referenced with the same arguments).
players = { $count ->
    [1] { $p1 }
    [2] { $p1 } and { $p2 }
    [3] { $p1 } and { $p2 } and { $p3 }
    [4] { $p1 } and { $p2 } and { $p3 } and { $p4 }
   *[5] { $p1 } and { $p2 } and { $p3 } and { $p4 } and { $p5 }
}

## /rules and the action panel
summary = Klaus-Jürgen Wrede, 2002 (1st edition). Draw a landscape tile, lay it so that every forest, meadow and river goes on, and put a gatherer, fisher, hunter or hut on it. Completed rivers and forests score at once (a gold nugget brings a bonus tile); huts and hunters score at the end.
panel-draw = Draw a tile
panel-place = Place the tile
panel-spot = spot { $spot }

## The phase line (/status)
phase-place = { $player } lays a tile ({ $tile }); { $land } land { $land ->
        [one] tile
       *[other] tiles
    } and { $bonus } bonus { $bonus ->
        [one] tile
       *[other] tiles
    } face down.
phase-bonus = { $player } lays a bonus tile ({ $tile }); { $land } land { $land ->
        [one] tile
       *[other] tiles
    } and { $bonus } bonus { $bonus ->
        [one] tile
       *[other] tiles
    } face down.
phase-over = Game over ({ $msg_reason }); { $land } land { $land ->
        [one] tile
       *[other] tiles
    } and { $bonus } bonus { $bonus ->
        [one] tile
       *[other] tiles
    } face down.
reason-last-tile = the last land tile is laid
reason-no-fit = no land tile left fits the map
reason-resigned = all other players resigned

## What is asked of the seat to act
prompt-none = Nothing is asked of you now.
prompt = Lay your { $bonus ->
        [yes] bonus tile
       *[no] tile
    } { $tile } at one of the spots 1–{ $spots }, turned 0, 90, 180 or 270°, then choose a piece (gatherer, fisher, hunter, hut or none; { $members } tribe { $members ->
        [one] member
       *[other] members
    }, { $huts } { $huts ->
        [one] hut
       *[other] huts
    } left): e.g. `{ $example }`.

## Events: drawing, laying, scoring, the end, resigning
draws = { $player } draws { $tile } ({ $msg_shows }).
draws-bonus = { $player } draws the bonus tile { $tile } ({ $msg_shows }).
fits-nowhere = { $tile } fits nowhere and leaves the game.
no-bonus-left = No bonus tile left to draw.
lays = { $player } lays { $tile } ({ $msg_shows }) { $msg_where }{ $role ->
        [gatherer] {" "}with a gatherer
        [fisher] {" "}with a fisher
        [hunter] {" "}with a hunter
        [hut] {" "}with a hut
       *[none] {""}
    }.
lays-bonus = { $player } lays the bonus tile { $tile } ({ $msg_shows }) { $msg_where }{ $role ->
        [gatherer] {" "}with a gatherer
        [fisher] {" "}with a fisher
        [hunter] {" "}with a hunter
        [hut] {" "}with a hut
       *[none] {""}
    }.
# Where a tile lies: tiles east/west and north/south of the start tile ($xdir east|west, $ydir
# north|south, $shape x: only east/west, y: only north/south, xy: both).
at-position = { $shape ->
        [x] { $dx } { $dx ->
            [one] tile
           *[other] tiles
        } { $xdir ->
            [east] east
           *[west] west
        }
        [y] { $dy } { $dy ->
            [one] tile
           *[other] tiles
        } { $ydir ->
            [north] north
           *[south] south
        }
       *[xy] { $dx } { $dx ->
            [one] tile
           *[other] tiles
        } { $xdir ->
            [east] east
           *[west] west
        } and { $dy } { $dy ->
            [one] tile
           *[other] tiles
        } { $ydir ->
            [north] north
           *[south] south
        }
    } of the volcano
# What a tile shows (joined by commas).
shows-forest = forest
shows-meadow = meadow
shows-river = river
shows-fish = { $count } { $count ->
        [one] fish
       *[other] fish
    }
shows-gold-nugget = gold nugget
shows-mushrooms = mushrooms
shows-deer = { $count } { $count ->
        [one] deer
       *[other] deer
    }
shows-mammoth = { $count } { $count ->
        [one] mammoth
       *[other] mammoths
    }
shows-aurochs = { $count } { $count ->
        [one] aurochs
       *[other] aurochs
    }
shows-tiger = { $count } { $count ->
        [one] sabre-toothed tiger
       *[other] sabre-toothed tigers
    }
shows-fire = fire
shows-cult-site = cult site
scored-forest = Completed forest of { $tiles } { $tiles ->
        [one] tile
       *[other] tiles
    }: { players } { $count ->
        [one] scores
       *[other] score
    } { $points }.
scored-river = Completed river of { $tiles } { $tiles ->
        [one] tile
       *[other] tiles
    }: { players } { $count ->
        [one] scores
       *[other] score
    } { $points }.
scored-huts = Huts on a river system with { $fish } fish: { players } { $count ->
        [one] scores
       *[other] score
    } { $points }.
scored-meadow = Hunters on a meadow of { $tiles } { $tiles ->
        [one] tile
       *[other] tiles
    }: { players } { $count ->
        [one] scores
       *[other] score
    } { $points }.
game-over = Game over ({ $msg_reason }). Winner: { players }.
resigned = { $player } resigned; their pieces stay on the map.
lays-instead = { $player } lays { $tile } instead.

## Refusals
wrong-player-count = Die Jäger und Sammler is for { $min }–{ $max } players, not { $players }.
game-is-over = The game is over.
no-such-seat = There is no seat { $seat }.
already-resigned = You have already resigned.
not-your-turn = It is not your turn: seat { $seat } is to act.
no-spot = There is no spot { $spot }: the tile fits at spots 1–{ $spots }.
does-not-fit = Turned by { $rotation }° the tile does not fit at spot { $spot }: every forest, meadow and river it touches must go on. It fits there turned by { $fits }.
huts-placed = Both your huts are on the map already (huts stay until the end).
no-supply = You have no tribe member in your supply: lay the tile with `none` (members come back when their river or forest is completed).
no-zone = { $role ->
        [gatherer] This tile has no forest: a gatherer goes on a forest.
        [fisher] This tile has no river: a fisher goes on a river.
        [hunter] This tile has no meadow: a hunter goes on a meadow.
       *[hut] This tile has no river: a hut goes on a river.
    }
say-which = This tile has { $count } { $role ->
        [gatherer] forests
        [hunter] meadows
       *[other] rivers
    }: say which, e.g. `{ $role } 2` (numbered clockwise from the tile's north-west corner).
no-part = This tile has no { $role ->
        [gatherer] forest
        [hunter] meadow
       *[other] river
    } { $part } (it has { $count }).
occupied = { $role ->
        [gatherer] That forest already has a gatherer
        [fisher] That river already has a fisher
        [hunter] That meadow already has a hunter
       *[hut] That river system already has a hut
    } (joined through the new tile, however far away): no second one may be put on it.

## The notation's errors
not-a-move = Not a move: '{ $text }'. Write e.g. { $help }.
spot-and-rotation = Write the spot and the rotation: `place <spot> <0|90|180|270>`, e.g. `place 3 90`.
not-a-spot = '{ $word }' is not a spot number (1, 2, 3, … as labelled on the board).
not-a-rotation = '{ $word }' is not a rotation: write 0, 90, 180 or 270 (degrees clockwise).
not-a-piece = '{ $word }' is not a piece: write `none`, `gatherer`, `fisher`, `hunter` or `hut`.
too-many-words = Too many words after '{ $word }'.
not-a-part = '{ $word }' is not a part number (1, 2, … clockwise on the tile).

## /card: a tile in words ($id a tile id; $msg_… its parts, each a message)
card = { $id }: { $msg_kind }. Edges N { $msg_n }, E { $msg_e }, S { $msg_s }, W { $msg_w }. { $msg_parts }. Source: { $msg_source }.
card-kind = { $kind ->
        [start] Start tile
        [land] Land tile
       *[bonus] Bonus tile ({ $bonus ->
            [aurochs] aurochs
            [cult_site] cult_site
            [fire] fire
           *[mushrooms] mushrooms
        })
    }
card-edge = { $edge ->
        [forest] forest
        [meadow] meadow
       *[river] river
    }
card-source = { $source ->
        [second_edition] second_edition
        [rulebook] rulebook
       *[authored] authored
    }
# a numbered zone of the tile and what lies on it ($count: how many things, said as $msg_a…$msg_c)
card-zone = { $zone ->
        [forest] forest
        [meadow] meadow
       *[river] river
    } { $n }{ $count ->
        [0] {""}
        [1] {" "}({ $msg_a })
        [2] {" "}({ $msg_a }, { $msg_b })
       *[other] {" "}({ $msg_a }, { $msg_b }, { $msg_c })
    }
bit-gold-nugget = gold nugget
bit-mushrooms = mushrooms
bit-volcano = volcano
bit-fire = fire
bit-cult-site = cult site
bit-lake = into a lake of { $fish } fish
bit-spring = from a spring
bit-animals = { $count } { $animal ->
        [deer] deer
        [mammoth] mammoth
        [aurochs] aurochs
       *[tiger] tiger
    }

## The score sheet's lines (/status, the result)
line-rivers = rivers
line-forests = forests
line-huts = huts
line-meadows = meadows

## The draw step (a turn begins with its own draw)
option-draw-step = true (default): each turn begins with its own `draw`, so a placement can be taken back until the next player draws; false: the next tile is drawn with the placement.
phase-draw = { $player } draws a tile; { $land } land { $land ->
        [one] tile
       *[other] tiles
    } and { $bonus } bonus { $bonus ->
        [one] tile
       *[other] tiles
    } face down.
prompt-draw = Your turn begins: draw a land tile with `draw` ({ $land } face down).
draw-first = Draw your tile first: `draw`.
drawn-already = You have drawn your tile already ({ $tile }): lay it with `place`.

## /guide: the goal, a turn, the common actions and the ids the texts and pictures use
guide-goal = Have the most points at the end: completed rivers and forests score at once (a forest with a gold nugget brings a bonus tile), huts and hunters score when the tiles run out.
guide-turn = Draw a land tile (`draw`), then lay it on a numbered spot of the board so that every forest, meadow and river goes on, and you may put one of your pieces on it: a gatherer in a forest, a fisher in a river, a hunter in a meadow or a hut in a river system (`place`). Until the next player draws, `/undo` takes your placement back.
guide-draw = draw the next land tile that fits somewhere
guide-place = lay the tile: spot number, rotation (0, 90, 180, 270), then a piece and, if the tile has several, which forest, river or meadow
guide-term-start = the start tile, laid before the game
guide-term-land = a land tile (L01–L78)
guide-term-bonus = a bonus tile (B01–B12), drawn for completing a forest with a gold nugget
guide-term-piece = a piece: gatherer (forest), fisher (river), hunter (meadow), hut (river system), none
guide-term-rotation = a rotation: degrees turned clockwise from the tile's picture
