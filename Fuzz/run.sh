#!/usr/bin/env bash
# Builds a libFuzzer harness with the fuzzer and address sanitizers and fuzzes for a while.
#
#   bash Fuzz/run.sh [SECONDS] [extra libFuzzer flags...]     (default 60 seconds)
#                                                    the parser (ParserFuzz.swift + Sources/MushBase, Sources/Mush)
#   MUSH_FUZZ_TARGET=engine bash Fuzz/run.sh [SECONDS]          the text engine (EngineFuzz.swift)
#   MUSH_FUZZ_TARGET=line bash Fuzz/run.sh [SECONDS]            the row engine (LineFuzz.swift)
#   MUSH_FUZZ_TARGET=render bash Fuzz/run.sh [SECONDS]          the renderer (LineFuzz.swift's rows
#                                                    drawn by RenderFuzz.swift as PNG, SVG and PDF)
#   MUSH_FUZZ_TARGET=request bash Fuzz/run.sh [SECONDS]         the commands' request readers
#                                                    (RequestFuzz.swift + Sources/MushJSON)
#   MUSH_FUZZ_TARGET=box bash Fuzz/run.sh [SECONDS]             the box engine (BoxFuzz.swift +
#                                                    Tests/MushTestSupport/BoxFuzzOperation.swift +
#                                                    Sources/MushBox, with the row engine's sources)
#
# Works from any directory. Everything it writes goes under .build-fuzz/ at the package root
# (git-ignored; the other targets under .build-fuzz/engine/, .build-fuzz/line/, .build-fuzz/render/,
# .build-fuzz/request/, .build-fuzz/box/): the binary, a working corpus seeded from Fuzz/corpus/
# (Fuzz/corpus-request/ for the request target, Fuzz/corpus-box/ for the box target; the committed
# seeds are never written to), the log, and crash/property-failure inputs in artifacts/.
# Exits non-zero when the build fails or the fuzzer finds a crash or a failed property.
#
# MUSH_FUZZ_SKIP=attributed,json (any of mush, escape, html, json, attributed; for the box target,
# the groups BoxFuzz.swift's header lists) leaves property groups out while a known failure is being
# fixed.
# Extra flags go to libFuzzer, e.g. `-fork=2 -ignore_crashes=1` to keep going past failures (each
# is saved in artifacts/).
#
# To replay or minimise a failure:
#   SWIFT_BACKTRACE=enable=no .build-fuzz/mush-fuzz .build-fuzz/artifacts/crash-…
#   SWIFT_BACKTRACE=enable=no .build-fuzz/mush-fuzz -minimize_crash=1 -runs=100000 \
#       -exact_artifact_path=.build-fuzz/artifacts/minimized .build-fuzz/artifacts/crash-…
# (the other targets' binaries and artifacts are in their folders; the box target prints each
# input's tree with MUSH_FUZZ_PRINT=1).
set -euo pipefail

duration="${1:-60}"
if [[ $# -gt 0 ]]; then shift; fi
if ! [[ "$duration" =~ ^[0-9]+$ ]] || [[ "$duration" -lt 1 ]]; then
    echo "usage: [MUSH_FUZZ_TARGET=parser|engine|line|render|request|box] bash Fuzz/run.sh [SECONDS] [libFuzzer flags...]" >&2
    exit 2
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${MUSH_FUZZ_TARGET:-parser}"
case "$target" in
    parser) out="$root/.build-fuzz" ;;
    engine) out="$root/.build-fuzz/engine" ;;
    line) out="$root/.build-fuzz/line" ;;
    render) out="$root/.build-fuzz/render" ;;
    request) out="$root/.build-fuzz/request" ;;
    box) out="$root/.build-fuzz/box" ;;
    *) echo "MUSH_FUZZ_TARGET is parser, engine, line, render, request or box, not $target" >&2; exit 2 ;;
esac
binary="$out/mush-fuzz"
work_corpus="$out/corpus"
artifacts="$out/artifacts"
log="$out/fuzz.log"
mkdir -p "$out" "$work_corpus" "$artifacts"

if ! command -v swiftc >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swiftc ]]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# lld links the sanitizer runtimes without gold's flood of "Cannot export local symbol" warnings.
linker=()
swiftc_dir="$(dirname "$(command -v swiftc)")"
if [[ -x "$swiftc_dir/ld.lld" ]] || command -v ld.lld >/dev/null 2>&1; then
    linker=(-use-ld=lld)
fi

# Coverage without comparison tracing: `-sanitize=fuzzer` alone also traces every comparison (for
# libFuzzer's value-guided mutations), a sixth of an execution in `perf` (the parser: 304 -> 395
# executions a second from the same seeds, with the same coverage). The parser's dictionary and the
# other targets' generators give the values those mutations found. MUSH_FUZZ_TRACE_CMP=1 keeps it.
coverage=(-sanitize-coverage=edge,inline-8bit-counters,pc-table)
if [[ "${MUSH_FUZZ_TRACE_CMP:-0}" == 1 ]]; then coverage=(); fi

# MUSH_FUZZ_ASAN=0 builds without the address sanitizer (to see what it costs).
sanitizers=fuzzer,address c_sanitizers=address,fuzzer-no-link
if [[ "${MUSH_FUZZ_ASAN:-1}" == 0 ]]; then sanitizers=fuzzer c_sanitizers=fuzzer-no-link; fi

# -wmo: the module is compiled whole, as SwiftPM's release builds are. Compiled file by file, a
# generic called from another file runs unspecialised (its type metadata looked up at run time):
# the box target spent a quarter of its time in swift_getGenericMetadata and ran 7 executions a
# second from its seeds; whole, 740 (parser 850 -> 1,100; requests 430 -> 830).
echo "==> building $binary"
# swiftc writes a whole-module build's .swiftmodule, .swiftdoc and .swiftsourceinfo files to the
# current folder: the build runs in the target's own.
cd "$out"
# The modules are compiled flat, in one folder: two source files of one name would overwrite each
# other there (and fail the build with errors about the lost file's symbols).
clashing="$(find "$root/Sources" -name '*.swift' -printf '%f\n' | sort | uniq -d)"
if [[ -n "$clashing" ]]; then
    echo "source files of the same name in two modules (rename one; the fuzz build compiles them in one folder): $clashing" >&2
    exit 1
fi
# Build from a snapshot of the sources, so that an edit made while swiftc runs does not fail it.
snapshot="$out/src"
rm -rf "$snapshot"
mkdir -p "$snapshot"
shopt -s nullglob
originals=("$root"/Sources/MushBase/*.swift "$root"/Sources/Mush/*.swift)
shopt -u nullglob
if [[ ${#originals[@]} -eq 0 ]]; then
    echo "no sources in $root/Sources/Mush" >&2
    exit 1
fi
if [[ "$target" == parser ]]; then
    cp "${originals[@]}" "$root/Fuzz/ParserFuzz.swift" "$snapshot"/
    sed -i -E '/^(@_exported )?import MushBase$/d' "$snapshot"/*.swift
    swiftc -sanitize="$sanitizers" "${coverage[@]}" -parse-as-library -O -wmo -g -swift-version 6 \
        "${linker[@]}" -module-name MushFuzz -package-name Mush \
        "$snapshot"/*.swift \
        -o "$binary"
else
    # The engine: Mush, MushFonts and MushText as one module (their imports of each other dropped),
    # the C modules found as SwiftPM finds them, the ICU shim compiled by clang. The line target
    # adds MushLine and takes LineFuzz.swift instead of EngineFuzz.swift (both define
    # LLVMFuzzerTestOneInput), with LineFuzzAfterLayout.swift's afterLayout (nothing); the render
    # target adds MushBox, MushRender and Cairo too, with RenderFuzz.swift's afterLayout (draws the
    # row). The box target adds MushLine and MushBox (whose text and row leaves import them) with
    # BoxFuzz.swift.
    # MushText keeps its stages in folders (Fonts, Itemizing, Shaping, Breaking, Alignment,
    # Paragraph); their files are compiled flat, like the other modules'.
    mapfile -t text_sources < <(find "$root/Sources/MushText" -name '*.swift' | sort)
    cp "${originals[@]}" "${text_sources[@]}" "$root/Fonts/MushFonts.swift" \
        "$root/Fuzz/EngineFuzzSupport.swift" "$snapshot"/
    cairo=()
    case "$target" in
        line)
            cp "$root"/Sources/MushLine/*.swift "$root/Fuzz/LineFuzz.swift" "$root/Fuzz/LineFuzzAfterLayout.swift" \
                "$snapshot"/
            module=MushLineFuzz
            ;;
        render)
            # MushRender draws box trees too: MushBox comes with it.
            mapfile -t box_sources < <(find "$root/Sources/MushBox" -name '*.swift' | sort)
            # MushImage reads image headers; the decoders are C libraries (TurboJPEG, libwebp; librsvg
            # is opened at the first SVG image, not linked).
            cp "$root"/Sources/MushLine/*.swift "${box_sources[@]}" "$root"/Sources/MushImage/*.swift \
                "$root"/Sources/MushRender/*.swift "$root/Fuzz/LineFuzz.swift" "$root/Fuzz/RenderFuzz.swift" "$snapshot"/
            module=MushRenderFuzz
            cairo=(cairo-ft libturbojpeg libwebp)
            ;;
        request)
            # MushJSON reads box trees too, MGBoxKit's, MKLayoutLibrary's and BoxView's among them:
            # MushBox (in folders, like MushText), MushMGBox, MushMKLayout and MushBoxView come with it
            # (their file names differ, as they share one folder here).
            mapfile -t box_sources < <(find "$root/Sources/MushBox" -name '*.swift' | sort)
            cp "$root"/Sources/MushLine/*.swift "${box_sources[@]}" "$root"/Sources/MushMGBox/*.swift \
                "$root"/Sources/MushMKLayout/*.swift "$root"/Sources/MushBoxView/*.swift "$root"/Sources/MushJSON/*.swift \
                "$root"/Sources/MushImage/*.swift "$root/Fuzz/RequestFuzz.swift" "$snapshot"/
            module=MushRequestFuzz
            ;;
        box)
            mapfile -t box_sources < <(find "$root/Sources/MushBox" -name '*.swift' | sort)
            # The operation table is shared with MushBoxTests (Tests/MushTestSupport), which checks
            # that a byte reaches every operation.
            cp "$root"/Sources/MushLine/*.swift "${box_sources[@]}" "$root/Fuzz/BoxFuzz.swift" \
                "$root/Tests/MushTestSupport/BoxFuzzOperation.swift" "$snapshot"/
            module=MushBoxFuzz
            ;;
        *)
            cp "$root/Fuzz/EngineFuzz.swift" "$snapshot"/
            module=MushEngineFuzz
            ;;
    esac
    sed -i -E '/^(@_exported )?import (MushBase|Mush|MushFonts|MushText|MushImage|MushLine|MushBox|MushMGBox|MushMKLayout|MushBoxView|MushRender|MushJSON)$/d' "$snapshot"/*.swift
    mkdir -p "$snapshot/CICU"
    cp "$root/Sources/CICU/include/mush_icu.h" "$snapshot/CICU/"
    printf 'module CICU {\n    header "mush_icu.h"\n    export *\n}\n' > "$snapshot/CICU/module.modulemap"
    clang -c -O1 -g -fsanitize="$c_sanitizers" -I "$root/Sources/CICU/include" \
        "$root/Sources/CICU/mush_icu.c" -o "$snapshot/mush_icu.o"
    clang++ -c -O1 -g -fsanitize="$c_sanitizers" -I "$root/Sources/CICU/include" \
        "$root/Sources/CICU/mush_icu_case.cpp" -o "$snapshot/mush_icu_case.o"
    # MushRender's PNG writer (a C shim over libpng), for the render target.
    mkdir -p "$snapshot/CPNG"
    cp "$root/Sources/CPNG/include/mush_png.h" "$snapshot/CPNG/"
    printf 'module CPNG {\n    header "mush_png.h"\n    export *\n}\n' > "$snapshot/CPNG/module.modulemap"
    clang -c -O1 -g -fsanitize="$c_sanitizers" -I "$root/Sources/CPNG/include" \
        "$root/Sources/CPNG/mush_png.c" -o "$snapshot/mush_png.o"
    cflags=()
    for flag in $(pkg-config --cflags harfbuzz freetype2 fontconfig "${cairo[@]}"); do cflags+=(-Xcc "$flag"); done
    # -package-name: the sources use `package` declarations (MushText's LockedValue) across their modules.
    swiftc -sanitize="$sanitizers" "${coverage[@]}" -parse-as-library -O -wmo -g -swift-version 6 \
        "${linker[@]}" -module-name "$module" -package-name Mush \
        -I "$root/Sources/CFreeType" -I "$root/Sources/CHarfBuzz" -I "$root/Sources/CFontconfig" \
        -I "$root/Sources/CCairo" -I "$root/Sources/CJPEG" -I "$root/Sources/CWebP" -I "$root/Sources/CRsvg" \
        -I "$root/Sources/CHyphen" -I "$snapshot/CICU" -I "$snapshot/CPNG" \
        "${cflags[@]}" \
        "$snapshot"/*.swift "$snapshot/mush_icu.o" "$snapshot/mush_icu_case.o" "$snapshot/mush_png.o" \
        $(pkg-config --libs harfbuzz freetype2 fontconfig "${cairo[@]}") -licuuc -lhyphen -lpng16 -lz -lstdc++ \
        -o "$binary"
    export MUSH_FONTS_DIR="$root/Fonts"
    # The render target's real images (its rows also name missing ones).
    export MUSH_FUZZ_IMAGES="$root/Examples/icons"
fi

# Seeds join the working corpus (what earlier runs found stays there). The engine, line and render
# targets read the same Mush seeds (the engine's first bytes choose a width; the line's describe the
# row, and the rest are its texts).
# The request target reads JSON requests instead (Fuzz/corpus-request/: a mode byte, then JSON or
# the bytes a request is generated from), and the box target box trees (Fuzz/corpus-box/: the bytes
# BoxFuzz.swift decodes a tree from), without the Mush dictionary.
dict=(-dict="$root/Fuzz/mush.dict")
if [[ "$target" == request ]]; then
    cp -f "$root"/Fuzz/corpus-request/* "$work_corpus"/
elif [[ "$target" == box ]]; then
    cp -f "$root"/Fuzz/corpus-box/* "$work_corpus"/
    dict=()
else
    cp -f "$root"/Fuzz/corpus/* "$work_corpus"/
fi

echo "==> fuzzing for ${duration}s (log: $log, artifacts: $artifacts/)"
# The Swift runtime's own crash handler gets in the way of libFuzzer's and ASan's.
export SWIFT_BACKTRACE="enable=no"
# No leak checking (the Swift runtime's caches look like leaks); no allocation stack traces, which
# cost a sixth of the time of a run and matter little for Swift code.
# libFuzzer's own leak check (-detect_leaks=0 below) ran an input again whenever its mallocs and
# frees did not pair, which Swift's caches make common: a fifth of the line target's time in `perf`
# (parser seeds: 725 -> 797 executions a second; requests: 680 -> 872).
# A 1 MB quarantine instead of 256 MB: ASan keeps freed memory out of reuse while it is in the
# quarantine, and recycling a large one cost a third of the row target's time (3,000 executions
# from the same seeds: 19.4 -> 12.9 s; without ASan at all, 10.1 s). Freed memory still stays
# poisoned until a megabyte of later frees pushes it out, which catches the use-after-free that
# Swift's unsafe pointers could make (a pointer kept past its closure).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:malloc_context_size=0:quarantine_size_mb=1}"
# Length control as libFuzzer sets it (100): new inputs start short and grow as coverage stops
# growing, while the long seeds (long clusters, long scripts) run and mutate at their own length.
# With 0 (every mutation up to max_len at once), the row target ran 3,000 executions in 20-30 s
# instead of 12-16 s, for the same coverage (5,380-5,430 edges either way).
# The box target keeps 0: short inputs there are mostly mutations of the seeds that wrap the tree
# in 250-level chains, each 60-290 ms under ASan, and it ran 3,000 executions in 27 s with 100
# against 5 s with 0.
length_control=100
if [[ "$target" == box ]]; then length_control=0; fi
set +e
"$binary" \
    -max_total_time="$duration" \
    -max_len="${MUSH_FUZZ_MAX_LEN:-16384}" \
    -len_control="${MUSH_FUZZ_LEN_CONTROL:-$length_control}" \
    -timeout="${MUSH_FUZZ_TIMEOUT:-30}" \
    -detect_leaks=0 \
    "${dict[@]}" \
    -artifact_prefix="$artifacts/" \
    -print_final_stats=1 \
    "$@" \
    "$work_corpus" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

# Executions: libFuzzer's final "Done N runs in S second(s)", else its final stats, else the last
# status line ("#N ...").
runs="" seconds=""
if done_line="$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$log" | tail -n 1)"; then
    runs="$(sed -E 's/^Done ([0-9]+) runs in ([0-9]+) second.*/\1/' <<<"$done_line")"
    seconds="$(sed -E 's/^Done ([0-9]+) runs in ([0-9]+) second.*/\2/' <<<"$done_line")"
fi
if [[ -z "$runs" ]]; then
    runs="$(grep -E '^stat::number_of_executed_units:' "$log" | tail -n 1 | awk '{print $2}' || true)"
fi
if [[ -z "$runs" ]]; then
    runs="$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#' || true)"
fi
if [[ -n "$seconds" && -n "$runs" ]]; then
    rate=$(( seconds > 0 ? runs / seconds : runs ))
else
    rate="$(grep -E '^stat::average_exec_per_sec:' "$log" | tail -n 1 | awk '{print $2}' || true)"
    if [[ -z "$rate" || "$rate" == 0 ]]; then
        rate="$(grep -oE 'exec/s: [0-9]+' "$log" | tail -n 1 | awk '{print $2}' || true)"
    fi
    rate="${rate:-?}"
fi
corpus_size="$(find "$work_corpus" -type f | wc -l | tr -d ' ')"

if [[ $status -ne 0 ]]; then
    failure="$(grep -m 1 -E 'Mush fuzz property failed|Fatal error|ERROR: (AddressSanitizer|libFuzzer)' "$log" || true)"
    if [[ ${#failure} -gt 240 ]]; then failure="${failure:0:240}…"; fi
    artifact="$(grep -oE "Test unit written to [^ ]+" "$log" | tail -n 1 | sed 's/Test unit written to //' || true)"
    echo "FUZZ FAILED (exit $status): ${runs:-?} executions (~${rate} exec/s); ${failure:-see $log}; input: ${artifact:-see $artifacts/}"
    exit "$status"
fi
echo "FUZZ OK: ${runs:-?} executions in ${seconds:-?}s (~${rate} exec/s), corpus ${corpus_size} files, no failures"
