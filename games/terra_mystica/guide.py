"""Terra Mystica's guide (/guide): words in ``locales/<lang>/terra_mystica.ftl`` (``guide-…``)."""

from __future__ import annotations

from games.guide import Guide, GuideAction, GuideTerm
from games.terra_mystica.texts import T

FACTIONS = (
    "alchemists|auren|chaosmagicians|cultists|darklings|dwarves|engineers|fakirs|giants|halflings"
    "|mermaids|nomads|swarmlings|witches"
)

GUIDE = Guide(
    goal=T.text("guide-goal"),
    turn=T.text("guide-turn"),
    actions=(
        GuideAction("build", T.text("guide-build"), "build E7"),
        GuideAction("transform", T.text("guide-transform"), "transform E7. build E7"),
        GuideAction("upgrade", T.text("guide-upgrade"), "upgrade F3 to TP"),
        GuideAction("send", T.text("guide-send"), "send p to FIRE"),
        GuideAction("advance", T.text("guide-advance"), "advance ship"),
        GuideAction("action", T.text("guide-action"), "action ACT6. build E7"),
        GuideAction("convert", T.text("guide-convert"), "convert 1W to 1C"),
        GuideAction("burn", T.text("guide-burn"), "burn 2. action ACT3"),
        GuideAction("pass", T.text("guide-pass"), "pass BON3"),
        GuideAction("leech", T.text("guide-leech"), "leech 2 from witches"),
        GuideAction("decline", T.text("guide-decline"), "decline 2 from witches"),
        GuideAction("pick", T.text("guide-pick"), "pick witches"),
    ),
    glossary=(
        GuideTerm(r"BON\d+", "BON3", T.text("guide-term-bon")),
        GuideTerm(r"FAV\d+", "FAV8", T.text("guide-term-fav")),
        GuideTerm(r"TW\d+", "TW5", T.text("guide-term-tw")),
        GuideTerm(r"SCORE\d+", "SCORE6", T.text("guide-term-score")),
        GuideTerm(r"ACT[1-6]", "ACT1", T.text("guide-term-act")),
        GuideTerm(r"ACT[A-Z]", "ACTW", T.text("guide-term-act-faction")),
        GuideTerm(FACTIONS, "witches", T.text("guide-term-faction")),
        GuideTerm(r"[A-I]\d{1,2}", "E7", T.text("guide-term-hex")),
        GuideTerm(r"r\d{1,2}", "r16", T.text("guide-term-river")),
        GuideTerm(r"FIRE|WATER|EARTH|AIR", "FIRE", T.text("guide-term-cult")),
        GuideTerm(r"D|TP|TE|SH|SA", "TP", T.text("guide-term-building")),
        GuideTerm(r"\d*(C|W|P|PW|VP)", "2PW", T.text("guide-term-resource")),
    ),
)
