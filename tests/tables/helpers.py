import json

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
