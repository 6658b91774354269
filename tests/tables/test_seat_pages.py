"""The pages of a digital table (companion/tables/play_pages.py): a seat's own page, pass-and-play on the edit link, the
spectators, the new-table form's digital part and the share screen's seat links.

Tables are made with DigitalTableFactory (Barbu, seat 3 a quick bot); moves go through the pages as a phone
without JavaScript sends them (plain form POST). Scores are worked out by the rule of the manche (les plis:
5 points a trick taken), from the tricks the pages show.
"""

from __future__ import annotations

import re

import pytest

from companion.games import registry
from companion.kernel.cards import Card, SuitCard
from companion.tables import digital, ledger
from companion.tables.models import Table
from tests.factories import DigitalTableFactory, TableFactory
from tests.tables.helpers import take_seats

pytestmark = pytest.mark.django_db


def seat_url(table, seat):
    return f"/tables/{table.id}/seat/{table.seat_tokens[seat]}/"


def hand_buttons(html):
    """The card codes of the hand form's buttons, and those of them that can be tapped now."""
    buttons = re.findall(r'<button type="submit" name="action" value="([0-9A-Z]+)"[^>]*>', html)
    playable = re.findall(r'<button type="submit" name="action" value="([0-9A-Z]+)"[^>]*class="card[^"]*playable', html)
    return buttons, playable


def hidden_card_words(code):
    """Every way a page could spell a card: its code in quotes, its spoken name ("Dame de pique")."""
    card = Card.parse_code(code)
    return [f'"{code}"', card.names("fr") if isinstance(card, SuitCard) else f'aria-label="{card}"']  # "Atout 21"


def turn_of(table):
    view = digital.view(table, None)
    return view["waiting_for"], view["action_number"]


def test_a_seat_page_shows_its_own_hand_and_no_card_of_another_hand(client):
    table = DigitalTableFactory(moves=2)
    take_seats(client, table)
    for seat in (0, 1, 2):
        page = client.get(seat_url(table, seat))
        assert page.status_code == 200
        assert page["Cache-Control"] == "no-store"  # the URL holds the seat's secret
        html = page.content.decode()
        own = digital.view(table, seat)["hand"]
        shown, _playable = hand_buttons(html)
        assert shown == own  # in the engine's order: by suit, colours alternating, strongest first
        for other in range(4):
            if other == seat:
                continue
            for code in digital.view(table, other)["hand"]:
                for word in hidden_card_words(code):
                    assert word not in html, (seat, other, code)


def test_only_the_legal_cards_can_be_tapped_and_the_others_are_disabled(client):
    table = DigitalTableFactory(moves=1)  # a card led: the next human must follow suit if they can
    take_seats(client, table)
    seat, _n = turn_of(table)
    html = client.get(seat_url(table, seat)).content.decode()
    shown, playable = hand_buttons(html)
    legal = digital.view(table, seat)["legal"]
    assert playable == legal
    disabled = re.findall(r'value="([0-9A-Z]+)"[^>]*aria-label="[^"]*" disabled>', html)
    assert sorted(disabled) == sorted(set(shown) - set(legal))
    assert "À vous de jouer." in html


def test_playing_a_card_by_plain_form_post(client):
    table = DigitalTableFactory()
    take_seats(client, table)
    seat, n = turn_of(table)
    card = digital.view(table, seat)["legal"][0]
    response = client.post(seat_url(table, seat), {"action": card, "after": n})
    assert response.status_code == 302 and response["Location"] == seat_url(table, seat)
    table.refresh_from_db()
    after = digital.view(table, seat)
    assert card not in after["hand"]
    assert after["action_number"] > n  # the card, and the bot's card if it came next
    played = [c for s, c in after["trick"]["cards"]] + [c for t in after["tricks"] for s, c in t["cards"]]
    assert card in played
    # The page shows it among the cards played (on the table, or in the last trick if a bot led since), no more
    # in the hand.
    html = client.get(seat_url(table, seat)).content.decode()
    assert Card.parse_code(card).names("fr") in html
    assert card not in hand_buttons(html)[0]


def test_a_stale_tap_says_so_and_shows_the_table_as_it_is(client):
    table = DigitalTableFactory()
    take_seats(client, table)
    seat, n = turn_of(table)
    card = digital.view(table, seat)["legal"][0]
    assert client.post(seat_url(table, seat), {"action": card, "after": n}).status_code == 302
    # The same tap again (a phone that did not see its answer): nothing more is played.
    table.refresh_from_db()
    before = digital.view(table, None)["action_number"]
    again = client.post(seat_url(table, seat), {"action": card, "after": n})
    assert again.status_code == 409
    html = again.content.decode()
    assert "La partie a avancé" in html and 'role="alert"' in html
    shown, _ = hand_buttons(html)
    table.refresh_from_db()
    assert shown == digital.view(table, seat)["hand"]  # the current hand, not a broken page
    assert digital.view(table, None)["action_number"] == before


def must_follow(table):
    """Play on (first legal card) until the seat to play could follow suit and holds other suits too."""
    for _ in range(40):
        seat, n = turn_of(table)
        mine = digital.view(table, seat)
        if mine["trick"]["cards"]:
            led = Card.parse_code(mine["trick"]["cards"][0][1]).suit
            others = [c for c in mine["hand"] if Card.parse_code(c).suit != led]
            if others and len(others) < len(mine["hand"]):
                return seat, n, mine, others
        digital.play(table, seat, mine["legal"][0], n)
        table.refresh_from_db()
    raise AssertionError("no seat had to follow suit")


def test_an_illegal_card_gets_the_rule_and_the_hand_back(client):
    table = DigitalTableFactory()
    take_seats(client, table)
    seat, n, mine, others = must_follow(table)
    response = client.post(seat_url(table, seat), {"action": others[0], "after": n})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Il faut fournir à" in html
    assert hand_buttons(html)[0] == mine["hand"]


def test_a_tap_out_of_turn_is_refused_with_the_current_state(client):
    table = DigitalTableFactory()
    take_seats(client, table)
    seat, n = turn_of(table)
    other = next(s for s in (0, 1, 2) if s != seat)
    card = digital.view(table, other)["hand"][0]
    response = client.post(seat_url(table, other), {"action": card, "after": n})
    assert response.status_code == 409
    assert "Ce n&#x27;est pas votre tour." in response.content.decode()


def test_htmx_gets_the_live_part_only(client):
    table = DigitalTableFactory()
    take_seats(client, table)
    seat, n = turn_of(table)
    card = digital.view(table, seat)["legal"][0]
    response = client.post(seat_url(table, seat), {"action": card, "after": n}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'id="sheet"' in html and 'class="hand-form"' in html


def test_a_wrong_seat_link_is_refused(client):
    table = DigitalTableFactory()
    assert client.get(f"/tables/{table.id}/seat/not-a-seat-token/").status_code == 403
    assert client.get(f"/tables/{table.id}/seat/{table.edit_token}/").status_code == 403  # the edit link plays no seat
    plain = TableFactory()
    assert client.get(f"/tables/{plain.id}/seat/whatever/").status_code == 404
    assert client.get(f"/tables/{plain.id}/play/").status_code == 404


def test_the_seat_poll_answers_304_until_a_card_is_played(client):
    table = DigitalTableFactory()
    take_seats(client, table)
    seat, n = turn_of(table)
    other = next(s for s in (0, 1, 2) if s != seat)
    live = f"{seat_url(table, other)}live/"
    first = client.get(live)
    assert first.status_code == 200
    tag = first["ETag"]
    assert client.get(live, HTTP_IF_NONE_MATCH=tag).status_code == 304
    card = digital.view(table, seat)["legal"][0]
    client.post(seat_url(table, seat), {"action": card, "after": n})
    changed = client.get(live, HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed["ETag"] != tag
    assert Card.parse_code(card).names("fr") in changed.content.decode()


def play_out_deal(table):
    """Every human move of the deal on the table, the first legal card each time, through digital.play; returns
    the tricks each seat took (public counts seen before the last card) plus the last trick's taker."""
    deal = digital.view(table, None)["deal"]
    while True:
        view = digital.view(table, None)
        assert view["deal"] == deal and not view["finished"]
        seat = view["waiting_for"]
        mine = digital.view(table, seat)
        taken = list(mine["taken"])
        digital.play(table, seat, mine["legal"][0], mine["action_number"])
        table.refresh_from_db()
        last = digital.view(table, None)
        if last["deal"] != deal:
            taken[last["last_trick"]["taker"]] += 1
            return last, taken


def test_the_end_of_a_deal_keeps_its_last_trick_until_the_seat_moves_on(client):
    table = DigitalTableFactory()
    take_seats(client, table)
    view, taken = play_out_deal(table)
    assert sum(taken) == 13
    # Les plis: 5 points a trick taken, worked out from the tricks counted above.
    expected = [5 * t for t in taken]
    assert ledger.load(Table.objects.get(pk=table.pk)).rounds[0].result.scores == expected
    page = client.get(seat_url(table, 0)).content.decode()
    assert "Donne 1 terminée" in page
    assert "Donne 1 · <strong>Les plis</strong>" in page  # the deal line too speaks of the deal just over
    last = view["last_trick"]
    for _seat, code in last["cards"]:
        assert Card.parse_code(code).names("fr") in page
    assert 'class="hand-form"' not in page  # the next deal's hand waits behind "Donne suivante"
    # The end explains itself in the sheet row's words: each seat's points of this deal (5 a trick it took), and
    # the game's one-line summary of the deal, not "the points are on the sheet".
    end = page[page.index('class="deal-end"'):page.index("</section>", page.index('class="deal-end"'))]
    shown = re.findall(r"<dt><bdi>([^<]+)</bdi></dt><dd>(-?\d+)</dd>", end)
    assert [(name, int(points)) for name, points in shown] == list(zip(table.players, expected, strict=True))
    summary = ledger.load(Table.objects.get(pk=table.pk)).rounds[0].result.summary
    assert summary is not None and 'class="deal-summary"' in end
    assert "sont sur la feuille" not in end
    totals = re.findall(r'<td class="[^"]*" data-seat="\d">(-?\d+)</td>', page)
    assert [int(t) for t in totals] == expected
    moved = client.post(seat_url(table, 0), {"next": "1"})
    assert moved.status_code == 302
    page = client.get(seat_url(table, 0)).content.decode()
    assert "Donne 1 terminée" not in page and "Donne 2" in page and 'class="hand-form"' in page
    # Another seat's phone has not moved on: it still sees the end of deal 1.
    assert "Donne 1 terminée" in client.get(seat_url(table, 1)).content.decode()


def test_the_spectators_see_the_table_and_no_hand(client):
    table = DigitalTableFactory(moves=2)
    page = client.get(f"/tables/{table.id}/play/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'class="hand-form"' not in html
    for seat in range(4):
        for code in digital.view(table, seat)["hand"]:
            for word in hidden_card_words(code):
                assert word not in html
    assert 'class="felt seats-4"' in html


def test_pass_and_play_hides_the_hand_until_the_player_taps(client):
    table = DigitalTableFactory(pass_play=True)  # "Un seul téléphone pour tous": the three humans on the edit link
    seat, n = turn_of(table)
    base = f"/tables/{table.id}/edit/{table.edit_token}/play/"
    screen = client.get(base)
    assert screen.status_code == 200
    html = screen.content.decode()
    name = table.players[seat]
    assert f"Passez le téléphone à {name}" in html
    assert 'class="hand-form"' not in html
    for code in digital.view(table, seat)["hand"]:
        assert f'"{code}"' not in html
    shown = client.get(base, {"seat": seat, "after": n}).content.decode()
    assert hand_buttons(shown)[0] == digital.view(table, seat)["hand"]
    # Tapped long ago (the game moved on since): the screen again, not an old hand.
    card = digital.view(table, seat)["legal"][0]
    response = client.post(base, {"seat": seat, "action": card, "after": n})
    assert response.status_code == 302
    table.refresh_from_db()
    nxt, m = turn_of(table)
    if nxt != seat:
        assert response["Location"] == base
        assert f"Passez le téléphone à {table.players[nxt]}" in client.get(base).content.decode()
    else:  # the same player again (took the trick, or the others are bots): no hand-over screen
        assert response["Location"] == f"{base}?seat={seat}&after={m}"
    assert 'class="hand-form"' not in client.get(base, {"seat": seat, "after": n}).content.decode()
    assert card not in digital.view(table, seat)["hand"]


def test_pass_and_play_needs_the_edit_link(client):
    table = DigitalTableFactory()
    assert client.get(f"/tables/{table.id}/edit/{table.seat_tokens[0]}/play/").status_code == 403


def test_the_new_table_form_offers_play_on_atout_for_digital_games_only(client):
    html = client.get("/tables/new/barbu/").content.decode()
    assert 'name="digital"' in html and 'name="bot.0"' in html and 'name="bot.4"' in html
    assert 'name="digital"' not in client.get("/tables/new/rami/").content.decode()


SEAT_LINK = re.compile(r'value="(http://testserver/tables/[^"]+/seat/[^"]+/)"')


def test_creating_a_digital_table_shows_each_seats_link_when_asked_with_its_qr_code(client):
    data = {"player.0": "Ana", "player.1": "Ben", "player.2": "Cid", "player.3": "", "bot.3": "on", "digital": "on",
            "bot_level": "quick", "opt_king_stops_play": "on", "opt_five_players_removed": "2C-2D"}
    response = client.post("/tables/new/barbu/", data)
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.digital and table.players == ["Ana", "Ben", "Cid", "Robot 4"]
    assert "/share/" in response["Location"]
    share = response["Location"].split("?")[0]
    html = client.get(response["Location"]).content.decode()
    # No seat's link before it is asked for (none is kept anywhere to be shown from): a button each, none for the bot.
    assert SEAT_LINK.findall(html) == []
    assert re.findall(r'name="link" value="(\d+)"', html) == ["0", "1", "2"]
    assert html.count('class="qr"><title>') == 3  # the spectators, the read-only and edit links
    assert f'/tables/{table.id}/play/' in html
    assert "Jouer en passant le téléphone" not in html  # every human has their own phone
    links = {}
    for seat in (0, 1, 2):
        shown = client.post(share, {"link": str(seat)})
        assert shown.status_code == 200 and shown["Cache-Control"] == "no-store"
        page = shown.content.decode()
        assert len(SEAT_LINK.findall(page)) == 1
        assert page.count('class="qr"><title>') == 1 + 3
        links[seat] = SEAT_LINK.findall(page)[0]
    seats = {digital.seat_for_token(table, url.rstrip("/").rsplit("/", 1)[1]) for url in links.values()}
    assert seats == {0, 1, 2}
    # Shown again, a seat's link is a new one: the one shown before opens nothing any more.
    again = SEAT_LINK.findall(client.post(share, {"link": "0"}).content.decode())[0]
    assert again != links[0]
    assert client.get(links[0].removeprefix("http://testserver")).status_code == 403
    assert client.get(again.removeprefix("http://testserver")).status_code == 200
    # Another phone with the edit link sees who holds each seat, no link until it asks for one.
    other = client.__class__()
    assert "/seat/" not in other.get(share).content.decode()


def test_a_table_of_bots_only_is_refused_next_to_the_form(client):
    data = {f"player.{i}": n for i, n in enumerate(["Ana", "Ben", "Cid", "Dan"])}
    data.update({f"bot.{i}": "on" for i in range(4)}, digital="on")
    response = client.post("/tables/new/barbu/", data)
    assert response.status_code == 400
    assert "au moins une place tenue par une personne" in response.content.decode()
    assert Table.objects.count() == 0


def test_the_seat_page_speaks_english_to_an_english_phone(client):
    table = DigitalTableFactory()
    take_seats(client, table)
    seat, _n = turn_of(table)
    html = client.get(seat_url(table, seat), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Your hand" in html and "Your turn." in html and "Votre jeu" not in html
    names = [Card.parse_code(c).names("en") for c in digital.view(table, seat)["hand"]]
    assert all(f'aria-label="{n}"' in html for n in names)  # "Queen of spades", as English players say it


def test_the_page_lays_out_the_typed_view_it_is_given():
    from companion.tables.play_pages import present

    # A bidding phase as the service layer gives it: two words to choose, no card playable yet; the words, the
    # calls and the facts are the engine's (here made up: the page must show them as they are, guessing nothing).
    view = {"names": ["Ana", "Ben", "Cid", "Dan"], "hand": ["AS", "KH"], "legal": ["pass", "bid:1"],
            "trick": {"leader": 1, "cards": []}, "tricks": [], "waiting_for": 0, "bots": [3],
            "labels": {"pass": "Passer", "bid:1": "1 pli"}, "prompt": "À vous.",
            "notes": [[], [{"text": "Passer", "call": True}, {"text": "3 points", "call": False}], [], []],
            "facts": [{"key": "trump", "label": "Atout", "text": "♠", "cards": []},
                      {"key": "turned", "label": "Retournée", "text": None, "cards": ["8S"]}],
            "aside": {"label": "Mises de côté", "cards": ["QC"]}, "action_number": 5, "deal": 1,
            # A game's own key the page must not read: nothing of it shows.
            "bids": [[2, "take:garde"]]}
    shown = present(view, registry.get("barbu"), "fr", 0)
    assert [w["label"] for w in shown["words"]] == ["Passer", "1 pli"]
    assert [c["playable"] for c in shown["hand"]] == [False, False]
    assert [s["calls"] for s in shown["seats"]] == [[], ["Passer"], [], []]
    assert [s["notes"] for s in shown["seats"]] == [[], ["3 points"], [], []]
    assert [(f["label"], f["text"]) for f in shown["facts"]] == [("Atout", "♠"), ("Retournée", "")]
    assert shown["facts"][1]["cards"][0]["name"] == "8 de pique"
    assert shown["aside"]["label"] == "Mises de côté" and shown["aside"]["cards"][0]["name"] == "Dame de trèfle"
    assert shown["hint"] == "À vous."
    assert present(view, registry.get("barbu"), "fr", 1)["hint"] == ""  # not Ben's turn: no prompt for him


def test_the_polls_move_on_the_bots_a_request_left_to_play(client, monkeypatch):
    # One bot move a request (digital.BOTS_PER_REQUEST at 0): the seat's own poll must keep the bots going.
    monkeypatch.setattr(digital, "BOTS_PER_REQUEST", 0)
    table = DigitalTableFactory(bots=[1, 2, 3])  # Ana alone; Bea, the first to play, and the others are bots
    take_seats(client, table)
    live = f"{seat_url(table, 0)}live/"
    answer = client.get(live)
    seen = [answer.status_code]
    for _ in range(6):
        if "À vous de jouer." in answer.content.decode():
            break
        answer = client.get(live, HTTP_IF_NONE_MATCH=answer["ETag"])
        seen.append(answer.status_code)
    assert "À vous de jouer." in answer.content.decode(), seen
    assert 304 not in seen  # each poll found a bot's card: none was "nothing new" while bots were still to play
    assert client.get(live, HTTP_IF_NONE_MATCH=answer["ETag"]).status_code == 304  # now it waits for Ana


def test_a_rematch_of_a_digital_table_gives_each_seat_a_new_link(client):
    table = DigitalTableFactory()
    play_out_deal(table)
    ledger.finish(table.id)
    response = client.post(f"/tables/{table.id}/edit/{table.edit_token}/rematch/")
    assert response.status_code == 302 and "/share/" in response["Location"]
    new = Table.objects.exclude(pk=table.pk).get()
    assert new.digital
    share = response["Location"].split("?")[0]
    assert f"/tables/{new.id}/edit/" in share
    # Bea deals first now, every player in their seat: the bot still holds Dan's seat (3), the humans theirs.
    assert re.findall(r'name="link" value="(\d+)"', client.get(share).content.decode()) == ["0", "1", "2"]
    links = [SEAT_LINK.findall(client.post(share, {"link": str(seat)}).content.decode())[0] for seat in (0, 1, 2)]
    assert len(set(links)) == 3 and all(f"/tables/{new.id}/seat/" in url for url in links)


DIGITAL_GAMES = [slug for slug, game in registry.scored().items() if game.digital]
OPTIONS = {"chasse-coeur": {"passing": "left"}}  # a passing phase first: cards set aside must stay hidden too


@pytest.mark.parametrize("slug", DIGITAL_GAMES)
def test_no_page_ever_shows_a_card_another_seat_holds(client, slug):
    """Every digital game, move after move: no seat's page nor the spectators' holds a card the engine says that
    seat may not see (DealState.hidden_cards: the others' hands, a hidden chien or écart), by code or by name —
    except the cards of the deal before's last trick, public, which the page may still show in the next deal."""
    info = registry.get(slug).info
    n = min(max(info.min_players, 4), info.max_players)
    players = ["Ana", "Bea", "Cid", "Dan", "Eve"][:n]
    table = DigitalTableFactory(game=slug, players=players, options=OPTIONS.get(slug, {}), bots=[n - 1])
    take_seats(client, table)
    humans = range(n - 1)
    for _ in range(30):
        # The last trick of the deal before, still on screen, is public and may hold cards dealt again since.
        public = digital.view(table, None)
        past = public["last_trick"] if public["last_trick"] and public["last_trick"]["deal"] != public["deal"] else None
        shown_before = {code for _s, code in past["cards"]} if past else set()
        state = digital._derive(table).state  # the engine says what each seat must not be shown
        for seat in [*humans, None]:
            url = seat_url(table, seat) if seat is not None else f"/tables/{table.id}/play/"
            html = client.get(url).content.decode()
            for code in state.hidden_cards(seat) - shown_before:
                for word in hidden_card_words(code):
                    assert word not in html, (slug, seat, code)
        seat, n_moves = turn_of(table)
        if seat is None:
            break
        card = digital.view(table, seat)["legal"][0]
        assert client.post(seat_url(table, seat), {"action": card, "after": n_moves}).status_code == 302
        table.refresh_from_db()
