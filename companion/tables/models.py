"""A table and its record.

Entries are the record: every round entered, every correction, every deletion and the end of the game is
an :class:`Event`, never updated nor deleted. The rounds on the sheet and every total are derived by replaying
the events through the game's rules model (:mod:`companion.tables.state`).
"""

import hashlib
import hmac
import secrets

from django.db import models

from companion.converters import ROUTE_WORDS


def new_table_id() -> str:
    """16 URL-safe characters (96 random bits) that start with a letter or digit: a leading "-" would
    make spreadsheets read the id as a formula, and the CSV export would have to alter it. Never a word of
    the routes (:data:`companion.converters.ROUTE_WORDS`; 16 characters never are, but the rule is stated here)."""
    while True:
        candidate = secrets.token_urlsafe(12)
        if candidate[0].isalnum() and candidate not in ROUTE_WORDS:
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
    # has that id). Importing the same file into the same group again skips it (companion.groups.csvio.store).
    imported_from = models.CharField(max_length=64, blank=True, default="")
    # Digital play (companion.tables.digital): Atout deals and the phones play the cards.
    digital = models.BooleanField(default=False)
    # The seat that deals the first round (Sheet.first_dealer): 0, or where a rematch passed the deal on, every
    # player kept in their seat.
    first_dealer = models.PositiveSmallIntegerField(default=0)
    # The table's own name for the game played, where the game takes one (GameInfo.titled: the free sheet's
    # "Yam's du dimanche"); empty otherwise.
    title = models.CharField(max_length=60, blank=True, default="")
    # Bumped with every move, every deal dealt and every seat changing hands on a digital table. Moves are no
    # events (``version`` counts events, and every number a version names is a record of events), so the live ETag
    # carries this counter too.
    move_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game} {self.id}"

    def game_name(self, lang: str) -> str:
        """The game as the table names it: its own title where it has one (the free sheet's "Yam's du dimanche"),
        else the game's name in ``lang``."""
        if self.title:
            return self.title
        from companion.games import registry

        return registry.info(self.game).names.get(lang)

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
    # The rematch of the ended game was made: ``data`` is ``{"table": <the new table's id>}``. One at most a table;
    # every later rematch request answers with that table (companion.tables.ledger.rematch).
    REMATCH = "rematch"
    # The round the last event deleted (``target``) is back, as it was ("Rétablir la donne 5"): offered once, while
    # that deletion is the table's last event (companion.tables.ledger.restorable).
    RESTORE = "restore"
    KINDS = [(ROUND, "round"), (CORRECTION, "correction"), (DELETION, "deletion"), (FINISH, "finish"), (REOPEN, "reopen"),
             (REMATCH, "rematch"), (RESTORE, "restore")]

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


class Seat(models.Model):
    """One seat of a digital table: a bot (and its level), or a human's seat, which is either

    * a seat with its own link (``token_hash``: the token hashed, the plain token shown once when issued), bound
      to the phone that took it (``bind_hash``: the hash of that phone's second secret, kept in a cookie; empty
      until a phone takes the seat), or
    * a seat played on the edit link's pass-and-play page (``pass_play``; no token, no link of its own).

    A human's seat handed to a bot (``stand_in``) is played by a bot (``is_bot``, ``bot_level``) until its human
    takes it back; its link and binding stay as they were."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    is_bot = models.BooleanField(default=False)
    bot_level = models.CharField(max_length=12, blank=True, default="")
    token_hash = models.CharField(max_length=64, blank=True, default="")
    pass_play = models.BooleanField(default=False)
    bind_hash = models.CharField(max_length=64, blank=True, default="")
    stand_in = models.BooleanField(default=False)
    # When the seat last changed hands (to a bot, back to its human): another phone may hand it to a bot only
    # once it has been waited for long enough since (companion.tables.digital.ABSENT_AFTER).
    changed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "seat"]
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="seat_unique")]

    def __str__(self) -> str:
        return f"{self.table_id} seat {self.seat}{' (bot)' if self.is_bot else ''}"

    @property
    def human(self) -> bool:
        """A human's seat (played by a bot standing in, or not)."""
        return not self.is_bot or self.stand_in

    @property
    def own_link(self) -> bool:
        """A human's seat with its own link (not played on the edit link's pass-and-play page)."""
        return self.human and not self.pass_play


class Deal(models.Model):
    """One deal dealt by Atout on a digital table: ``index`` 1, 2, 3 … within the table, the sheet's round it is
    played for, and its ``seed``, which never leaves the server (no answer, page, export or observation)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals")
    index = models.PositiveIntegerField()
    round_number = models.PositiveIntegerField()
    seed = models.CharField(max_length=64)
    # The seq of the round event its entry was stored as, once the deal is over (NULL before, or when the record
    # changed by hand under it and the deal was left unfinished).
    event_seq = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "index"]
        constraints = [models.UniqueConstraint(fields=["table", "index"], name="deal_index_unique")]

    def __str__(self) -> str:
        return f"{self.table_id} deal {self.index} (round {self.round_number})"


class Move(models.Model):
    """One action of a seat in a digital deal: ``number`` 1, 2, 3 … within the deal (the move made against
    action number ``number - 1``). Unique per (table, deal, number): of two phones sending a move against the
    same action number, exactly one is stored. Not events: they do not count against the record's cap."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves")
    deal = models.PositiveIntegerField()  # Deal.index
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "deal", "number"]
        constraints = [models.UniqueConstraint(fields=["table", "deal", "number"], name="move_number_unique")]

    def __str__(self) -> str:
        return f"{self.table_id} deal {self.deal} move {self.number}: {self.action}"


class BotTask(models.Model):
    """The bots' task last enqueued for a digital table on the database backend (companion.tables.digital.move_bots):
    the action number it moves the bots from and the id of its row among the backend's task results. A poll that
    finds the bots to play checks that row by its key (waiting, or running since a short while) instead of searching
    the task results, which hold a row for every bot move until they are pruned."""

    table = models.OneToOneField(Table, primary_key=True, on_delete=models.CASCADE, related_name="+")
    after = models.PositiveIntegerField()
    task_id = models.CharField(max_length=64)

    def __str__(self) -> str:
        return f"{self.table_id} bots from action {self.after}: task {self.task_id}"
