#!/usr/bin/env bash
# Regenerates the committed FFM bindings (src/main/java/io/jsycl/opencl/bindings) from /usr/include/CL/cl.h
# with BindingsGenerator (src/test/java/io/jsycl/opencl/generator), which calls libclang through FFM.
# Needs JDK 25, opencl-headers and libclang1-14. BindingsRegenerationTest checks that the result is committed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
cd "$here/.."
./mvnw -q -pl opencl test-compile
"$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED \
    -cp "$here/target/test-classes:$here/target/classes" \
    io.jsycl.opencl.generator.BindingsGenerator "$here/src/main/java/io/jsycl/opencl/bindings"
echo "bindings regenerated in $here/src/main/java/io/jsycl/opencl/bindings" >&2
