#!/usr/bin/env bash
# Builds the Pango reference layout tool (pango_measure.c, PangoFT2 + fontconfig).
#
#   Benchmarks/Pango/build.sh            # -> <package root>/.build-pango/pango_measure
#   Benchmarks/Pango/build.sh OUT_PATH   # -> OUT_PATH
#
# Needs a C compiler, pkg-config and the pangoft2 development files
# (Debian/Ubuntu: apt-get install -y libpango1.0-dev).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/.build-pango/pango_measure}"

cc="${CC:-cc}"
if ! command -v "$cc" >/dev/null 2>&1; then
    echo "build.sh: no C compiler ($cc) found" >&2
    exit 1
fi
if ! command -v pkg-config >/dev/null 2>&1; then
    echo "build.sh: pkg-config not found (Debian/Ubuntu: apt-get install -y pkg-config libpango1.0-dev)" >&2
    exit 1
fi
if ! pkg-config --exists pangoft2 fontconfig; then
    echo "build.sh: pangoft2/fontconfig development files not found by pkg-config" >&2
    echo "          (Debian/Ubuntu: apt-get install -y libpango1.0-dev)" >&2
    exit 1
fi
if ! pkg-config --atleast-version=1.48 pango; then
    echo "build.sh: Pango >= 1.48 needed (found $(pkg-config --modversion pango))" >&2
    exit 1
fi

mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2046  # pkg-config output must be word-split
"$cc" -O2 -Wall -Wextra "$here/pango_measure.c" \
    $(pkg-config --cflags --libs pangoft2 fontconfig) -o "$out"
echo "built $out (Pango $(pkg-config --modversion pango))" >&2
