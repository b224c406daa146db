#!/bin/sh
# Tests the web console as a person would use it: starts `vocab serve` on a loopback port over a throwaway
# store, mints a user's token, opens /console in headless Chromium (Debian's `chromium`) with a link that
# fills the form and presses Compare, and checks the rendered page (Chromium's --dump-dom):
#   1. a comparison in three languages draws a table with a column each, an outcome, and aligned phones;
#   2. the locales' lint findings are listed per file with their lines (one is planted in a copy of Locales/);
#   3. an unknown language, an empty phrase and a set the user does not have each show the API's message;
# then takes a screenshot of the first page (docs/console.png when run with --screenshot).
#
#   scripts/console-test.sh [--screenshot]        (VOCAB_BIN: the binary, default .build/debug/vocab)
#
# Without Chromium it says how to install it and exits 1 (CI installs it). The server is stopped on exit.
set -eu
cd "$(dirname "$0")/.."
bin=${VOCAB_BIN:-.build/debug/vocab}
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    echo "console-test: Chromium is missing; on Debian: apt-get install chromium" >&2
    exit 1
fi
[ -x "$bin" ] || { echo "console-test: no binary at $bin (swift build first, or set VOCAB_BIN)" >&2; exit 1; }

work=$(mktemp -d /tmp/vocab-console-test.XXXXXX)
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# The shipped locales, with one example that breaks Apple's guidance, so the lint list has a line to show.
cp -R Locales "$work/locales"
sed -i 's|<string>Pause Ritmo</string>|<string>Hey Siri, pause Ritmo</string>|' "$work/locales/en-US/AppIntentVocabulary.plist"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
admin=console-test-admin-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
VOCAB_ADMIN_TOKEN=$admin "$bin" serve --host 127.0.0.1 --port "$port" --store "$work/store.sqlite" \
    --locales "$work/locales" --log-format text --log-level warning > "$work/server.log" 2>&1 &
server=$!
base=http://127.0.0.1:$port
tries=0
until curl -fsS "$base/healthz" > /dev/null 2>&1; do
    tries=$((tries + 1))
    if [ $tries -gt 100 ] || ! kill -0 "$server" 2>/dev/null; then
        echo "console-test: the server did not start:" >&2; cat "$work/server.log" >&2; exit 1
    fi
    sleep 0.1
done
token=$(curl -fsS -X POST -H "Authorization: Bearer $admin" "$base/v1/admin/users/console-test/tokens" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')

# Opens the console with a link that fills the form; prints the page as rendered.
render() {
    "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --user-data-dir="$work/profile" --virtual-time-budget=15000 --dump-dom "$base/console#$1" 2>/dev/null
}
terms='Chiara Rossi|Mathieu Lefèvre|Jürgen Müller|João Silva|Siobhan Kelly'

render "user=console-test&token=$token&languages=en-US,fr-FR,it-IT&terms=$terms&phrase=kiara&run&lint" > "$work/compare.html"
python3 scripts/console-check.py comparison "$work/compare.html" en-US fr-FR it-IT
python3 scripts/console-check.py lint "$work/compare.html" en-US/AppIntentVocabulary.plist "Hey Siri"

render "user=console-test&token=$token&languages=en-US,zz-ZZ&terms=$terms&phrase=kiara&run" > "$work/language.html"
python3 scripts/console-check.py error "$work/language.html" "languages[1]" "no locale for the language of 'zz-ZZ'"

render "user=console-test&token=$token&languages=en-US,fr-FR&terms=$terms&phrase=&run" > "$work/empty.html"
python3 scripts/console-check.py error "$work/empty.html" "query" "is empty"

render "user=console-test&token=$token&languages=en-US,fr-FR&type=contactName&phrase=kiara&run" > "$work/set.html"
python3 scripts/console-check.py error "$work/set.html" "type" "the user has no contactName vocabulary"

if [ "${1:-}" = "--screenshot" ]; then
    "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --hide-scrollbars \
        --user-data-dir="$work/profile" --virtual-time-budget=15000 --window-size=1400,1500 \
        --screenshot="$PWD/docs/console.png" \
        "$base/console#user=console-test&token=$token&languages=en-US,fr-FR,it-IT&terms=$terms&phrase=kiara&run&lint" 2>/dev/null
    echo "console-test: wrote docs/console.png"
fi
echo "console-test: passed (comparison in three languages; errors for an unknown language, an empty phrase, a missing set)"
