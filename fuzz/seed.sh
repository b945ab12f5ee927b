#!/usr/bin/env bash
# Seeds the fuzz corpora from the corpus programs (corpus/**/*.ll), so that
# nothing is duplicated in git (fuzz/corpus/ is ignored):
#   parse:  each program's text as is;
#   oracle, fast_paths, memory_models: `T` + the program's text + NUL, the input layout
#           that makes these targets parse the text and then mutate it
#           (fuzz/src/lib.rs);
#   dialect: the oracle inputs (the same layout);
#   oat:    each Oat program (corpus/**/*.oat) as is, and `G` + random bytes;
#   att:    `A` + random bytes (fuzz/fuzz_targets/att.rs);
#   oracle, fast_paths, memory_models and differential: also 32 inputs of 4 KiB random bytes, which the
#           generator turns into full-size programs (an empty start would
#           leave libFuzzer growing tiny inputs for minutes).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus/parse corpus/oracle corpus/fast_paths corpus/memory_models
n=0
while IFS= read -r -d '' f; do
    name=$(echo "${f#../corpus/}" | tr '/' '_')
    cp "$f" "corpus/parse/$name"
    { printf 'T'; cat "$f"; printf '\0'; } >"corpus/oracle/$name"
    cp "corpus/oracle/$name" "corpus/fast_paths/$name"
    cp "corpus/oracle/$name" "corpus/memory_models/$name"
    n=$((n + 1))
done < <(find ../corpus -name '*.ll' -print0)
mkdir -p corpus/differential
for i in $(seq 1 32); do
    head -c 4096 /dev/urandom >"corpus/differential/random-$i"
    cp "corpus/differential/random-$i" "corpus/oracle/random-$i"
    cp "corpus/differential/random-$i" "corpus/fast_paths/random-$i"
    cp "corpus/differential/random-$i" "corpus/memory_models/random-$i"
done
# dialect: the oracle target's inputs (same layout).
mkdir -p corpus/dialect
cp corpus/oracle/* corpus/dialect/
# oat: every Oat program of the corpus as is, and 32 `G` + random bytes (the
# Oat generator's input); att: 32 `A` + random bytes (instruction text of
# the accepted subset).
mkdir -p corpus/oat corpus/att
m=0
while IFS= read -r -d '' f; do
    cp "$f" "corpus/oat/$(echo "${f#../corpus/}" | tr '/' '_')"
    m=$((m + 1))
done < <(find ../corpus -name '*.oat' -print0)
for i in $(seq 1 32); do
    { printf 'G'; head -c 2048 /dev/urandom; } >"corpus/oat/random-$i"
    { printf 'A'; head -c 2048 /dev/urandom; } >"corpus/att/random-$i"
done
echo "seeded $n programs into fuzz/corpus/parse, fuzz/corpus/oracle, fuzz/corpus/fast_paths, fuzz/corpus/memory_models and fuzz/corpus/dialect, $m Oat programs into fuzz/corpus/oat, and fuzz/corpus/att"
