"""A seat's own page at a game played in partnerships heads the sheet's two columns « Nous » and « Eux » (the
partners' names kept as the heading's title); the other pages keep the names."""

from __future__ import annotations

import re

import pytest

from tests.tables.helpers import HUMAN, SEAT_NAMES, new_table, seat_url, take_seat

pytestmark = pytest.mark.django_db


def headings(html):
    """The sheet's column headings: (title, text) of each name in its header row."""
    return re.findall(r'<bdi class="name" title="([^"]*)">([^<]*)</bdi>', html)


def test_the_seat_page_of_a_belote_says_us_and_them(client):
    table = new_table("belote", 4)
    take_seat(client, table, HUMAN)
    html = client.get(seat_url(table)).content.decode()
    # Belote: seats 0 & 2 against 1 & 3. The human sits at seat 1: its team is the second column.
    ours = f"{SEAT_NAMES[1]} &amp; {SEAT_NAMES[3]}"
    theirs = f"{SEAT_NAMES[0]} &amp; {SEAT_NAMES[2]}"
    assert HUMAN == 1
    assert headings(html) == [(theirs, "Eux"), (ours, "Nous")]
    english = client.get(seat_url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert headings(english) == [(theirs, "Them"), (ours, "Us")]
    # The spectators' page knows no owner: the names.
    spectators = client.get(f"/tables/{table.id}/play/").content.decode()
    assert [text for _title, text in headings(spectators)] and "Nous" not in [t for _ti, t in headings(spectators)]


def test_a_game_without_partners_keeps_the_names_on_the_seat_page(client):
    table = new_table("barbu", 4)
    take_seat(client, table, HUMAN)
    html = client.get(seat_url(table)).content.decode()
    assert [text for _title, text in headings(html)] and not {"Nous", "Eux"} & {text for _t, text in headings(html)}
