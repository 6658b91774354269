"""Schemathesis fuzzes a live server through the OpenAPI document: no 5xx, every answer conforms.

CI runs a bounded version (a fixed seed, a few examples per operation and a time cap); ``scripts/fuzz_api.py``
runs the long one against a server of your choice.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

# Checks that hold for this API. Left out: positive_data_acceptance (an entry can match its JSON Schema and
# still be impossible at the table: the rules refuse it with a 400, by design) and the resource checks that
# assume a REST resource per path.
CHECKS = ("not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,"
          "negative_data_rejection,ignored_auth,missing_required_header,unsupported_method")
EXAMPLES = int(os.environ.get("ATOUT_SCHEMATHESIS_EXAMPLES", "15"))
MAX_TIME = int(os.environ.get("ATOUT_SCHEMATHESIS_SECONDS", "60"))


def schemathesis_command(base_url: str, examples: int, max_time: int, seed: int = 1) -> list[str]:
    executable = Path(sys.executable).with_name("schemathesis")
    return [str(executable), "run", f"{base_url}/api/openapi.json", "--checks", CHECKS,
            "--max-examples", str(examples), "--max-time", str(max_time), "--workers", "1", "--seed", str(seed),
            "--request-timeout", "10", "--output-truncate", "true", "--no-color"]


@pytest.mark.django_db(transaction=True)
def test_schemathesis_finds_nothing(live_server):
    run = subprocess.run(schemathesis_command(live_server.url, EXAMPLES, MAX_TIME), capture_output=True, text=True,
                         timeout=MAX_TIME + 120, env={**os.environ, "SCHEMATHESIS_HOOKS": ""})
    summary = run.stdout[-6000:]
    assert run.returncode == 0, summary
    assert "Tested:" in run.stdout and "generated" in run.stdout, summary
