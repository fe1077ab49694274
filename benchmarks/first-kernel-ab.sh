#!/bin/bash
# Warm or cold first kernel (FirstKernel jsycl) of several builds of jsycl, in fresh JVMs taking turns, so that load on
# the machine falls on every build alike. Each DIR holds one build's jsycl-*.jar files (runtime, opencl,
# program-manager, kernel-lowering, benchmarks) and optionally a file "env" of VAR=value words for its children.
#
#   benchmarks/first-kernel-ab.sh warm|cold RUNS DIR...
#
# warm: each build has one jsycl cache folder and one driver cache folder (POCL_CACHE_DIR, CUDA_CACHE_PATH), primed by
# an unmeasured run; cold: new empty ones for every child. Third-party jars: $DEPS_CP, else the benchmarks module's class path (run from the repository root
# after ./mvnw install). JAVA (default $JAVA_HOME/bin/java), DEVICE (default cpu), EXTRA (JVM options). Prints the
# median (min-max) first kernel and whole JVM per build.
set -euo pipefail
kind=$1; runs=$2; shift 2; builds=("$@")
java=${JAVA:-$JAVA_HOME/bin/java}
deps=${DEPS_CP:-$(./mvnw -q -pl benchmarks dependency:build-classpath -Dmdep.outputFile=/dev/stdout)}
deps=$(tr ':' '\n' <<< "$deps" | grep -v '/io/jsycl/' | paste -sd:)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
classpath() { echo "$(ls "$1"/jsycl-*.jar | paste -sd:):$deps"; }
child() { # child BUILD_INDEX JSYCL_DIR POCL_DIR
  local dir=${builds[$1]}
  mkdir -p "$3/cuda"
  env $(cat "$dir/env" 2>/dev/null) POCL_CACHE_DIR="$3" CUDA_CACHE_PATH="$3/cuda" "$java" --enable-native-access=ALL-UNNAMED ${EXTRA:-} \
    -Djsycl.cache.dir="$2" -cp "$(classpath "$dir")" io.jsycl.bench.FirstKernel jsycl "${DEVICE:-cpu}" 2>&1
}
if [ "$kind" = warm ]; then
  for b in "${!builds[@]}"; do mkdir -p "$work/$b/pocl"; child "$b" "$work/$b/jsycl" "$work/$b/pocl" > /dev/null; done
fi
for i in $(seq "$runs"); do
  for b in "${!builds[@]}"; do
    if [ "$kind" = warm ]; then j=$work/$b/jsycl; p=$work/$b/pocl; else j=$work/cold-$i-$b/jsycl; p=$work/cold-$i-$b/pocl; fi
    mkdir -p "$p"
    t0=$(date +%s%N)
    out=$(child "$b" "$j" "$p")
    t1=$(date +%s%N)
    first=$(sed -n 's/^first_kernel_ns=//p' <<< "$out")
    [ -n "$first" ] || { echo "no first_kernel_ns from ${builds[$b]}:"; echo "$out"; exit 1; } >&2
    echo "$b $((first / 1000000)) $(((t1 - t0) / 1000000))"
  done
done > "$work/results"
for b in "${!builds[@]}"; do
  awk -v b="$b" -v name="${builds[$b]}" 'BEGIN { n = 0 } $1 == b { f[n] = $2; j[n++] = $3 }
    function median(a, n,   i, k, t) { for (i = 0; i < n; i++) for (k = i + 1; k < n; k++) if (a[k] < a[i]) { t = a[i]; a[i] = a[k]; a[k] = t }
      return n % 2 ? a[int(n / 2)] : (a[n / 2 - 1] + a[n / 2]) / 2 }
    END { mf = median(f, n); lo = f[0]; hi = f[n - 1]; mj = median(j, n)
      printf "%s: first kernel median %d ms (%d-%d), whole JVM median %d ms, n=%d\n", name, mf, lo, hi, mj, n }' "$work/results"
done
