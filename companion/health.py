"""``/healthz`` for load balancers: the app answers and its database too. Plain HTTP is fine
(settings.SECURE_REDIRECT_EXEMPT); nothing is cached."""

from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.views.decorators.http import require_safe


@require_safe
def healthz(request):
    headers = {"Cache-Control": "no-store"}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        english = (getattr(request, "LANGUAGE_CODE", "") or "").startswith("en")
        message = "Database unavailable." if english else "Base de données injoignable."
        return JsonResponse({"status": "error", "database": "unavailable",
                             "errors": [{"field": "", "seat": None, "code": "database_unavailable", "message": message}]},
                            status=503, headers={**headers, "Retry-After": "5"})
    return JsonResponse({"status": "ok", "database": "ok"}, headers=headers)
