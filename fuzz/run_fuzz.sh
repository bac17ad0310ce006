#!/bin/sh
# Build every fuzz/fuzz_*.c as a libFuzzer target (clang) and run each for
# $1 seconds on a scratch copy of its seed corpus (fuzz/corpus/<name>/).
# Skips with a message when clang or its libFuzzer runtime is missing.
SECONDS_EACH=${1:-20}
OUT=build-fuzz
mkdir -p "$OUT"
if ! command -v clang >/dev/null 2>&1; then
    echo "fuzz: clang not found; skipping (apt-get install clang libclang-rt-dev)"; exit 0
fi
if ! printf 'int LLVMFuzzerTestOneInput(const unsigned char*d,unsigned long n){(void)d;(void)n;return 0;}\n' \
     | clang -x c - -fsanitize=fuzzer -o "$OUT/probe" 2>/dev/null; then
    echo "fuzz: clang has no libFuzzer runtime; skipping (apt-get install libclang-rt-dev)"; exit 0
fi
LZMA=""
if printf '#include <lzma.h>\nint main(void){return 0;}\n' | clang -x c - -llzma -o /dev/null 2>/dev/null; then
    LZMA="-DCS_HAVE_LZMA=1 -llzma"
fi
ZSTD=""
if printf '#include <zstd.h>\nint main(void){return 0;}\n' | clang -x c - -lzstd -o /dev/null 2>/dev/null; then
    ZSTD="-DCS_HAVE_ZSTD=1 -lzstd"
fi
LIB=$(ls src/util/*.c src/config/*.c src/frontend/*.c src/frontend/ptx/*.c src/model/*.c src/gpu/*.c src/policy/*.c src/report/*.c 2>/dev/null)
# the policies' registration lines, collected as the Makefile does (policy/register.h)
mkdir -p "$OUT/gen"
# shellcheck disable=SC2046
sh tools/gen_registry.sh "$OUT/gen/policy_list.h" CTA_POLICY_REGISTER WARP_POLICY_REGISTER -- $(ls src/policy/*.c) || exit 1
status=0
for f in fuzz/fuzz_*.c; do
    [ -f "$f" ] || continue
    name=$(basename "$f" .c); short=${name#fuzz_}
    EXTRA=""
    [ "$name" = fuzz_fatbin ] && EXTRA="src/cudart/fatbin.c $ZSTD" # the CUDA runtime's parser
    echo "fuzz: building $name"
    # shellcheck disable=SC2086
    clang -std=c11 -D_GNU_SOURCE -g -O1 -Isrc -Iinclude -I"$OUT/gen" -fsanitize=fuzzer,address,undefined \
        -fno-sanitize-recover=undefined $f $LIB $EXTRA $LZMA -lm -lpthread -o "$OUT/$name" || { status=1; continue; }
    work=$(mktemp -d)
    [ -d "fuzz/corpus/$short" ] && cp -r "fuzz/corpus/$short/." "$work/" 2>/dev/null
    echo "fuzz: running $name for ${SECONDS_EACH}s"
    if ! "$OUT/$name" -max_total_time="$SECONDS_EACH" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
            -artifact_prefix="$OUT/$name-" "$work" >"$OUT/$name.log" 2>&1; then
        echo "fuzz: $name FAILED"; tail -30 "$OUT/$name.log"; status=1
    else
        grep -E '^#[0-9]+.*DONE|Done [0-9]+ runs' "$OUT/$name.log" | tail -1
    fi
    rm -rf "$work"
done
exit $status
