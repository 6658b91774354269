"""Points per field (Sheet.offline_points): what a phone adds up for rounds waiting in its offline queue. They
must give exactly the scores the rules model gives once the round is stored."""

import pytest

from companion.games import registry

# Barbu's scoring, from its rules: 5 points a trick, 5 a heart, 20 a queen, 80 for the king of hearts.
BARBU_POINTS = {"tricks": 5, "hearts": 5, "queens": 20, "king_of_hearts": 80}


def added_up(points: dict, entry: dict, seats: int) -> list[int]:
    """What static/js/atout/pending.js does: points × count for a count, the points to the chosen seat for a seat field."""
    scores = [0] * seats
    for key, value in entry.items():
        if isinstance(value, list):
            for seat, n in enumerate(value):
                scores[seat] += points[key] * n
        else:
            scores[value] += points[key]
    return scores


def test_barbus_points_per_field_follow_its_manches():
    sheet = registry.get("barbu").new_sheet(4, {})
    # Tricks are asked in every manche, as a cross-check worth nothing outside "les plis" and "la salade".
    assert sheet.offline_points(1) == {"tricks": 5}
    assert sheet.offline_points(2) == {"tricks": 0, "hearts": 5}
    assert sheet.offline_points(3) == {"tricks": 0, "queens": 20}
    assert sheet.offline_points(4) == {"tricks": 0, "king_of_hearts": 80}
    assert sheet.offline_points(5) == BARBU_POINTS


@pytest.mark.parametrize("series", [False, True])
def test_they_give_the_scores_the_rules_give_for_every_manche(series):
    entries = [
        {"tricks": [4, 3, 5, 1]},
        {"hearts": [2, 6, 0, 5]},
        {"queens": [1, 0, 2, 1]},
        {"king_of_hearts": 2},
        {"tricks": [3, 4, 2, 4], "hearts": [1, 5, 3, 4], "queens": [0, 2, 1, 1], "king_of_hearts": 3},
    ]
    sheet = registry.get("barbu").new_sheet(4, {"series": series})
    for number in range(1, sheet.manche_count + 1):
        entry = entries[(number - 1) % 5]
        points = sheet.offline_points(number)
        assert sheet.apply(entry).scores == added_up(points, entry, 4), number
    # The salade by hand: Ana 3×5 + 1×5 = 20; Bea 4×5 + 5×5 + 2×20 = 85; Cid 2×5 + 3×5 + 1×20 = 45;
    # Dan 4×5 + 4×5 + 1×20 + 80 = 140.
    assert added_up(BARBU_POINTS, entries[4], 4) == [20, 85, 45, 140]


def test_a_game_whose_scores_are_not_points_per_field_gives_none():
    assert registry.get("vicaire").new_sheet(3, {}).offline_points(1) is None


def test_the_free_sheets_points_are_the_numbers_entered():
    sheet = registry.get("libre").new_sheet(3, {})
    entry = {"points": [12, -5, 0]}
    assert sheet.offline_points(1) == {"points": 1}
    assert sheet.apply(entry).scores == added_up(sheet.offline_points(1), entry, 3) == [12, -5, 0]
