#!/bin/sh
# Property-based API testing: runs Schemathesis (PyPI) against the OpenAPI document a local `vocab serve`
# serves, on loopback, over a throwaway store. Every response must be documented (status, content type,
# schema) and no request may cause a server error.
#
#   scripts/schemathesis.sh [MAX_EXAMPLES]     (default 50 per operation)
#
# Revocation is left out: it would revoke the token the run uses (the tests cover it).
# Installs schemathesis with pip when missing. Builds the debug binary unless VOCAB_BIN names one.
set -eu
cd "$(dirname "$0")/.."
examples=${1:-50}
command -v st >/dev/null 2>&1 || python3 -m pip install --quiet schemathesis
if [ -z "${VOCAB_BIN:-}" ]; then
    swift build --product vocab >/dev/null
    VOCAB_BIN=.build/debug/vocab
fi
work=$(mktemp -d)
port=${VOCAB_PORT:-18181}
export VOCAB_ADMIN_TOKEN="schemathesis-admin-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
if curl -s "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then echo "port $port is taken (set VOCAB_PORT)" >&2; exit 1; fi
"$VOCAB_BIN" serve --port "$port" --store "$work/vocabulary.sqlite" --log-level warning >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT INT TERM
for _ in $(seq 1 50); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.2
done
VOCAB_USER_TOKEN=$(curl -sf -X POST -H "Authorization: Bearer $VOCAB_ADMIN_TOKEN" \
    "http://127.0.0.1:$port/v1/admin/users/alice/tokens" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
export VOCAB_USER_TOKEN
curl -sf -X PUT -H "Authorization: Bearer $VOCAB_USER_TOKEN" "http://127.0.0.1:$port/v1/users/alice/vocabulary/contactName" \
    -d '{"terms": ["Matthieu Lefèvre", "Bobo le Grand", {"phrase": "Siobhan Kelly", "identifier": "c-17"}]}' >/dev/null
st --config-file scripts/schemathesis.toml run "http://127.0.0.1:$port/v1/openapi.json" \
    --checks all --max-examples "$examples" --request-timeout 20 --workers 2 --seed 7 \
    --exclude-operation-id revokeTokens --exclude-operation-id revokeToken || status=$?
if grep -q '"level":"error"' "$work/server.log"; then
    echo "server logged errors:"; grep '"level":"error"' "$work/server.log" | head -20
fi
exit "${status:-0}"
