#!/usr/bin/env bash
# Runs ON the GPU host, from the repository root, after benchmarks/gpu/run.sh filled .gpu/ on the dev machine.
# Writes everything into $OUT (default ./bench-out). Each step has a time limit, and no step runs past a deadline
# of BUDGET_S (default 520 s) after the start, so the whole run stays under 9 minutes. A failing step is recorded in
# $OUT/summary.md and the next one still runs. $OUT/run.properties says which page of benchmarks/results/ the run
# belongs to (the GPU's model), the device, the date, the commit (.gpu/commit, from run.sh) and this command;
# back on the dev machine, `python3 benchmarks/results/regenerate.py --add OUT` merges the run into its page. Besides run.properties, $OUT ends with at most 8 files:
# summary.md, suite-gpu.md, suite-cpu.md, first-kernel.md, jmh-submit.json, torch-peers.md, variants.md, logs.tgz (every
# step's log and host.log); the step door adds door-probe.md and door-phases.md, the step first-programs
# first-programs.md, the step host-device first-programs-host.md, first-programs-cpu.md and host-device.md, the step
# grid-kernels grid-kernels.md and warmup-curve.md; the step sweep, run alone, leaves
# summary.md, sweep.md, sweep.csv, sweep.png, logs.tgz and, from its second pass, sweep-again.csv and sweep-compare.md;
# the step launch-rate leaves launch-rate[-N].md and .csv per pass and launch-rate-compare.md (and with
# LAUNCH_RATE_SOLO, launch-rate-solo-*.csv and launch-rate-solo-compare.md): more than the device tool brings back one
# by one, so archive $OUT after a run of several steps.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-./bench-out}"
mkdir -p "$OUT"
summary="$OUT/summary.md"
: > "$summary"

nv=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv" ] && ! grep -qs "$nv" /etc/OpenCL/vendors/*.icd; then
  mkdir -p /etc/OpenCL/vendors && echo "$nv" > /etc/OpenCL/vendors/nvidia.icd
fi
# run.properties: what benchmarks/results/regenerate.py needs to cite the run. The page is the GPU's model as the
# driver names it ("NVIDIA H100 80GB HBM3" -> h100); the command lists the settings this script reads.
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1 | sed 's/, */, driver /')
page=$(grep -oE '\b[A-Z]{1,2}[0-9]{2,4}[A-Z]?\b' <<< "${gpu%%,*}" | head -1 | tr 'A-Z' 'a-z')
settings=()
for v in STEPS BUDGET_S LAUNCH_RATE_PASSES LAUNCH_RATE_SOLO SKIP_TORCH SWEEP_MIN_LOG2 SWEEP_MAX_LOG2 SWEEP_AGAIN \
    KERNEL_SHAPES_ARGS ALGORITHMS_MAX_LOG2; do
  [ -n "${!v+x}" ] && settings+=("$v=\"${!v}\"")
done
{ echo "page=${page:-gpu}"; echo "device=${gpu:-unknown GPU}"; echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit=$(cat .gpu/commit 2>/dev/null || echo 'unknown (.gpu/commit missing: run benchmarks/gpu/run.sh)')"
  echo "command=OUT=\$OUT ${settings[*]} bash benchmarks/gpu/remote.sh"; } > "$OUT/run.properties"
rm -rf /tmp/jre && tar xzf .gpu/jre.tgz -C /tmp
java=/tmp/jre/bin/java
cache=$(mktemp -d /tmp/jsycl-cache.XXXX)
# An array, not a function: `timeout` runs programs, not shell functions.
run_java=("$java" --enable-native-access=ALL-UNNAMED -Djsycl.cache.dir="$cache" -cp '.gpu/lib/*')

deadline=$((SECONDS + ${BUDGET_S:-520}))
step() {  # step NAME LIMIT_S COMMAND...: runs it with a limit (cut to the deadline), logs to $OUT/NAME.log
  local name=$1 limit=$2; shift 2
  local left=$((deadline - SECONDS))
  [ "$limit" -le "$left" ] || limit=$left
  if [ "$limit" -lt 10 ]; then
    echo "- $name: skipped, ${left} s left before the deadline" | tee -a "$summary"
    return
  fi
  local t0=$SECONDS
  timeout "$limit" "$@" > "$OUT/$name.log" 2>&1
  local rc=$?
  echo "- $name: exit $rc in $((SECONDS - t0)) s" | tee -a "$summary"
}

# STEPS picks the steps (default: all but variants, saxpy-variants, aparapi-gap, door, first-programs, host-device,
# algorithms, grid-kernels and sweep, in this order); each command of the device tool may run for at most 10 minutes, so a full run is split in two, e.g.
# STEPS="suite-gpu jmh-submit torch-peers timeline" and STEPS="first-kernel suite-cpu host-transfers variants". The size
# sweep runs alone: STEPS=sweep (about 4 minutes on an H100 for 2^12..2^28; SWEEP_MIN_LOG2 and SWEEP_MAX_LOG2 change the
# range).
STEPS="${STEPS:-suite-gpu suite-cpu first-kernel jmh-submit timeline torch-peers}"
want() { [[ " $STEPS " == *" $1 "* ]]; }

{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1; ls /etc/OpenCL/vendors; nproc;
  nvidia-smi topo -m 2>&1; cat /sys/fs/cgroup/cpuset.cpus.effective 2>&1; lscpu 2>&1 | grep -i "numa\|model name";
  nvidia-smi -q -d CLOCK,PERFORMANCE 2>&1; } > "$OUT/host.log"
# The suite includes the sum reduction (2^27 ints), the 256-bin histogram (2^26 ints) and the register-blocked SGEMM
# (2048 and 4096) rows, and under each workload an Aparapi 3.0.2 row on the same GPU (Aparapi picks it among its
# GPU-type devices: NVIDIA's, not PoCL).
# Plain Java is left out here: its sequential 4096³ SGEMM alone takes minutes (the Java columns of run B stand).
want suite-gpu && step suite-gpu 320 "${run_java[@]}" io.jsycl.bench.Suite --device gpu --skip-java \
  --out "$OUT/suite-gpu.md"
want suite-cpu && step suite-cpu 90 "${run_java[@]}" io.jsycl.bench.Suite --device cpu --skip-java --skip-aparapi \
  --repeats 3 --e2e 2 --gemm 1024 --gemm-big 0 --bodies 8192 --copy-mib 256 --sum-n 33554432 --hist-n 16777216 \
  --out "$OUT/suite-cpu.md"
# Two tables: a fresh machine then the second run (cold: empty jsycl and driver cache folders per child; warm:
# folders primed by one earlier run), and CUDA_CACHE_DISABLE=1 POCL_KERNEL_CACHE=0. Rows cold, warm, raw, raw with a
# warm driver cache, raw with the JVM warmed on PoCL's CPU device, aparapi (and with a warm driver cache), and with a
# JDK AOT cache cold and warm: (4 + 9 x 5) + (2 + 6 x 5) fresh JVMs; the cold ones create their CUDA context with an
# empty compute cache (about 2 s each on run D), hence 300 s.
want first-kernel && step first-kernel 300 "${run_java[@]}" io.jsycl.bench.FirstKernelLatency --runs 5 --device gpu \
  --aot on --out "$OUT/first-kernel.md"
# 4 warm-up and 8 measured 1-s iterations per benchmark: 3 + 5 left a 99.9% interval of +-6 us on jsyclEnqueue.
want jmh-submit && step jmh-submit 95 "${run_java[@]}" org.openjdk.jmh.Main SubmitBenchmark -f 1 -wi 4 -i 8 -w 1s -r 1s \
  -p device=gpu -rf json -rff "$OUT/jmh-submit.json"
# Transfers of a 5-kernel chain and the profiling timeline of two independent kernels (its log is in logs.tgz).
want timeline && step timeline 30 "${run_java[@]}" io.jsycl.bench.Timeline gpu
# Java array -> kernel -> Java array through jsycl's transfer paths beside hand-written ones (log in logs.tgz).
want host-transfers && step host-transfers 40 "${run_java[@]}" io.jsycl.bench.HostTransfers --device gpu --log2n 24
# PyTorch as a peer in a child process (torch_peers.py --serve, io.jsycl.bench.TorchPeer): the launch rate and the
# sweep time its ops in turns with jsycl's, round by round, so that a slow spell of the GPU falls on both sides. Where
# an op costs a few µs, the same kernel's time moved by up to 2.5x from one pass to the next (runs R to U), longer than
# a row lasts; sides timed minutes apart each landed in a different spell. SKIP_TORCH=1: no peer.
peer=()
[ -z "${SKIP_TORCH:-}" ] && peer=(--peer "python3 benchmarks/gpu/torch_peers.py --serve")
# The launch cost of a tiny kernel: jsycl, raw OpenCL and PyTorch's eager launch taking turns round by round
# (io.jsycl.bench.LaunchRate), LAUNCH_RATE_PASSES times (default 3; files launch-rate.md, launch-rate-2.md, ... and
# their CSVs), each pass a fresh pair of processes, then io.jsycl.bench.LaunchRateCompare pools them
# (launch-rate-compare.md): the cost of a launch also moves from one process to the next (run V: raw OpenCL 6.18, 8.46
# and 7.99 µs in three passes), so one pass samples one process.
if want launch-rate; then
  rate_csvs=()
  for ((pass = 1; pass <= ${LAUNCH_RATE_PASSES:-3}; pass++)); do
    suffix=$([ "$pass" -eq 1 ] || echo "-$pass")
    step "launch-rate$suffix" 60 "${run_java[@]}" io.jsycl.bench.LaunchRate --device gpu --rounds 11 "${peer[@]}" \
      --out "$OUT/launch-rate$suffix.md" --csv "$OUT/launch-rate$suffix.csv"
    [ -s "$OUT/launch-rate$suffix.csv" ] && rate_csvs+=(--csv "$OUT/launch-rate$suffix.csv")
  done
  [ ${#rate_csvs[@]} -gt 0 ] && step launch-rate-compare 30 "${run_java[@]}" io.jsycl.bench.LaunchRateCompare \
    "${rate_csvs[@]}" --out "$OUT/launch-rate-compare.md"
  # LAUNCH_RATE_SOLO=N: also N turns of the sides one process at a time, no peer alive (LaunchRate alone, then
  # PyTorch's eager launch alone), pooled the same way (launch-rate-solo-compare.md): while two processes hold a
  # context on the GPU, a launch costs more on both sides (run W: PyTorch's eager launch 6.06 µs alone, 8.5 to 8.9 as
  # the peer), so the two ways are reported side by side.
  solo_csvs=()
  for ((turn = 1; turn <= ${LAUNCH_RATE_SOLO:-0}; turn++)); do
    step "launch-rate-solo-$turn" 60 "${run_java[@]}" io.jsycl.bench.LaunchRate --device gpu --rounds 11 \
      --csv "$OUT/launch-rate-solo-$turn.csv"
    [ -z "${SKIP_TORCH:-}" ] && step "launch-rate-solo-torch-$turn" 40 python3 benchmarks/gpu/torch_peers.py \
      --eager-only --eager-rounds 11 --csv "$OUT/launch-rate-solo-torch-$turn.csv"
    [ -s "$OUT/launch-rate-solo-$turn.csv" ] && [ -s "$OUT/launch-rate-solo-torch-$turn.csv" ] \
      && solo_csvs+=(--csv "$OUT/launch-rate-solo-$turn.csv,$OUT/launch-rate-solo-torch-$turn.csv")
  done
  [ ${#solo_csvs[@]} -gt 0 ] && step launch-rate-solo-compare 30 "${run_java[@]}" io.jsycl.bench.LaunchRateCompare \
    "${solo_csvs[@]}" --out "$OUT/launch-rate-solo-compare.md"
fi
want torch-peers && [ -z "${SKIP_TORCH:-}" ] && step torch-peers 60 python3 benchmarks/gpu/torch_peers.py \
  --out "$OUT/torch-peers.md"
# SAXPY forms interleaved round by round in one process: jsycl, the hand-written kernel, the generated kernel's
# shape, and hand-written float4 / 2-per-item forms (what separates OpenCL C from PyTorch's vectorized kernels).
want saxpy-variants && step saxpy-variants 60 "${run_java[@]}" io.jsycl.bench.SaxpyVariants --device gpu --rounds 5 \
  --repeats 10 --local 256
# The door: ways of moving a Java array through pinned memory with the raw bindings (io.jsycl.bench.DoorProbe), then
# SAXPY of 2^26 floats from Java arrays and back phase by phase, through host USM, beside the pinned figure and
# Aparapi's end to end, all in one process (io.jsycl.bench.DoorPhases).
want door && step door-probe 120 "${run_java[@]}" io.jsycl.bench.DoorProbe --device gpu --runs 7
want door && step door-phases 150 "${run_java[@]}" io.jsycl.bench.DoorPhases --device gpu --runs 15
want door && for f in door-probe door-phases; do
  [ -s "$OUT/$f.log" ] && grep -E '^(#|\||$|MemoryStats|Data checked|Aparapi.s profile)' "$OUT/$f.log" > "$OUT/$f.md"
done
# Two programs a new user writes, each timed whole from Java arrays to Java arrays beside the same computation in
# Java on all cores (io.jsycl.bench.FirstPrograms): the floats of 2^27 above 0.5f compacted in order with their sum
# (flag, scan, scatter), and a 3x3 box blur then the Sobel magnitude of an 8192x8192 image; first and second run, then
# the medians of 10 rounds. The input, the Java reference and one run's outputs, about 1.5 GiB of Java arrays, are
# alive at once. The heap is fixed and touched at start (-Xms = -Xmx, -XX:+AlwaysPreTouch): otherwise G1 gives memory back after each
# run's System.gc() and the next 256 MiB array pays the page faults of fresh memory, which moved both sides' times by
# up to 3x from one round to the next.
want first-programs && step first-programs 240 "${run_java[@]}" -Xms24g -Xmx24g -XX:+AlwaysPreTouch \
  io.jsycl.bench.FirstPrograms --device gpu --runs 10 \
  --out "$OUT/first-programs.md"
# The pure-Java host device on this host's cores: the three first programs on it and on the CPU's OpenCL device
# (PoCL), each beside the same computation in Java on all cores, then HostDeviceBench's kernels on the host device,
# every OpenCL CPU device and a parallel Java stream. The sizes are the development machine's
# (benchmarks/results/cpu.md), so the two pages compare.
first_small=(--log2 24 --size 4096 --points-log2 22 --runs 5)
want host-device && step first-programs-host 200 "${run_java[@]}" -Xms16g -Xmx16g -XX:+AlwaysPreTouch \
  io.jsycl.bench.FirstPrograms --device host "${first_small[@]}" --out "$OUT/first-programs-host.md"
want host-device && step first-programs-cpu 200 "${run_java[@]}" -Xms16g -Xmx16g -XX:+AlwaysPreTouch \
  io.jsycl.bench.FirstPrograms --device cpu "${first_small[@]}" --out "$OUT/first-programs-cpu.md"
want host-device && step host-device 150 "${run_java[@]}" io.jsycl.bench.HostDeviceBench --log2 20 --runs 21
want host-device && [ -s "$OUT/host-device.log" ] && grep -E '^(#|\||$)' "$OUT/host-device.log" > "$OUT/host-device.md"
# 2-D and 3-D Range kernels on device data beside the same kernels hand-written with fixed work-groups (32x8 and 16x16,
# 8x8x4 and 32x4x2), the paths taking turns round by round (io.jsycl.bench.GridKernels): 3x3 convolution of 2048^2 and
# 8192^2, 5x5 of 2048^2, a 5-point Jacobi step of 4096^2, a 7-point stencil of 256^3, a naive transpose of 4096^2 and
# a 256^3 box filter as 254 launches, one per slice; each path's first and second run, the first five, the median and
# min of 15 more, device time, and the work-group jsycl chose (its scheduler's trace); outputs checked bit-exactly.
want grid-kernels && step grid-kernels 200 "${run_java[@]}" io.jsycl.bench.GridKernels --device gpu --runs 15 \
  --out "$OUT/grid-kernels.md"
# How a 2-D kernel's run time falls over the first 4000 runs of a fresh JVM, jsycl beside hand-written: the JIT's warm-up.
want grid-kernels && step warmup-curve 60 "${run_java[@]}" io.jsycl.bench.WarmupCurve --device gpu --runs 4000
want grid-kernels && [ -s "$OUT/warmup-curve.log" ] && grep -E '^(#|\||$|jsycl)' "$OUT/warmup-curve.log" > "$OUT/warmup-curve.md"
# The suite's n-body, Mandelbrot and naive SGEMM kernels built the ways jsycl, Aparapi and fast math build them,
# interleaved in one process: where the per-kernel gap to Aparapi comes from.
want aparapi-gap && step aparapi-gap 90 "${run_java[@]}" io.jsycl.bench.AparapiGapProbe --device gpu --rounds 3 \
  --repeats 5
# Inclusive scans of 2^16 .. 2^26 ints on the device: the PrefixSum sample (three kernels) and OnePassScan (one
# kernel, decoupled look-back); torch.cumsum is in torch-peers.
want scan && step scan 90 "${run_java[@]}" io.jsycl.bench.ScanBench --device gpu --out "$OUT/scan.md"
# The parallel algorithms (io.jsycl.bench.AlgorithmsBench: scan, compaction, sum, sort with indices) beside the
# device's copy and PyTorch's cumsum, masked_select, sum and sort on the same GPU, 2^20 .. 2^28 (ALGORITHMS_MAX_LOG2);
# then, with JSYCL_PROFILE=1, the same at 2^24 alone: each kernel's device time (the table on stderr, in
# algorithms-profile.log), which says where an algorithm's time goes.
if want algorithms; then
  [ -z "${SKIP_TORCH:-}" ] && step algorithms-torch 150 python3 benchmarks/gpu/torch_algorithms.py --min-log2 20 \
    --max-log2 "${ALGORITHMS_MAX_LOG2:-28}" --csv "$OUT/algorithms-torch.csv"
  step algorithms 360 "${run_java[@]}" -Xmx48g io.jsycl.bench.AlgorithmsBench --device gpu --min-log2 20 \
    --max-log2 "${ALGORITHMS_MAX_LOG2:-28}" --torch "$OUT/algorithms-torch.csv" --out "$OUT/algorithms.md"
  step algorithms-profile 90 env JSYCL_PROFILE=1 "${run_java[@]}" io.jsycl.bench.AlgorithmsBench --device gpu \
    --min-log2 24 --max-log2 24
fi
# Hand-written shapes of SAXPY (2^20..2^24, 2^26) and of the float sum (2^27, 2^28) where jsycl trails PyTorch, with
# the driver's extensions (io.jsycl.bench.KernelShapes), then PyTorch's sweep over the same sizes beside them.
# KERNEL_SHAPES_ARGS picks the sizes (e.g. "--saxpy 26 --sum 27,28").
want kernel-shapes && step kernel-shapes 150 "${run_java[@]}" io.jsycl.bench.KernelShapes --device gpu \
  ${KERNEL_SHAPES_ARGS:-} --out "$OUT/kernel-shapes.md"
want kernel-shapes && [ -z "${SKIP_TORCH:-}" ] && step kernel-shapes-torch 120 python3 benchmarks/gpu/torch_peers.py \
  --sweep --min-log2 20 --max-log2 28 --csv "$OUT/kernel-shapes-torch.csv" --out "$OUT/kernel-shapes-torch.md"
want variants && step variants 220 env OUT="$OUT" VARIANTS_BUDGET_S=200 bash benchmarks/gpu/variants.sh
# The size sweep: SAXPY, int and float sums and the device copy at every n = 2^k on device-resident data, jsycl beside
# hand-written OpenCL C and PyTorch, all paths of a row taking turns (io.jsycl.bench.Sweep --peer; PyTorch's rows are
# path torch in the same CSV), then a second pass of SWEEP_AGAIN's workloads (default SAXPY; empty: none);
# io.jsycl.bench.SweepCompare tables each pass's speeds against PyTorch (sweep-compare.md) and
# io.jsycl.bench.SweepPlot draws the first pass into sweep.png (per-op time, GB/s, speed against PyTorch).
sweep_range=(--min-log2 "${SWEEP_MIN_LOG2:-12}" --max-log2 "${SWEEP_MAX_LOG2:-28}")
want sweep && step sweep 330 "${run_java[@]}" io.jsycl.bench.Sweep --device gpu "${sweep_range[@]}" "${peer[@]}" \
  --out "$OUT/sweep.md" --csv "$OUT/sweep.csv"
again="${SWEEP_AGAIN-saxpy}"
if want sweep && [ -n "$again" ]; then
  step sweep-again 150 "${run_java[@]}" io.jsycl.bench.Sweep --device gpu "${sweep_range[@]}" --only "$again" \
    "${peer[@]}" --csv "$OUT/sweep-again.csv"
fi
if want sweep && [ -s "$OUT/sweep.csv" ] && [ ${#peer[@]} -gt 0 ]; then
  passes=(--pass "first=$OUT/sweep.csv")
  [ -s "$OUT/sweep-again.csv" ] && passes+=(--pass "again=$OUT/sweep-again.csv")
  step sweep-compare 30 "${run_java[@]}" io.jsycl.bench.SweepCompare "${passes[@]}" --out "$OUT/sweep-compare.md"
fi
if want sweep && [ -s "$OUT/sweep.csv" ]; then
  step sweep-plot 60 "${run_java[@]}" io.jsycl.bench.SweepPlot --csv "$OUT/sweep.csv" --out "$OUT/sweep.png"
fi

cat "$OUT"/suite-gpu.md "$OUT"/suite-cpu.md "$OUT"/first-kernel.md "$OUT"/torch-peers.md "$OUT"/variants.md \
  "$OUT"/door-probe.md "$OUT"/door-phases.md "$OUT"/first-programs.md "$OUT"/first-programs-host.md \
  "$OUT"/first-programs-cpu.md "$OUT"/host-device.md "$OUT"/grid-kernels.md "$OUT"/warmup-curve.md \
  "$OUT"/sweep.md "$OUT"/sweep-compare.md "$OUT"/launch-rate-compare.md \
  "$OUT"/launch-rate-solo-compare.md 2>/dev/null
grep -E '^(Benchmark|SubmitBenchmark)' "$OUT/jmh-submit.log" 2>/dev/null
cat "$OUT/saxpy-variants.log" "$OUT/aparapi-gap.log" 2>/dev/null
cat "$OUT/timeline.log" 2>/dev/null
cat "$summary"
rm -rf "$cache"
# The remote-run tool brings back at most 8 files: fold the per-step logs into one archive.
tar czf "$OUT/logs.tgz" -C "$OUT" $(cd "$OUT" && ls *.log) && rm -f "$OUT"/*.log
echo "- total: $SECONDS s" >> "$summary"
ls "$OUT"
