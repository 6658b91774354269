import pytest


@pytest.fixture
def client(client):
    """Django's test client, French by default like a first visit."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    return client
