#!/bin/sh
# The tests, in two passes:
#   1. `swift test`: every suite, in parallel (the store contract runs on memory, SQLite and PostgreSQL);
#   2. the fault and multi-process tests of the shared database (backends terminated mid-read, a server
#      restarted under large writes, requests stuck on a lock, SIGTERM, two `vocab serve` processes), alone:
#      they stop and start PostgreSQL servers and run servers of their own, which must not share two cores'
#      worth of Swift's cooperative threads with the whole suite.
#   3. the web console in headless Chromium over a server of its own (scripts/console-test.sh); outside CI,
#      skipped saying so when Chromium is missing (`.ci/run` installs it).
# Each fault test bounds its own waits (every request has a deadline; a server that does not stop is
# killed after 40 s and the test fails saying so; each suite has a time limit), so nothing here retries.
# PostgreSQL comes from $VOCAB_TEST_DATABASE_URL, else a throwaway cluster the tests start themselves.
set -eu
cd "$(dirname "$0")/.."
swift test "$@"
VOCAB_TEST_FAULTS=1 swift test --skip-build --filter 'PostgresStoreTests|SharedDatabaseServeTests'
if command -v chromium > /dev/null 2>&1 || [ "${CI:-}" = true ]; then
    scripts/console-test.sh
else
    echo "test.sh: the console test is skipped: Chromium is missing (on Debian: apt-get install chromium)"
fi
