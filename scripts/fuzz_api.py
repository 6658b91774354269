"""Fuzz the JSON API of a running server with Schemathesis, through its OpenAPI document (the long run).

    .venv/bin/python manage.py runserver 127.0.0.1:8000 &   # or gunicorn; loopback only
    .venv/bin/python scripts/fuzz_api.py http://127.0.0.1:8000 --examples 500 --seconds 600

Prints Schemathesis's own summary (operations tested, cases generated, failures by check) and exits with its code.
The suite runs a bounded version of the same command (tests/fuzz/test_api_schemathesis.py).
"""

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzz.test_api_schemathesis import schemathesis_command  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base_url", help="the server, e.g. http://127.0.0.1:8000 (loopback only)")
    parser.add_argument("--examples", type=int, default=500, help="examples per operation")
    parser.add_argument("--seconds", type=int, default=600, help="time budget for the whole run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    return subprocess.call(schemathesis_command(args.base_url.rstrip("/"), args.examples, args.seconds, args.seed))


if __name__ == "__main__":
    sys.exit(main())
