#!/usr/bin/env bash
# Regenerates the vector records (Float2 .. Double8) from kernel-lowering's vector-record.template with
# VectorRecordGenerator (kernel-lowering/src/test/java/io/jsycl/lowering), into the runtime's public API
# (runtime/src/main/java/io/jsycl) and kernel-lowering's test doubles (kernel-lowering/src/test/java/io/jsycl).
# Which records exist and what their lanes are called is VectorType (kernel-lowering/src/main). Arguments are passed
# to Maven (e.g. -o). VectorRecordGeneratorTest checks that the result is committed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
cd "$root"
./mvnw -q -pl kernel-lowering test-compile "$@"
"$JAVA_HOME/bin/java" -cp "$root/kernel-lowering/target/test-classes:$root/kernel-lowering/target/classes" \
    io.jsycl.lowering.VectorRecordGenerator "$root/runtime/src/main/java/io/jsycl" "$root/kernel-lowering/src/test/java/io/jsycl"
echo "vector records regenerated in runtime/src/main/java/io/jsycl and kernel-lowering/src/test/java/io/jsycl" >&2
