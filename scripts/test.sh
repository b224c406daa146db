#!/bin/sh
# The tests, in two passes:
#   1. `swift test`: every suite, in parallel (the store contract runs on memory, SQLite and PostgreSQL);
#   2. the fault and multi-process tests of the shared database (a server restarted under load, a killed
#      connection, two `vocab serve` processes), alone: they stop and start PostgreSQL servers and run
#      servers of their own, which must not share two cores' worth of Swift's cooperative threads with the
#      whole suite (on this machine that combination stalled the run).
# The second pass is bounded: it has stalled now and then even alone (root cause not found yet, see the
# issue notes), so after 5 minutes it is stopped and run once more, saying so; a second stall fails.
# PostgreSQL comes from $VOCAB_TEST_DATABASE_URL, else a throwaway cluster the tests start themselves.
set -eu
cd "$(dirname "$0")/.."
swift test "$@"
faults() {
    VOCAB_TEST_FAULTS=1 timeout --kill-after=10 300 swift test --skip-build \
        --filter 'PostgresStoreTests|SharedDatabaseServeTests'
}
faults || {
    status=$?
    # Only a stall (stopped by timeout: 124, or killed after it: 137) is retried; a failure fails.
    [ "$status" -eq 124 ] || [ "$status" -eq 137 ] || exit "$status"
    echo "test.sh: the shared-database fault tests stalled and were stopped; running them once more" >&2
    pkill -f 'vocabPackageTests.xctest --skip-build --filter PostgresStoreTests' 2>/dev/null || true
    faults
}
