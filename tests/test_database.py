import os

import pytest
from django.db import connection


@pytest.mark.django_db
def test_the_suite_runs_on_the_database_it_was_given():
    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"
    assert connection.vendor == expected
