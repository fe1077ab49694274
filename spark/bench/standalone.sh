#!/usr/bin/env bash
# A Spark standalone cluster on this host, one worker per GPU, and the k-means sample on it: with jsycl, then as plain
# Spark (the same job in Spark SQL on the workers' cores). Each worker sees one GPU, through a discovery script of its
# own that prints that GPU's PCI address (jsycl devices --spark-resources, one entry); GPUS=0 runs the workers without
# GPU scheduling (jsycl's default device: PoCL or the host device), to try it anywhere.
#
#   spark/bench/standalone.sh CLASSPATH WORKERS POINTS K ITERATIONS
#
# CLASSPATH: the spark module's classes and its provided dependencies, ':'-separated (./dev.sh spark-sample writes it
# to spark/target/classpath.txt). Each worker gets CORES cores (default: the host's, shared out) and MEMORY (8g).
# Writes the drivers' output to $OUT (default ./spark-bench-out) and prints the timing lines; a driver gets
# DRIVER_TIMEOUT seconds (900).
set -uo pipefail
cp="${1:?classpath}"; workers="${2:?workers}"; points="${3:?points}"; k="${4:?k}"; iterations="${5:?iterations}"
# Executors start in their workers' folders: every entry absolute.
cp=$(tr ':' '\n' <<< "$cp" | while read -r e; do [ -n "$e" ] && realpath -m "$e"; done | paste -sd:)
OUT="${OUT:-./spark-bench-out}"; mkdir -p "$OUT"
java="${JAVA:-java}"
gpus="${GPUS:-$workers}"
cores="${CORES:-$(( $(nproc) / workers > 0 ? $(nproc) / workers : 1 ))}"
memory="${MEMORY:-8g}"
port=$(( 17077 + RANDOM % 1000 ))
work=$(mktemp -d)
pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export SPARK_SCALA_VERSION=2.13 SPARK_SQL_TESTING=1

"$java" -Xmx1g -cp "$cp" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" \
    --webui-port 0 > "$OUT/master.log" 2>&1 &
pids+=($!)
sleep 5
addresses=()
if [ "$gpus" -gt 0 ]; then
  # The host's GPUs as jsycl names them, one per worker.
  json=$("$java" --enable-native-access=ALL-UNNAMED -cp "$cp" io.jsycl.spark.samples.GpuList)
  read -r -a addresses <<< "$json"
fi
for ((w = 0; w < workers; w++)); do
  opts=()
  if [ "$gpus" -gt 0 ]; then
    script="$work/gpu-$w.sh"
    printf '#!/bin/sh\necho '"'"'{"name":"gpu","addresses":["%s"]}'"'"'\n' "${addresses[$w]}" > "$script"
    chmod +x "$script"
    opts=(-Dspark.worker.resource.gpu.amount=1 -Dspark.worker.resource.gpu.discoveryScript="$script")
  fi
  "$java" -Xmx1g "${opts[@]}" -cp "$cp" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores "$cores" \
      --memory "$memory" --work-dir "$work/worker-$w" --webui-port 0 "spark://127.0.0.1:$port" \
      > "$OUT/worker-$w.log" 2>&1 &
  pids+=($!)
done
sleep 8
app=(-Dspark.executor.extraClassPath="$cp" -Dspark.executorEnv.SPARK_SCALA_VERSION=2.13
     -Dspark.executorEnv.SPARK_SQL_TESTING=1 -Dspark.executor.memory="$memory"
     "-Dspark.executor.extraJavaOptions=--enable-native-access=ALL-UNNAMED"
     -Dspark.plugins=io.jsycl.spark.JsyclPlugin -Dspark.cores.max=$((cores * workers)))
if [ "$gpus" -gt 0 ]; then
  app+=(-Dspark.executor.resource.gpu.amount=1 "-Dspark.task.resource.gpu.amount=$(awk "BEGIN{print 1/$cores}")")
fi
for mode in jsycl plain; do
  timeout "${DRIVER_TIMEOUT:-900}" "$java" -Xmx4g --enable-native-access=ALL-UNNAMED "${app[@]}" -cp "$cp" \
      io.jsycl.spark.samples.SparkKMeans \
      "$points" "$k" "$iterations" "spark://127.0.0.1:$port" "$mode" > "$OUT/kmeans-$mode-$workers.log" 2>&1
  echo "$mode, $workers workers: exit $? $(grep -h 'iterations:\|MISMATCH\|equals plain' "$OUT/kmeans-$mode-$workers.log" | tr '\n' ' ')"
done
