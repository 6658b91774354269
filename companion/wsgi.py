import os

from django.core.wsgi import get_wsgi_application

from companion.transport import BodyDeadline

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
# Under gunicorn a request body is read within REQUEST_BODY_TIMEOUT, and drained after an early refusal.
application = BodyDeadline(get_wsgi_application())
