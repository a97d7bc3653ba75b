"""Carcassonne – Die Jäger und Sammler (1st edition): tile data and rules engine (``rules.GAME``)."""
