"""How a game is shown and offered to its players: the other half of a game's declaration.

``games.contract.Game`` holds the rules (set-up, legal actions, apply, scoring, hidden
information, the game's texts). A ``Presentation`` holds what the images and the chat
front-end need on top of them: the seats' colours, the module that draws the game, the
one-click actions, the pick-one answers of a small decision and how the action panel groups
a seat's legal actions. It is pure Python like the rules (no chat front-end, no drawing): the
front-end's own limits (how many options a menu holds, how long a label may be) are the
front-end's business and are passed in where they matter (``quick_choices(..., most)``).

Each game declares one instance, ``PRESENTATION = MyPresentation(GAME)`` in
``games/<slug>/presentation.py`` (``Game.presentation`` names another place), and the
platform finds it through the registry: ``games.registry.presentation(game_or_key)``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic

from games.contract import Game, S


class Presentation(Generic[S]):
    """How one game kind is shown. Subclasses set the class variables and override methods."""

    # Palette names (``renderers.kit.PALETTE``) of the seats' fixed colours, by seat. Embeds,
    # /status and the images all take a seat's colour from ``seat_colour(state, seat)``, which
    # a game overrides when a player's colour comes with a choice (a Terra Mystica faction).
    seat_colours: ClassVar[tuple[str, ...]] = ("red", "blue", "yellow", "green", "purple")
    # The module that draws the game (``render(state, names)``, optionally
    # ``render_images``); empty: by convention ``renderers.<slug>``.
    renderer: ClassVar[str] = ""
    # One-click actions offered as buttons when some seat to act may play them: (notation, label).
    quick_actions: ClassVar[tuple[tuple[str, str], ...]] = ()
    # A seat whose small decision (``quick_choices``) has at most this many answers gets one
    # button per answer instead of a menu (0: always a menu).
    choice_buttons: ClassVar[int] = 0
    # The action panel of "your turn" messages groups a seat's legal actions by kind
    # (``panel_kind``) into a "What to do" menu: the kinds listed here come first, in this order,
    # with these labels; others follow in the order they appear, labelled by their verb.
    panel_labels: ClassVar[dict[str, str]] = {}

    def __init__(self, game: Game[S, Any, Any]) -> None:
        self.game = game

    @property
    def key(self) -> str:
        return self.game.key

    @property
    def renderer_module(self) -> str:
        return self.renderer or f"renderers.{self.game.slug}"

    def seat_colour(self, state: S | None, seat: int) -> str:
        """Palette name (``renderers.kit.PALETTE``) of the seat's colour in ``state`` (None: no
        game yet), the same in every embed, text and image. Default: the fixed seat colour."""
        return self.seat_colours[seat % len(self.seat_colours)]

    def quick_choices(self, state: S, seat: int, most: int) -> list[str] | None:
        """Notations of every legal answer when the seat owes a small *decision* of at most
        ``most`` answers (the front-end's menu size), for a pick-one menu; None (the default):
        no menu, use the notation."""
        return None

    def panel_kind(self, notation: str) -> str:
        """The kind of a legal action for the action panel (a short key without ``:``; default:
        the notation's first word)."""
        words = notation.split()
        return words[0].lower() if words else ""

    def panel_narrow(self, notation: str) -> str:
        """A second key that splits a kind with more legal actions than a menu holds into smaller
        menus (e.g. the target location; default: the notation's second word); "" to not split."""
        words = notation.split()
        return words[1] if len(words) > 1 else ""
