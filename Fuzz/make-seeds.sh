#!/usr/bin/env bash
# Makes the FuzzIndexArchive seeds: the payloads of real index archives (header stripped), each behind a
# byte 0x01 that tells the target to wrap it in a valid header and checksum. Needs a built `vocab`.
#   Fuzz/make-seeds.sh [path/to/vocab]
set -euo pipefail
cd "$(dirname "$0")"
vocab=${1:-../.build/debug/vocab}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'Bobo\nZoé Martin\n' > "$work/two.txt"
for source in ../Examples/contacts.fr-FR.txt "$work/two.txt"; do
    name=$(basename "$source" .txt)
    "$vocab" set --user fuzz --type contactName --store "$work/s.sqlite" "$source" > /dev/null
    "$vocab" resolve --user fuzz --store "$work/s.sqlite" --language en-US bobo > /dev/null
    python3 - "$work/s.sqlite.indexes" "Corpus/FuzzIndexArchive/$name" <<'PY'
import glob, struct, sys
path = glob.glob(sys.argv[1] + "/*/*.vidx")[0]
data = open(path, "rb").read()
offset = 8 + 4                      # magic, format version
for _ in range(2):                  # user, type
    offset += 4 + struct.unpack_from("<I", data, offset)[0]
offset += 8                         # change stamp
for _ in range(2):                  # language, data fingerprint
    offset += 4 + struct.unpack_from("<I", data, offset)[0]
offset += 16                        # payload length, checksum
open(sys.argv[2], "wb").write(b"\x01" + data[offset:])
PY
done
ls -l Corpus/FuzzIndexArchive
