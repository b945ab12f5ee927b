#!/bin/bash -eu
# ClusterFuzzLite's build step, run in the image of the Dockerfile beside
# this file ($SRC, $OUT and the sanitizer flags come from the base image).
# Builds every cargo-fuzz target of fuzz/ with debug assertions and copies
# it to $OUT, with a seed corpus made from corpus/**/*.ll (fuzz/seed.sh)
# as $OUT/<target>_seed_corpus.zip.
cd "$SRC/lloracle"
cargo fuzz build -O --debug-assertions
targets=$(cargo fuzz list)
for target in $targets; do
  cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
done
fuzz/seed.sh
for target in $targets; do
  if [ -d "fuzz/corpus/$target" ]; then
    (cd "fuzz/corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
