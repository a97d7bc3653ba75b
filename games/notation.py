"""Reading numbers in a game's notation: in every game a number is written with the ASCII digits
0-9 and nothing else.

Python's ``str.isdigit()`` and ``int()`` also accept the digits of other scripts and forms (``²``,
``①``, ``٣``, ``３``): ``isdigit()`` is true for ``²`` while ``int("²")`` raises ``ValueError``, and
``int("٣")`` is 3. A parser checks a number word with :func:`is_number` (or reads it with
:func:`ascii_int`) and refuses anything else with its own ``NotationError``.
"""

from __future__ import annotations


def is_number(word: str) -> bool:
    """``word`` is one or more of the ASCII digits 0-9 (no sign, space, underscore or other digit)."""
    return word.isascii() and word.isdigit()


def ascii_int(word: str) -> int | None:
    """The value of ``word`` when it is written with the ASCII digits 0-9 only, else None."""
    return int(word) if is_number(word) else None
