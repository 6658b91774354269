"""Real headless Chromium (Debian's /usr/bin/chromium) driven by Playwright against Django's live server.

Without Chromium the browser tests are skipped, unless REQUIRE_BROWSER=1 (as in CI), where they fail.
"""

import os
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]
# Playwright's sync API runs an event loop in the test thread; Django's ORM must still be usable there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("REQUIRE_BROWSER") == "1":
        raise pytest.UsageError(f"REQUIRE_BROWSER=1 but no Chromium at {CHROMIUM}")
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM}")
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 360, "height": 640}, "locale": "fr-FR",
            "device_scale_factor": 2, "is_mobile": True, "has_touch": True, "accept_downloads": True}
