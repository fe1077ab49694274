#!/usr/bin/env bash
# Diagnostic: runs each given JUnit method selector of the tests module in a JVM of its own (on the GPU host, after
# tests/gpu/prepare.sh), with every generated kernel dumped; reports each run's exit and the crashing frame, and keeps
# the dumped kernels of runs that crashed in $OUT/crash-N/.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-./probe-out}"; mkdir -p "$OUT"
src=$PWD/.gpu-tests
nv=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv" ] && ! grep -qs "$nv" /etc/OpenCL/vendors/*.icd; then
  mkdir -p /etc/OpenCL/vendors && echo "$nv" > /etc/OpenCL/vendors/nvidia.icd
fi
[ -x /tmp/jre/bin/java ] || { rm -rf /tmp/jre; tar xJf "$src/jre.txz" -C /tmp; }
cp="$src/tests/test-classes:$src/tests/classes"
while read -r jar; do cp="$cp:$src/$jar"; done < "$src/tests.classpath"
cp="$cp:$src/lib/$(cd "$src/lib" && ls junit-platform-console-standalone-*.jar)"
i=0
for sel in "$@"; do
  i=$((i + 1)); d=$(mktemp -d); mkdir -p tests/target
  (cd tests && CI=true POCL_CACHE_DIR="$d/pocl" JSYCL_DUMP_KERNELS="$d/k" timeout 150 /tmp/jre/bin/java \
    --enable-native-access=ALL-UNNAMED -Xss4m -XX:ErrorFile="$d/hs_err.log" -Djsycl.cache.dir="$d/cache" \
    -Djsycl.warmup=off -cp "$cp" org.junit.platform.console.ConsoleLauncher execute --disable-banner \
    --details=summary $([[ "$sel" == *"#"* ]] && echo --select-method || echo --select-class) "$sel") > "$d/console.log" 2>&1
  rc=$?
  echo "== $sel: exit $rc; $(grep -m1 'Problematic frame' -A1 "$d/console.log" | tail -1)"
  grep -E "tests (successful|failed)" "$d/console.log"
  if [ $rc -ne 0 ]; then
    mkdir -p "$OUT/crash-$i"; cp -r "$d/k" "$OUT/crash-$i/" 2>/dev/null; cp "$d/console.log" "$OUT/crash-$i/"
    head -c 20000 "$d/hs_err.log" > "$OUT/crash-$i/hs_err.txt" 2>/dev/null
    ls "$d/k" 2>/dev/null | head -20
  fi
done
