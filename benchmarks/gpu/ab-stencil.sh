#!/usr/bin/env bash
# Runs ON a GPU host with several GPUs, from the repository root, with .gpu/lib, .gpu/jre.tgz and .gpu/old carried
# along (benchmarks/gpu/run.sh fills .gpu; .gpu/old holds an earlier build's runtime jar, which goes first on the
# class path): the DistributedQueue stencil (MultiGpuBench --only stencil) of the earlier build ("old"), this build
# ("new") and this build without launch threads ("nolt", -Djsycl.launchThread=off), in alternating processes, ROUNDS
# times (3), on GPUS (1,2,4). One line per process: devices, ms per step, speed-up; logs in $OUT/ab/. Steps of one
# build vary between processes by more than most changes do: compare the spread, not one pair.
set -u
cd "$(dirname "$0")/../.."
OUT="${OUT:-./bench-out}"
nv=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv" ] && ! grep -qs "$nv" /etc/OpenCL/vendors/*.icd; then
  mkdir -p /etc/OpenCL/vendors && echo "$nv" > /etc/OpenCL/vendors/nvidia.icd
fi
[ -x /tmp/jre/bin/java ] || tar xzf .gpu/jre.tgz -C /tmp
java=(/tmp/jre/bin/java -Xmx96g --enable-native-access=ALL-UNNAMED)
mkdir -p "$OUT/ab"
for i in $(seq "${ROUNDS:-3}"); do
  for v in old new nolt; do
    cp='.gpu/lib/*'; [ "$v" = old ] && cp='.gpu/old/*:.gpu/lib/*'
    extra=(); [ "$v" = nolt ] && extra=(-Djsycl.launchThread=off)
    timeout 60 "${java[@]}" "${extra[@]}" -cp "$cp" io.jsycl.bench.MultiGpuBench --only stencil --gpus "${GPUS:-1,2,4}" \
      --runs 9 --warmup 20 > "$OUT/ab/stencil-$v-$i.log" 2>&1
    echo "$v $i: $(grep -E '^\| 2-D' "$OUT/ab/stencil-$v-$i.log" | cut -d'|' -f4,5,6 | tr '\n' ' ')"
  done
done
