#!/usr/bin/env bash
# Runs ON the GPU host after benchmarks/gpu/run.sh (.gpu/lib and a JRE carried along, as for ab-grid.sh): the
# diagnosis of a prepared kernel's second run (docs/performance.md, "The second run after a prepare"). GridKernels
# over the 2048² convolutions with --prepare, in processes taking turns between the default JVM and one started with
# $VARIANT (JVM options or -D settings, e.g. VARIANT="-XX:+UseTransparentHugePages" or
# VARIANT="-Djsycl.outOfOrderQueues=off"; none: both sides the default), $PAIRS pairs (4); then, once each, a process
# with the JVM's log placed around every path's first runs (--jvm-log), one with the timing thread's context switches
# (--switches) and one with the submits traced phase by phase (-Djsycl.traceSubmits=1: the first and second runs'
# phases beside their medians); then ColdSubmit, the paths' runs with the CPU's caches warm and cold. Writes
# $OUT/second-run/ and archives it as $OUT/second-run.tgz (more files than the device tool brings back one by one).
# Compare the pairs' second runs with:
#   for f in second-run/*.md; do echo "$f"; grep '^| conv.* | jsycl |' "$f"; done
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-./second-run-out}"; r="$OUT/second-run"; mkdir -p "$r"
nv=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv" ] && ! grep -qs "$nv" /etc/OpenCL/vendors/*.icd; then
  mkdir -p /etc/OpenCL/vendors && echo "$nv" > /etc/OpenCL/vendors/nvidia.icd
fi
[ -x /tmp/jre/bin/java ] || { rm -rf /tmp/jre && tar xzf .gpu/jre.tgz -C /tmp; }
J=(/tmp/jre/bin/java --enable-native-access=ALL-UNNAMED)
read -r -a variant <<< "${VARIANT:-}"
grid() { # name, JVM options..., -- GridKernels options (DEVICE: the device, gpu by default)
  local name=$1; shift; local jvm=(); while [ "$1" != -- ]; do jvm+=("$1"); shift; done; shift
  timeout 60 "${J[@]}" "${jvm[@]}" -Djsycl.cache.dir="$(mktemp -d)" -cp '.gpu/lib/*' io.jsycl.bench.GridKernels \
      --device "${DEVICE:-gpu}" --runs 15 --only conv --prepare "$@" --out "$r/$name.md" > "$r/$name.txt" 2>&1
  echo "$name $SECONDS s" >> "$r/progress.txt"
}
echo "VARIANT=${VARIANT:-}" > "$r/variant.txt"
for i in $(seq 1 "${PAIRS:-4}"); do
  grid "default-$i" -- 
  grid "variant-$i" "${variant[@]}" --
done
grid jvm-log "-Xlog:jit+compilation=debug,deoptimization=debug,safepoint=info,gc=info:file=/tmp/jvm.log:tn,tg" \
    -- --jvm-log /tmp/jvm.log
cp /tmp/jvm.log "$r/jvm.log"
grid switches -- --switches
grid traced -Djsycl.traceSubmits=1 --
# The same refill without a first launch: each path warm and right after 64 MiB written (ColdSubmit), traced.
timeout 120 "${J[@]}" -Djsycl.traceSubmits=1 -cp '.gpu/lib/*' io.jsycl.bench.ColdSubmit --device "${DEVICE:-gpu}" \
    --runs 200 --out "$r/cold-submit.md" > "$r/cold-submit.txt" 2>&1
echo "cold-submit $SECONDS s" >> "$r/progress.txt"
tar czf "$OUT/second-run.tgz" -C "$OUT" second-run && rm -rf "$r"
