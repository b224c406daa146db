#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and load tests, from Debian's `postgresql` package.
#
#   scripts/postgres-cluster.sh start DIR [PORT]   creates (first time) and starts a cluster in DIR, unless it
#                                                  runs already; prints its URL
#   scripts/postgres-cluster.sh stop DIR           stops it (fast shutdown)
#   scripts/postgres-cluster.sh restart DIR        stops and starts it again (same port)
#
# The cluster listens on 127.0.0.1:PORT (default 54329) and on a Unix socket in DIR, trusts local
# connections (it is a test cluster: never expose it), and has a database `vocab` owned by `postgres`.
# Run as root, the server runs as the `postgres` user (PostgreSQL refuses to run as root).
set -euo pipefail

command=${1:?usage: postgres-cluster.sh start|stop|restart DIR [PORT]}
dir=${2:?usage: postgres-cluster.sh start|stop|restart DIR [PORT]}
port=${3:-54329}

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z "$bindir" || ! -x "$bindir/pg_ctl" ]]; then
    echo "postgres-cluster: no PostgreSQL server found under /usr/lib/postgresql (apt-get install postgresql)" >&2
    exit 69
fi

as_server_user() {
    if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$command" in
start)
    mkdir -p "$dir"
    if [[ $(id -u) -eq 0 ]]; then chown postgres:postgres "$dir"; fi
    if [[ ! -f "$dir/data/PG_VERSION" ]]; then
        as_server_user "$bindir/initdb" --pgdata="$dir/data" --username=postgres --auth=trust \
            --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; exit 1; }
        echo "$port" >"$dir/port"
        if [[ $(id -u) -eq 0 ]]; then chown postgres:postgres "$dir/port"; fi
    fi
    port=$(cat "$dir/port")
    if as_server_user "$bindir/pg_ctl" --pgdata="$dir/data" status >/dev/null 2>&1; then
        echo "postgres://postgres@127.0.0.1:$port/vocab"
        exit 0
    fi
    as_server_user "$bindir/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --timeout=60 \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=500 -c fsync=off" \
        start </dev/null >/dev/null 2>"$dir/pg_ctl.log" || { cat "$dir/pg_ctl.log"; tail -n 20 "$dir/server.log"; exit 1; } >&2
    if ! as_server_user "$bindir/psql" -h "$dir" -p "$port" -U postgres -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'vocab'" | grep -q 1; then
        as_server_user "$bindir/psql" -h "$dir" -p "$port" -U postgres -d postgres -qc "CREATE DATABASE vocab" >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$port/vocab"
    ;;
stop)
    [[ -f "$dir/data/postmaster.pid" ]] || exit 0
    as_server_user "$bindir/pg_ctl" --pgdata="$dir/data" --mode=fast --wait stop >/dev/null
    ;;
restart)
    "$0" stop "$dir"
    "$0" start "$dir" >/dev/null
    ;;
*)
    echo "postgres-cluster: unknown command '$command' (expected start, stop or restart)" >&2
    exit 64
    ;;
esac
