#!/usr/bin/env bash
# Builds, tests and runs jsycl on a fresh Debian machine.
#   ./dev.sh test               every module's tests (OpenCL tests run on PoCL)
#   ./dev.sh sample NAME [ARGS] run a sample on the default device: VectorAdd, Saxpy, MatrixMultiply,
#                               Histogram, SumReduction, PrefixSum, StreamCompaction, RowSums, Mandelbrot,
#                               Stencil, NBody, MultiGpuHeat
#   ./dev.sh spark-sample NAME [ARGS]
#                               run a Spark sample in local[*] (Spark from Maven Central): SparkKMeans,
#                               SparkMandelbrot
#   ./dev.sh regenerate [ARGS]  everything generated: the committed OpenCL bindings (from cl.h, through libclang),
#                               the per-element-type sources (runtime's and kernel-api's src/main/templates, written
#                               into target/ by every build too) and the committed golden files of the lowering
#                               (review the diff)
#   ./dev.sh env                the JDK and Maven settings below as export lines, for other scripts:
#                               eval "$(./dev.sh env)"
# Installs what is missing first: PoCL and the OpenCL ICD loader (apt), and finds JDK 25
# (JAVA_HOME if it is 25 or newer, else /usr/lib/jvm). Maven comes through ./mvnw.
set -euo pipefail
cd "$(dirname "$0")"

need_apt=()
ldconfig -p 2>/dev/null | grep -q 'libOpenCL.so.1' || need_apt+=(ocl-icd-libopencl1)
ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 || need_apt+=(pocl-opencl-icd)
[ -e /usr/lib/x86_64-linux-gnu/libclang-14.so.1 ] || need_apt+=(libclang1-14)
[ -e /usr/include/CL/cl.h ] || need_apt+=(opencl-headers)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing: ${need_apt[*]}" >&2
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

java_major() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'; }
if [ -z "${JAVA_HOME:-}" ] || [ "$(java_major "$JAVA_HOME" 2>/dev/null || echo 0)" -lt 25 ] 2>/dev/null; then
  JAVA_HOME=""
  for candidate in /usr/lib/jvm/*; do
    [ -x "$candidate/bin/javac" ] || continue
    if [ "$(java_major "$candidate")" -ge 25 ] 2>/dev/null; then JAVA_HOME="$candidate"; break; fi
  done
  [ -n "$JAVA_HOME" ] || { echo "no JDK 25 or newer: set JAVA_HOME or install one under /usr/lib/jvm" >&2; exit 1; }
fi
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
# Maven's own libraries still use sun.misc.Unsafe; keep JDK 25 from warning about it on every run.
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"

case "${1:-}" in
  test)
    shift
    exec ./mvnw -B -ntp install "$@"
    ;;
  sample)
    name="${2:?usage: ./dev.sh sample NAME [ARGS]}"; shift 2
    ./mvnw -B -ntp -q install -DskipTests -pl samples -am
    ./mvnw -B -ntp -q -pl samples dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
    exec java --enable-native-access=ALL-UNNAMED \
      -cp "samples/target/classes:$(cat samples/target/classpath.txt)" "io.jsycl.samples.$name" "$@"
    ;;
  spark-sample)
    name="${2:?usage: ./dev.sh spark-sample NAME [ARGS]}"; shift 2
    ./mvnw -B -ntp -q install -DskipTests -pl spark -am
    ./mvnw -B -ntp -q -pl spark dependency:build-classpath -Dmdep.includeScope=provided \
      -Dmdep.outputFile=target/classpath.txt
    exec java --enable-native-access=ALL-UNNAMED -Xmx2g \
      -cp "spark/target/classes:$(cat spark/target/classpath.txt)" "io.jsycl.spark.samples.$name" "$@"
    ;;
  regenerate)
    shift
    opencl/regenerate-bindings.sh
    ./mvnw -B -ntp -q compile -pl kernel-api,runtime -am "$@"
    ./mvnw -B -ntp -q test -pl kernel-lowering -am -Djsycl.golden.update=true "$@"
    git status --short -- opencl/src/main/java kernel-lowering/src/test/resources/golden 2>/dev/null || true
    ;;
  env)
    printf 'export JAVA_HOME=%q PATH=%q MAVEN_OPTS=%q\n' "$JAVA_HOME" "$PATH" "$MAVEN_OPTS"
    ;;
  *)
    sed -n '2,15p' "$0"; exit 2
    ;;
esac
