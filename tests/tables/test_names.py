"""Short player names for narrow columns (companion/tables/names.py), worked out by hand with its width model:
an average letter 1, i/l/. 0.45, r/t/f/-/space 0.6, m/w/M/W 1.45, other capitals 1.2, the ellipsis 1.75."""

from companion.tables.names import fit_for, lines_needed, short_name, short_names, width


def test_widths_follow_the_letters():
    assert width("Marie-") == 1.45 + 1 + 0.6 + 0.45 + 1 + 0.6  # 5.1
    assert width("Max…") == 1.45 + 1 + 1 + 1.75


def test_a_name_breaks_at_spaces_and_after_hyphens_only():
    assert lines_needed("Anne-Sophie", 20) == 1
    assert lines_needed("Jean Paul", 5) == 2  # "Jean" 4.2, "Paul" 4.05
    assert lines_needed("Maximilien", 5.3) > 2  # one piece 9.7 wide: no break inside it


def test_names_that_fit_are_kept_whole():
    assert short_names(["Ana", "Bea", "Cid", "Dan"]) == ["Ana", "Bea", "Cid", "Dan"]
    # Four players: 8.6 a line. "Anne-" / "Sophie" (5.6), "Jean" / "Paul" (4.2, 4.05), "Marie-" / "Ève": all fit.
    assert short_names(["Anne-Sophie", "Jean Paul", "Marie-Ève", "Lou"]) == ["Anne-Sophie", "Jean Paul", "Marie-Ève", "Lou"]


def test_two_players_never_look_alike():
    # Eight players: 5.3 a line, two lines. "Maximilien" is 9.7: cut to "Max…" (5.2); "Marie-" (5.1) fills a line,
    # then "Chri…" (5.0; "Chris…" would be 6.0) and "Cla…" (4.4; "Clau…" would be 5.4).
    names = ["Marie-Christine", "Maximilien", "Marie-Claude", "Cid", "Dan", "Eve", "Fox", "Gil"]
    shown = short_names(names)
    assert shown[:3] == ["Marie-Chri…", "Max…", "Marie-Cla…"]
    assert len(set(shown)) == len(names)


def test_a_shared_beginning_makes_the_cut_longer():
    # With only room for one letter and the ellipsis, "Ma" would be both: the shortest distinct prefixes are kept.
    assert short_name("Marie-Christine", ["Maximilien"], 2.0, lines=1) == "Mar…"
    assert short_name("Maximilien", ["Marie-Christine"], 2.0, lines=1) == "Max…"
    assert short_name("Jean-Baptiste", ["Jean-Philippe"], 2.0, lines=1) == "Jean-B…"


def test_eight_twenty_letter_names_fit_their_columns_and_stay_distinct():
    names = ["Marie-Christine Dupo", "Maximilien Beauregar", "Jean-Baptiste Lecler", "Jean-Philippe Moreau",
             "Anne-Sophie Delacroi", "Alexandre Fontainebl", "Bérénice Chaumontais", "Christophe Lambertin"]
    assert all(len(n) == 20 for n in names)
    shown = short_names(names)
    assert len(set(shown)) == 8
    assert all(lines_needed(s, fit_for(8)) <= 2 for s in shown), shown
