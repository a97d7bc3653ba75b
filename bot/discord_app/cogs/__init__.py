"""Cogs of the Discord front end."""
