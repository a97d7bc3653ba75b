"""Hunters & Gatherers' guide (/guide): words in ``locales/<lang>/hunters_gatherers.ftl`` (``guide-…``)."""

from __future__ import annotations

from games.guide import Guide, GuideAction, GuideTerm
from games.hunters_gatherers.texts import T

GUIDE = Guide(
    goal=T.text("guide-goal"),
    turn=T.text("guide-turn"),
    actions=(
        GuideAction("draw", T.text("guide-draw"), "draw"),
        GuideAction("place", T.text("guide-place"), "place 3 90 gatherer"),
    ),
    glossary=(
        GuideTerm(r"START", "START", T.text("guide-term-start")),
        GuideTerm(r"L\d\d", "L26", T.text("guide-term-land")),
        GuideTerm(r"B\d\d", "B05", T.text("guide-term-bonus")),
        GuideTerm(r"gatherer|fisher|hunter|hut|none", "hunter", T.text("guide-term-piece")),
        GuideTerm(r"0|90|180|270", "90", T.text("guide-term-rotation")),
    ),
)
