# Atout — two commands do all set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run test install install-test lint messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

# The bots think in a task worker (manage.py db_worker, see ATOUT_TASKS in companion/settings.py), started beside
# runserver and stopped with it: one command still serves every phone and plays every bot.
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py db_worker --interval 0.2 --no-startup-delay --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# ruff on everything, the import contracts (pyproject.toml's [tool.importlinter]: the layers, the games apart, no
# Django under the rules model), then mypy on the pure rules model (the files and flags are in [tool.mypy]).
lint: install-test
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy

test: install-test lint
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Regenerate the English catalogue after changing French strings (needs gettext: apt-get install gettext).
# English texts are kept per area in locale/en/parts/*.po and merged here; then compiled to django.mo.
messages: install
	$(BIN)/python manage.py makemessages -l en --no-obsolete --no-location --ignore=.venv --ignore=staticfiles --ignore=node_modules
	$(BIN)/python scripts/merge_translations.py
	$(BIN)/python manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
