"""A second game claiming Race to Ten's key, to test that the registry refuses it."""

from tests.race_game import RaceToTen

GAME = RaceToTen()
