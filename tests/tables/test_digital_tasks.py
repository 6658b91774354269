"""The bots' moves as tasks on the database backend (companion.tables.digital.move_bots), run by real workers:
``manage.py db_worker`` subprocesses on the test database (a file on SQLite, the test database on PostgreSQL), or
the backend's own worker loop in the test's process. The other tests run the bots' tasks in the request (the
immediate backend, tests/conftest.py).

The table of every test: Le barbu for four, Ana (seat 0) alone with three bots. Ana deals round 1, so Bea (seat 1,
a bot) leads and the bots of seats 1, 2 and 3 play the first three cards of the first trick before it is Ana's
turn: three bot moves, action numbers 0, 1 and 2 (the first deal dealt counts for none, see digital.action_number).
"""

from __future__ import annotations

import signal
import time

import pytest
from django.test import Client
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from companion.tables import digital
from companion.tables.models import Move, Table
from tests.factories import DigitalTableFactory
from tests.helpers import at_once

from .helpers import post_json

pytestmark = [pytest.mark.django_db(transaction=True)]

BOT_SEATS = [1, 2, 3]
FIRST_TRICK = 3  # the bots' moves before Ana's first turn (module docstring)


def _tasks(table) -> list[DBTaskResult]:
    return list(DBTaskResult.objects.filter(args_kwargs__kwargs__table_id=table.pk).order_by("enqueued_at"))


def _wait(what, timeout: float = 60.0, poll=None):
    """Wait until ``what()`` is true (calling ``poll()`` between looks, as a phone polls); fails after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, "timed out"
        if poll is not None:
            poll()
        time.sleep(0.05)


def _moves(table) -> list[tuple[int, int]]:
    return list(Move.objects.filter(table=table).order_by("number").values_list("number", "seat"))


def test_the_bots_turn_is_one_task_and_a_worker_plays_it(workers):
    client = Client()
    created = post_json(client, "/api/tables", {"game": "barbu", "players": ["Ana", "Bea", "Cid", "Dan"],
                                                "digital": True, "bots": BOT_SEATS}).json()
    table = Table.objects.get(pk=created["id"])
    token = created["seats"][0]["token"]
    # Creating the table stored no bot move: it enqueued the task "the bots of this table, from action 0".
    assert _moves(table) == []
    [queued] = _tasks(table)
    assert queued.status == TaskResultStatus.READY and queued.args_kwargs["kwargs"] == {
        "table_id": table.pk, "after": 0}
    workers()
    _wait(lambda: len(_moves(table)) == FIRST_TRICK)
    assert _moves(table) == [(1, 1), (2, 2), (3, 3)]
    # One task a bot move, each enqueued by the one before, each for the number its move was made against.
    _wait(lambda: all(t.status == TaskResultStatus.SUCCESSFUL for t in _tasks(table)))
    assert [t.args_kwargs["kwargs"]["after"] for t in _tasks(table)] == [0, 1, 2]
    advances = digital.cache.advances
    view = client.get(f"/api/tables/{table.pk}/play", HTTP_AUTHORIZATION=f"Bearer {token}").json()
    assert view["waiting_for"] == 0 and view["action_number"] == 3
    # This process knew the deal at action 0 (it dealt it): it played the worker's three moves on from there, and
    # that is the deal a whole replay gives.
    assert digital.cache.advances == advances + 1
    digital.cache.clear()
    assert client.get(f"/api/tables/{table.pk}/play", HTTP_AUTHORIZATION=f"Bearer {token}").json() == view
    # Ana's card completes the trick. The answer holds her card and no bot's: the request thought for nobody.
    response = post_json(client, f"/api/tables/{table.pk}/play", {"action": view["legal"][0], "after": 3}, token)
    assert response.status_code == 200
    after = response.json()
    assert after["action_number"] == 4 and after["trick"]["cards"] == [] and after["last_trick"]["cards"][3][0] == 0
    taker = after["last_trick"]["taker"]
    if taker != 0:  # a bot took the trick and leads the next: the worker plays it
        assert after["waiting_for"] == taker
        _wait(lambda: len(_moves(table)) > 4)
        assert _moves(table)[4] == (5, taker)


def test_a_worker_killed_while_a_bot_thinks_loses_no_move_and_stores_none_twice(workers, monkeypatch):
    table = DigitalTableFactory(bots=BOT_SEATS, level="strong")
    [queued] = _tasks(table)
    # The first worker's bots think for 60 s: it is killed while Bea thinks over her lead.
    slow = workers(budget=60)
    _wait(lambda: DBTaskResult.objects.get(pk=queued.pk).status == TaskResultStatus.RUNNING)
    time.sleep(0.5)
    slow.send_signal(signal.SIGKILL)
    slow.wait(timeout=10)
    assert _moves(table) == []
    # The task's row still says it runs. A poll taking it for alive enqueues nothing (no second task for action 0).
    digital.move_on(Table.objects.get(pk=table.pk))
    assert [t.status for t in _tasks(table)] == [TaskResultStatus.RUNNING]
    # Once it is taken for lost (TASK_STALE, shortened here), the next poll enqueues the same move again, and a new
    # worker (whose bots think 0.05 s) plays it: the table moves on, each of the three bot moves stored once.
    monkeypatch.setattr(digital, "TASK_STALE", 0.2)
    time.sleep(0.3)
    workers()
    _wait(lambda: len(_moves(table)) == FIRST_TRICK, poll=lambda: digital.move_on(Table.objects.get(pk=table.pk)))
    assert _moves(table) == [(1, 1), (2, 2), (3, 3)]
    assert digital.view(Table.objects.get(pk=table.pk), 0)["waiting_for"] == 0
    kinds = [(t.args_kwargs["kwargs"]["after"], t.status) for t in _tasks(table)]
    assert kinds[:2] == [(0, TaskResultStatus.FAILED),  # the lost one, marked so when it was enqueued again
                         (0, TaskResultStatus.SUCCESSFUL)]


def _one_task_worker() -> Worker:
    """The backend's own worker loop, in this process, taking one task a run."""
    return Worker(queue_names=["default"], interval=0, batch=True, backend_name="default", startup_delay=False,
                  max_tasks=1, worker_id="test", excluded_queue_names=[])


def test_a_view_read_while_a_bot_moved_shows_the_cards_of_its_action_number(db_tasks):
    table = DigitalTableFactory(bots=BOT_SEATS)
    polled = Table.objects.get(pk=table.pk)  # a poll read the row: action 0, Bea to lead
    _one_task_worker().run()  # ... and a worker stored Bea's lead before the poll read the moves
    digital.cache.clear()  # (this process had not replayed the table yet)
    view = digital.view(polled, None, move_bots=False)
    # The view is the table as it is now, its number and its cards alike: Bea's card, action 1, Cid to play.
    assert view["action_number"] == 1 and [seat for seat, _card in view["trick"]["cards"]] == [1]
    assert view["waiting_for"] == 2


def test_concurrent_polls_enqueue_one_task_a_number_and_store_each_move_once(db_tasks):
    table = DigitalTableFactory(bots=BOT_SEATS)
    # Six phones poll at once while nothing runs the tasks: the task for action 0 is pending, none is added.
    at_once(6, lambda _i: Client().get(f"/api/tables/{table.pk}/play"))
    assert [t.args_kwargs["kwargs"]["after"] for t in _tasks(table)] == [0]
    # The worker takes a task at a time (the backend's own loop, in this process) while the phones go on polling.
    worker = _one_task_worker()
    for _ in range(FIRST_TRICK):
        worker._run_tasks = 0
        worker.run()
        at_once(4, lambda _i: Client().get(f"/api/tables/{table.pk}/play"))
    assert _moves(table) == [(1, 1), (2, 2), (3, 3)]
    # One task for each number a bot played from, none for Ana's turn (action 3).
    assert [t.args_kwargs["kwargs"]["after"] for t in _tasks(table)] == [0, 1, 2]
    assert all(t.status == TaskResultStatus.SUCCESSFUL for t in _tasks(table))


def test_a_task_for_a_number_the_table_left_stores_nothing(db_tasks):
    table = DigitalTableFactory(bots=BOT_SEATS)
    # Run by hand, as a worker would run it: the task for action 0 stores Bea's lead and enqueues Cid's (action 1).
    assert digital.move_bots.call(table_id=table.pk, after=0) is True
    assert _moves(table) == [(1, 1)]
    # The same task again (its worker died after storing, and a poll enqueued it anew), or one for a number the
    # table never reached: nothing is stored, nothing enqueued.
    assert digital.move_bots.call(table_id=table.pk, after=0) is False
    assert digital.move_bots.call(table_id=table.pk, after=7) is False
    assert _moves(table) == [(1, 1)]
    assert [t.args_kwargs["kwargs"]["after"] for t in _tasks(table)] == [0, 1]


def test_a_seat_handed_to_a_bot_is_played_by_a_task(db_tasks):
    table = DigitalTableFactory(bots=BOT_SEATS)
    worker = _one_task_worker()
    for _ in range(FIRST_TRICK):  # the bots of seats 1, 2 and 3, then Ana's turn: no task for action 3
        worker._run_tasks = 0
        worker.run()
    assert digital.view(Table.objects.get(pk=table.pk), None)["waiting_for"] == 0
    assert [t.args_kwargs["kwargs"]["after"] for t in _tasks(table)] == [0, 1, 2]
    # Ana hands her seat to a bot from her own phone: the hand-over counts as an action (3), and the task for
    # action 4 is enqueued; the worker plays Ana's card with it, the fourth of the trick.
    digital.hand_to_bot(Table.objects.get(pk=table.pk), 0, by=0)
    assert _moves(table) == [(1, 1), (2, 2), (3, 3)]
    assert _tasks(table)[-1].args_kwargs["kwargs"]["after"] == 4
    worker._run_tasks = 0
    worker.run()
    assert _moves(table) == [(1, 1), (2, 2), (3, 3), (4, 0)]
