"""A digital L'hombre table stored before the must-trump default keeps the free discard its deals were played with."""

import importlib

import pytest
from django.apps import apps

from companion.tables.models import Table

pytestmark = pytest.mark.django_db

migration = importlib.import_module("companion.tables.migrations.0011_hombre_tables_keep_free_discard")


def test_old_digital_hombre_tables_keep_the_free_discard_and_the_others_are_left_alone():
    old = Table.objects.create(game="hombre", players=["A", "B", "C"], options={}, digital=True, edit_token_hash="x")
    typed = Table.objects.create(game="hombre", players=["A", "B", "C"], options={}, edit_token_hash="x")
    chosen = Table.objects.create(game="hombre", players=["A", "B", "C"], options={"defausse_libre": False},
                                  digital=True, edit_token_hash="x")
    migration.keep_free_discard(apps, None)
    assert Table.objects.get(pk=old.pk).options == {"defausse_libre": True}
    assert Table.objects.get(pk=typed.pk).options == {}
    assert Table.objects.get(pk=chosen.pk).options == {"defausse_libre": False}
