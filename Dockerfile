# Tafelrunde bot image: python -m bot run, as a non-root user, data in the volume /data.
# Build: docker build -t tafelrunde .   Run: docker run --env-file .env -v tafelrunde-data:/data tafelrunde
# (compose.yaml runs PostgreSQL and two shards.) Installs are pinned by constraints.txt.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY pyproject.toml constraints.txt ./
COPY bot ./bot
COPY games ./games
COPY renderers ./renderers
COPY benchmarks ./benchmarks
# The fonts (renderers/fonts) and the games' data files are package data: the install ships them.
# The "postgres" extra brings the PostgreSQL driver where the project declares one (pip only warns
# about an extra it does not know).
RUN pip install -c constraints.txt ".[postgres]" \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin tafelrunde \
    && mkdir -p /data \
    && chown tafelrunde:tafelrunde /data

# SQLite in the volume by default; set DATABASE_URL=postgresql://… to share a database between shards.
# /metrics and /healthz listen on all of the container's interfaces (publish the port only to a
# trusted network); the HEALTHCHECK asks /healthz from inside.
ENV DATABASE_URL=sqlite:////data/tafelrunde.db \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=9464 \
    LOG_FORMAT=json
VOLUME /data
EXPOSE 9464
WORKDIR /data
USER tafelrunde

# 200 from /healthz: gateway (every shard of this process) connected, store answering and writable.
# urlopen raises on 503 and on a closed port, so python exits 1 then.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('METRICS_PORT', '9464'), timeout=4)"]

# Exec form: python is PID 1 and gets SIGTERM itself; the bot drains commands in flight
# (SHUTDOWN_TIMEOUT, 20 s by default) and exits 0. Give `docker stop -t` / stop_grace_period more.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot", "run"]
