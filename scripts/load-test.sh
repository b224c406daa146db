#!/bin/sh
# Load test of `vocab serve` on loopback (wrk from Debian): resolve requests against a 10,000-term user
# set at 10 connections, while another user's 10,000-term set is replaced over and over. Then the first
# resolve after a replace, and memory under a run touching 1,000 users with a small cache bound.
#
#   scripts/load-test.sh [SECONDS]      (default 30; every part stops by itself)
#
# WRITER_PAUSE (seconds, default 1) is the pause between two replaces of the other user's set; 0 replaces
# back to back (about 5 a second here, which takes most of a core from the resolves).
#
# INSTANCES=2 runs two instances over one PostgreSQL database (VOCAB_DATABASE_URL, else a throwaway
# cluster from scripts/postgres-cluster.sh): wrk sends half the connections to each, the writer replaces
# through the first, and the first resolve after a replace goes to the second. The memory part is skipped.
#
# WRITER=0 runs part 1 without the writer (resolves only). PIN=1 pins instance n to core n (taskset), and
# CONNECTIONS (default 10) sets how many connections wrk holds in all.
#
# Needs the release binary (built unless VOCAB_BIN names one), wrk (apt-get install -y wrk), curl, python3
# and ../shared/bench (the fixed vocabularies and queries).
set -eu
cd "$(dirname "$0")/.."
duration=${1:-30}
bench=${VOCAB_BENCH:-../shared/bench}
command -v wrk >/dev/null 2>&1 || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
[ -f "$bench/vocab-10000.json" ] || { echo "$bench/vocab-10000.json is missing" >&2; exit 1; }
if [ -z "${VOCAB_BIN:-}" ]; then
    swift build -c release --product vocab >/dev/null
    VOCAB_BIN=.build/release/vocab
fi
work=$(mktemp -d)
port=${VOCAB_PORT:-18282}
base="http://127.0.0.1:$port"
instances=${INSTANCES:-1}
database=${VOCAB_DATABASE_URL:-}
cluster=""
if [ "$instances" -gt 1 ] && [ -z "$database" ]; then
    cluster=$work/postgres
    database=$(scripts/postgres-cluster.sh start "$cluster" "$((port + 100))")
fi
other="http://127.0.0.1:$((port + instances - 1))"
admin="load-test-admin-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
start_server() {  # $1: cache size
    servers=""
    for n in $(seq 0 $((instances - 1))); do
        instance_port=$((port + n))
        if curl -s "http://127.0.0.1:$instance_port/healthz" >/dev/null 2>&1; then
            echo "port $instance_port is taken (set VOCAB_PORT)" >&2; exit 1
        fi
        if [ -n "$database" ]; then store="--database-url $database"; else store="--store $work/vocabulary.sqlite"; fi
        pin=""
        [ "${PIN:-0}" = 1 ] && pin="taskset -c $((n % $(nproc)))"
        # shellcheck disable=SC2086
        VOCAB_ADMIN_TOKEN=$admin $pin "$VOCAB_BIN" serve --port "$instance_port" $store --log-level warning \
            --cache-size "$1" >>"$work/server.log" 2>&1 &
        servers="$servers $!"
        server=$!
        started=""
        for _ in $(seq 1 100); do
            curl -sf "http://127.0.0.1:$instance_port/healthz" >/dev/null 2>&1 && { started=1; break; }
            sleep 0.1
        done
        [ -n "$started" ] || { echo "the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }
    done
}
server=""
servers=""
stop_server() {
    [ -n "$servers" ] || return 0
    for pid in $servers; do kill "$pid" 2>/dev/null || true; done
    for pid in $servers; do wait "$pid" 2>/dev/null || true; done
    servers=""
    server=""
}
writer=""
trap '[ -n "$writer" ] && kill "$writer" 2>/dev/null; stop_server; [ -n "$cluster" ] && scripts/postgres-cluster.sh stop "$cluster"; rm -rf "$work"' EXIT INT TERM
mint() { curl -sf -X POST -H "Authorization: Bearer $admin" "$base/v1/admin/users/$1/tokens" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'; }

python3 - "$bench" "$work" <<'PY'
import json, sys
bench, work = sys.argv[1], sys.argv[2]
strings = json.load(open(f"{bench}/vocab-10000.json"))["strings"]
json.dump({"terms": strings}, open(f"{work}/set-a.json", "w"))
json.dump({"terms": list(reversed(strings))}, open(f"{work}/set-b.json", "w"))
queries = [q["query"] for q in json.load(open(f"{bench}/queries-10000.json"))["queries"]][:2000]
with open(f"{work}/resolve.lua", "w") as lua:
    lua.write("local bodies = {\n")
    for q in queries:
        lua.write("  " + json.dumps(json.dumps({"query": q})) + ",\n")
    lua.write("}\n")
    lua.write("""
local counter = 0
local failures = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("VOCAB_LOAD_TOKEN")
request = function()
  counter = counter + 1
  return wrk.format(nil, nil, nil, bodies[(counter % #bodies) + 1])
end
response = function(status, headers, body)
  if status ~= 200 then failures = failures + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d seconds=%.1f rps=%.0f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f socket_errors=%d non200=%d\\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.errors.status))
end
""")
PY

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); binary: $VOCAB_BIN"
if [ -n "$database" ]; then echo "store: PostgreSQL ($instances instances)"; else echo "store: SQLite"; fi
start_server 256MB
reader_token=$(mint reader)
writer_token=$(mint writer)
curl -sf -X PUT -H "Authorization: Bearer $reader_token" --data-binary "@$work/set-a.json" \
    "$base/v1/users/reader/vocabulary/contactName" >/dev/null
curl -sf -X POST -H "Authorization: Bearer $reader_token" -d '{"query": "warm up"}' "$base/v1/users/reader/resolve" >/dev/null

connections=${CONNECTIONS:-10}
if [ "${WRITER:-1}" = 0 ]; then
    echo "== 1. resolve at $connections connections, 10,000 terms, ${duration}s, no writer"
else
    echo "== 1. resolve at $connections connections, 10,000 terms, ${duration}s, another user's 10,000-term set replaced every ${WRITER_PAUSE:-1}s meanwhile"
fi
[ "${WRITER:-1}" = 0 ] && echo "writer: none" >"$work/writer.txt"
[ "${WRITER:-1}" = 0 ] || (
    i=0; replaced=0
    end=$(( $(date +%s) + duration ))
    while [ "$(date +%s)" -lt "$end" ]; do
        set_file=$work/set-a.json; [ $((i % 2)) -eq 1 ] && set_file=$work/set-b.json
        code=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H "Authorization: Bearer $writer_token" \
            --data-binary "@$set_file" "$base/v1/users/writer/vocabulary/contactName")
        [ "$code" = 200 ] && replaced=$((replaced + 1)) || echo "writer: HTTP $code" >&2
        curl -s -o /dev/null -X POST -H "Authorization: Bearer $writer_token" -d '{"query": "maria"}' \
            "$base/v1/users/writer/resolve"
        i=$((i + 1))
        sleep "${WRITER_PAUSE:-1}"
    done
    echo "writer: $replaced replaces of a 10,000-term set during the run" >"$work/writer.txt"
) &
writer=$!
[ "${WRITER:-1}" = 0 ] && writer=""
if [ "$instances" -eq 1 ]; then
    VOCAB_LOAD_TOKEN=$reader_token wrk -t2 -c"$connections" -d"${duration}s" --timeout 5s -s "$work/resolve.lua" \
        "$base/v1/users/reader/resolve" | grep RESULT
else
    # Half the connections to each instance; the totals add the requests and take the worst percentiles.
    for n in $(seq 0 $((instances - 1))); do
        VOCAB_LOAD_TOKEN=$reader_token wrk -t1 -c$((connections / instances)) -d"${duration}s" --timeout 5s \
            -s "$work/resolve.lua" "http://127.0.0.1:$((port + n))/v1/users/reader/resolve" | grep RESULT &
    done | tee "$work/results.txt"   # ends when every wrk has closed the pipe (a bare wait would wait for the servers)
    awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
           requests += v["requests"]; rps += v["rps"]; errors += v["socket_errors"] + v["non200"]
           if (v["p50_ms"] > p50) p50 = v["p50_ms"]; if (v["p99_ms"] > p99) p99 = v["p99_ms"]
           if (v["p90_ms"] > p90) p90 = v["p90_ms"]; if (v["max_ms"] > mx) mx = v["max_ms"] }
         END { printf "TOTAL requests=%d rps=%.0f worst_p50_ms=%.3f worst_p90_ms=%.3f worst_p99_ms=%.3f worst_max_ms=%.3f errors=%d\n", requests, rps, p50, p90, p99, mx, errors }' \
        "$work/results.txt"
fi
wait "$writer" 2>/dev/null || true; writer=""
cat "$work/writer.txt"

echo "== 2. the first resolve after a replace of a 10,000-term set (10 times; resolved through $other)"
for i in 1 2 3 4 5 6 7 8 9 10; do
    set_file=$work/set-a.json; [ $((i % 2)) -eq 1 ] && set_file=$work/set-b.json
    curl -sf -o /dev/null -X PUT -H "Authorization: Bearer $reader_token" --data-binary "@$set_file" \
        "$base/v1/users/reader/vocabulary/contactName"
    curl -s -o /dev/null -w '%{time_total}\n' -X POST -H "Authorization: Bearer $reader_token" \
        -d '{"query": "juan manuel hervas"}' "$other/v1/users/reader/resolve"
done | sort -n | awk '{ t[NR] = $1 * 1000 } END { printf "first resolve after replace: min %.1f ms, median %.1f ms, max %.1f ms\n", t[1], (t[5] + t[6]) / 2, t[NR] }'
stop_server
[ "$instances" -eq 1 ] || exit 0

echo "== 3. memory touching 1,000 users (300 terms each) with --cache-size 32MB"
start_server 32MB
python3 - "$bench" "$base" "$admin" <<'PY'
import json, sys, urllib.request
bench, base, admin = sys.argv[1], sys.argv[2], sys.argv[3]
strings = json.load(open(f"{bench}/vocab-10000.json"))["strings"]
def call(method, path, token, body=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None,
                                     headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)
for user in range(1000):
    token = call("POST", f"/v1/admin/users/u{user}/tokens", admin)["token"]
    terms = [strings[(user * 7 + k) % len(strings)] for k in range(300)]
    call("PUT", f"/v1/users/u{user}/vocabulary/contactName", token, {"terms": terms})
    call("POST", f"/v1/users/u{user}/resolve", token, {"query": terms[0]})
PY
rss=$(awk '/VmRSS/ { print $2 }' "/proc/$server/status")
hwm=$(awk '/VmHWM/ { print $2 }' "/proc/$server/status")
metrics=$(curl -sf "$base/metrics")
echo "after 1,000 users: RSS $((rss / 1024)) MB (peak $((hwm / 1024)) MB);" \
    "cache $(echo "$metrics" | awk '/^vocab_index_cache_bytes / { printf "%.1f MB", $2 / 1048576 }')" \
    "in $(echo "$metrics" | awk '/^vocab_index_cache_entries / { print $2 }') indexes," \
    "$(echo "$metrics" | awk '/^vocab_index_cache_evictions_total / { print $2 }') evictions," \
    "bound $(echo "$metrics" | awk '/^vocab_index_cache_capacity_bytes / { printf "%.0f MB", $2 / 1048576 }')"
if grep -q '"level":"error"' "$work/server.log"; then echo "server errors:"; grep '"level":"error"' "$work/server.log" | head; fi
