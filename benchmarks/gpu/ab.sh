#!/usr/bin/env bash
# Runs ON the GPU host after benchmarks/gpu/run.sh: jsycl built at an older commit (its jsycl-*.jar copied into
# .gpu/old/ on the development machine) against the current build (.gpu/lib), alternating in one command:
# LaunchRate twice each, JMH SubmitBenchmark once each, the SAXPY sweep from 2^19 to 2^23 once each, and the door:
# the suite's SAXPY of 2^26 floats from Java arrays and back (README idiom, buffers kept, Aparapi) once each, beside
# the device's copy bandwidth of the same run. Writes $OUT/ab.md.
set -uo pipefail
OUT="${OUT:-./ab-out}"; mkdir -p "$OUT"
STEPS=none bash benchmarks/gpu/remote.sh > /dev/null 2>&1
J=/tmp/jre/bin/java
third=$(ls .gpu/lib/*.jar | grep -v '/jsycl-' | tr '\n' ':')
declare -A CP=([old]="${third}$(ls .gpu/old/*.jar | tr '\n' ':')" [new]="${third}$(ls .gpu/lib/jsycl-*.jar | tr '\n' ':')")
run() { local v=$1; shift; timeout 150 "$J" --enable-native-access=ALL-UNNAMED -Djsycl.cache.dir=/tmp/ab-cache-$v -cp "${CP[$v]}" "$@"; }
for i in 1 2; do for v in old new; do
  echo "### LaunchRate $v round $i" >> "$OUT/ab.md"
  run $v io.jsycl.bench.LaunchRate --device gpu --reps 20000 --rounds 5 2>/dev/null | grep '^|' >> "$OUT/ab.md"
done; done
for v in old new; do
  echo "### JMH $v" >> "$OUT/ab.md"
  run $v org.openjdk.jmh.Main SubmitBenchmark -f 1 -wi 3 -i 5 -w 1s -r 1s -p device=gpu 2>&1 | grep -E '^(Benchmark|SubmitBenchmark)' >> "$OUT/ab.md"
done
for v in old new; do
  echo "### Sweep saxpy $v" >> "$OUT/ab.md"
  run $v io.jsycl.bench.Sweep --device gpu --only saxpy --min-log2 19 --max-log2 23 2>&1 | grep -E '^  saxpy' >> "$OUT/ab.md"
done
for v in old new; do
  echo "### Suite $v" >> "$OUT/ab.md"
  run $v io.jsycl.bench.Suite --device gpu --only saxpy --skip-java 2>/dev/null | grep -E '^\| [A-Za-z]' \
      | grep -v '^| workload' >> "$OUT/ab.md"
done
echo "### Suite new" >> "$OUT/ab.md"
run new io.jsycl.bench.Suite --device gpu --only copy --skip-java 2>/dev/null | grep -E '^\| [A-Za-z]' \
    | grep -v '^| workload' >> "$OUT/ab.md"
