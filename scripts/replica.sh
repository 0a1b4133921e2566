#!/usr/bin/env bash
# A streaming replica of the local PostgreSQL cluster, for the replica tests (test/replicas.test.ts):
#   scripts/replica.sh up     # hot standby on port 5433 (REPLICA_PORT), from pg_basebackup -R; prints its URL
#   scripts/replica.sh down   # stops and removes it
# Needs root (Debian's pg_createcluster; pg_basebackup runs as postgres) and trust on 127.0.0.1.
set -euo pipefail
VERSION="$(ls /etc/postgresql | head -n 1)"
NAME=tonql_replica
PORT="${REPLICA_PORT:-5433}"
BIN="/usr/lib/postgresql/$VERSION/bin"

case "${1:-}" in
  up)
    hba="/etc/postgresql/$VERSION/main/pg_hba.conf"
    if ! grep -q '^host replication all 127.0.0.1/32 trust' "$hba"; then
      echo 'host replication all 127.0.0.1/32 trust' >>"$hba"
      pg_ctlcluster --skip-systemctl-redirect "$VERSION" main reload
    fi
    pg_dropcluster --stop "$VERSION" "$NAME" >/dev/null 2>&1 || true
    pg_createcluster "$VERSION" "$NAME" -p "$PORT" >/dev/null
    data="/var/lib/postgresql/$VERSION/$NAME"
    rm -rf "${data:?}"/*
    su postgres -c "$BIN/pg_basebackup -h 127.0.0.1 -p 5432 -U postgres -D $data -R -X stream -c fast"
    cp "$hba" "/etc/postgresql/$VERSION/$NAME/pg_hba.conf"
    pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$NAME" start
    for _ in $(seq 1 30); do
      [ "$(psql -h 127.0.0.1 -p "$PORT" -U postgres -Atc 'select pg_is_in_recovery()' 2>/dev/null)" = t ] && break
      sleep 1
    done
    [ "$(psql -h 127.0.0.1 -p "$PORT" -U postgres -Atc 'select pg_is_in_recovery()')" = t ]
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  down)
    pg_dropcluster --stop "$VERSION" "$NAME" >/dev/null 2>&1 || true
    ;;
  stop | start)
    pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$NAME" "$1"
    ;;
  *)
    echo "usage: $0 up|down|stop|start" >&2
    exit 2
    ;;
esac
