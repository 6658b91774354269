"""gunicorn settings for Atout in production: ``gunicorn -c gunicorn.conf.py companion.wsgi``.

Every value can be changed by the environment (``GUNICORN_BIND``, ``WEB_CONCURRENCY``, ``GUNICORN_THREADS``).
Edit tokens, seat tokens and group ids are path segments: the access log masks them (``companion.gunicorn_logging``).
"""

import os

wsgi_app = "companion.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Processes rather than threads: a Python thread shares its process's interpreter lock, so a round being scored
# and rendered in one thread is slowed by every poll the other threads answer. Measured with scripts/load.py (400
# phones on PostgreSQL, 2 cores): 5 workers x 2 threads gave round p95 23 ms and poll p95 6.3 ms where 2 x 4 gave
# 33 and 8.9 ms. Two threads, not one: a digital table's bots think up to a second within a request, and the
# phones whose connections that worker holds must not wait for them.
workers = int(os.environ.get("WEB_CONCURRENCY", str(2 * (os.cpu_count() or 1) + 1)))
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
# gthread, but a request is read whole (headers, and a body up to 64 KiB) by the worker's main loop before a thread
# takes it: a client that announces a body and stalls holds no thread. A request not in within
# REQUEST_BODY_TIMEOUT seconds (settings; 10 by default) is answered 408 and closed; a larger body is read by its
# thread within the same time (companion.transport). gunicorn's own 400/414/431 answers are JSON under /api/.
worker_class = "companion.gunicorn_worker.BufferingWorker"
# `timeout` restarts a worker whose main loop stopped: under gthread a thread blocked on a client does not stop it,
# which is why the body timeout above exists.
timeout = 30
graceful_timeout = 20
keepalive = 5
# The proxy in front terminates TLS and sends X-Forwarded-Proto (settings.SECURE_PROXY_SSL_HEADER).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
logger_class = "companion.gunicorn_logging.MaskingLogger"
# Combined log format and the time taken; the request line and the Referer are masked by the logger class.
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %(M)sms'
