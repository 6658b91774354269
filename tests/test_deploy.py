import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_check_deploy_is_clean_with_debug_off_and_a_real_secret():
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "x" * 20 + "-a-long-random-production-secret-" + "y" * 20,
           "ALLOWED_HOSTS": "atout.example", "DJANGO_SETTINGS_MODULE": "companion.settings"}
    env.pop("DATABASE_URL", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set by the browser tests for Playwright, never in production
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                            cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_it_refuses_to_start_without_a_secret_when_debug_is_off():
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "", "DJANGO_SETTINGS_MODULE": "companion.settings"}
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
