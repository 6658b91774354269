"""Bots for digital play: the quick rule-based helpers and the search."""
