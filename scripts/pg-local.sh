#!/usr/bin/env bash
# A private PostgreSQL cluster for the PostgreSQL test paths: `npm run pg:start` (idempotent), `npm run pg:stop`.
# It lives in /var/tmp/fx-console-pg-PORT on port PG_TEST_PORT (55432) and listens on 127.0.0.1 only, so it never collides with a
# system cluster on 5432. Debian's `postgresql` package provides the binaries (`.ci/run` installs it).
# When this cluster answers, `npm test` runs the PostgreSQL tests (scripts/pg-test-env.mjs finds it).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PG_TEST_PORT:-55432}"
# Outside the checkout: the `postgres` user must reach it, and a clone may sit in a private (0700) folder.
DIR="${PG_TEST_DIR:-/var/tmp/fx-console-pg-$PORT}"
ACTION="${1:-start}"

bindir=""
for candidate in /usr/lib/postgresql/*/bin; do
  [ -x "$candidate/initdb" ] && bindir="$candidate"
done
if [ -z "$bindir" ]; then
  echo "PostgreSQL server binaries not found: apt-get install -y postgresql" >&2
  exit 1
fi

# initdb and postgres refuse to run as root: as root, the cluster belongs to the `postgres` system user.
as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "$ACTION" = "stop" ]; then
  if [ -f "$DIR/data/postmaster.pid" ]; then as_owner "$bindir/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null; fi
  echo "PostgreSQL test cluster stopped"
  exit 0
fi

if [ ! -f "$DIR/data/PG_VERSION" ]; then
  mkdir -p "$DIR"
  [ "$(id -u)" = "0" ] && chown postgres "$DIR"
  chmod 0700 "$DIR"
  as_owner "$bindir/initdb" -D "$DIR/data" -U postgres -A trust --no-sync >/dev/null
fi

if ! as_owner "$bindir/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
  # Test-only durability settings: the data is thrown away, speed matters.
  as_owner "$bindir/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start \
    -o "-p $PORT -c listen_addresses=127.0.0.1 -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null
fi

psql_admin() { as_owner "$bindir/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
if [ "$(psql_admin -c "select 1 from pg_database where datname = 'fx_test'")" != "1" ]; then
  psql_admin -c "create database fx_test"
fi

echo "PostgreSQL test cluster on 127.0.0.1:$PORT (data in $DIR)"
echo "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/fx_test"
echo "SANDBOX_TEST_PG_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
