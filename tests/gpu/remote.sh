#!/usr/bin/env bash
# GPU conformance run, step 2 of 2, ON the GPU host from the repository root, after tests/gpu/prepare.sh filled
# .gpu-tests/ on the development machine: every module's tests on every OpenCL device of the host, with the JUnit
# console launcher (no Maven there). The modules whose tests take one device (opencl, program-manager) run once per
# device type (JSYCL_DEVICE=gpu, then cpu); kernel-lowering (whose tests run no kernel), runtime, tests and cli run
# once, the kernel tests of the last three covering the host device and every OpenCL device; the scheduler tests run
# again on in-order queues as in CI; the fuzz test runs FUZZ_COUNT programs (default 700, ten times CI's 70),
# FUZZ_SEED on (default CI's seed).
# Writes $OUT/gpu-conformance-<gpu>-<date>.md (the summary: tests, failures per device, each failure's first lines)
# and $OUT/logs.tgz (every run's console output, JUnit XML and any hs_err file). LD_PRELOAD is left as the caller
# set it, and the summary records it. For a quicker look: RUNS="opencl-gpu tests" runs only those runs, and
# SELECT="--select-class io.jsycl.tests.HistogramTest" replaces every run's test selection (a partial run's summary
# says so; only a full run counts as a conformance run). DEADLINE_S: seconds from the start by which the summary must
# be written (the device tool's limit, where less device time is left than a full run takes): each run's own limit is
# cut to end 25 s before it, a run that cannot start is recorded as not started (exit 125), and the summary then says
# FAIL with what did finish, instead of the tool's kill leaving nothing. 570 by default (the tool's 10 minutes); set it
# lower where less device time is left.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-./conformance-out}"
FUZZ_COUNT="${FUZZ_COUNT:-700}"
DEADLINE_S="${DEADLINE_S:-570}"  # the device tool kills a command at 600 s at most
mkdir -p "$OUT"
work=$(mktemp -d /tmp/jsycl-conformance.XXXX)
src=$PWD/.gpu-tests

nv=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv" ] && ! grep -qs "$nv" /etc/OpenCL/vendors/*.icd; then
  mkdir -p /etc/OpenCL/vendors && echo "$nv" > /etc/OpenCL/vendors/nvidia.icd
fi
rm -rf /tmp/jre
tar xJf "$src/jre.txz" -C /tmp 2>/dev/null \
  || python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall("/tmp")' "$src/jre.txz"
java=/tmp/jre/bin/java

classpath() {  # classpath MODULE: its classes, its test classes and its test dependencies, absolute
  local cp="$src/$1/test-classes:$src/$1/classes"
  while read -r jar; do cp="$cp:$src/$jar"; done < "$src/$1.classpath"
  echo "$cp:$src/lib/$(cd "$src/lib" && ls junit-platform-console-standalone-*.jar)"
}

: > "$work/runs.tsv"
run() {  # run LABEL MODULE LIMIT_S [VAR=VALUE...] -- [JAVA_OPTION...] -- [LAUNCHER_ARGUMENT...]
  local label=$1 module=$2 limit=$3; shift 3
  if [ -n "${RUNS:-}" ] && [[ " $RUNS " != *" $label "* ]]; then return; fi
  if [ -n "$DEADLINE_S" ]; then
    local left=$((DEADLINE_S - SECONDS - 25))  # 25 s for the summary and the logs' archive
    if [ "$left" -lt 10 ]; then
      printf '%s\t125\t0\t%s\n' "$label" "not started: DEADLINE_S=$DEADLINE_S" >> "$work/runs.tsv"
      echo "$label: not started, DEADLINE_S=$DEADLINE_S"
      return
    fi
    [ "$limit" -le "$left" ] || limit=$left
  fi
  local envs=() opts=() args=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done; shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done; shift
  args=("$@")
  # shellcheck disable=SC2206 # SELECT is a list of launcher arguments
  [ -z "${SELECT:-}" ] || [ "$label" = fuzz ] || args=($SELECT)
  # The bindings' regeneration test needs libclang and the Khronos headers, which the GPU host lacks; it checks
  # generated code, not a device, and runs in CI.
  [ ${#args[@]} -gt 0 ] || args=(--scan-class-path "$src/$module/test-classes" --exclude-classname '.*BindingsRegenerationTest')
  mkdir -p "$module/target"  # tests write there, as under Maven
  mkdir -p "$work/$label" "$work/cache-$label" "$work/pocl-$label"
  local t0=$SECONDS
  # Each test is printed as it ends (testfeed), so that a JVM that dies part way names where; a dying JVM gets 30 s to
  # write its hs_err file (a crash inside PoCL's LLVM once took the run's whole limit to write it).
  # Each run has its own PoCL kernel cache: PoCL's cache is not safe for processes that build at the same time (the
  # fuzz JVM runs beside the others), and a build there once failed with "unable to rename temporary ...".
  (cd "$module" && env "${envs[@]}" CI=true POCL_CACHE_DIR="$work/pocl-$label" timeout "$limit" "$java" --enable-native-access=ALL-UNNAMED -Xss4m \
      -XX:ErrorFile="$work/$label/hs_err_pid%p.log" -XX:ErrorLogTimeout=30 -Djsycl.cache.dir="$work/cache-$label" -Djsycl.warmup=off "${opts[@]}" \
      -cp "$(classpath "$module")" org.junit.platform.console.ConsoleLauncher execute --disable-banner \
      --details=testfeed --details-theme=ascii --reports-dir "$work/$label" "${args[@]}") > "$work/$label/console.log" 2>&1
  local rc=$?
  printf '%s\t%s\t%s\t%s\n' "$label" "$rc" "$((SECONDS - t0))" "${envs[*]} ${opts[*]}" >> "$work/runs.tsv"
  echo "$label: exit $rc in $((SECONDS - t0)) s"
}

{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -1; } > "$work/gpu.txt"
(cd cli && "$java" --enable-native-access=ALL-UNNAMED -cp "$(classpath cli)" io.jsycl.cli.Main devices) \
    > "$work/devices.txt" 2>&1

# The fuzz test takes longest (FUZZ_COUNT programs, each built for every device): it runs in a JVM of its own beside
# the others, so the whole run stays under the device tool's 10 minutes.
run fuzz tests 540 -- -Djsycl.fuzz.count="$FUZZ_COUNT" ${FUZZ_SEED:+-Djsycl.fuzz.seed=$FUZZ_SEED} -- \
    --select-class io.jsycl.tests.fuzz.FuzzTest &
fuzz=$!
# The tests module's kernel tests in three JVMs at once, by class name (A-C and D-K here, the rest below): on every
# OpenCL device of the host they took 298 s on 2 H200s before the parallel algorithms' tests (each operator a kernel of
# its own, with barriers, which PoCL 5 compiles slowly) added about 100 s, and the A-K half alone then outgrew 420 s.
# At 3cfeab6 AlgorithmsTest alone took 291 s (its scans 194), the other A-E classes 98 and F-K 71: A-C against D-K.
run tests-a-c tests 420 -- -- --scan-class-path "$src/tests/test-classes" \
    --include-classname 'io\.jsycl\.tests\.[A-C][A-Za-z]*Test' &
first_part=$!
run tests-d-k tests 420 -- -- --scan-class-path "$src/tests/test-classes" \
    --include-classname 'io\.jsycl\.tests\.[D-K][A-Za-z]*Test' &
second_part=$!
for device in gpu cpu; do
  run "opencl-$device" opencl 120 JSYCL_DEVICE=$device -- --
  run "program-manager-$device" program-manager 180 JSYCL_DEVICE=$device -- --
done
run kernel-lowering kernel-lowering 180 -- --
run runtime runtime 120 -- --
# Every OpenCL device of the host: the runs here take turns beside the fuzz run and the first half of the tests
# module, and all of them must end within the device tool's 10 minutes.
run tests tests 420 -- -- --scan-class-path "$src/tests/test-classes" \
    --exclude-classname 'io\.jsycl\.tests\.(fuzz\.FuzzTest|[A-K][A-Za-z]*Test)'
run tests-in-order-queues tests 240 -- -Djsycl.outOfOrderQueues=off -- \
    --select-class io.jsycl.tests.DependencyGraphTest --select-class io.jsycl.tests.DataMovementTest \
    --select-class io.jsycl.tests.DeviceArrayTest --select-class io.jsycl.tests.CloseUnderLoadTest \
    --select-class io.jsycl.tests.SchedulerTraceTest --select-class io.jsycl.tests.SubBufferTest \
    --select-class io.jsycl.tests.LargeTransfersTest --select-class io.jsycl.tests.RepeatLaneTest \
    --select-class io.jsycl.tests.RepeatedLaunchTest --select-class io.jsycl.tests.HostTaskTest
# The same tests while the submit-path warm-up runs beside them (every other run turns it off).
run tests-warm-up tests 120 JSYCL_DEVICE=gpu -- -Djsycl.warmup=on -- \
    --select-class io.jsycl.tests.DataMovementTest --select-class io.jsycl.tests.SubBufferTest \
    --select-class io.jsycl.tests.PaddedRangeTest
# A DistributedQueue with its moves between the kernels on each device's queue (JSYCL_MOVES_QUEUE=off; on by
# default, a queue of their own per device): the multi-device tests, every GPU of the host in
# DistributedQueueDevicesTest's child JVM and the heat sample.
run tests-moves-between-kernels tests 120 JSYCL_MOVES_QUEUE=off -- -- \
    --select-class io.jsycl.tests.DistributedQueueTest --select-class io.jsycl.tests.DistributedQueueDevicesTest \
    --select-class io.jsycl.tests.samples.MultiGpuHeatTest
# The same multi-device tests while the distributed warm-up (JSYCL_DISTRIBUTED_WARMUP, off by default) runs beside
# them over their devices.
run tests-distributed-warm-up tests 120 -- -Djsycl.distributedWarmup=on -- \
    --select-class io.jsycl.tests.DistributedQueueTest --select-class io.jsycl.tests.samples.MultiGpuHeatTest
run cli cli 180 -- --
wait "$fuzz" "$first_part" "$second_part"

gpu=$(cut -d, -f1 "$work/gpu.txt" | grep -o -i -E 'h100|h200|a100|l40s?|[a-z][0-9]{2,4}' | head -1 | tr 'A-Z' 'a-z')
summary="$OUT/gpu-conformance-${gpu:-gpu}-$(date -u +%Y-%m-%d).md"
python3 tests/gpu/summarize.py --work "$work" --commit "$(cat "$src/commit")" --preload "${LD_PRELOAD:-}" \
    --fuzz-count "$FUZZ_COUNT" --partial "${RUNS:-}${SELECT:+ $SELECT}" > "$summary"
tar czf "$OUT/logs.tgz" -C "$work" --exclude='cache-*' --exclude='pocl-*' .
cat "$summary"
rm -rf "$work"
