#!/usr/bin/env bash
# jsycl inside Apache Spark on one GPU host, against plain Spark on the host's cores and against jsycl without Spark:
# the Mandelbrot sample (SparkMandelbrot, compute-bound) on a Spark standalone cluster of one worker per GPU, each
# worker given its GPU by a discovery script of its own that prints that GPU's PCI bus id, and a worker of all the
# host's cores for plain Spark.
#
#   spark/bench/gpu.sh        (from the repo root, after spark/bench/payload.sh here and spark/bench/unpack.sh there)
#
# Runs, in this order: jsycl on one GPU without Spark (alone: jsycl's default device); jsycl-in-Spark on 1, 2, 4 ...
# GPUs (one executor per GPU, each with its worker's share of the cores), all on a WIDTH x HEIGHT image; then
# jsycl-in-Spark on every GPU and plain Spark on every core (a Java UDF per pixel), both on a PLAIN_WIDTH x PLAIN_HEIGHT
# image of the same window and iteration limit (plain Spark on 64 cores is about 150 times slower than one GPU: the
# full image would take it over an hour). Each
# driver runs one untimed warm-up job, then RUNS timed ones (PLAIN_RUNS for plain Spark) and reports their median.
# Writes $OUT/spark-gpu.md (the table, the speed-ups, Spark's overhead around one GPU), $OUT/progress.txt (a line per
# driver as it ends) and $OUT/logs.tgz: the drivers' and the cluster's logs, the executors' (which GPU each one used)
# and nvidia-smi's utilization every half second.
#
# Environment: PAYLOAD (.spark-payload), JAVA (the payload's jre/bin/java, else /tmp/jre/bin/java; it needs java.se,
# jdk.unsupported, jdk.security.auth and jdk.incubator.vector), OUT (./spark-gpu-out), GPUS (the host's GPUs; 0 runs
# WORKERS workers, default 2, without GPU scheduling, on jsycl's default device: PoCL or the host device, to try this
# anywhere), COUNTS (the GPU counts to run, default 1 2 4 ... up to GPUS), WIDTH HEIGHT MAXITER (default
# 4096 4096 4000000: 5.9e13 iterations, about 24 s of one H200 without Spark), PLAIN_WIDTH PLAIN_HEIGHT (default
# WIDTH/8 HEIGHT/8: the same window), PARTITIONS (jsycl's: 8 per GPU of the largest count), PLAIN_PARTITIONS (4 per
# core: the bands of the image differ in work), RUNS (2), PLAIN_RUNS (1), MEMORY (executor memory, 16g),
# DRIVER_TIMEOUT (seconds per driver, 400).
#
# Expected on 4 H100s or H200s (the same FP32 units) and 64 cores: about 5 minutes in all, plain Spark about 1 of
# them (2048x2048 with maxIter 3000000 took 2.4 minutes on 2 H200s and 32 cores).
set -uo pipefail
cd "$(dirname "$0")/../.."
payload="${PAYLOAD:-.spark-payload}"
if [ -n "${JAVA:-}" ]; then java="$JAVA"
elif [ -x "$payload/jre/bin/java" ]; then java="$payload/jre/bin/java"
else java=/tmp/jre/bin/java
fi
OUT="${OUT:-./spark-gpu-out}"
mkdir -p "$OUT/logs"
OUT=$(realpath "$OUT")
logs="$OUT/logs"
started=$(date +%s)

nv=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv" ] && [ ! -e /etc/OpenCL/vendors/nvidia.icd ]; then
  mkdir -p /etc/OpenCL/vendors && echo "$nv" > /etc/OpenCL/vendors/nvidia.icd
fi
# Executors are started by the workers with JAVA_HOME's java.
export JAVA_HOME="$(dirname "$(dirname "$(realpath "$(command -v "$java")")")")"
export SPARK_SCALA_VERSION=2.13 SPARK_SQL_TESTING=1 SPARK_LOCAL_IP=127.0.0.1

if [ ! -e "$payload/files.txt" ]; then
  echo "no payload in $payload: spark/bench/payload.sh here, then spark/bench/unpack.sh there" >&2
  exit 1
fi
while read -r name size; do
  if [ "$(stat -c %s "$payload/$name" 2>/dev/null || echo -1)" != "$size" ]; then
    echo "$payload/$name is missing or incomplete: unpack every part first (spark/bench/unpack.sh)" >&2
    exit 1
  fi
done < "$payload/files.txt"
for module in java.sql java.naming jdk.security.auth jdk.unsupported jdk.incubator.vector; do
  if ! "$java" --list-modules 2>/dev/null | grep -q "^$module@"; then
    echo "$java has no module $module, which Spark needs: use the payload's JRE (JAVA unset)" >&2
    exit 1
  fi
done
# Executors start in their workers' folders: every entry absolute.
cp=$(ls "$(realpath "$payload/lib")"/*.jar | paste -sd:)
sample=io.jsycl.spark.samples.SparkMandelbrot

addresses=()
if [ "${GPUS:-1}" != 0 ]; then
  read -r -a addresses <<< "$("$java" --enable-native-access=ALL-UNNAMED -cp "$cp" io.jsycl.spark.samples.GpuList)"
fi
gpus="${GPUS:-${#addresses[@]}}"
if [ "$gpus" -eq 0 ] && [ -z "${GPUS:-}" ]; then
  echo "jsycl finds no GPU here (is the NVIDIA OpenCL ICD registered?); GPUS=0 runs without GPU scheduling" >&2
  exit 1
fi
if [ "$gpus" -gt "${#addresses[@]}" ]; then
  echo "GPUS=$gpus, but jsycl finds ${#addresses[@]} GPUs: ${addresses[*]:-none}" >&2
  exit 1
fi
ncores=$(nproc)
workers=$(( gpus > 0 ? gpus : ${WORKERS:-2} ))
cores=$(( ncores / workers > 0 ? ncores / workers : 1 ))
if [ -z "${COUNTS:-}" ]; then
  COUNTS=""
  for ((g = 1; g < workers; g *= 2)); do COUNTS+="$g "; done
  COUNTS+="$workers"
fi
read -r -a counts <<< "$COUNTS"
most=${counts[-1]}
width="${WIDTH:-4096}"; height="${HEIGHT:-4096}"; maxiter="${MAXITER:-4000000}"
pwidth="${PLAIN_WIDTH:-$(( width / 8 ))}"; pheight="${PLAIN_HEIGHT:-$(( height / 8 ))}"
partitions="${PARTITIONS:-$(( 8 * most ))}"
plain_partitions="${PLAIN_PARTITIONS:-$(( 4 * ncores ))}"
runs="${RUNS:-2}"; plain_runs="${PLAIN_RUNS:-1}"
memory="${MEMORY:-16g}"
unit=$([ "$gpus" -gt 0 ] && echo GPU || echo device)
{
  echo "host: $ncores cores, $(free -g | awk '/^Mem:/ {print $2}') GiB; GPUs: ${addresses[*]:-none (GPUS=0)}"
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=index,name,pci.bus_id,driver_version --format=csv,noheader
  "$java" -version 2>&1 | head -1
} > "$logs/host.txt" 2>&1
cat "$logs/host.txt"

pids=()
work=$(mktemp -d)
cleanup() {
  kill "${pids[@]}" 2>/dev/null
  wait 2>/dev/null
  # The executors' logs (which device each one used), without the rest of the workers' folders; one archive, since
  # a few files come back from a GPU host.
  find "$logs/work" -type f ! -name stderr ! -name stdout -delete 2>/dev/null
  tar -C "$OUT" -czf "$OUT/logs.tgz" logs && rm -rf "$logs"
  rm -rf "$work"
}
trap cleanup EXIT
if [ "$gpus" -gt 0 ] && command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=timestamp,index,utilization.gpu,memory.used --format=csv -lms 500 \
      > "$logs/nvidia-smi.csv" 2>&1 &
  pids+=($!)
fi

# row NAME LOG: the median job time, the iterations and the check of one driver's log.
declare -A seconds iterations checks
row() {
  local name=$1 log=$2 rc=$3
  seconds[$name]=$(sed -n 's/^job: \([0-9.]*\) s.*/\1/p' "$log" | tail -1)
  iterations[$name]=$(sed -n 's/.*maxIter [0-9]*: \([0-9]*\) iterations.*/\1/p' "$log" | tail -1)
  if grep -q MISMATCH "$log"; then
    checks[$name]="MISMATCH"
  elif [ "$rc" -ne 0 ] || [ -z "${seconds[$name]}" ]; then
    checks[$name]="failed (exit $rc)"
  else
    checks[$name]="$(sed -n 's/^\([0-9]*\) sampled pixels.*/\1/p' "$log" | tail -1) pixels = Java"
  fi
  echo "$name: exit $rc, ${seconds[$name]:-?} s, ${iterations[$name]:-?} iterations, ${checks[$name]}" \
      | tee -a "$OUT/progress.txt"
}

# Without Spark: the kernel over the whole image on GPU 0 (jsycl's default device).
timeout "${DRIVER_TIMEOUT:-400}" "$java" -Xmx16g --enable-native-access=ALL-UNNAMED -cp "$cp" "$sample" \
    "$width" "$height" "$maxiter" - alone "$partitions" "$runs" > "$logs/alone.log" 2>&1
row alone "$logs/alone.log" $?

port=$(( 17077 + RANDOM % 1000 ))
master="spark://127.0.0.1:$port"
"$java" -Xmx2g -cp "$cp" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" --webui-port 0 \
    > "$logs/master.log" 2>&1 &
pids+=($!)
sleep 5
start_worker() { # start_worker NAME CORES [GPU address]
  local opts=()
  if [ $# -gt 2 ]; then
    local script="$work/gpu-$1.sh"
    printf '#!/bin/sh\necho '"'"'{"name":"gpu","addresses":["%s"]}'"'"'\n' "$3" > "$script"
    chmod +x "$script"
    opts=(-Dspark.worker.resource.gpu.amount=1 -Dspark.worker.resource.gpu.discoveryScript="$script")
  fi
  "$java" -Xmx1g "${opts[@]}" -cp "$cp" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores "$2" \
      --memory "$memory" --work-dir "$logs/work/$1" --webui-port 0 "$master" > "$logs/worker-$1.log" 2>&1 &
  pids+=($!)
}
for ((w = 0; w < workers; w++)); do
  if [ "$gpus" -gt 0 ]; then start_worker "gpu$w" "$cores" "${addresses[$w]}"; else start_worker "w$w" "$cores"; fi
done
sleep 10

app=(-Dspark.executor.extraClassPath="$cp" -Dspark.executorEnv.SPARK_SCALA_VERSION=2.13
     -Dspark.executorEnv.SPARK_SQL_TESTING=1 -Dspark.executor.memory="$memory"
     "-Dspark.executor.extraJavaOptions=--enable-native-access=ALL-UNNAMED"
     -Dspark.plugins=io.jsycl.spark.JsyclPlugin
     # The first job waits for every executor, so that the warm-up job builds the kernel on each of them.
     -Dspark.scheduler.minRegisteredResourcesRatio=1.0 -Dspark.scheduler.maxRegisteredResourcesWaitingTime=120s)
spark_run() { # spark_run NAME EXECUTORS EXECUTOR_CORES GPU(0|1) WIDTH HEIGHT MODE PARTITIONS RUNS
  local opts=(-Dspark.executor.cores="$3" -Dspark.cores.max=$(( $2 * $3 )))
  if [ "$4" = 1 ] && [ "$gpus" -gt 0 ]; then
    opts+=(-Dspark.executor.resource.gpu.amount=1 "-Dspark.task.resource.gpu.amount=$(awk "BEGIN{print 1/$3}")")
  fi
  timeout "${DRIVER_TIMEOUT:-400}" "$java" -Xmx8g --enable-native-access=ALL-UNNAMED "${app[@]}" "${opts[@]}" \
      -cp "$cp" "$sample" "$5" "$6" "$maxiter" "$master" "$7" "$8" "$9" > "$logs/$1.log" 2>&1
  row "$1" "$logs/$1.log" $?
}
for g in "${counts[@]}"; do
  spark_run "jsycl-$g" "$g" "$cores" 1 "$width" "$height" jsycl "$partitions" "$runs"
done
spark_run "jsycl-$most-small" "$most" "$cores" 1 "$pwidth" "$pheight" jsycl "$partitions" "$runs"
# Plain Spark's worker: every core of the host.
start_worker cpu "$ncores"
sleep 8
spark_run plain 1 "$ncores" 0 "$pwidth" "$pheight" plain "$plain_partitions" "$plain_runs"

# The executors' devices, from ExecutorDevices' log line.
grep -rh "jsycl: a context on" "$logs/work" 2>/dev/null | sed 's/.*jsycl: a context on //' | sort | uniq -c \
    > "$logs/executor-devices.txt"

ratio() { # ratio A B: A / B as 1.23x, or – where one is missing
  awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "–"; else printf "%.2fx", a / b }'
}
count() { if [ "$1" -eq 1 ]; then echo "1 $2"; else echo "$1 $2s"; fi; } # count 4 GPU: 4 GPUs
md="$OUT/spark-gpu.md"
t1=${seconds[jsycl-1]:-}
plain_s=${seconds[plain]:-}
# Plain Spark's time scaled to the full image by iterations (the same window and limit, fewer pixels).
plain_scaled=$(awk -v s="$plain_s" -v big="${iterations[jsycl-1]:-}" -v small="${iterations[plain]:-}" \
    'BEGIN { if (s == "" || big == "" || small == "" || small == 0) print ""; else printf "%.3f", s * big / small }')
{
  echo "# jsycl in Apache Spark: Mandelbrot, $(date -u +%Y-%m-%d)"
  echo
  echo "$(head -1 "$logs/host.txt"). Spark 4.2.0 standalone, one worker per $unit ($(count "$cores" core) each) and"
  echo "one of all the $ncores cores for plain Spark. Window Re -0.9..-0.1 around the main cardioid, maxIter $maxiter;"
  echo "$partitions partitions ($plain_partitions for plain Spark); median of $runs timed jobs after an untimed warm-up"
  echo "job (plain Spark: $plain_runs)."
  echo
  echo "| run | ${unit}s / cores | image | job s | vs jsycl-in-Spark 1 $unit | vs plain Spark | check |"
  echo "| --- | --- | --- | ---: | ---: | ---: | --- |"
  line() { # line NAME LABEL RESOURCES IMAGE VS1 VSPLAIN
    echo "| $2 | $3 | $4 | ${seconds[$1]:-–} | $5 | $6 | ${checks[$1]:-not run} |"
  }
  line alone "jsycl without Spark" "1 $unit" "${width}x$height" "$(ratio "$t1" "${seconds[alone]:-}")" \
      "$(ratio "$plain_scaled" "${seconds[alone]:-}")*"
  for g in "${counts[@]}"; do
    line "jsycl-$g" "jsycl in Spark" "$(count "$g" "$unit"), $(count $(( g * cores )) core)" "${width}x$height" \
        "$(ratio "$t1" "${seconds[jsycl-$g]:-}")" "$(ratio "$plain_scaled" "${seconds[jsycl-$g]:-}")*"
  done
  line "jsycl-$most-small" "jsycl in Spark" "$(count "$most" "$unit"), $(count $(( most * cores )) core)" \
      "${pwidth}x$pheight" "–" \
      "$(ratio "$plain_s" "${seconds[jsycl-$most-small]:-}")"
  line plain "plain Spark (Java UDF)" "$ncores cores" "${pwidth}x$pheight" "–" "1.00x"
  echo
  echo "\\* plain Spark ran the ${pwidth}x$pheight image (${iterations[plain]:-?} iterations); its time is scaled by"
  echo "the iterations of the ${width}x$height image (${iterations[jsycl-1]:-?}) to ${plain_scaled:-?} s."
  echo
  same=ok
  for n in alone "${counts[@]/#/jsycl-}"; do
    [ "${iterations[$n]:-x}" = "${iterations[alone]:-y}" ] || same="DIFFERENT"
  done
  [ "${iterations[jsycl-$most-small]:-x}" = "${iterations[plain]:-y}" ] || same="DIFFERENT"
  echo "- Iteration sums: every ${width}x$height run equals jsycl without Spark's, and jsycl-in-Spark's equals plain"
  echo "  Spark's on the ${pwidth}x$pheight image: $same."
  echo "- jsycl in Spark, $(count "$most" "$unit") against 1: $(ratio "$t1" "${seconds[jsycl-$most]:-}") (bar: 3.3x)."
  echo "- jsycl in Spark on $(count "$most" "$unit") against plain Spark on $ncores cores: $(ratio "$plain_scaled" \
      "${seconds[jsycl-$most]:-}") per iteration, $(ratio "$plain_s" "${seconds[jsycl-$most-small]:-}") on the same"
  echo "  ${pwidth}x$pheight image (bar: 20x)."
  echo "- Spark around one $unit's work: $(awk -v a="$t1" -v b="${seconds[alone]:-}" 'BEGIN { if (a == "" || b == "")
      print "?"; else printf "%.3f s - %.3f s = %.3f s (%.1f%% of the job)", a, b, a - b, 100 * (a - b) / a }')"
  echo "  (jsycl in Spark on 1 $unit minus jsycl without Spark on the same image)."
  echo "- Executors' devices, as their logs name them (executors of all the runs):"
  sed 's/^ *\([0-9]*\) \(.*\) for this executor.s tasks$/  - \2: \1 executors/' "$logs/executor-devices.txt"
  echo "- Whole run: $(( $(date +%s) - started )) s."
} > "$md"
cat "$md"
