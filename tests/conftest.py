import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS

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


# -- the browser tests: real headless Chromium (Debian's /usr/bin/chromium) driven by Playwright against Django's
# live server. Without Chromium they are skipped, unless REQUIRE_BROWSER=1 (as in CI), where they fail.
# Playwright's sync API runs an event loop in the test thread; Django's ORM must still be usable there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
BROWSER_DIR = Path(__file__).parent / "browser"


def is_browser_test(path: Path) -> bool:
    """The tests that drive Chromium: tests/browser/, and each game's tests/games/<game>/test_browser.py."""
    return BROWSER_DIR in path.parents or path.name == "test_browser.py"


# A test that asks for one of these (or carries the django_db mark) reaches the database; any other cannot.
DB_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "live_server"}


def pytest_collection_modifyitems(config, items):
    # ``db``: what the PostgreSQL pass of CI runs (.ci/run): a test that cannot reach the database tests the same
    # thing on either database, and runs once, in the SQLite pass.
    for item in items:
        if item.get_closest_marker("django_db") or DB_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.db)
    browser_items = [item for item in items if is_browser_test(Path(item.fspath))]
    for item in browser_items:
        item.add_marker(pytest.mark.browser)
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("REQUIRE_BROWSER") == "1":
        raise pytest.UsageError(f"REQUIRE_BROWSER=1 but no Chromium at {CHROMIUM}")
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM}")
    for item in browser_items:
        item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 360, "height": 640}, "locale": "fr-FR",
            "device_scale_factor": 2, "is_mobile": True, "has_touch": True, "accept_downloads": True}


# -- the bots' tasks (companion.tables.digital.move_bots): run in the request by default (the immediate backend),
# so that a test of bot moves finds them in the answer of the request that woke them; the tests of the task path (tests/tables/test_digital_tasks.py) switch
# to the database backend and run a real worker.
IMMEDIATE_TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


DB_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True, scope="session")
def _tasks_in_the_request():
    from django.test.utils import override_settings

    with override_settings(TASKS=IMMEDIATE_TASKS):  # once for the session; db_tasks overrides it for its test
        yield


@pytest.fixture
def db_tasks(settings):
    """The bots' tasks on the database backend, as in production: their rows wait for a worker."""
    settings.TASKS = DB_TASKS


def _database_url() -> str:
    """The test database, as a worker's settings read it (DATABASE_URL)."""
    from django.db import connection

    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{db['NAME']}"
    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    return f"postgres://{db['USER']}{password}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def workers(db_tasks):
    """``workers(budget)`` starts a ``manage.py db_worker`` process on the test database (a test that commits:
    ``transaction=True``, or the live server), its bots thinking ``budget`` seconds a move; every one left is
    killed at the end, before the test database is flushed."""
    started: list[subprocess.Popen] = []

    def start(budget: float = 0.05) -> subprocess.Popen:
        env = {**os.environ, "ATOUT_TASKS": "db", "DATABASE_URL": _database_url(), "ATOUT_BOT_BUDGET": str(budget),
               "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--no-reload", "--no-startup-delay", "--interval", "0.05",
             "--verbosity", "0"], cwd=ROOT, env=env)
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
