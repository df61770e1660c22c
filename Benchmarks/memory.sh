#!/usr/bin/env bash
# Peak memory of `mush measure` on large texts: the maximum resident set size (`/usr/bin/time -v`)
# of the release build, and the bytes of peak memory per byte of input, on texts it makes itself
# (the same every run):
#
#   english    about 5 MB of English-like words (ASCII) on one line
#   cyrillic   about 5 MB of Russian-like words on one line (two UTF-8 bytes a letter)
#   mixed      about 5 MB on one line: English, Russian, Greek, Arabic, Hebrew, Thai, Devanagari
#              and CJK words in turn (bidi, fallback fonts, dictionary line breaks)
#   lines      1,000,000 short lines (one to three words each)
#
#   Benchmarks/memory.sh               # build, then every case (a few minutes on 2 cores)
#   SIZE=500000 Benchmarks/memory.sh   # smaller texts (bytes; lines: SIZE / 5 of them)
#
# Each case is measured twice: `mush measure` (the command: its result holds every line's text,
# and Foundation's JSONEncoder writes it), and the text engine alone (MemoryProbe/main.swift:
# Paragraph and layout(width:) of the same text, compiled with swiftc against the same release
# build; left out if it does not build). "B/byte" is the peak divided by the input's size in UTF-8
# bytes; "over empty" takes away the peak of an empty text first (the program, its fonts and ICU's
# data, about 26-30 MB). The texts are kept in .build/memory/ (Benchmarks/.build is ignored by git).
set -euo pipefail
cd "$(dirname "$0")"
size="${SIZE:-5000000}"
dir=.build/memory
mkdir -p "$dir"

(cd .. && swift build -c release --product mush >/dev/null)
mush="$(cd .. && swift build -c release --show-bin-path)/mush"

python3 - "$dir" "$size" <<'PY'
import os, sys
folder, size = sys.argv[1], int(sys.argv[2])
english = ("the of and to in is was that for on with as by at from his her they this which be are an "
           "not had have one all were their there been has when who will more no if out so said what up "
           "its about into than them can only other new some could time these two may then do first any "
           "my now such like our over man me even most made after also did many before must through back "
           "years where much your way well down should because each just those people how too little "
           "state good very make world still own see men work long get here between both life being "
           "under never day same another know while last might us great old year off come since against "
           "go came right used take three layout paragraph measure width glyph ribbon harbour").split()
russian = ("и в не на я быть он с что а по это она этот к но они мы как из у который то за свой весь "
           "год от так о для ты же все тот мочь вы человек такой его сказать только или ещё бы себя один "
           "как уже до время если сам когда другой вот говорить наш мой знать стать при чтобы дело жизнь "
           "кто первый очень два день её новый рука даже во со раз где там под можно ну какой после их "
           "работа без самый потом надо хотеть ли слово идти большой должен место иметь ничто").split()
others = {
    "greek": "και το να η ο της με που για τα σε από την είναι στο θα δεν των ένα τον".split(),
    "arabic": "في من على أن إلى عن مع هذا كان التي الذي هذه بين كل قد لا ما هو".split(),
    "hebrew": "של את על לא זה הוא עם גם כי היא אני יש מה אבל כל היה".split(),
    "thai": "การ ที่ และ ใน ของ ได้ เป็น มี ไม่ ให้ ว่า จะ กับ แต่ นี้ ความ".split(),
    "devanagari": "के में की है और से को का एक पर यह भी कि हैं था लिए".split(),
    "cjk": "的 一 是 不 了 人 我 在 有 他 这 中 大 来 上 国 个 到 说 们".split(),
}
state = 12345
def pick(words):
    global state
    state = (state * 1103515245 + 12345) % 2**31
    return words[(state >> 8) % len(words)]
def line_of(words_for, target):
    parts, count = [], 0
    while count < target:
        word = words_for()
        parts.append(word)
        count += len(word.encode()) + 1
    return " ".join(parts)
def write(name, text):
    with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
        f.write(text + "\n")
write("english.txt", line_of(lambda: pick(english), size))
write("cyrillic.txt", line_of(lambda: pick(russian), size))
scripts = [english, russian] + list(others.values())
turn = [0]
def mixed():
    turn[0] += 1
    return pick(scripts[(turn[0] // 6) % len(scripts)])
write("mixed.txt", line_of(mixed, size))
write("lines.txt", "\n".join(" ".join(pick(english) for _ in range(1 + i % 3)) for i in range(size // 5)))
write("empty.txt", "")
PY

release="$(cd .. && swift build -c release --show-bin-path)"
probe="$dir/MemoryProbe"
cflags=$(pkg-config --cflags-only-I harfbuzz freetype2 | sed 's/-I/-Xcc -I/g')
# shellcheck disable=SC2086
if ! swiftc -O MemoryProbe/main.swift -o "$probe" -I "$release/Modules" \
    -Xcc -fmodule-map-file="$release/CICU.build/module.modulemap" -Xcc -I../Sources/CICU/include \
    -Xcc -fmodule-map-file=../Sources/CHarfBuzz/module.modulemap -Xcc -fmodule-map-file=../Sources/CFreeType/module.modulemap \
    $cflags "$release"/Mush.build/*.o "$release"/MushText.build/*.o "$release"/MushFonts.build/*.o \
    "$release"/CICU.build/*.o -lharfbuzz -lfreetype -licuuc 2>"$dir/probe-build.log"; then
    echo "(MemoryProbe did not build, see $dir/probe-build.log: the engine-alone columns are left out)"
    probe=""
fi

peak() { # report-file command... : runs it on standard input already redirected, prints kB
    local report="$1"; shift
    /usr/bin/time -v -o "$report" "$@" >/dev/null
    awk -F': ' '/Maximum resident set size/ {print $2}' "$report"
}

printf '%-9s %-12s %10s | %13s %7s %10s %7s | %13s %7s %10s\n' input options bytes \
    "mush peak kB" B/byte "over empty" seconds "engine kB" B/byte "over empty"
empty=0 empty_probe=0
run() { # name options...
    local name="$1"; shift
    local file="$dir/$name.txt" report="$dir/time.txt"
    local kb seconds bytes probe_kb=0 width=""
    kb=$(peak "$report" "$mush" measure "$@" <"$file")
    seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$report")
    if [[ "${1:-}" == --width ]]; then width="$2"; fi
    if [[ -n "$probe" ]]; then probe_kb=$(peak "$report" "$probe" "$file" $width </dev/null); fi
    bytes=$(($(wc -c <"$file") - 1))  # the final line break is not measured
    if [[ "$name" == empty ]]; then empty=$kb empty_probe=$probe_kb; fi
    python3 -c 'import sys
name, options, bytes, kb, empty, seconds, pkb, pempty = sys.argv[1:]
bytes, kb, empty, pkb, pempty = int(bytes), int(kb), int(empty), int(pkb), int(pempty)
def per(value, base):
    return f"{(value - base) * 1024 / bytes:.1f}" if bytes else "-"
options = options or "(none)"
engine = f"{pkb:>13,} {per(pkb, 0):>7} {per(pkb, pempty):>10}" if pkb else "-".rjust(13)
print(f"{name:<9} {options:<12} {bytes:>10,} | {kb:>13,} {per(kb, 0):>7} {per(kb, empty):>10} {seconds:>7} | {engine}")' \
        "$name" "$*" "$bytes" "$kb" "$empty" "$seconds" "$probe_kb" "$empty_probe"
}
run empty
run english
run english --width 200
run english --width 10
run cyrillic
run cyrillic --width 200
run mixed --width 200
run lines
