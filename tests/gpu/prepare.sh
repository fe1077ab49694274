#!/usr/bin/env bash
# GPU conformance run, step 1 of 2, on the development machine: builds every module, then packs into .gpu-tests/
# (git-ignored, under 64 MiB) what the GPU host needs to run every module's tests without Maven:
#   jre.txz                 a jlinked JRE with the modules the tests use (java.compiler and jdk.compiler for the
#                           fuzz test's javac, java.desktop for the samples' PNG output, java.xml for the reports)
#   lib/                    every module's jar, their test dependencies and the JUnit console launcher
#   MODULE/classes, MODULE/test-classes, MODULE.classpath
#                           each module's classes and its own test class path (kernel-lowering's tests see
#                           kernel-api's jar, which must not meet the runtime's: both hold package io.jsycl)
# Step 2 runs on the GPU host from the repository root: bash tests/gpu/remote.sh (see there).
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
MODULES="opencl kernel-lowering program-manager runtime tests cli"
dest=.gpu-tests
version=$(sed -n 's:.*<version>\(.*-SNAPSHOT\)</version>.*:\1:p' pom.xml | head -1)
junit_platform=$(sed -n 's:.*<junit.version>5\.\(.*\)</junit.version>.*:1.\1:p' pom.xml)

./mvnw -B -ntp -q install -DskipTests
rm -rf "$dest" && mkdir -p "$dest/lib"
./mvnw -B -ntp -q dependency:copy -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit_platform" \
    -DoutputDirectory="$PWD/$dest/lib"
for m in $MODULES; do
  mkdir -p "$dest/$m"
  mkdir -p "$dest/$m/classes"  # tests/ has no main classes
  cp -r "$m/target/test-classes" "$dest/$m/"
  [ ! -d "$m/target/classes" ] || cp -r "$m/target/classes" "$dest/$m/"
  ./mvnw -B -ntp -q -pl "$m" dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$PWD/$dest/$m.raw"
  : > "$dest/$m.classpath"
  tr ':' '\n' < "$dest/$m.raw" | while read -r jar; do
    [ -n "$jar" ] || continue
    name=$(basename "$jar")
    case "$name" in
      jsycl-*-"$version".jar)  # this tree's own jar, never a copy another checkout installed in ~/.m2
        module=${name#jsycl-}; module=${module%-"$version".jar}
        cp "$module/target/$name" "$dest/lib/$name" ;;
      *) [ -e "$dest/lib/$name" ] || cp "$jar" "$dest/lib/$name" ;;
    esac
    echo "lib/$name" >> "$dest/$m.classpath"
  done
  rm "$dest/$m.raw"
done

# Not --compress: xz packs the plain image better (about 20 MB); ct.sym serves only javac --release, which the
# fuzz test does not use.
"$JAVA_HOME/bin/jlink" --add-modules java.base,java.logging,java.management,jdk.management,jdk.unsupported,java.compiler,jdk.compiler,java.desktop,java.xml \
    --strip-debug --no-header-files --no-man-pages --output "$dest/jre"
rm -f "$dest/jre/lib/ct.sym"
tar cJf "$dest/jre.txz" -C "$dest" jre && rm -rf "$dest/jre"
git rev-parse HEAD > "$dest/commit"
git status --porcelain --untracked-files=no | grep -q . && echo "(with uncommitted changes)" >> "$dest/commit"
du -sh "$dest"
total=$(du -sm "$dest" | cut -f1)
[ "$total" -lt 60 ] || { echo "$dest is ${total} MiB: too large to carry (64 MiB with the working tree)" >&2; exit 1; }
echo "Ready. On the GPU host, from the repository root, with $dest carried along: bash tests/gpu/remote.sh"
