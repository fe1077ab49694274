#!/usr/bin/env bash
# Runs ON a GPU host with several GPUs, from the repository root, with .gpu/lib and .gpu/commit carried along (from
# benchmarks/gpu/run.sh) and a JRE at /tmp/jre (left there by tests/gpu/remote.sh or benchmarks/gpu/remote.sh on the
# same machine, else unpacked from .gpu/jre.tgz): the multi-GPU benchmark on 1, 2 and 4 GPUs, then the
# multi-dimensional kernels beside hand-written OpenCL C on the first GPU. Writes into $OUT two run folders that
# benchmarks/results/regenerate.py --add files (multi-gpu/ and grid/), each with its run.properties; with JFR=1 also
# jfr/stencil.md, the submitting thread's profile of a stencil step on every GPU; with PHASES=1 also
# phases/submit-phases.md, each grid workload's submit phase by phase.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-./bench-out}"
nv=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv" ] && ! grep -qs "$nv" /etc/OpenCL/vendors/*.icd; then
  mkdir -p /etc/OpenCL/vendors && echo "$nv" > /etc/OpenCL/vendors/nvidia.icd
fi
[ -x /tmp/jre/bin/java ] || { rm -rf /tmp/jre && tar xzf .gpu/jre.tgz -C /tmp; }
# The conformance run's JRE has no flight recorder: JFR=1 needs the benchmarks' own (carry .gpu/jre.tgz then).
if [ -n "${JFR:-}" ] && ! /tmp/jre/bin/java --list-modules | grep -q '^jdk.jfr'; then
  rm -rf /tmp/jre && tar xzf .gpu/jre.tgz -C /tmp
fi
java=(/tmp/jre/bin/java -Xmx96g --enable-native-access=ALL-UNNAMED -cp '.gpu/lib/*')
gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)
model=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1 | sed 's/, */, driver /')
page=$(grep -oE '\b[A-Z]{1,2}[0-9]{2,4}[A-Z]?\b' <<< "${model%%,*}" | head -1 | tr 'A-Z' 'a-z')
commit=$(cat .gpu/commit 2>/dev/null || echo unknown)
host_gpus="${gpus}x ${model%%,*} (NVLink between them), ${model#*, }"  # the device of the runs over several GPUs
props() {  # props DIR DEVICE COMMAND
  { echo "page=${page:-gpu}"; echo "device=$2"; echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"; echo "commit=$commit"
    echo "command=$3"; } > "$1/run.properties"
}

mkdir -p "$OUT/grid"
# ONLY=grid: the multi-dimensional kernels alone (a host with one GPU); ONLY=multi: the multi-GPU benchmark alone;
# ONLY=jfr: the JFR profiles alone; ONLY=halo: the hand-written halo exchange alone (HaloProbe, below); ONLY=moves:
# the stencil with and without JSYCL_MOVES_QUEUE (below); ONLY=variants: the stencil under several settings; ONLY=calls:
# the driver's calls (DriverCallProbe); ONLY=placement: the stencil, jsycl's and hand-written, pinned to sets of CPUs.
if [ -z "${ONLY:-}" ] || [ "$ONLY" = multi ]; then
  mkdir -p "$OUT/multi-gpu"
  args=(--gpus 1,2,4 --runs 5 --warmup 20 --saxpy-log2 30 --bodies 262144,1048576 --sgemm 16384)
  t0=$SECONDS
  timeout 330 "${java[@]}" io.jsycl.bench.MultiGpuBench "${args[@]}" > "$OUT/multi-gpu/multi-gpu.log" 2>&1
  echo "multi-gpu: exit $? in $((SECONDS - t0)) s"
  grep -E '^(#|\||$)' "$OUT/multi-gpu/multi-gpu.log" > "$OUT/multi-gpu/multi-gpu.md"
  props "$OUT/multi-gpu" "$host_gpus" \
    "java -Xmx96g --enable-native-access=ALL-UNNAMED -cp '.gpu/lib/*' io.jsycl.bench.MultiGpuBench ${args[*]} (benchmarks/gpu/multi-run.sh, after benchmarks/gpu/run.sh)"
fi

# HALO=1 or ONLY=halo: the stencil's halo exchange written by hand in OpenCL, each device's copies on its kernels'
# queue (as the DistributedQueue orders them) and on a queue of their own (io.jsycl.bench.HaloProbe), into
# $OUT/halo/halo.md: the bound for the DistributedQueue's stencil, and what moving its copies off that queue would give.
if [ -n "${HALO:-}" ] || [ "${ONLY:-}" = halo ]; then
  mkdir -p "$OUT/halo"
  t0=$SECONDS
  timeout 200 "${java[@]}" io.jsycl.bench.HaloProbe --gpus 1,2,4 --n 16384 --steps 100 --rounds 5 \
    > "$OUT/halo/halo.md" 2> "$OUT/halo/halo.log"
  echo "halo: exit $? in $((SECONDS - t0)) s"
  props "$OUT/halo" "$host_gpus" \
    "OUT=\$OUT ONLY=halo bash benchmarks/gpu/multi-run.sh (after benchmarks/gpu/run.sh): HaloProbe --gpus 1,2,4 --n 16384 --steps 100 --rounds 5"
  cat "$OUT/halo/halo.md"
fi

# ONLY=placement: the 4-GPU stencil through the DistributedQueue and written by hand (HaloProbe), each a process pinned
# to one of $CPUSETS (taskset lists, "0-31 32-63"), $ROUNDS times (3), into $OUT/placement/placement.md: whether a
# process's step time follows the CPUs it runs on, and whether the hand-written stencil follows them as much. On a
# host-bound step the CPUs' distance from the GPUs and their memory sets the pace; a virtual machine may hide that
# distance from the guest (one NUMA node, "CPU Affinity 0-63").
if [ "${ONLY:-}" = placement ]; then
  mkdir -p "$OUT/placement"
  t0=$SECONDS
  md="$OUT/placement/placement.md"
  echo "| round | CPUs | DistributedQueue ms a step | its submitting thread: CPU, wall, waits µs a step | hand-written one-queue ms | hand-written transfer-queue ms |" > "$md"
  echo "|---|---|---|---|---|---|" >> "$md"
  for round in $(seq "${ROUNDS:-3}"); do
    for cpus in ${CPUSETS:-0-31 32-63}; do
      jsycl=$(taskset -c "$cpus" timeout 100 "${java[@]}" io.jsycl.bench.MultiGpuBench --only stencil --gpus "$gpus" \
        --runs 5 --warmup 20 2>&1 | tee -a "$OUT/placement/placement.log" | grep -E '^(\| 2-D|spread:)')
      hand=$(taskset -c "$cpus" timeout 100 "${java[@]}" io.jsycl.bench.HaloProbe --gpus "$gpus" --n 16384 --steps 100 \
        --rounds 5 2>&1 | tee -a "$OUT/placement/placement.log" | grep -E '^\| [0-9]')
      ms=$(grep '^| 2-D' <<< "$jsycl" | cut -d'|' -f5 | tr -d ' ')
      usage=$(grep -oE "CPU [0-9.]+ µs a step of [0-9.]+ wall, [0-9.]+ of them" <<< "$jsycl" | tr -dc '0-9. ' | xargs | tr ' ' '/')
      one=$(grep 'one-queue' <<< "$hand" | cut -d'|' -f4 | tr -d ' ')
      two=$(grep 'transfer-queue' <<< "$hand" | cut -d'|' -f4 | tr -d ' ')
      echo "| $round | $cpus | $ms | $usage | $one | $two |" >> "$md"
    done
  done
  echo "placement: in $((SECONDS - t0)) s"
  props "$OUT/placement" "$host_gpus" \
    "CPUSETS='${CPUSETS:-0-31 32-63}' ROUNDS=${ROUNDS:-3} OUT=\$OUT ONLY=placement bash benchmarks/gpu/multi-run.sh (after benchmarks/gpu/run.sh)"
  cat "$md"
fi

# ONLY=moves: the DistributedQueue's stencil on 1, 2 and 4 GPUs with its moves between the kernels (JSYCL_MOVES_QUEUE
# off, the default) and on a queue of their own per device (on), three processes of each taking turns, into
# $OUT/moves/moves.md: whether the moves queue is worth turning on by default.
if [ "${ONLY:-}" = moves ]; then
  mkdir -p "$OUT/moves"
  t0=$SECONDS
  for round in 1 2 3; do
    for moves in off on; do
      echo "## JSYCL_MOVES_QUEUE=$moves, round $round" >> "$OUT/moves/moves.md"
      JSYCL_MOVES_QUEUE=$moves timeout 100 "${java[@]}" io.jsycl.bench.MultiGpuBench --only stencil --gpus 1,2,4 \
        --runs 5 --warmup 20 2>> "$OUT/moves/moves.log" | grep -E '^\|' >> "$OUT/moves/moves.md"
    done
  done
  echo "moves: exit $? in $((SECONDS - t0)) s"
  cat "$OUT/moves/moves.md"
fi
# ONLY=variants: the stencil under each line of $VARIANTS ("NAME ENV=VALUE... -Dprop=value... -XX:flag... CPUS=list
# WARMUP=batches JFR"; CPUS runs the process on those CPUs, taskset's list, or CPUS=node1 on NUMA node 1's; WARMUP the
# batches of 100 steps before the timed ones, 20 by default; JFR adds the submitting thread's profile within the timed
# batches, its innermost frames, and the JIT history of its hottest frames), each in turn, $ROUNDS times (2), on $GPUS
# GPUs (1,2,4).
if [ "${ONLY:-}" = variants ]; then
  mkdir -p "$OUT/variants"
  t0=$SECONDS
  for round in $(seq "${ROUNDS:-2}"); do
    while read -r name rest; do
      [ -z "$name" ] && continue
      envs=(); props=(); pin=(); warmup=20
      for w in $rest; do
        case "$w" in
          WARMUP=*) warmup="${w#WARMUP=}";;
          -D*|-XX:*) props+=("$w");;
          JFR) props+=("-XX:StartFlightRecording=filename=/tmp/variant.jfr,settings=profile,+jdk.ExecutionSample#period=1ms,+jdk.NativeMethodSample#period=1ms,+jdk.Compilation#threshold=0ms");;
          CPUS=node*) pin=(taskset -c "$(cat "/sys/devices/system/node/${w#CPUS=}/cpulist")");;
          CPUS=*) pin=(taskset -c "${w#CPUS=}");;
          *) envs+=("$w");;
        esac
      done
      echo "## $name ($rest), round $round" >> "$OUT/variants/variants.md"
      # the table's rows, and the spread of its batches with where the submitting thread ran (stderr)
      env "${envs[@]}" "${pin[@]}" timeout 100 "${java[@]:0:1}" "${props[@]}" "${java[@]:1}" \
        io.jsycl.bench.MultiGpuBench --only stencil --gpus "${GPUS:-1,2,4}" --runs 5 --warmup "$warmup" 2>&1 \
        | tee -a "$OUT/variants/variants.log" | grep -E '^(\| 2-D|spread:)' >> "$OUT/variants/variants.md"
      if [[ " $rest " == *" JFR "* ]]; then  # the submitting thread's profile within the batches: innermost frames
        "${java[@]}" io.jsycl.bench.JfrSummary /tmp/variant.jfr --thread main --anchor 'Stats.wall' \
          --top 16 --jit true 2>&1 | sed -n '/^[0-9]* samples/p;/^| self/,/^$/p;/^## JIT/p;/^| frame/,/^$/p' >> "$OUT/variants/variants.md"
        rm -f /tmp/variant.jfr
      fi
    done <<< "$VARIANTS"
  done
  echo "variants: exit $? in $((SECONDS - t0)) s"
  props "$OUT/variants" "$host_gpus" \
    "VARIANTS=\$'${VARIANTS//$'\n'/\\n}' GPUS=${GPUS:-1,2,4} ROUNDS=${ROUNDS:-2} OUT=\$OUT ONLY=variants bash benchmarks/gpu/multi-run.sh (after benchmarks/gpu/run.sh)"
  cat "$OUT/variants/variants.md"
fi
# ONLY=calls: what each OpenCL call of a multi-GPU step costs, alone and beside other threads' calls and waits
# (io.jsycl.bench.DriverCallProbe), into $OUT/calls/driver-calls.md.
if [ "${ONLY:-}" = calls ]; then
  mkdir -p "$OUT/calls"
  t0=$SECONDS
  timeout 200 "${java[@]}" io.jsycl.bench.DriverCallProbe --calls 2000 --steps 2000 > "$OUT/calls/driver-calls.md" \
    2> "$OUT/calls/driver-calls.log"
  echo "calls: exit $? in $((SECONDS - t0)) s"
  props "$OUT/calls" "$host_gpus" \
    "java --enable-native-access=ALL-UNNAMED -cp '.gpu/lib/*' io.jsycl.bench.DriverCallProbe --calls 2000 --steps 2000 (after benchmarks/gpu/run.sh; OUT=\$OUT ONLY=calls bash benchmarks/gpu/multi-run.sh runs it)"
  cat "$OUT/calls/driver-calls.md"
fi

if [ "${ONLY:-}" != jfr ] && [ "${ONLY:-}" != multi ] && [ "${ONLY:-}" != halo ] && [ "${ONLY:-}" != moves ] && [ "${ONLY:-}" != variants ] && [ "${ONLY:-}" != calls ] && [ "${ONLY:-}" != placement ]; then
  t0=$SECONDS
  timeout 200 "${java[@]}" -Djsycl.cache.dir="$(mktemp -d)" io.jsycl.bench.GridKernels --device gpu --runs 15 \
    --out "$OUT/grid/grid-kernels.md" > "$OUT/grid/grid-kernels.log" 2>&1
  echo "grid-kernels: exit $? in $((SECONDS - t0)) s"
  props "$OUT/grid" "${model}" \
    "java --enable-native-access=ALL-UNNAMED -Djsycl.cache.dir=\$(mktemp -d) -cp '.gpu/lib/*' io.jsycl.bench.GridKernels --device gpu --runs 15 (benchmarks/gpu/multi-run.sh, after benchmarks/gpu/run.sh)"
fi
# PHASES=1: where a submit's microseconds go on this host (every submit's phases, JSYCL_TRACE_SUBMITS), for the grid
# workloads beside the hand-written enqueue, into $OUT/phases/submit-phases.md.
if [ -n "${PHASES:-}" ]; then
  mkdir -p "$OUT/phases"
  t0=$SECONDS
  timeout 120 "${java[@]}" -Djsycl.traceSubmits=1 io.jsycl.bench.SubmitPhaseBench --device gpu --runs 3000 \
    > "$OUT/phases/submit-phases.md" 2> "$OUT/phases/submit-phases.log"
  echo "submit-phases: exit $? in $((SECONDS - t0)) s"
  cut -c1-220 "$OUT/phases/submit-phases.md"
fi
# JFR=1 (or JFR=stencil, JFR=sum, JFR=stencil,sum): where the host's time goes in DistributedQueue steps on every GPU
# (the 16384² stencil, the sum of 2^30 ints; JDK Flight Recorder, summarized by io.jsycl.bench.JfrSummary into
# $OUT/jfr/WORKLOAD.md): the submitting thread's, and the thread that completes the commands and combines a sum's parts.
if [ -n "${JFR:-}" ]; then
  mkdir -p "$OUT/jfr"
  for w in $( [ "$JFR" = 1 ] && echo stencil || tr ',' ' ' <<< "$JFR"); do
    more=(--runs 200); [ "$w" = sum ] && more=(--runs 1500)
    timeout 150 "${java[@]}" -XX:StartFlightRecording=filename=/tmp/$w.jfr,settings=profile,+jdk.ExecutionSample#period=1ms,+jdk.NativeMethodSample#period=1ms \
      io.jsycl.bench.MultiGpuBench --only "$w" --gpus "$gpus" "${more[@]}" --warmup 20 > "$OUT/jfr/$w.log" 2>&1
    echo "jfr $w: exit $?"
    # the submitting thread whole (its waits too), for the sum
    [ "$w" = sum ] && "${java[@]}" io.jsycl.bench.JfrSummary /tmp/$w.jfr --thread main --anchor 'MultiGpuBench.lambda$sum' \
      --after 3 --top 40 --out "$OUT/jfr/$w-main-all.md" > /dev/null 2>&1 && head -50 "$OUT/jfr/$w-main-all.md"
    for t in main 'jsycl-distributed-*'; do
      "${java[@]}" io.jsycl.bench.JfrSummary /tmp/$w.jfr --thread "$t" \
        $( [ "$t" = main ] && echo --anchor DistributedQueue.submit) --after $( [ "$w" = sum ] && echo 3 || echo 10) --top 40 \
        --out "$OUT/jfr/$w-${t%%-*}.md" > /dev/null 2>&1
      head -50 "$OUT/jfr/$w-${t%%-*}.md"
    done
  done
fi
[ -e "$OUT/multi-gpu/multi-gpu.md" ] && cat "$OUT/multi-gpu/multi-gpu.md"
[ -e "$OUT/grid/grid-kernels.md" ] && grep -E '^\| (conv|stencil|transpose|slices)' "$OUT/grid/grid-kernels.md" | cut -d'|' -f2-5,9-13
[ -e "$OUT/grid/grid-kernels.md" ] && grep -E 'submits took' "$OUT/grid/grid-kernels.md"
logs=(); [ -e "$OUT/grid/grid-kernels.log" ] && logs+=("$OUT/grid/grid-kernels.log"); [ -e "$OUT/multi-gpu/multi-gpu.log" ] && logs+=("$OUT/multi-gpu/multi-gpu.log")
[ ${#logs[@]} -gt 0 ] && tail -n 5 "${logs[@]}" | grep -iE "exception|error|mismatch" | head; true
