"""The settings of the bots' tasks (companion/settings.py): ATOUT_TASKS picks the backend, ATOUT_BOT_BUDGET the
seconds a bot thinks; a bad value stops the process at start, naming the variable. Each case imports the settings
in a process of its own, with its own environment."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHOW = "import companion.settings as s; print(s.TASKS['default']['BACKEND'], s.ATOUT_BOT_BUDGET)"


def settings_with(**env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("ATOUT_TASKS", "ATOUT_BOT_BUDGET")}
    return subprocess.run([sys.executable, "-c", SHOW], cwd=ROOT, env={**clean, "PYTHONPATH": str(ROOT), **env},
                          capture_output=True, text=True, timeout=60)


def test_the_bots_tasks_go_to_the_database_by_default_and_think_the_usual_budget():
    done = settings_with()
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["django_tasks_db.DatabaseBackend", "0.3"]
    done = settings_with(ATOUT_TASKS="immediate", ATOUT_BOT_BUDGET="1.5")
    assert done.stdout.split() == ["django_tasks.backends.immediate.ImmediateBackend", "1.5"]


@pytest.mark.parametrize("name,value", [("ATOUT_TASKS", "celery"), ("ATOUT_BOT_BUDGET", "fast"),
                                        ("ATOUT_BOT_BUDGET", "0")])
def test_a_bad_value_stops_the_settings_naming_the_variable(name, value):
    done = settings_with(**{name: value})
    assert done.returncode != 0
    assert f"ImproperlyConfigured: {name} must be" in done.stderr and repr(value) in done.stderr
