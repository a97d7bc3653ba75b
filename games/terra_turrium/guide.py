"""Terra Turrium's guide (/guide): words in ``locales/<lang>/terra_turrium.ftl`` (``guide-…``)."""

from __future__ import annotations

from games.guide import Guide, GuideAction, GuideTerm
from games.terra_turrium.texts import T

GUIDE = Guide(
    goal=T.text("guide-goal"),
    turn=T.text("guide-turn"),
    actions=(
        GuideAction("take", T.text("guide-take"), "take c3 h8 e5"),
        GuideAction("build", T.text("guide-build"), "build d4 d4 e5"),
        GuideAction("move", T.text("guide-move"), "move c3-c4-d4"),
        GuideAction("enter", T.text("guide-enter"), "enter a2"),
        GuideAction("pass", T.text("guide-pass"), "pass"),
        GuideAction("place", T.text("guide-place"), "place b2 c3 d4"),
        GuideAction("give", T.text("guide-give"), "give b2"),
    ),
    glossary=(
        GuideTerm(r"[a-j](10|[1-9])", "c3", T.text("guide-term-field")),
        GuideTerm(r"[a-j](10|[1-9])(-[a-j](10|[1-9]))+", "c3-c4-d4", T.text("guide-term-path")),
    ),
)
