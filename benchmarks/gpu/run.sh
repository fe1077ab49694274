#!/usr/bin/env bash
# Prepares a GPU run on the development machine: builds the jars, copies them and their dependencies into
# .gpu/lib/, jlinks a small JRE into .gpu/jre.tgz (see /work/shared/GPU.md), and prints the command to run
# on the GPU host from the repository root. .gpu/ is git-ignored; it stays under 64 MiB.
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME

./mvnw -B -ntp -q install -DskipTests
rm -rf .gpu/lib && mkdir -p .gpu/lib
# Third-party jars from the repository; jsycl's own jars from this tree's target/ folders, never from ~/.m2
# (other checkouts install the same SNAPSHOT version there).
./mvnw -B -ntp -q dependency:copy-dependencies -pl benchmarks -DincludeScope=runtime -DexcludeGroupIds=io.jsycl \
    -DoutputDirectory="$PWD/.gpu/lib"
for m in opencl kernel-lowering program-manager runtime samples benchmarks; do
  cp "$m"/target/jsycl-"$m"-*.jar .gpu/lib/
done
# aparapi-jni carries its JNI library for every OS and CPU (19 MB): keep only the Linux x86-64 one (2.8 MB) that
# its NativeLoader unpacks on the GPU host, and its loader classes.
jni=$(ls .gpu/lib/aparapi-jni-*.jar)
tmp=$(mktemp -d)
(cd "$tmp" && "$JAVA_HOME/bin/jar" xf "$OLDPWD/$jni" linux/libaparapi_x86_64.so com)
rm "$jni" && "$JAVA_HOME/bin/jar" cf "$jni" -C "$tmp" . && rm -rf "$tmp"

# java.management and jdk.management: JMH's runner and forked VMs; jdk.unsupported: JMH's Unsafe use; java.desktop:
# SweepPlot draws the size sweep's PNG (headless BufferedImage, ImageIO). java.desktop adds about 16 MB to jre.tgz and,
# being resolved at every start, about 3 ms to a JVM's start (measured with a hello world). jdk.jfr: a flight recording
# of a run on the GPU host (-XX:StartFlightRecording; the host has no jcmd, so JMH's jfr profiler cannot start one).
rm -rf .gpu/jre .gpu/jre.tgz
"$JAVA_HOME/bin/jlink" --add-modules java.base,java.logging,java.management,jdk.management,jdk.unsupported,java.desktop,jdk.jfr \
    --strip-debug --no-header-files --no-man-pages --compress zip-9 --output .gpu/jre
# SweepPlot draws text, and the GPU host has neither fontconfig nor fonts, where Java's font manager stops ("Fontconfig
# head is null"). The JRE gets its own: DejaVu Sans from this machine in lib/fonts, and lib/fontconfig.properties naming
# it, which Java reads instead of asking fontconfig (1.5 MB; the fonts' licence goes with them).
dejavu=$(find /usr/share/fonts -name DejaVuSans.ttf 2>/dev/null | head -1)
if [ -n "$dejavu" ] && [ -e "$(dirname "$dejavu")/DejaVuSans-Bold.ttf" ]; then
  mkdir -p .gpu/jre/lib/fonts
  cp "$dejavu" "$(dirname "$dejavu")/DejaVuSans-Bold.ttf" .gpu/jre/lib/fonts/
  cp /usr/share/doc/fonts-dejavu-core/copyright .gpu/jre/lib/fonts/DejaVu-LICENSE 2>/dev/null || true
  cat > .gpu/jre/lib/fontconfig.properties <<'PROPS'
version=1
sequence.allfonts=default
allfonts.default=DejaVu Sans
allfonts.default.bold=DejaVu Sans Bold
filename.DejaVu_Sans=$JRE_LIB_FONTS/DejaVuSans.ttf
filename.DejaVu_Sans_Bold=$JRE_LIB_FONTS/DejaVuSans-Bold.ttf
PROPS
else
  echo "no DejaVu Sans under /usr/share/fonts: SweepPlot will not run on the GPU host (plot its CSVs here)" >&2
fi
tar czf .gpu/jre.tgz -C .gpu jre && rm -rf .gpu/jre
# The commit these jars were built from, for the run's run.properties (the GPU host has the tree, not its history);
# "-dirty" where tracked files differed from it.
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- || commit="$commit-dirty"
echo "$commit" > .gpu/commit
du -sh .gpu/lib .gpu/jre.tgz
total=$(du -sm .gpu | cut -f1)
[ "$total" -lt 64 ] || { echo ".gpu is ${total} MiB, over the 64 MiB limit" >&2; exit 1; }

cat <<'MSG'

Ready. On the GPU host, from the repository root (with .gpu carried along):
    bash benchmarks/gpu/remote.sh          # results in $OUT (default ./bench-out)
Then here: python3 benchmarks/results/regenerate.py --add OUT   (OUT: the run's $OUT, brought back)
MSG
