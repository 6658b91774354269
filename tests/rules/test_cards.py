import pytest

from companion.kernel import Card, CardSyntaxError, Excuse, Joker, Rank, Suit, SuitCard, Trump, deck
from companion.kernel.errors import RulesError


@pytest.mark.parametrize(
    "text, code, display",
    [
        ("10♥", "10H", "10♥"),
        ("10H", "10H", "10♥"),
        ("D♠", "QS", "D♠"),
        ("QS", "QS", "D♠"),
        ("V♣", "JC", "V♣"),
        ("JC", "JC", "V♣"),
        ("R♦", "KD", "R♦"),
        ("A♥", "AH", "A♥"),
        ("7d", "7D", "7♦"),
        ("Joker", "JK", "Joker"),
        ("JK", "JK", "Joker"),
        ("T21", "T21", "Atout 21"),
        ("Atout 1", "T1", "Atout 1"),
        ("EX", "EX", "Excuse"),
        ("C♥", "CH", "C♥"),
    ],
)
def test_it_parses_and_prints_both_spellings(text, code, display):
    card = Card.parse(text)
    assert card.code == code
    assert str(card) == display
    assert Card.parse(card.code) == card
    assert Card.parse(str(card)) == card


@pytest.mark.parametrize("junk", ["", "1H", "11S", "ZZ", "10", "♥", "T22", "T0", "QX", None, 10, "JKK"])
def test_it_rejects_what_is_not_a_card(junk):
    with pytest.raises(CardSyntaxError):
        Card.parse(junk)


def test_errors_are_value_errors():
    assert issubclass(CardSyntaxError, RulesError)
    assert issubclass(RulesError, ValueError)


def test_api_codes_refuse_french_display():
    with pytest.raises(CardSyntaxError):
        Card.parse_code("10♥")


def test_cards_compare_and_hash_by_value():
    assert Card.parse("QS") == SuitCard(Rank.QUEEN, Suit.SPADES)
    assert len({Card.parse("QS"), Card.parse("D♠"), Card.parse("QS")}) == 1
    assert Joker() == Card.parse("JK")
    assert repr(Card.parse("10H")) == "Card.parse('10H')"


@pytest.mark.parametrize(
    "name, size, jokers",
    [("32", 32, 0), ("40", 40, 0), ("52", 52, 0), ("54", 54, 2), ("2x52+4", 108, 4), ("78", 78, 0)],
)
def test_decks_have_their_sizes(name, size, jokers):
    cards = deck(name)
    assert len(cards) == size
    assert sum(1 for c in cards if isinstance(c, Joker)) == jokers


def test_the_piquet_deck_runs_seven_to_ace():
    ranks = {c.rank for c in deck("32")}
    assert ranks == {Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}


def test_the_hombre_deck_has_no_eight_nine_or_ten():
    ranks = {c.rank.value for c in deck("40")}
    assert not ranks & {8, 9, 10}


def test_the_tarot_deck_has_cavaliers_trumps_and_the_excuse():
    cards = deck("78")
    assert sum(1 for c in cards if isinstance(c, Trump)) == 21
    assert sum(1 for c in cards if isinstance(c, Excuse)) == 1
    assert sum(1 for c in cards if isinstance(c, SuitCard) and c.rank is Rank.KNIGHT) == 4
    assert len(set(cards)) == 78


def test_two_decks_hold_each_card_twice():
    cards = deck("2x52+4")
    assert cards.count(Card.parse("AS")) == 2


@pytest.mark.parametrize("text", ["T²", "T" + "1" * 5000])
def test_only_short_ascii_numbers_are_trump_numbers(text):
    with pytest.raises(CardSyntaxError):
        Card.parse(text)
