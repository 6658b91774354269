"""``/healthz`` for load balancers: the app answers and its database does."""

from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request):
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        return JsonResponse({"status": "unavailable", "database": "down"}, status=503, headers={"Retry-After": "5"})
    return JsonResponse({"status": "ok", "database": "ok"}, headers={"Cache-Control": "no-store"})
