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
