"""The share screen: both links as text and as server-drawn QR codes."""

import pytest

from tests.tables.helpers import create_table

pytestmark = pytest.mark.django_db


def share_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/share/"


def test_the_holder_of_the_edit_link_sees_both_links_and_both_codes(client):
    table = create_table(client)
    page = client.get(share_url(table)).content.decode()
    assert f'value="http://testserver/tables/{table["id"]}/"' in page
    assert f'value="http://testserver/tables/{table["id"]}/edit/{table["edit_token"]}/"' in page
    assert page.count('<svg viewBox="0 0 ') == 2 and page.count('class="qr"') == 2
    assert page.count("data-copy=") == 2
    assert "<script" not in page.split("<main")[1].split("</main>")[0]  # the codes are drawn on the server


def test_the_read_only_share_screen_never_shows_the_edit_link(client):
    table = create_table(client)
    page = client.get(f"/tables/{table['id']}/share/").content.decode()
    assert page.count('class="qr"') == 1
    assert table["edit_token"] not in page


def test_a_wrong_edit_token_is_refused(client):
    table = create_table(client)
    assert client.get(f"/tables/{table['id']}/edit/wrong/share/").status_code == 403


def test_an_unknown_table_is_a_404(client):
    assert client.get("/tables/nope/share/").status_code == 404


def test_the_qr_code_keeps_black_on_white_in_dark_mode(client):
    table = create_table(client)
    page = client.get(f"/tables/{table['id']}/share/").content.decode()
    assert 'fill="#fff"' in page and 'stroke="#000"' in page


def test_the_sheet_links_to_the_share_screen(client):
    table = create_table(client)
    edit = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/").content.decode()
    assert f'href="{share_url(table)}"' in edit
    view = client.get(f"/tables/{table['id']}/").content.decode()
    assert f'href="/tables/{table["id"]}/share/"' in view


def test_right_after_creation_the_sheet_offers_the_read_only_link_to_share_copy_or_scan(client):
    table = create_table(client)
    edit = f"/tables/{table['id']}/edit/{table['edit_token']}/"
    page = client.get(edit + "?created=1").content.decode()
    notice = page.split('<div class="notice created"')[1].split("</div>\n</div>")[0]
    view_url = f"http://testserver/tables/{table['id']}/"
    assert f'data-share="{view_url}"' in notice  # shown by the page script where navigator.share exists
    assert f'value="{view_url}"' in notice and 'data-copy="#created-view-link"' in notice
    assert notice.count('class="qr"') == 1 and table["edit_token"] not in notice.split("<svg")[1].split("</svg>")[0]
    main = page.split('<main id="main">')[1].split("</main>")[0]
    assert "<script" not in main and ' style="' not in main and " onclick=" not in main  # CSP: nothing inline
    assert 'class="notice created"' not in client.get(edit).content.decode()  # once only


def test_share_and_wake_lock_labels_are_in_english_too(client):
    table = create_table(client)
    page = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/?created=1", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for text in ("Share the read-only link", "For the other players to scan", "Keep the screen on",
                 "waiting rounds included", "waiting rounds not included"):
        assert text in page, text
    french = client.get(f"/tables/{table['id']}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Garder l’écran allumé" in french and 'role="switch"' in french
