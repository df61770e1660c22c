#!/usr/bin/env bash
# Instructions and reference-count operations per item, counted by valgrind's callgrind: the same
# every run, where this machine's timings move by 10–30% between runs (it shares its cores). Use it
# to A/B a change that removes work; confirm with timings (boxes.sh, batch.sh) that the work removed
# was time. Counts only the library's call (the toggled function), not building the input.
#
#   bash Benchmarks/counts.sh                 # this tree
#   BASE=<commit> bash Benchmarks/counts.sh   # that commit too (built in a worktree), side by side
#
# Cases: the box engine's whole call and retained layout on the grid, and its whole call on 4 levels
# (per node); an MGTableBox of 2,000 rows and the same rows in an MGStack (per row, the whole layout
# call); `MeasureRequest.measure` on the first 2,000 lines of batch.sh's corpus (BatchProbe: per row,
# the mean of its two passes, the first on an empty word cache). Valgrind reads the binaries with
# their debug information stripped (it gives up on the DWARF of a release build); the symbols stay.
# Not counted: the chain (a tree that deep is laid out on a thread of its own, which the count, made
# in the calling thread, misses), and the `mush` process (valgrind 3.19 stops with a SIGSEGV of its
# own in it).
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "counts.sh: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
work="${TMPDIR:-/tmp}/mush-counts"
mkdir -p "$work"

# Builds the probes of the package in $1 (its root), stripped of debug information, into $work/$2.
build() {
    local root="$1" label="$2"
    # (A failed build shows its output: the script stops there.)
    (cd "$root/Benchmarks" && for probe in BoxProbe MGBoxProbe BatchProbe; do
        swift build -c release --product "$probe" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
    done)
    mkdir -p "$work/$label"
    for probe in BoxProbe MGBoxProbe BatchProbe; do
        strip --strip-debug -o "$work/$label/$probe" "$root/Benchmarks/.build/release/$probe"
    done
}

# The batch corpus (batch.sh makes it).
corpus=".build/batch/rows.jsonl"
[ -f "$corpus" ] || bash batch.sh >/dev/null 2>&1 || true
[ -f "$corpus" ] || { echo "counts.sh: $corpus is missing (bash Benchmarks/batch.sh makes it)" >&2; exit 2; }
head -2000 "$corpus" >"$work/rows2000.jsonl"

labels=(this)
build "$(cd .. && pwd)" this
if [ -n "${BASE:-}" ]; then
    tree="$work/base-tree"
    git -C .. worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"
    git -C .. worktree add --detach "$tree" "$BASE" >/dev/null
    # The worktree goes when the script ends (its build folder with it: the next BASE builds afresh).
    trap 'git -C .. worktree remove --force "$tree" >/dev/null 2>&1 || true' EXIT
    # The probes of this tree, so that both count the same cases.
    cp -R Probes/. "$tree/Benchmarks/Probes/"
    build "$tree" base
    labels=(base this)
fi

# count LABEL NAME ITEMS SYMBOL-REGEX COMMAND...: instructions and swift_retain calls per item inside
# the one function whose (mangled) name matches.
count() {
    local label="$1" name="$2" items="$3" symbol="$4"
    shift 4
    local binary="$work/$label/$1"
    shift
    local mangled
    mangled="$(nm "$binary" | awk -v pattern="$symbol" '$2 == "T" && $3 ~ pattern && !found { print $3; found = 1 }')"
    [ -n "$mangled" ] || { echo "counts.sh: no symbol matches $symbol in $binary" >&2; exit 2; }
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no "--toggle-collect=$mangled" --callgrind-out-file="$work/out" \
        "$binary" "$@" >/dev/null 2>"$work/log" || { cat "$work/log" >&2; exit 2; }
    python3 - "$work/out" "$items" "$label" "$name" <<'PY'
import re, sys
path, items, label, name = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
names, total, retains, callee = {}, 0, 0, None
for line in open(path, errors="replace"):
    if line.startswith("summary:") or line.startswith("totals:"):
        total = int(line.split()[1])
    m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line)
    if m:
        if m.group(2): names[m.group(1)] = m.group(2).strip()
        callee = names.get(m.group(1)) if line.startswith("cfn") else None
        continue
    if line.startswith("calls=") and callee in ("swift_retain", "swift_nonatomic_retain"):
        retains += int(line.split("=")[1].split()[0])
print(f"{name:<28} {label:<5} {total / items:>12,.0f} instructions {retains / items:>9.1f} retains")
PY
}

grid_whole='^\$s7MushBox0B6EngineO6layout_5width6height8rounding'
retained='^\$s7MushBox0B6EngineO12RetainedTreeC6layout5width6height8rounding.*KF$'
echo "== per node (box engine: the whole call, then a retained tree laid out again), per row (tables, batch)"
for label in "${labels[@]}"; do count "$label" "grid 10,000, whole call" $((3 * 10001)) "$grid_whole" BoxProbe grid 3; done
for label in "${labels[@]}"; do count "$label" "grid 10,000, retained" $((3 * 10001)) "$retained" BoxProbe grid 3; done
for label in "${labels[@]}"; do count "$label" "4 levels of 10, whole call" $((3 * 11111)) "$grid_whole" BoxProbe levels 3; done
for label in "${labels[@]}"; do
    count "$label" "MGTableBox, 2,000 rows" $((3 * 2000)) '^\$s9MushMGBox10MGTableBoxV6layout5width' MGBoxProbe tableonly 3 2000
done
for label in "${labels[@]}"; do
    count "$label" "MGStack, 2,000 rows" $((3 * 2000)) '^\$s8MushLine7MGStackV6layout5fonts' MGBoxProbe stackonly 3 2000
done
for label in "${labels[@]}"; do
    count "$label" "measure, 2,000 rows" $((2 * 2000)) '^\$s8MushJSON14MeasureRequestV7measure5fonts' \
        BatchProbe "$work/rows2000.jsonl"
done
echo "(instructions and swift_retain calls per node or row; valgrind's callgrind, $(valgrind --version))"
