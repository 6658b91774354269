import csv
import html
import io
import json
import re

from companion.tables.models import Event

BARBU_FOUR = [
    {"tricks": [4, 3, 5, 1]},
    {"hearts": [2, 6, 0, 5]},
    {"queens": [1, 0, 2, 1]},
    {"king_of_hearts": 2},
    {"tricks": [3, 4, 2, 4], "hearts": [1, 5, 3, 4], "queens": [0, 2, 1, 1], "king_of_hearts": 3},
]
PLAYERS = ["Ana", "Bea", "Cid", "Dan"]


def post_json(client, url, body, token=None, **headers):
    if token:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(url, data, content_type="application/json", **headers)


def create_table(client, game="barbu", players=PLAYERS, options=None):
    body = {"game": game, "players": players}
    if options is not None:
        body["options"] = options
    response = post_json(client, "/api/tables", body)
    assert response.status_code == 201, response.content
    return response.json()


BANNER = re.compile(r'<p class="winner-banner"[^>]*>(.*?)</p>', re.S)


def banner_names(page: str) -> list[str]:
    """The names the winner banner of a sheet page shows, or [] when it shows none."""
    found = BANNER.search(page)
    return re.findall(r"<bdi>(.*?)</bdi>", html.unescape(found.group(1))) if found else []


def assert_ended_table_pages(client, table: dict, winners: list[str], rounds: int) -> None:
    """Every page of an ended table (``table``: the answer to ``POST /api/tables``) answers 200, those that show
    the result name ``winners``: the API's state, the sheet (read-only, edit, htmx partial), both live polls, the
    history, both share screens, the undo-last-round confirmation, the CSV export and the last round's correction."""
    tid, token = table["id"], table["edit_token"]
    api = client.get(f"/api/tables/{tid}")
    assert api.status_code == 200, api.content
    state = api.json()
    assert state["finished"] is True and state["next"] is None
    assert state["winners"] == winners and len(state["rounds"]) == rounds

    for url in (f"/tables/{tid}/", f"/tables/{tid}/edit/{token}/", f"/tables/{tid}/live/",
                f"/tables/{tid}/edit/{token}/live/"):
        response = client.get(url)
        assert response.status_code == 200, (url, response.content[-3000:])
        assert banner_names(response.content.decode()) == winners, url
    partial = client.get(f"/tables/{tid}/edit/{token}/", HTTP_HX_REQUEST="true")
    assert partial.status_code == 200 and banner_names(partial.content.decode()) == winners

    for url in (f"/tables/{tid}/history/", f"/tables/{tid}/share/", f"/tables/{tid}/edit/{token}/share/",
                f"/tables/{tid}/edit/{token}/confirm/undo/"):
        response = client.get(url)
        assert response.status_code == 200, (url, response.content[-3000:])
    last = Event.objects.filter(table_id=tid, kind=Event.ROUND).order_by("-seq").first()
    undo = client.get(f"/tables/{tid}/edit/{token}/confirm/undo/").content.decode()
    assert f'action="/tables/{tid}/edit/{token}/rounds/{last.seq}/delete/"' in undo  # the last round's, and no other

    export = client.get(f"/tables/{tid}/export.csv")
    assert export.status_code == 200
    lines = list(csv.reader(io.StringIO(b"".join(export.streaming_content).decode("utf-8-sig")), delimiter=";"))
    player = lines[0].index("joueur")
    assert len(lines) == 1 + rounds * len(state["players"])  # a line per round and seat, under the header
    assert [line[player] for line in lines[-len(state["players"]):]] == state["players"]

    response = client.get(f"/tables/{tid}/edit/{token}/rounds/{last.seq}/")
    assert response.status_code == 200, response.content[-3000:]


def take_seat(client, table, seat):
    """The phone ``client`` takes ``seat`` on its page ("Je suis … : prendre ma place", a POST), as a player does
    the first time they open their link: from then on the seat's page opens with that phone's cookie only. Needs
    ``table.seat_tokens`` (DigitalTableFactory). Returns the seat's page."""
    url = f"/tables/{table.id}/seat/{table.seat_tokens[seat]}/"
    response = client.post(url, {"claim": "1"})
    assert response.status_code == 302 and response["Location"] == url, response.status_code
    return url


def take_seats(client, table):
    """``client`` takes every seat that has a link of its own (the Django test client sends every cookie it holds,
    whatever its path: one client can stand for each seat's phone)."""
    for seat in sorted(table.seat_tokens):
        take_seat(client, table, seat)
