"""The seat page of every digital game, phase by phase (companion/tables/play_pages.py, templates/tables/play.html).

Each test sits one human at a table of quick bots (seat 1, the first to speak after the dealer, seat 0), drives
the deal through the service (:func:`digital.play`, the human's moves; the bots move server-side) to each of the
game's phases, renders the seat's page and checks that:

* every move that is no card is a button in words — no engine word ("take:garde", "bid:3", "pass") on screen;
* a phase where cards are chosen that are not played to a trick (passing, écart, exchange) says so, with the
  number left to choose;
* the deal's public facts are on the page (contract and taker, trump, the card turned up, bids, the chien once
  shown, the king called, the talon…);
* no card the engine says the seat may not see (``state.hidden_cards(seat)``) is on the page, by code or name.

Quick bots decide by the cards, and the deal's seed is drawn fresh by the server: a phase that depends on the
cards (a bot taking before the human, holding a poignée) is looked for over a few new tables.
"""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from companion.kernel.cards import Card, SuitCard
from companion.tables import digital
from tests.tables.helpers import (
    HUMAN,
    dealt_so_that,
    drive,
    first_card,
    phase,
    post_json,
    reach,
    seat_url,
    take_prise,
    take_seat,
)

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Bea", "Cid", "Dan", "Eve"]
# An engine's word with its argument ("take:garde", "bid:3", "trump:S", "call:KH", "poignee:simple").
ENGINE_WORD = re.compile(r"\b(?:take|bid|trump|call|poignee):[A-Za-z0-9_]+")
BARE_WORDS = {"pass", "take", "done", "belote", "announce", "chelem", "garde_sans", "garde_contre", "sans_prendre"}
MOVE_BUTTON = re.compile(r'<button type="submit" name="action" value="([^"]+)" class="move">([^<]*)</button>')
# Many moves of one kind (a coinche's bids) are the options of one list, sent with its own button.
MOVE_OPTION = re.compile(r'<option value="([^"]+)">([^<]*)</option>')














def hidden_card_words(code):
    card = Card.parse_code(code)
    return [f'"{code}"', card.names("fr") if isinstance(card, SuitCard) else f'aria-label="{card}"']


def visible_text(html):
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def page(client, table, seat=HUMAN):
    """The seat's page, checked for what every phase must hold: moves in words, no hidden card."""
    take_seat(client, table, seat)
    response = client.get(seat_url(table, seat))
    assert response.status_code == 200
    html = response.content.decode()
    public = digital.view(table, None)
    past = public["last_trick"] if public["last_trick"] and public["last_trick"]["deal"] != public["deal"] else None
    shown_before = {code for _s, code in past["cards"]} if past else set()
    state = digital._derive(table).state
    for code in state.hidden_cards(seat) - shown_before:
        for word in hidden_card_words(code):
            assert word not in html, (table.game, seat, code)
    moves = dict(MOVE_BUTTON.findall(html)) | dict(MOVE_OPTION.findall(html))
    for value, label in moves.items():
        assert label.strip() and label != value and label.strip().lower() not in BARE_WORDS, (value, label)
    text = visible_text(html)
    assert not ENGINE_WORD.search(text), ENGINE_WORD.search(text).group(0)
    for word in BARE_WORDS - {"belote", "chelem"}:  # French words too ("La belote à trois", "le chelem")
        assert f" {word} " not in text, word
    return html, moves, text


def name(code, lang="fr"):
    return Card.parse_code(code).names(lang) if isinstance(Card.parse_code(code), SuitCard) else str(Card.parse_code(code))


# -- games without bidding ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("slug", "n"), [("barbu", 4), ("petasse", 3), ("petasse", 4), ("vicaire", 3),
                                        ("tarot-tare", 3), ("tarot-tare", 5)])
def test_the_play_of_games_without_bidding(client, slug, n):
    table, view = reach(slug, n, phase("play"))
    html, moves, text = page(client, table)
    assert moves == {}  # only cards
    assert f'class="felt seats-{n}"' in html and html.count('class="seat-slot ') == n
    assert "Touchez une carte pour la jouer" in text
    if slug == "vicaire":
        # Nobody has a race total yet at the first deal: each stands on 0 (plus the tricks taken) and aims at 10.
        for now, target in zip(view["race_now"], view["targets"], strict=True):
            assert f"course {now} → {target}" in text
        assert "Atout : " in text and {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[view["trump"]] in text
    if slug == "tarot-tare":
        # 78 cards: 6 to the chien at 3 players (24 each), 3 at 5 (15 each), unseen until the last trick.
        chien = {3: 6, 5: 3}[n]
        assert view["chien_size"] == chien and f"Chien : {chien} cartes, cachées" in text
        assert len(view["hand"]) == (78 - chien) // n


def test_petasse_says_who_took_hearts_and_the_queen(client):
    table, view = reach("petasse", 4, lambda v: v["phase"] == "play" and any(v["hearts_taken"]))
    _html, _moves, text = page(client, table)
    for hearts in view["hearts_taken"]:
        if hearts:
            assert f"{hearts} ♥" in text


# -- Chasse-cœur: the passing, then the play ---------------------------------------------------------------------
def test_chasse_coeur_passing_then_play(client):
    options = {"passing": "left"}
    table, view = reach("chasse-coeur", 4, phase("pass"), options=options)
    html, moves, text = page(client, table)
    assert moves == {} and "Choisissez 3 cartes à passer à gauche." in text
    assert f"Elles iront à {NAMES[HUMAN + 1]}." in text  # left: the next seat
    assert len(re.findall(r'class="card[^"]*playable', html)) == 13  # any card of the 13 may be passed
    # The cards passed are a choice taken back before it counts: each card of the hand a toggle button.
    first = view["hand"][0]
    assert client.post(seat_url(table), {"action": f"pick:{first}", "after": view["action_number"]}).status_code == 302
    table.refresh_from_db()
    html, moves, text = page(client, table)
    assert moves == {} and "Choisissez 2 cartes à passer à gauche." in text and "À passer : " in text
    assert re.search(rf'value="unpick:{first}" class="card[^"]* playable picked"[^>]* aria-pressed="true"', html)
    for code in view["hand"][1:3]:
        view = digital.view(table, HUMAN)
        digital.play(table, HUMAN, f"pick:{code}", view["action_number"])
    table.refresh_from_db()
    _html, moves, _text = page(client, table)
    assert moves == {"confirm": "Passer ces 3 cartes"}
    after = digital.view(table, HUMAN)["action_number"]
    assert client.post(seat_url(table), {"action": "confirm", "after": after}).status_code == 302
    view = drive(table, phase("play"))
    _html, _moves, text = page(client, table)
    assert "Vous avez passé : " in text and len(view["passed_cards"]) == 3
    assert "Choisissez" not in text


# -- Rikiki, Motton: a bid of tricks each, then the play ---------------------------------------------------------
@pytest.mark.parametrize(("slug", "n"), [("rikiki", 4), ("motton", 3)])
def test_bids_of_tricks(client, slug, n):
    table, view = reach(slug, n, phase("bid"))
    html, moves, text = page(client, table)
    cards = view["cards"]
    assert set(moves) == set(view["legal"])
    assert moves["bid:0"] == "0 pli" and moves["bid:1"] == "1 pli"
    if "bid:2" in moves:
        assert moves["bid:2"] == "2 plis"
    assert f"Combien de plis ferez-vous, avec {cards} carte" in text
    assert "Retournée : " in text and f'aria-label="{name(view["turned"])}"' in html
    digital.play(table, HUMAN, "bid:0", view["action_number"])
    view = drive(table, phase("play"), choose=first_card)
    assert view is not None
    html, _moves, text = page(client, table)
    # Every seat has bid: each one's bid on the table, their total against the tricks dealt.
    for bid in view["bids"]:
        assert f"Annonce {bid}" in text
    assert f"Annonces : {sum(view['bids'])} pour {cards} pli" in text


# -- Belote à trois: the prise in two rounds, belote, the annonces ----------------------------------------------
def test_belote_a_trois_first_round_of_the_prise(client):
    table, view = reach("belote-a-trois", 3, lambda v: v["phase"] == "bid" and v["bid_round"] == 1)
    _html, moves, text = page(client, table)
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[view["turned"][-1]]
    assert moves == {"take": "Prendre", "pass": "Passer"}
    assert f"Prenez-vous à {suit}, la couleur de la retournée ?" in text
    assert "Retournée : " in text and name(view["turned"]) in _html


def test_belote_a_trois_second_round_then_the_taker(client):
    table, view = reach("belote-a-trois", 3, lambda v: v["phase"] == "bid" and v["bid_round"] == 2)
    _html, moves, text = page(client, table)
    turned = view["turned"][-1]
    # The retourne's suit was refused at the first round: the three others, or pass.
    expected = {f"trump:{s}": f"Atout {sym}" for s, sym in {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.items()
                if s != turned}
    assert moves == {**expected, "pass": "Passer"}
    assert "Second tour" in text
    # Each seat said "Passer" at the first round (the two bots and the human): their calls are on the table.
    assert text.count("Passer") >= 3
    choice = next(iter(expected))
    digital.play(table, HUMAN, choice, view["action_number"])
    view = drive(table, phase("play"))
    _html, _moves, text = page(client, table)
    assert f"Preneur : {NAMES[HUMAN]}" in text
    assert f"Atout : {expected[choice][-1]}" in text


def test_belote_a_trois_belote_and_announcements_are_buttons_in_words(client):
    def take(view):
        return "take" if "take" in view["legal"] else first_card(view)

    table, view = reach("belote-a-trois", 3, lambda v: "belote" in v["legal"] or "announce" in v["legal"],
                        choose=take, options={"annonces": True}, attempts=60)
    _html, moves, text = page(client, table)
    if "belote" in view["legal"]:
        assert moves["belote"] == "Annoncer « Belote »"
    if "announce" in view["legal"]:
        assert moves["announce"] == "Déclarer mes annonces"
    assert "Vous pouvez annoncer avant de jouer la carte." in text
    if "belote" in view["legal"]:
        digital.play(table, HUMAN, "belote", view["action_number"])
        table.refresh_from_db()
        html, _moves, text = page(client, table)
        mine = re.search(r'<div class="seat-slot at-bottom.*?</div>', html, flags=re.S).group(0)
        assert '<small class="note">Belote</small>' in mine  # said by this seat, for all to see


# -- La belote: the prise, the taker and his partner ------------------------------------------------------------
def test_belote_the_human_takes_and_the_page_names_the_partner(client):
    table, view = reach("belote", 4, lambda v: v["phase"] == "bid" and v["bid_round"] == 1)
    _html, moves, text = page(client, table)
    assert moves == {"take": "Prendre", "pass": "Passer"}
    assert "Retournée : " in text and name(view["turned"]) in _html
    digital.play(table, HUMAN, "take", view["action_number"])
    view = drive(table, phase("play"))
    _html, _moves, text = page(client, table)
    # Bea (seat 1) took: her partner is Dan, facing her (seat 3).
    assert f"Preneur : {NAMES[HUMAN]}" in text
    assert f"Avec : {NAMES[3]}" in text
    assert f"Atout : {dict(S='♠', H='♥', D='♦', C='♣')[view['turned'][-1]]}" in text


# -- La coinche: the auction in words, coinche, the contract -----------------------------------------------------
def test_coinche_the_auction_is_buttons_in_words_then_the_contract(client):
    table, view = reach("coinche", 4, phase("bid"))
    _html, moves, text = page(client, table)
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    for action, label in moves.items():
        if action.startswith("bid:"):
            _bid, contract, trump = action.split(":")
            assert label == f"{contract} {symbols[trump]}"
    assert moves["pass"] == "Passer"
    # The bids are one list and its button (the other moves stay buttons): every bid is in it, in words.
    assert set(moves) == set(view["legal"]) and 'class="pick-form"' in _html
    assert all(a not in dict(MOVE_BUTTON.findall(_html)) for a in view["legal"] if a.startswith("bid:"))
    bid = next(a for a in view["legal"] if a.startswith("bid:"))
    digital.play(table, HUMAN, bid, view["action_number"])
    # A bid stands, so the deal is played and the human, holding 8 cards, gets a turn in the play.
    view = drive(table, lambda v: v["phase"] == "play", choose=lambda v: "pass" if "pass" in v["legal"] else first_card(v))
    _html, _moves, text = page(client, table)
    taker = view["taker"]
    assert f"Preneur : {NAMES[taker]} · " in text
    assert f"Avec : {NAMES[(taker + 2) % 4]}" in text


# -- L'hombre: bids, trump, the exchange, the play ---------------------------------------------------------------
def test_hombre_bids_trump_exchange_and_play(client):
    table, view = reach("hombre", 3, phase("bid"))
    _html, moves, text = page(client, table)
    words = {"pass": "Passer", "bid:prendre": "Prendre", "bid:sans_prendre": "Sans prendre", "bid:vole": "Vole"}
    assert moves == {w: words[w] for w in view["legal"]}
    # 40 cards, 9 each: 13 in the talon.
    assert "Talon : 13 cartes" in text
    digital.play(table, HUMAN, "bid:vole", view["action_number"])  # the highest bid: the human is the ombre
    view = drive(table, phase("trump"))
    _html, moves, text = page(client, table)
    assert moves == {"trump:S": "Atout ♠", "trump:H": "Atout ♥", "trump:D": "Atout ♦", "trump:C": "Atout ♣"}
    assert "Choisissez l'atout." in text and f"Preneur : {NAMES[HUMAN]} · Vole" in text
    digital.play(table, HUMAN, "trump:H", view["action_number"])
    # Vole: the ombre plays without the talon (the defenders exchange); then the play.
    view = drive(table, lambda v: v["phase"] in ("exchange", "play"))
    html, moves, text = page(client, table)
    assert "Atout : ♥" in text
    if view["phase"] == "exchange":
        assert moves == {"done": "Fini : piocher au talon"}
        assert "Touchez les cartes que vous échangez, une à une" in text


def test_hombre_exchange_cards_put_down_one_by_one(client):
    table, view = reach("hombre", 3, phase("exchange"),
                        choose=lambda v: "bid:prendre" if "bid:prendre" in v["legal"] else first_card(v))
    html, moves, text = page(client, table)
    room = view["talon_size"] - view["pending"]
    assert moves == {"done": "Fini : piocher au talon"}
    assert f"(encore {room} au plus)" in text
    assert len(re.findall(r'class="card[^"]*playable', html)) == len(view["hand"])
    put = view["hand"][0]
    digital.play(table, HUMAN, put, view["action_number"])
    view = drive(table, phase("exchange"))
    _html, _moves, text = page(client, table)
    assert f"(encore {room - 1} au plus)" in text and put not in view["hand"]
    digital.play(table, HUMAN, "done", view["action_number"])
    view = drive(table, lambda v: v["phase"] == "play")
    if view is not None:
        html, _moves, text = page(client, table)
        assert "Vos cartes échangées : " in text and name(put) in html




@pytest.mark.parametrize("slug", ["tarot", "tarot-lorrain"])
def test_tarot_bids_in_words(client, slug):
    table, view = reach(slug, 4, phase("bid"))
    html, moves, _text = page(client, table)
    words = {"pass": "Passer", "take:prise": "Prise", "take:garde": "Garde", "take:garde_sans": "Garde sans",
             "take:garde_contre": "Garde contre"}
    assert moves == {w: words[w] for w in view["legal"]}
    assert len(view["hand"]) == 18  # 78 cards, 6 to the chien, 18 each at 4
    assert html.count("<span>0 pli</span><span>18 cartes</span>") == 3  # each other seat; French says "0 pli"


@pytest.mark.parametrize("slug", ["tarot", "tarot-lorrain"])
def test_tarot_chien_ecart_chelem_and_play(client, slug):
    table, view = reach(slug, 4, phase("ecart"), choose=take_prise)
    html, moves, text = page(client, table)
    assert moves == {}
    assert f"Preneur : {NAMES[HUMAN]} · Prise" in text
    assert "Écart : 6 cartes à écarter (choisies : 0)" in text
    for code in view["chien"]:  # turned up for all at a prise
        assert f'aria-label="{Card.parse_code(code).names("fr") if isinstance(Card.parse_code(code), SuitCard) else Card.parse_code(code)}"' in html
    assert len(view["hand"]) == 24
    # The écart is a choice taken back before it counts (the generic Selection): each card a toggle button.
    put = view["legal"][0]
    assert put.startswith("pick:")
    after = view["action_number"]
    assert client.post(seat_url(table), {"action": put, "after": after}).status_code == 302
    table.refresh_from_db()
    html, moves, text = page(client, table)
    assert moves == {} and "(choisies : 1)" in text and "Écart choisi : " in text
    code = put[5:]
    assert re.search(rf'value="unpick:{code}" class="card[^"]* playable picked"[^>]* aria-pressed="true"', html)
    # Confirmed with 1 card of 6: refused, with the count; a king picked: refused, the rule said (a 400).
    after = digital.view(table, HUMAN)["action_number"]
    with pytest.raises(digital.PlayRefused) as refused:
        digital.play(table, HUMAN, "confirm", after)
    assert refused.value.status == 400
    assert refused.value.errors[0]["message"] == "L'écart compte 6 cartes : vous en avez choisi 1."
    for king in [c for c in digital.view(table, HUMAN)["hand"] if c[0] == "K"][:1]:
        with pytest.raises(digital.PlayRefused) as refused:
            digital.play(table, HUMAN, f"pick:{king}", after)
        assert refused.value.status == 400 and refused.value.errors[0]["message"] == "Pas de roi à l'écart."
    # Tapped again from the page: it goes back.
    assert client.post(seat_url(table), {"action": f"unpick:{code}", "after": after}).status_code == 302
    table.refresh_from_db()
    html, _moves, text = page(client, table)
    assert "(choisies : 0)" in text
    assert re.search(rf'value="pick:{code}" class="card[^"]* playable"[^>]* aria-pressed="false"', html)
    view = digital.view(table, HUMAN)
    while "confirm" not in view["legal"]:
        pick = next(a for a in view["legal"] if a.startswith("pick:"))
        digital.play(table, HUMAN, pick, view["action_number"])
        view = digital.view(table, HUMAN)
    _html, moves, _text = page(client, table)
    assert moves == {"confirm": "Valider l&#x27;écart"}  # the apostrophe as the page escapes it
    assert client.post(seat_url(table), {"action": "confirm", "after": view["action_number"]}).status_code == 302
    view = drive(table, lambda v: v["phase"] != "ecart")
    assert view["phase"] == "chelem"
    _html, moves, text = page(client, table)
    assert moves == {"pass": "Pas de chelem", "chelem": "Annoncer le chelem"}
    assert "Annoncez-vous le chelem ?" in text
    digital.play(table, HUMAN, "pass", view["action_number"])
    view = drive(table, phase("play"))
    html, _moves, text = page(client, table)
    assert "Votre écart : " in text and "Chien : " in text
    assert len(view["hand"]) == 18
    if slug == "tarot-lorrain":  # the hands go round after each trick: said, from the first trick on
        assert "Jeux passés à gauche : 0" in text


def test_tarot_five_players_call_a_king(client):
    table, view = reach("tarot", 5, phase("call"), choose=take_prise)
    _html, moves, text = page(client, table)
    kings = {"call:KS": "Roi ♠", "call:KH": "Roi ♥", "call:KD": "Roi ♦", "call:KC": "Roi ♣"}
    assert all(moves[w] == kings[w] for w in view["legal"] if w in kings)
    assert "Appelez un roi : celui qui l'a joue avec vous." in text
    called = view["legal"][0]
    digital.play(table, HUMAN, called, view["action_number"])
    drive(table, lambda v: v["phase"] != "call")
    _html, _moves, text = page(client, table)
    assert f"Roi appelé : {kings[called].replace('Roi ', 'R')}" in text  # R♥, as on a card


def test_tarot_poignee_trumps_chosen_through_the_api_and_on_the_page_then_shown(client, monkeypatch):
    # 10 trumps make a poignée simple at 4 players (FFT): the human is dealt at least 11, so one may be swapped.
    dealt_so_that(monkeypatch, "tarot", 4, lambda st: sum(c.startswith("T") for c in st.hand(HUMAN)) >= 11)
    table, view = reach("tarot", 4, lambda v: any(a.startswith("poignee:") for a in v["legal"]), choose=take_prise)
    sizes = {"poignee:simple": "simple", "poignee:double": "double", "poignee:triple": "triple"}
    for word in view["legal"]:
        if word in sizes:
            assert view["labels"][word] == f"Montrer une poignée {sizes[word]}"
    assert view["prompt"] == "Vous pouvez montrer une poignée avant de jouer votre première carte."
    held = [c for c in view["hand"] if c.startswith("T")]
    picked, other = held[:10], held[10]  # the strongest 10 come picked; the 11th trump is not
    # Through the API (the seat's token; its page not taken on a phone yet): the choice opens, the strongest goes
    # back, 9 trumps are refused with the reason.
    url, token = f"/api/tables/{table.id}/play", table.seat_tokens[HUMAN]
    answer = post_json(client, url, {"action": "poignee:simple", "after": view["action_number"]}, token=token)
    assert answer.status_code == 200, answer.content
    mine = answer.json()
    assert mine["selection"]["cards"] == picked == mine["picking"]["cards"]
    assert mine["selection"]["toggles"] == {c: f"unpick:{c}" for c in picked}
    assert mine["prompt"].startswith("Poignée simple : choisissez les 10 cartes à montrer (choisies : 10).")
    answer = post_json(client, url, {"action": f"unpick:{picked[0]}", "after": mine["action_number"]}, token=token)
    assert answer.status_code == 200, answer.content
    mine = answer.json()
    assert mine["selection"]["cards"] == picked[1:] and "confirm" not in mine["legal"]
    answer = post_json(client, url, {"action": "confirm", "after": mine["action_number"]}, token=token)
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "poignee_count"
    assert answer.json()["errors"][0]["message"] == "Une poignée simple montre 10 cartes : vous en avez choisi 9."
    # The others see neither the choice nor a poignée yet: still the play, the seat to move.
    for seat in (None, 0):
        others = digital.view(table, seat)
        assert others["selection"] is None and others["picking"] is None and others["phase"] == "play"
        assert not [p for p in others["poignees"] if p["seat"] == HUMAN]
    # On the seat's page: the 9 picked raised and pressed, each a button that puts it back; the other trumps
    # buttons that pick them; no confirm with 9, giving up is a button in words.
    table.refresh_from_db()
    html, moves, text = page(client, table)
    assert "Poignée simple : choisissez les 10 cartes à montrer (choisies : 9)." in text
    assert moves == {"cancel": "Ne pas montrer de poignée"}
    for code in picked[1:]:
        assert re.search(rf'value="unpick:{code}" class="card[^"]* playable picked" aria-label="Reprendre {code[1:]}" '
                         r'aria-pressed="true"', html), code
    for code in [picked[0], *held[10:]]:
        assert re.search(rf'value="pick:{code}" class="card[^"]* playable" aria-label="Choisir {code[1:]}" '
                         r'aria-pressed="false"', html), code
    # The 11th trump tapped, then the poignée confirmed, from the page's form.
    after = digital.view(table, HUMAN)["action_number"]
    assert client.post(seat_url(table), {"action": f"pick:{other}", "after": after}).status_code == 302
    table.refresh_from_db()
    _html, moves, _text = page(client, table)
    assert moves["confirm"] == "Montrer ces atouts"
    after = digital.view(table, HUMAN)["action_number"]
    assert client.post(seat_url(table), {"action": "confirm", "after": after}).status_code == 302
    table.refresh_from_db()
    html, _moves, text = page(client, table)
    assert "Poignée simple" in text
    # The trumps shown, the ones chosen, are public: on the page, as cards; the one put back is not.
    shown = next(p for p in digital.view(table, None)["poignees"] if p["seat"] == HUMAN)["cards"]
    assert sorted(shown) == sorted([*picked[1:], other]) and f"Poignée de {NAMES[HUMAN]} : " in text
    for code in shown:
        assert f'aria-label="{Card.parse_code(code)}"' in html or Card.parse_code(code).names("fr") in html
    assert picked[0] in digital._derive(table).state.hidden_cards(0)


def test_the_seat_page_says_moves_in_english_too(client):
    table, view = reach("tarot", 4, phase("bid"))
    take_seat(client, table, HUMAN)
    html = client.get(seat_url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    moves = dict(MOVE_BUTTON.findall(html))
    assert moves["pass"] == "Pass"
    table, view = reach("rikiki", 4, phase("bid"))
    take_seat(client, table, HUMAN)
    html = client.get(seat_url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    moves = dict(MOVE_BUTTON.findall(html))
    assert moves["bid:1"] == "1 trick" and moves["bid:0"] == "0 tricks"


# -- Barbu classique: the contract the declarer names, the doubles, the réussite --------------------------------
def test_barbu_classique_names_the_contract_then_plays_it(client):
    table, view = reach("barbu-classique", 4, lambda v: v["phase"] in ("play", "domino"))
    _html, _moves, text = page(client, table)
    contract = {"plis": "Pas de plis", "coeurs": "Pas de cœurs", "dames": "Pas de dames",
                "roi-de-coeur": "Pas de roi de cœur", "deux-derniers": "Pas les deux derniers plis", "atout": "Atout",
                "reussite": "Réussite (domino)"}[view["contract"]]
    assert f"Contrat : {contract} ({NAMES[0]})" in text  # seat 0 deals the first seven deals and names them


def test_barbu_classique_doubles_are_buttons_in_words(client):
    table, view = reach("barbu-classique", 4, phase("double"), options={"doubles": True})
    _html, moves, text = page(client, table)
    assert moves["double:0"] == f"Contrer {NAMES[0]}" and unescape(moves["done"]) == "Pas d'autre contre"
    assert "Contrez-vous quelqu'un ?" in text


def test_barbu_classique_reussite_shows_its_layout(client, monkeypatch):
    dealt_so_that(monkeypatch, "barbu-classique", 4,
                  lambda st: st.quick_action(random.Random(0)) == "contract:reussite")
    table, view = reach("barbu-classique", 4, lambda v: v["phase"] == "domino" and v["layout"])
    html, _moves, text = page(client, table)
    assert "Départ : " in text and "Réussite " in text
    for row in view["layout"].values():
        for code in row:
            assert Card.parse_code(code).names("fr") in html or f'aria-label="{Card.parse_code(code)}"' in html
    assert ("Posez une carte sur la réussite." in text) or ("Aucune carte ne se pose : passez." in text)
