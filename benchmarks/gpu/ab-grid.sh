#!/usr/bin/env bash
# Runs ON the GPU host after benchmarks/gpu/run.sh: the multi-dimensional kernels (GridKernels) and a short kernel's
# run split (LaunchGap) with jsycl built at an older commit (its jsycl-*.jar copied into .gpu/old/ on the development
# machine; only the changed modules' jars need to differ) against the current build (.gpu/lib), in processes taking
# turns: GridKernels --runs 15 three times each, then twice each the 3x3 convolution with JSYCL_TRACE_SUBMITS=1 (its
# second run's submit phases beside their medians) and LaunchGap. Writes $OUT/ab-grid/ (archive it: more files than
# the device tool brings back one by one).
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-./ab-out}"; mkdir -p "$OUT/ab-grid"
nv=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv" ] && ! grep -qs "$nv" /etc/OpenCL/vendors/*.icd; then
  mkdir -p /etc/OpenCL/vendors && echo "$nv" > /etc/OpenCL/vendors/nvidia.icd
fi
[ -x /tmp/jre/bin/java ] || tar xzf .gpu/jre.tgz -C /tmp
J=(/tmp/jre/bin/java --enable-native-access=ALL-UNNAMED)
third=$(ls .gpu/lib/*.jar | grep -v '/jsycl-' | tr '\n' ':')
declare -A CP=([old]="${third}$(ls .gpu/old/jsycl-*.jar | tr '\n' ':')" [new]="${third}$(ls .gpu/lib/jsycl-*.jar | tr '\n' ':')")
r="$OUT/ab-grid"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$r/smi.txt" 2>&1
for i in 1 2 3; do for v in old new; do
  timeout 100 "${J[@]}" -Djsycl.cache.dir="$(mktemp -d)" -cp "${CP[$v]}" io.jsycl.bench.GridKernels --device gpu \
      --runs 15 --out "$r/grid-$v-$i.md" > "$r/grid-$v-$i.txt" 2>&1
done; done
for i in 1 2; do for v in old new; do
  JSYCL_TRACE_SUBMITS=1 timeout 60 "${J[@]}" -Djsycl.cache.dir="$(mktemp -d)" -cp "${CP[$v]}" io.jsycl.bench.GridKernels \
      --device gpu --runs 15 --only conv3x3 > "$r/traced-$v-$i.txt" 2>&1
  timeout 60 "${J[@]}" -Djsycl.cache.dir="$(mktemp -d)" -cp "${CP[$v]}" io.jsycl.bench.LaunchGap --device gpu --runs 300 \
      --blocks 10 --per 300 > "$r/gap-$v-$i.txt" 2>&1
done; done
