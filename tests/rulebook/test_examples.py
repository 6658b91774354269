"""Worked examples agree with the deal they describe."""

import re

import pytest

from companion.games.pinacle import rules as pinacle
from companion.rulebook import book

CARD = re.compile(r"(?:10|[2-9]|As|[AKQJRDV])[♠♥♦♣]")


def _example(slug, lang, start):
    text = book.content_path(slug, lang).read_text(encoding="utf-8")
    (line,) = [ln for ln in text.splitlines() if ln.startswith("> ") and start in ln]
    return line


@pytest.mark.parametrize(("lang", "start", "david", "emile"), [
    ("fr", "à trois joueurs", "David a posé", "Émile"),
    ("en", "three players", "David laid", "Émile"),
])
def test_the_pinacle_example_lays_and_holds_as_many_cards_as_three_players_are_dealt(lang, start, david, emile):
    # Three players are dealt 12 cards each; a turn takes one card and throws one, so the player going out by a
    # throw has laid 12 cards, and any other player's laid and held cards add up to 12.
    assert pinacle.HAND_SIZES[3] == 12
    line = _example("pinacle", lang, start)
    chloe_part = line[line.index("Chlo"):line.index(david)]
    david_part = line[line.index(david):line.index(emile)]
    assert len(CARD.findall(chloe_part)) == 12
    assert len(CARD.findall(david_part)) == 12
    # Scores worked out by hand: Chloé goes out, the bonus only, 10 (her laid cards, 3.5 + 3 + 2 + 1 = 9.5, count only
    # under the house rule: 19.5); David 3 + 4 − 3.5 = 3.5.
    decimal = "," if lang == "fr" else "."
    assert "**10**" in chloe_part and f"**3{decimal}5**" in david_part and "**−10**" in line
