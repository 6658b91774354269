"""Le vicaire, as in the user's rule document « Le vicaire ». Every expected number below is worked out by hand."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel import COUNTERCLOCKWISE, GameOver, InvalidEntry
from companion.kernel.text import name_seats

VICAIRE = registry.get("vicaire")
NAMES = ["Ana", "Bea", "Cid"]


def play(deals, **options):
    sheet = VICAIRE.new_sheet(3, options)
    for tricks in deals:
        sheet.apply({"tricks": tricks})
    return sheet


def race(sheet):
    return [(r["tricks"], r["target"], r["needs"]) for r in sheet.next_round().extra["race"]]


def notes(sheet, number):
    return " ".join(name_seats(n.fr, NAMES) for n in sheet.rounds[number - 1].notes)


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestTheGame:
    def test_it_is_registered_for_exactly_three_players_with_a_32_card_pack(self):
        info = VICAIRE.info
        assert (info.slug, info.names.fr, info.names.en) == ("vicaire", "Le vicaire", "Vicaire")
        assert (info.min_players, info.max_players, info.decks, info.family) == (3, 3, ("32",), "levees")
        assert info.direction == COUNTERCLOCKWISE
        assert VICAIRE.default_options() == {"target": 500, "races": None, "points_above_20": 20, "coupe_obligatoire": False}

    def test_the_targets_table_lists_winning_totals_and_their_points(self):
        rows = VICAIRE.info.table("targets").rows
        assert [(r[0] if isinstance(r[0], int) else r[0].fr, r[1]) for r in rows] == [
            (10, 50), (15, 20), (20, 20), ("25, 30, 35…", 20), ("Capot : les 10 plis d'une donne", 50)]

    def test_the_player_on_the_dealers_right_leads_and_deals_next(self):
        # Vicaire turns to the right; the names are given in that order, so the dealer's right is the next seat.
        sheet = VICAIRE.new_sheet(3)
        first = sheet.next_round()
        assert (first.dealer, first.first) == (0, 1)
        sheet.apply({"tricks": [3, 3, 4]})
        second = sheet.next_round()
        assert (second.dealer, second.first) == (1, 2)


class TestRaces:
    def test_the_seeds_example_needs_four_five_and_six_tricks(self):
        # 6+5 = 11, 3+2 = 5, 1+3 = 4: nobody on 10 or 15.
        sheet = play([[6, 3, 1], [5, 2, 3]])
        assert sheet.totals == [0, 0, 0]
        assert race(sheet) == [(11, 15, 4), (5, 10, 5), (4, 10, 6)]

    def test_landing_exactly_on_15_wins_20_points(self):
        sheet = play([[6, 3, 1], [5, 2, 3], [4, 3, 3]])  # 15, 8, 7
        assert sheet.rounds[-1].scores == [20, 0, 0]
        assert race(sheet) == [(0, 10, 10)] * 3
        assert "Ana arrive pile sur 15 et gagne la course, 20 points." in notes(sheet, 3)
        assert name_seats(sheet.rounds[2].notes[-2].en, NAMES) == "Ana lands exactly on 15 and wins the race, 20 points."

    def test_landing_exactly_on_10_wins_50_points(self):
        sheet = play([[4, 3, 3], [6, 2, 2]])  # 10, 5, 5
        assert [r.scores for r in sheet.rounds] == [[0, 0, 0], [50, 0, 0]]

    def test_landing_on_20_wins_20_points(self):
        sheet = play([[7, 2, 1], [6, 2, 2], [7, 2, 1]])  # 7 → 13 → 20
        assert [r.scores for r in sheet.rounds] == [[0, 0, 0], [0, 0, 0], [20, 0, 0]]

    def test_landing_on_25_is_worth_the_points_above_20_option(self):
        deals = [[7, 2, 1], [6, 2, 2], [6, 2, 2], [6, 2, 2]]  # 7 → 13 → 19 → 25
        assert play(deals).totals == [20, 0, 0]
        assert play(deals, points_above_20=30).totals == [30, 0, 0]

    def test_the_lowest_of_several_winning_totals_wins(self):
        # 11, 5, 4 then Ana 11 → 15 and Bea 5 → 10 both arrive: the lowest, 10, wins 50.
        sheet = play([[6, 3, 1], [5, 2, 3], [4, 5, 1]])
        assert sheet.totals == [0, 50, 0]
        assert "Arrivé plus haut sur un total gagnant : Ana ; c'est le plus bas qui l'emporte." in notes(sheet, 3)

    def test_a_tie_on_the_lowest_winning_total_lets_the_race_go_on(self):
        sheet = play([[5, 5, 0], [5, 5, 0]])  # 10, 10, 0
        assert sheet.totals == [0, 0, 0]
        assert race(sheet) == [(10, 15, 5), (10, 15, 5), (0, 10, 10)]
        assert "Ana et Bea arrivent ensemble sur 10" in notes(sheet, 2)

    def test_a_tie_on_the_lowest_total_beats_a_higher_total_reached_alone(self):
        # 3,3,4 → 6,6,8 → 8,8,14 → 10,10,20: Ana and Bea tie on 10, so Cid's 20 does not win either.
        sheet = play([[3, 3, 4], [3, 3, 4], [2, 2, 6], [2, 2, 6]])
        assert sheet.totals == [0, 0, 0]
        assert race(sheet) == [(10, 15, 5), (10, 15, 5), (20, 25, 5)]

    def test_a_three_way_tie_then_the_first_to_reach_a_higher_total_alone_wins(self):
        # 3,3,4 → 6,6,8 → 10,10,10 (three-way tie) → 15,15,10 (Ana and Bea tie on 15, Cid took nothing)
        # → 15,20,15: Ana stays (no trick), Bea reaches 20, Cid reaches 15 alone: Cid wins 20 points.
        sheet = play([[3, 3, 4], [3, 3, 4], [4, 4, 2], [5, 5, 0], [0, 5, 5]])
        assert [r.scores for r in sheet.rounds] == [[0, 0, 0]] * 4 + [[0, 0, 20]]
        assert "Ana, Bea et Cid arrivent ensemble sur 10" in notes(sheet, 3)
        assert "Cid reste sur 10 sans prendre de pli" in notes(sheet, 4)

    def test_a_player_who_stays_on_a_winning_total_without_a_trick_does_not_win(self):
        # 10,10,0 (tie) → Ana takes nothing and stays on 10; Bea reaches 15 alone and wins 20.
        sheet = play([[5, 5, 0], [5, 5, 0], [0, 5, 5]])
        assert sheet.rounds[-1].scores == [0, 20, 0]
        assert "Ana reste sur 10 sans prendre de pli" in notes(sheet, 3)

    def test_a_capot_wins_at_once_for_50_points(self):
        assert play([[0, 10, 0]]).totals == [0, 50, 0]

    def test_a_capot_wins_even_off_a_winning_total(self):
        sheet = play([[2, 1, 7], [0, 0, 10]])  # Cid 7 → 17: not a winning total, but a capot
        assert sheet.totals == [0, 0, 50]
        assert "Cid fait capot (les 10 plis) et gagne la course, 50 points." in notes(sheet, 2)

    def test_a_won_race_starts_a_new_one_from_zero(self):
        sheet = play([[4, 3, 3], [6, 2, 2], [3, 3, 4]])  # Ana wins at 10; then 3, 3, 4
        assert race(sheet) == [(3, 10, 7), (3, 10, 7), (4, 10, 6)]


class TestEndOfGame:
    def test_the_game_ends_when_someone_reaches_500_and_the_most_points_wins(self):
        # Bea wins one race at 10 (50), then Ana makes nine capots (450) and lands on 10 once more (50): 500.
        deals = [[4, 3, 3], [2, 7, 1]] + [[10, 0, 0]] * 9 + [[5, 3, 2], [5, 3, 2]]
        sheet = play(deals)
        assert sheet.totals == [500, 50, 0]
        assert sheet.finished
        assert sheet.winners == [0]
        with pytest.raises(GameOver):
            sheet.apply({"tricks": [3, 3, 4]})

    def test_it_is_not_over_one_race_before(self):
        sheet = play([[10, 0, 0]] * 9)
        assert sheet.totals == [450, 0, 0]
        assert not sheet.finished

    def test_a_smaller_target_ends_sooner(self):
        sheet = play([[10, 0, 0], [0, 0, 10], [0, 10, 0], [0, 0, 10]], target=100)
        assert sheet.totals == [50, 50, 100]
        assert sheet.winners == [2]


def test_no_note_assumes_a_gender():
    # Every kind of note: a capot, a landing, a tie, a player staying on a total, nobody arriving.
    sheet = play([[0, 10, 0], [4, 3, 3], [6, 2, 2], [5, 5, 0], [5, 5, 0], [0, 5, 5], [3, 3, 4]])
    for r in sheet.rounds:
        for n in r.notes:
            assert not {"il", "elle", "Il", "Elle"} & set(n.fr.replace(",", " ").split()), n.fr
            assert not {"he", "she", "his", "her"} & set(n.en.replace(",", " ").split()), n.en
    assert "Bea fait capot (les 10 plis) et gagne la course, 50 points." in notes(sheet, 1)


class TestFixedNumberOfRaces:
    """The ``races`` option: the game ends once that many races have been won; the most points wins."""

    # Race 1: 4,3,3 then 6,2,2 — Ana lands on 10 (50). Race 2: Bea's capot (50). Race 3: 7,2,1 then 6,2,2 then
    # 2,6,2 — Ana 7, 13, 15: she lands on 15 (20); Bea 2, 4, 10 also lands, on 10, the lowest: Bea wins 50.
    GAME = [[4, 3, 3], [6, 2, 2], [0, 10, 0], [7, 2, 1], [6, 2, 2], [2, 6, 2]]

    def test_the_game_ends_after_the_races_set_and_the_most_points_wins(self):
        sheet = play(self.GAME[:5], races=3)
        assert not sheet.finished and sheet.races_won == 2
        assert sheet.next_round().extra["races_left"] == 1
        sheet.apply({"tricks": self.GAME[5]})
        # Ana 50; Bea 50 + 50 = 100; Cid 0. Nobody near 500, but three races are over.
        assert sheet.totals == [50, 100, 0]
        assert sheet.finished and sheet.winners == [1]
        with pytest.raises(GameOver):
            sheet.apply({"tricks": [3, 3, 4]})

    def test_deals_without_a_winner_do_not_count_as_races(self):
        # Deals 4 and 5 leave Ana on 7 then 13, Bea on 2 then 4, Cid on 1 then 3: no winning total, so after five
        # deals only two races are over.
        sheet = play(self.GAME[:5], races=3)
        assert [r.extra["race_winner"] for r in sheet.rounds] == [None, 0, 1, None, None]
        assert not sheet.finished

    def test_the_points_total_still_ends_the_game_first_if_reached(self):
        # Target 100, 10 races: Ana's capot, Bea's capot, Ana's capot: Ana 100 after three races.
        sheet = play([[10, 0, 0], [0, 10, 0], [10, 0, 0]], target=100, races=10)
        assert sheet.totals == [100, 50, 0] and sheet.finished and sheet.winners == [0]

    def test_tied_points_share_the_win(self):
        sheet = play([[10, 0, 0], [0, 10, 0]], races=2)
        assert sheet.finished and sheet.winners == [0, 1]

    def test_without_the_option_there_is_no_race_count(self):
        sheet = play(self.GAME)
        assert not sheet.finished and "races_left" not in sheet.next_round().extra

    def test_the_option_is_a_whole_number_from_one(self):
        from companion.kernel import InvalidOptions
        for bad in (0, "3", 2.5):
            with pytest.raises(InvalidOptions) as e:
                VICAIRE.new_sheet(3, {"races": bad})
            assert [p.field for p in e.value.problems] == ["options.races"]


class TestRulebook:
    """The vicaire page says what the sheet does (companion/games/vicaire/rulebook/{fr,en}.md)."""

    @staticmethod
    def page(lang):
        from companion.rulebook import book
        return book.content_path("vicaire", lang).read_text(encoding="utf-8")

    def test_the_fixed_number_of_races_is_a_setting_of_the_sheet(self):
        assert "nombre de courses** (réglage « Nombre de courses » de la feuille)" in self.page("fr")
        assert "number of races** (the sheet's \"Number of races\" setting)" in self.page("en")
        assert VICAIRE.option("races").label.fr == "Nombre de courses"
        assert VICAIRE.option("races").label.en == "Number of races"

    @pytest.mark.parametrize("lang", ["fr", "en"])
    def test_the_page_cites_no_private_file_and_assumes_no_gender(self, lang):
        text = self.page(lang).lower()
        for word in ("seed", "fichier", "§", "tire au sort", "draw lots", "le texte", "the source", "counts his",
                     "his total"):
            assert word not in text, word


class TestLegality:
    def test_it_rejects_eleven_tricks(self):
        with pytest.raises(InvalidEntry) as e:
            play([[4, 4, 3]])
        assert codes(e.value.problems) == [("tricks", None, "trick_total")]
        assert e.value.problems[0].message.fr == "Il y a 10 plis par donne : 11 saisis."

    def test_one_trick_entered_is_said_in_the_singular(self):
        with pytest.raises(InvalidEntry) as e:
            play([[1, 0, 0]])
        assert e.value.problems[0].message.fr == "Il y a 10 plis par donne : 1 saisi."
        assert e.value.problems[0].message.en == "There are 10 tricks a deal: 1 entered."

    def test_it_rejects_a_missing_player_and_negative_or_huge_counts(self):
        sheet = VICAIRE.new_sheet(3)
        assert codes(sheet.check({"tricks": [5, 5]})) == [("tricks", None, "wrong_length")]
        assert codes(sheet.check({"tricks": [-1, 11, "2"]})) == [
            ("tricks", 0, "not_count"), ("tricks", 1, "too_many"), ("tricks", 2, "not_count")]

    def test_it_reports_every_problem_at_once(self):
        sheet = VICAIRE.new_sheet(3)
        assert codes(sheet.check({"hearts": 3})) == [("hearts", None, "unknown_field"), ("tricks", None, "required")]
        assert codes(sheet.check([3, 3, 4])) == [("", None, "not_object")]

    @given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                        lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=6), c, max_size=3)))
    @settings(max_examples=150, deadline=None)
    def test_junk_gets_problems_never_an_exception(self, junk):
        sheet = VICAIRE.new_sheet(3)
        problems = sheet.check(junk)
        legal = isinstance(junk, dict) and set(junk) == {"tricks"} and isinstance(junk["tricks"], list) \
            and len(junk["tricks"]) == 3 and all(type(t) is int and 0 <= t <= 10 for t in junk["tricks"]) \
            and sum(junk["tricks"]) == 10
        assert bool(problems) != legal


deals = st.integers(0, 10).flatmap(lambda a: st.integers(0, 10 - a).map(lambda b: [a, b, 10 - a - b]))
deals = deals.flatmap(lambda t: st.permutations(t))


class TestProperties:
    @given(st.lists(deals, min_size=1, max_size=60), st.integers(0, 60))
    @settings(max_examples=120, deadline=None)
    def test_points_come_only_in_race_values_and_races_add_up_to_ten_tricks_a_deal(self, entries, above):
        sheet = VICAIRE.new_sheet(3, {"points_above_20": above, "target": 500})
        since_last_win = 0
        for tricks in entries:
            if sheet.finished:
                break
            result = sheet.apply({"tricks": list(tricks)})
            winners = [s for s, p in enumerate(result.scores) if p]
            assert len(winners) <= 1
            assert all(p in (0, 50, 20, above) for p in result.scores)
            if result.extra["race_winner"] is not None:
                since_last_win = 0
                assert sheet.race == [0, 0, 0]
            else:
                since_last_win += 1
                assert sum(sheet.race) == 10 * since_last_win
            for r in sheet.next_round().extra["race"]:
                assert 1 <= r["needs"] <= 10
                assert r["target"] == r["tricks"] + r["needs"]
                assert r["target"] >= 10 and r["target"] % 5 == 0
        assert sheet.totals == [sum(r.scores[s] for r in sheet.rounds) for s in range(3)]
