"""The polls answered from the table's row alone (companion.tables.polls) and the bots' tasks: while a bot is to
move, every poll still looks at its task, so one lost with its worker is enqueued again and the table never stalls
behind a 304."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from companion.tables import polls
from companion.tables.models import Table
from tests.factories import DigitalTableFactory

pytestmark = [pytest.mark.django_db(transaction=True)]


def _tasks(table):
    return list(DBTaskResult.objects.filter(args_kwargs__kwargs__table_id=table.pk).order_by("enqueued_at"))


def test_a_bots_task_lost_with_its_worker_is_enqueued_again_by_a_poll_that_the_row_would_answer(db_tasks):
    # Ana (seat 0) with three bots at La Barbu: Bea (a bot) leads, and nothing runs the tasks.
    table = DigitalTableFactory(bots=[1, 2, 3])
    url = f"/api/tables/{table.pk}"
    tag = Client().get(url)["ETag"]
    for _ in range(3):  # phones poll: nothing changed, 304, and the row never counts as settled with a bot to move
        assert Client().get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    row = Table.objects.get(pk=table.pk)
    assert polls.settled.at(table.pk, (row.version, row.move_count)) is None
    [queued] = _tasks(table)
    # Its worker took the task and was killed long ago: the row still says it runs.
    DBTaskResult.objects.filter(pk=queued.pk).update(status=TaskResultStatus.RUNNING,
                                                     started_at=timezone.now() - timedelta(minutes=5))
    assert Client().get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304  # still nothing new to show...
    # ... but that poll enqueued the bots' move again, for the same action number.
    assert [(t.args_kwargs["kwargs"]["after"], t.status) for t in _tasks(table)] == [
        (0, TaskResultStatus.FAILED), (0, TaskResultStatus.READY)]
