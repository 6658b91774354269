"""A group of friends ("cercle") and its players.

A group is reached only through its unguessable id, like a table. Its tables point to it
(:attr:`companion.tables.models.Table.group`); a table's players stay plain names in seat order, and a
:class:`GroupPlayer` is the one place a name is kept for the whole group: renaming it renames the seat in every
table of the group in the same transaction (:func:`companion.groups.services.rename_player`).
"""

import secrets

from django.db import models


def new_group_id() -> str:
    return secrets.token_urlsafe(16)  # 22 characters, 128 random bits


def name_key(name: str) -> str:
    """Two names are the same player when they differ only by case or surrounding spaces."""
    return name.strip().casefold()


class Group(models.Model):
    id = models.CharField(primary_key=True, max_length=32, default=new_group_id, editable=False)
    name = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class GroupPlayer(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=40)
    key = models.CharField(max_length=80)  # name_key(name): unique within the group
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["key"]
        constraints = [models.UniqueConstraint(fields=["group", "key"], name="group_player_unique")]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.key = name_key(self.name)
        super().save(*args, **kwargs)
