"""Terra Turrium: the table options, the typed actions and their text notation (``parse_action``
round-trips ``format_action``; a bad text raises ``NotationError``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from games.contract import GameOptions, NotationError
from games.terra_turrium.board import field_name, parse_field
from games.terra_turrium.texts import T, echo
from games.texts import concat, join


# --------------------------------------------------------------------------- options
class TurriumOptions(GameOptions):
    team: bool = Field(
        False,
        description=T.text("option-team"),
    )
    pro: bool = Field(
        False,
        description=T.text("option-pro"),
    )
    handicap_blocks: int = Field(0, ge=0, le=12, description=T.text("option-handicap-blocks"))
    handicap_from: int | None = Field(None, ge=1, le=4, description=T.text("option-handicap-from"))
    handicap_to: int | None = Field(None, ge=1, le=4, description=T.text("option-handicap-to"))
    round_limit: int | None = Field(
        None,
        ge=1,
        le=1000,
        description=T.text("option-round-limit"),
    )

    @model_validator(mode="after")
    def _handicap(self) -> TurriumOptions:
        if self.handicap_blocks:
            if self.handicap_from is None or self.handicap_to is None:
                raise ValueError("handicap_blocks needs handicap_from and handicap_to (seat numbers)")
            if self.handicap_from == self.handicap_to:
                raise ValueError("handicap_from and handicap_to must be different seats")
        return self


# --------------------------------------------------------------------------- actions
class Place(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["place"] = "place"
    fields: tuple[int, ...]


class Give(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["give"] = "give"
    fields: tuple[int, ...]


class Take(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["take"] = "take"
    fields: tuple[int, ...]


class Build(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["build"] = "build"
    fields: tuple[int, ...]


class Move(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["move"] = "move"
    path: tuple[int, ...]


class Enter(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["enter"] = "enter"
    field: int


class Pass(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["pass"] = "pass"


Action = Annotated[Place | Give | Take | Build | Move | Enter | Pass, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)

MULTI_FIELD: dict[str, type[Place | Give | Take | Build]] = {"place": Place, "give": Give, "take": Take, "build": Build}
PATHS_SHOWN = 10  # a refusal of several paths in one `move` lists at most this many
_ALIASES = {"end": "pass", "done": "pass", "p": "pass", "t": "take", "b": "build", "m": "move", "e": "enter"}


def parse_action(text: str) -> Action:
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise NotationError(T.text("empty-action"))
    verb = _ALIASES.get(words[0], words[0])
    rest = words[1:]
    try:
        if verb == "pass":
            if rest:
                raise NotationError(T.text("pass-no-fields"))
            return Pass()
        if verb in MULTI_FIELD:
            if not rest:
                raise NotationError(T.text("needs-fields", verb=verb))
            return MULTI_FIELD[verb](fields=tuple(parse_field(w) for w in rest))
        if verb == "enter":
            if len(rest) != 1:
                raise NotationError(T.text("enter-one-field"))
            return Enter(field=parse_field(rest[0]))
        if verb == "move":
            # separators a player may have put between paths (`;`, `,`) are not part of a path
            paths = [w.strip(";,.") for w in rest if len([x for x in w.strip(";,.").split("-") if x]) >= 2]
            if len(paths) >= 2:
                each = join(T.text("then"), [f"`move {echo(p)}`" for p in paths[:PATHS_SHOWN]])
                if len(paths) > PATHS_SHOWN:
                    each = concat(each, " …")
                typed = echo(" ".join(rest))
                raise NotationError(T.text("chained-paths", words=typed, count=len(paths), msg_paths=each))
            steps = [s for w in rest for s in w.split("-") if s]
            if len(steps) < 2:
                raise NotationError(T.text("move-needs-path"))
            return Move(path=tuple(parse_field(s) for s in steps))
    except ValueError as exc:
        raise NotationError(T.text("not-a-field", word=echo(exc.args[0]))) from None
    raise NotationError(T.text("unknown-action", word=echo(words[0])))


def format_action(action: Action) -> str:
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Enter):
        return f"enter {field_name(action.field)}"
    if isinstance(action, Move):
        return "move " + "-".join(field_name(f) for f in action.path)
    return f"{action.kind} " + " ".join(field_name(f) for f in action.fields)
