"""Siege content: humans, items, the search deck, missions and the campaign."""
