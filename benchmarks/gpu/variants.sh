#!/usr/bin/env bash
# Runs ON the GPU host after remote.sh's setup (the JRE in /tmp/jre, jars in .gpu/lib): the generated-code and
# launch-shape variants that issue 6 compares, one Suite invocation per variant, each with a fresh jsycl cache.
# Writes $OUT/variants.md (one table per invocation, the -D settings above each). Each invocation has a time limit;
# the whole script stops starting new ones after VARIANTS_BUDGET_S (default 200 s).
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-./bench-out}"
mkdir -p "$OUT"
java=/tmp/jre/bin/java
[ -x "$java" ] || { rm -rf /tmp/jre && tar xzf .gpu/jre.tgz -C /tmp; }
out="$OUT/variants.md"
: > "$out"
deadline=$((SECONDS + ${VARIANTS_BUDGET_S:-200}))

variant() {  # variant ONLY "-Dk=v ..." : one Suite run of the workloads matching ONLY with those settings
  local only=$1 props=$2
  if [ $SECONDS -ge $deadline ]; then
    echo "- skipped (budget): --only $only $props" >> "$out"
    return
  fi
  local cache
  cache=$(mktemp -d /tmp/jsycl-variant.XXXX)
  echo "### --only $only ${props:-(defaults)}" >> "$out"
  # shellcheck disable=SC2086 # the settings are separate words on purpose
  timeout 60 "$java" --enable-native-access=ALL-UNNAMED -Djsycl.cache.dir="$cache" $props -cp '.gpu/lib/*' \
      io.jsycl.bench.Suite --device gpu --only "$only" --skip-java --skip-aparapi --e2e 1 --out "$cache/t.md" \
      > "$cache/log" 2>&1 || echo "exit $? (log tail: $(tail -3 "$cache/log" | tr '\n' ' '))" >> "$out"
  grep -E '^\|' "$cache/t.md" >> "$out" 2>/dev/null
  echo >> "$out"
  rm -rf "$cache"
}

# SAXPY / vector add: the 1-D work-group the runtime picks on GPUs, and no padding (the driver picks).
for ls in 256 512 1024; do variant SAXPY "-Djsycl.localSize1d=$ls"; done
variant SAXPY "-Djsycl.padRanges=0"
# Stencil: 2-D work-group shapes (OpenCL dimension 0 first).
for ls in 32x8 64x4 128x2 32x16; do variant stencil "-Djsycl.localSize2d=$ls"; done
# Signed subscripts and zero-offset programs (on by default), each off, both off; stencil and the sums.
for w in stencil sum; do
  variant $w "-Djsycl.lowering.signedSubscripts=false -Djsycl.lowering.zeroOffsets=false"
  variant $w "-Djsycl.lowering.signedSubscripts=false"
  variant $w "-Djsycl.lowering.zeroOffsets=false"
done
echo "- variants: $SECONDS s" >> "$out"
