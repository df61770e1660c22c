#!/usr/bin/env bash
# The render service under load (wrk, on 127.0.0.1 only): the README's card drawn to PNG at scale 2
# by mush-serve (release build) at 2, 16 and 128 connections for SECONDS each (30 by default):
# requests a second, median and 99th-percentile latency, errors. Then its resident memory after
# 10,000 and after 100,000 requests, and beside it the same card drawn by `mush render`, one process
# a request, one and two at a time.
#
#   bash Benchmarks/serve.sh
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${SECONDS_EACH:-30}"
port="${PORT:-18181}"
swift build -c release --product mush >/dev/null
(cd Server && swift build -c release --product mush-serve >/dev/null)
serve="$PWD/Server/.build/release/mush-serve"
mush="$PWD/.build/release/mush"
url="http://127.0.0.1:$port/render?scale=2"
export BODY="$PWD/Examples/card.json"
"$serve" --port "$port" --image-root Examples --log-level warning &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
# Warm: the fonts, the image headers, the shaping caches.
for _ in $(seq 50); do curl -sf -o /dev/null -X POST --data-binary @"$BODY" "$url"; done
echo "== mush-serve: POST /render?scale=2 of Examples/card.json (a PNG of $(curl -sf -X POST --data-binary @"$BODY" "$url" | wc -c) bytes), $(nproc) cores, wrk -t2 -d${seconds}s"
printf "%12s %12s %10s %10s %8s\n" connections requests/s median p99 errors
for connections in 2 16 128; do
    out="$(wrk -t2 -c"$connections" -d"${seconds}s" --latency -s Benchmarks/Load/post.lua "$url")"
    rate="$(awk '/^Requests\/sec/ { print $2 }' <<<"$out")"
    median="$(awk '$1 == "50%" { print $2 }' <<<"$out")"
    p99="$(awk '$1 == "99%" { print $2 }' <<<"$out")"
    socket="$(awk '/Socket errors/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' <<<"$out")"
    status="$(awk '/^answers-not-200/ { print $2 }' <<<"$out")"
    printf "%12s %12s %10s %10s %8s\n" "$connections" "$rate" "$median" "$p99" "$(( ${socket:-0} + ${status:-0} ))"
done
count() {
    curl -sf "http://127.0.0.1:$port/metrics" | awk '/^mush_requests_total\{route="\/render",method="POST",status="200"\}/ { n += $2 } END { printf "%d", n }'
}
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$pid/status"; }
run_until() {
    while [ "$(count)" -lt "$1" ]; do wrk -t2 -c16 -d5s -s Benchmarks/Load/post.lua "$url" >/dev/null; done
}
run_until 10000
at10k="$(rss)"; n10k="$(count)"
run_until 100000
at100k="$(rss)"; n100k="$(count)"
echo "== resident memory: $((at10k / 1024)) MB after $n10k answered requests, $((at100k / 1024)) MB after $n100k ($(awk "BEGIN { printf \"%+.1f\", ($at100k - $at10k) * 100 / $at10k }")%)"
echo "== mush render Examples/card.json -o card.png --scale 2, one process a request"
out="$(mktemp -d)"
start=$(date +%s%N)
for i in $(seq 100); do "$mush" render "$BODY" -o "$out/card-$i.png" --scale 2 >/dev/null; done
one=$(( ($(date +%s%N) - start) / 1000000 ))
start=$(date +%s%N)
seq 100 | xargs -P2 -I{} "$mush" render "$BODY" -o "$out/card-{}.png" --scale 2 >/dev/null
two=$(( ($(date +%s%N) - start) / 1000000 ))
rm -rf "$out"
echo "one at a time: $(awk "BEGIN { printf \"%.1f\", 100000 / $one }") requests/s ($(awk "BEGIN { printf \"%.1f\", $one / 100 }") ms each); two at a time: $(awk "BEGIN { printf \"%.1f\", 100000 / $two }") requests/s"
