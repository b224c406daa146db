#!/bin/sh
# The tests, in two passes:
#   1. `swift test`: every suite, in parallel (the store contract runs on memory, SQLite and PostgreSQL);
#   2. the fault and multi-process tests of the shared database (a server restarted under load, a killed
#      connection, two `vocab serve` processes), alone: they stop and start PostgreSQL servers and run
#      servers of their own, which must not share two cores' worth of Swift's cooperative threads with the
#      whole suite (on this machine that combination stalled the run).
# PostgreSQL comes from $VOCAB_TEST_DATABASE_URL, else a throwaway cluster the tests start themselves.
set -eu
cd "$(dirname "$0")/.."
swift test "$@"
VOCAB_TEST_FAULTS=1 swift test --skip-build --filter 'PostgresStoreTests|SharedDatabaseServeTests'
