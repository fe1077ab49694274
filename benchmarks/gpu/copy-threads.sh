#!/usr/bin/env bash
# Runs ON the GPU host after remote.sh's setup (the JRE in /tmp/jre, jars in .gpu/lib): the suite's rows of the
# nd-range sum and of SAXPY, whose end-to-end columns (kept buffers, beside Aparapi's) are bound by jsycl's copies
# between Java arrays and pinned memory, with those copies on 4, 8 and 16 threads (-Djsycl.copyThreads), settings
# alternating over two rounds. Writes $OUT/copy-threads.md: each invocation's table rows under its settings.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-./bench-out}"
mkdir -p "$OUT"
java=/tmp/jre/bin/java
[ -x "$java" ] || { rm -rf /tmp/jre && tar xzf .gpu/jre.tgz -C /tmp; }
out="$OUT/copy-threads.md"
: > "$out"
for round in 1 2; do
  for threads in 8 4 16; do
    for only in nd-range SAXPY; do
      cache=$(mktemp -d /tmp/jsycl-copy-threads.XXXX)
      echo "### round $round: --only $only -Djsycl.copyThreads=$threads" >> "$out"
      timeout 90 "$java" --enable-native-access=ALL-UNNAMED -Djsycl.cache.dir="$cache" -Djsycl.copyThreads="$threads" \
          -cp '.gpu/lib/*' io.jsycl.bench.Suite --device gpu --only "$only" --skip-java --e2e 7 --out "$cache/t.md" \
          > "$cache/log" 2>&1 || echo "exit $? (a MISMATCH of Aparapi's rows exits 1)" >> "$out"
      grep -E '^\| (sum|SAXPY|Aparapi|jsycl kept)' "$cache/t.md" >> "$out" 2>/dev/null
      echo >> "$out"
      rm -rf "$cache"
    done
  done
done
