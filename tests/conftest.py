import os

import pytest
from hypothesis import HealthCheck, settings

# Property tests: no time limit per example (a loaded 2-core machine is slow, not wrong), and in CI a fixed
# sequence of examples, so that a run is repeatable; locally every run explores new examples.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def client(client):
    """Django's test client, French by default like a first visit."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    return client
