"""Who can see and play a seat of a digital table.

* Pass-and-play on the edit link plays only the seats that have no link of their own (a table made "Un seul
  téléphone pour tous"); a seat with its own link is refused there (403, no hand), as on the API.
* A seat's link opened the first time asks "Je suis Ben : prendre ma place" (no card before); the phone that takes
  the seat gets a second secret in a cookie (HttpOnly, SameSite=Lax, Secure over HTTPS, the seat's path only):
  from then on the seat's page, its poll and its moves want the link and that cookie. Another phone holding the link
  (the creator, who saw it to hand it out) gets a 403 page saying so; the API refuses the token alone too.
* The seat's own phone can change its link; the edit link can give a seat a new link (a player changed phones).
* No session holds anything that opens a seat.

Tables are made with DigitalTableFactory (Barbu, Ana Bea Cid and a quick bot in Dan's seat: Bea leads the first deal)
or through the new-table form; each phone is its own Django test client.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.sessions.models import Session
from django.test import Client

from companion.tables import digital
from companion.tables.models import Move, Seat, Table
from tests.factories import DigitalTableFactory
from tests.tables.helpers import post_json, take_seat

pytestmark = pytest.mark.django_db

SEAT_LINK = re.compile(r'value="(http://testserver(/tables/[^"]+/seat/([^"/]+)/))"')


def seat_url(table, seat):
    return f"/tables/{table.id}/seat/{table.seat_tokens[seat]}/"


def pass_url(table):
    return f"/tables/{table.id}/edit/{table.edit_token}/play/"


def hand_of(html):
    return re.findall(r'<button type="submit" name="action" value="([0-9A-Z]+)"', html)


def turn_of(table):
    view = digital.view(table, None)
    return view["waiting_for"], view["action_number"]


# -- pass-and-play plays only the seats without a link of their own ----------------------------------------------
def test_pass_and_play_refuses_to_show_a_seat_that_has_its_own_link(client):
    table = DigitalTableFactory()  # each human seat its own link
    seat, n = turn_of(table)  # Bea's turn: the edit link used to show her hand with ?seat=1
    hand = digital.view(table, seat)["hand"]
    response = client.get(pass_url(table), {"seat": seat, "after": n})
    assert response.status_code == 403
    html = response.content.decode()
    assert "La place de Bea a son propre lien" in html
    assert hand_of(html) == [] and not any(f'"{code}"' in html for code in hand)
    # Nor is the phone to be handed to her: her hand is on her own phone.
    assert "Passez le téléphone" not in client.get(pass_url(table)).content.decode()
    # A move for her seat from the edit link is refused the same way, and nothing is played.
    played = client.post(pass_url(table), {"seat": seat, "action": digital.view(table, seat)["legal"][0], "after": n})
    assert played.status_code == 403
    assert not Move.objects.filter(table=table).exists()
    # The API says the same of the edit token: it plays for no seat.
    api = post_json(client, f"/api/tables/{table.id}/play", {"action": hand[0], "after": n}, token=table.edit_token)
    assert api.status_code == 403


def test_a_table_on_one_phone_is_played_on_the_edit_link_only(client):
    data = {"player.0": "Ana", "player.1": "Ben", "player.2": "Cid", "bot.3": "on", "digital": "on",
            "bot_level": "quick", "phones": "one"}
    response = client.post("/tables/new/barbu/", data)
    assert response.status_code == 302
    table = Table.objects.get()
    assert list(Seat.objects.filter(table=table).values_list("seat", "pass_play", "token_hash")) == [
        (0, True, ""), (1, True, ""), (2, True, ""), (3, False, "")]
    share = client.get(response["Location"]).content.decode()
    assert 'name="link"' not in share and "/seat/" not in share
    assert "Jouer en passant le téléphone" in share
    assert "Sur ce téléphone : on se le passe." in share
    edit_token = response["Location"].split("/edit/")[1].split("/")[0]
    table.edit_token = edit_token
    seat, n = turn_of(table)  # Ben leads
    page = client.get(pass_url(table)).content.decode()
    assert "Passez le téléphone à Ben" in page
    shown = client.get(pass_url(table), {"seat": seat, "after": n}).content.decode()
    assert hand_of(shown) == digital.view(table, seat)["hand"]


def test_the_new_table_form_offers_one_phone_or_each_their_own(client):
    html = client.get("/tables/new/barbu/").content.decode()
    assert 'name="phones" value="each" checked' in html and 'name="phones" value="one">' in html
    assert "Chacun son téléphone" in html and "Un seul téléphone pour tous" in html


def test_the_api_creates_a_table_on_one_phone(client):
    created = post_json(client, "/api/tables", {"game": "barbu", "players": ["Ana", "Bea", "Cid", "Dan"],
                                                "digital": True, "bots": [3], "pass_and_play": True})
    assert created.status_code == 201
    body = created.json()
    assert body["seats"] == []  # no seat has a link of its own
    view = client.get(f"/api/tables/{body['id']}/play").json()
    assert view["pass_play"] == [0, 1, 2] and view["bots"] == [3]
    for bad, code in (({"pass_and_play": "yes", "digital": True}, "bad_pass_and_play"),
                      ({"pass_and_play": True}, "not_digital")):
        refused = post_json(client, "/api/tables", {"game": "barbu", "players": ["Ana", "Bea", "Cid", "Dan"], **bad})
        assert refused.status_code == 400
        assert [(e["field"], e["code"]) for e in refused.json()["errors"]] == [("pass_and_play", code)]
    assert Table.objects.count() == 1


# -- a seat's link binds to the phone that takes the seat ----------------------------------------------------------
def test_opening_a_seat_link_shows_no_card_until_the_phone_takes_the_seat(client):
    table = DigitalTableFactory()
    first = client.get(seat_url(table, 1))
    assert first.status_code == 200
    html = first.content.decode()
    assert "Je suis Bea : prendre ma place sur ce téléphone" in html
    assert hand_of(html) == [] and not any(f'"{c}"' in html for c in digital.view(table, 1)["hand"])
    # A GET takes nothing (a link preview fetched by a messaging app neither).
    assert digital.seat_cookie(table.seat_tokens[1]) not in first.cookies
    assert Seat.objects.get(table=table, seat=1).bind_hash == ""
    taken = client.post(seat_url(table, 1), {"claim": "1"})
    assert taken.status_code == 302 and taken["Location"] == seat_url(table, 1)
    assert hand_of(client.get(seat_url(table, 1)).content.decode()) == digital.view(table, 1)["hand"]


def test_once_a_phone_took_a_seat_another_phone_with_the_link_gets_a_403_page():
    table = DigitalTableFactory()
    bea, creator = Client(), Client()
    take_seat(bea, table, 1)
    hand = digital.view(table, 1)["hand"]
    for response in (creator.get(seat_url(table, 1)), creator.get(seat_url(table, 1) + "live/"),
                     creator.post(seat_url(table, 1), {"claim": "1"})):
        assert response.status_code == 403
        html = response.content.decode()
        assert "Ce lien est déjà utilisé par un autre téléphone" in html
        assert "Nouveau lien pour Bea" in html  # how to get a new link
        assert not any(f'"{c}"' in html for c in hand)
    # Nor can that phone play her cards.
    card = digital.view(table, 1)["legal"][0]
    assert creator.post(seat_url(table, 1), {"action": card, "after": 0}).status_code == 403
    assert not Move.objects.filter(table=table).exists()
    # Her own phone still plays.
    assert bea.post(seat_url(table, 1), {"action": card, "after": 0}).status_code == 302
    assert Move.objects.filter(table=table, seat=1).count() == 1


def test_the_seat_cookie_is_httponly_lax_scoped_to_the_seat_and_secure_over_https():
    table = DigitalTableFactory()
    plain = Client().post(seat_url(table, 0), {"claim": "1"})
    cookie = plain.cookies[digital.seat_cookie(table.seat_tokens[0])]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and not cookie["secure"]
    assert cookie["path"] == seat_url(table, 0)
    assert int(cookie["max-age"]) == digital.SEAT_COOKIE_AGE
    assert cookie.value not in table.seat_tokens.values()
    secure = Client().post(seat_url(table, 1), {"claim": "1"}, secure=True)
    assert secure.cookies[digital.seat_cookie(table.seat_tokens[1])]["secure"]
    # What the seat keeps opens nothing: the cookie's hash, not the cookie.
    row = Seat.objects.get(table=table, seat=0)
    assert row.bind_hash and cookie.value not in row.bind_hash


def test_the_creators_share_page_shows_a_link_to_hand_out_but_cannot_open_it_once_taken():
    creator = Client()
    data = {"player.0": "Ana", "player.1": "Ben", "player.2": "Cid", "bot.3": "on", "digital": "on",
            "bot_level": "quick"}
    share = creator.post("/tables/new/barbu/", data)["Location"].split("?")[0]
    shown = creator.post(share, {"link": "1"}).content.decode()
    url, path, token = SEAT_LINK.findall(shown)[0]
    ben = Client()
    assert ben.post(path, {"claim": "1"}).status_code == 302
    table = Table.objects.get()
    hand = digital.view(table, 1)["hand"]
    opened = creator.get(path)
    assert opened.status_code == 403
    assert not any(f'"{c}"' in opened.content.decode() for c in hand)
    # The API with the token alone is refused too: the cookie is the second secret it does not have.
    api = creator.get(f"/api/tables/{table.id}/play", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert api.status_code == 403 and api.json()["errors"][0]["code"] == "seat_bound"
    # The share page says plainly who holds the seat now, and offers no link of it but a new one.
    again = creator.get(share).content.decode()
    assert "Sur son propre téléphone : son jeu ne s'affiche que là." in again
    assert "Nouveau lien pour Ben" in again and "Qui voit quoi ?" in again


def test_an_api_client_plays_with_the_token_while_no_phone_took_the_seat(client):
    table = DigitalTableFactory()
    token = table.seat_tokens[1]
    assert client.get(f"/api/tables/{table.id}/play", HTTP_AUTHORIZATION=f"Bearer {token}").json()["hand"]
    take_seat(client, table, 1)
    assert client.get(f"/api/tables/{table.id}/play", HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 403


def test_a_seat_renews_its_own_link_on_its_phone():
    table = DigitalTableFactory()
    bea = Client()
    old = take_seat(bea, table, 1)
    renewed = bea.post(old, {"renew": "1"})
    assert renewed.status_code == 302
    new = renewed["Location"].split("?")[0]
    assert new != old and new.startswith(f"/tables/{table.id}/seat/")
    # The cookie follows the seat to its new path; the old path's is cleared.
    assert renewed.cookies[digital.seat_cookie(new.rstrip("/").rsplit("/", 1)[1])]["path"] == new
    gone = renewed.cookies[digital.seat_cookie(table.seat_tokens[1])]
    assert gone["path"] == old and gone["max-age"] == 0 and gone.value == ""
    page = bea.get(renewed["Location"])
    assert page.status_code == 200 and hand_of(page.content.decode()) == digital.view(table, 1)["hand"]
    assert "Nouveau lien pour votre place : l'ancien ne marche plus." in page.content.decode()
    for phone in (bea, Client()):
        gone = phone.get(old)
        assert gone.status_code == 403 and "Lien de place invalide" in gone.content.decode()
    assert digital.seat_for_token(table, table.seat_tokens[1]) is None
    assert Client().get(new).status_code == 403  # still bound to Bea's phone


def test_the_edit_link_gives_a_seat_a_new_link_when_its_player_changes_phones():
    table = DigitalTableFactory()
    old_phone, new_phone = Client(), Client()
    old = take_seat(old_phone, table, 1)
    share = f"/tables/{table.id}/edit/{table.edit_token}/share/"
    shown = old_phone.post(share, {"link": "1"})  # any phone with the edit link
    assert shown.status_code == 200
    _url, path, _token = SEAT_LINK.findall(shown.content.decode())[0]
    assert path != old
    # The old phone is refused from now on, and is told so; the new link is taken by the new phone.
    assert old_phone.get(old).status_code == 403
    assert "Je suis Bea" in new_phone.get(path).content.decode()
    assert new_phone.post(path, {"claim": "1"}).status_code == 302
    assert hand_of(new_phone.get(path).content.decode()) == digital.view(table, 1)["hand"]
    assert old_phone.get(path).status_code == 403


def test_the_share_page_hands_out_links_by_post_only():
    table = DigitalTableFactory()
    share = f"/tables/{table.id}/edit/{table.edit_token}/share/"
    before = dict(Seat.objects.filter(table=table).values_list("seat", "token_hash"))
    assert Client().get(share, {"link": "1"}).status_code == 200
    assert dict(Seat.objects.filter(table=table).values_list("seat", "token_hash")) == before
    assert Client().post(f"/tables/{table.id}/share/", {"link": "1"}).status_code == 405  # the read-only link
    assert Client().post(share, {"link": "3"}).status_code == 400  # the bot's seat has no link
    assert Client(enforce_csrf_checks=True).post(share, {"link": "1"}).status_code == 403


# -- no session holds what opens a seat ------------------------------------------------------------------------------
def test_no_session_holds_a_seat_token_nor_a_phone_secret():
    creator = Client()
    data = {"player.0": "Ana", "player.1": "Ben", "player.2": "Cid", "bot.3": "on", "digital": "on",
            "bot_level": "quick"}
    created = creator.post("/tables/new/barbu/", data)
    creator.get(created["Location"])
    share = created["Location"].split("?")[0]
    tokens = [SEAT_LINK.findall(creator.post(share, {"link": str(s)}).content.decode())[0][2] for s in (0, 1, 2)]
    ben = Client()
    claimed = ben.post(f"{share.split('/edit/')[0]}/seat/{tokens[1]}/", {"claim": "1"})
    secret = claimed.cookies[digital.seat_cookie(tokens[1])].value
    ben.get(claimed["Location"])
    ben.post(claimed["Location"], {"next": "1"})  # "Donne suivante" is what a seat keeps in its session
    sessions = [str(s.get_decoded()) + s.session_data for s in Session.objects.all()]
    assert sessions
    for text in sessions:
        for secret_text in [*tokens, secret]:
            assert secret_text not in text


def test_an_old_session_holding_seat_links_is_emptied_of_them(client):
    table = DigitalTableFactory()
    session = client.session
    session["seat-links"] = {table.id: {str(s): t for s, t in table.seat_tokens.items()}}
    session.save()
    client.get(f"/tables/{table.id}/edit/{table.edit_token}/share/")
    assert "seat-links" not in client.session
    stored = Session.objects.get(session_key=client.session.session_key).get_decoded()
    assert not any(token in str(stored) for token in table.seat_tokens.values())


def test_the_migration_removes_the_seat_links_sessions_kept(client):
    import importlib

    from django.apps import apps

    table = DigitalTableFactory()
    session = client.session
    session["seat-links"] = {table.id: {str(s): t for s, t in table.seat_tokens.items()}}
    session["play-seen"] = {f"{table.id}:1": 2}
    session.save()
    importlib.import_module("companion.tables.migrations.0007_purge_session_seat_links").purge(apps, None)
    stored = Session.objects.get(session_key=session.session_key)
    assert stored.get_decoded() == {"play-seen": {f"{table.id}:1": 2}}  # the rest of the session stays
    assert not any(token in stored.session_data for token in table.seat_tokens.values())


def test_the_share_page_the_claim_page_and_the_refusal_speak_english():
    table = DigitalTableFactory()
    phone, other = Client(HTTP_ACCEPT_LANGUAGE="en"), Client(HTTP_ACCEPT_LANGUAGE="en")
    share = phone.get(f"/tables/{table.id}/edit/{table.edit_token}/share/").content.decode()
    assert "Show Bea's link" in share
    assert "Who sees what?" in share and "Not taken yet: nobody has opened its link." in share
    claim = phone.get(seat_url(table, 1)).content.decode()
    assert "I am Bea: take my seat on this phone" in claim
    take_seat(phone, table, 1)
    refused = other.get(seat_url(table, 1)).content.decode()
    assert "Seat already taken on another phone" in refused and "Ce lien" not in refused
