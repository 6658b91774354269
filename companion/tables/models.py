"""A table and its record.

Entries are the record: every round entered, every correction, every deletion and the end of the game is
an :class:`Event`, never updated nor deleted. The rounds on the sheet and every total are derived by replaying
the events through the game's rules model (:mod:`companion.tables.state`).
"""

import hashlib
import hmac
import secrets

from django.db import models


def new_table_id() -> str:
    """16 URL-safe characters (96 random bits) that start with a letter or digit: a leading "-" would
    make spreadsheets read the id as a formula, and the CSV export would have to alter it."""
    while True:
        candidate = secrets.token_urlsafe(12)
        if candidate[0].isalnum():
            return candidate


def new_edit_token() -> str:
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Table(models.Model):
    id = models.CharField(primary_key=True, max_length=32, default=new_table_id, editable=False)
    game = models.SlugField(max_length=40)
    players = models.JSONField()  # names in seat order
    options = models.JSONField(default=dict)  # cleaned by the game, defaults filled in
    edit_token_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped with every event; lets phones ask "anything new?" cheaply (ETag / 304).
    version = models.PositiveIntegerField(default=0)
    # The group ("cercle") the table was played in, if any (companion.groups).
    group = models.ForeignKey("groups.Group", null=True, blank=True, on_delete=models.SET_NULL, related_name="tables")
    # For a table imported from a CSV history: the id it had in the file, when it could not keep it (another table
    # has that id). Importing the same file into the same circle again skips it (companion.groups.csvio.store).
    imported_from = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game} {self.id}"

    def check_token(self, token: str | None) -> bool:
        if not token:
            return False
        return hmac.compare_digest(self.edit_token_hash, hash_token(token))


class Event(models.Model):
    ROUND = "round"
    CORRECTION = "correction"
    DELETION = "deletion"
    FINISH = "finish"
    REOPEN = "reopen"  # a game ended by hand is played on ("Reprendre la partie")
    KINDS = [(ROUND, "round"), (CORRECTION, "correction"), (DELETION, "deletion"), (FINISH, "finish"), (REOPEN, "reopen")]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()  # 1, 2, 3 … within the table
    kind = models.CharField(max_length=12, choices=KINDS)
    # For corrections and deletions: the seq of the round event they concern.
    target = models.PositiveIntegerField(null=True, blank=True)
    data = models.JSONField(null=True, blank=True)  # the round entry as normalised by the game
    created_at = models.DateTimeField(auto_now_add=True)
    # NULL, not "", when absent: the unique constraint must not treat two keyless events as equal.
    idempotency_key = models.CharField(max_length=80, null=True, blank=True)  # noqa: DJ001
    # The answer given to the first request with that key, returned again on a retry.
    response = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="event_seq_unique"),
            models.UniqueConstraint(fields=["table", "idempotency_key"], name="event_idempotency_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq} {self.kind}"
