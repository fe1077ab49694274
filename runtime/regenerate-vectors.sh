#!/usr/bin/env bash
# Regenerates every generated source of package io.jsycl, into the runtime's public API (runtime/src/main/java/io/jsycl)
# and kernel-lowering's test doubles (kernel-lowering/src/test/java/io/jsycl), with the generators in
# kernel-lowering/src/test/java/io/jsycl/lowering:
#   - VectorRecordGenerator: the vector records (Float2 .. Double8) from vector-record.template; which records exist
#     and what their lanes are called is VectorType (kernel-lowering/src/main);
#   - SpecializationGenerator: the per-element-type classes of Accessor, LocalAccessor, HostAccessor, Buffer and
#     DeviceArray (FloatAccessor ...), the files that declare their public nested types (Accessor.java ...) and the
#     test doubles of Accessor and LocalAccessor, from the templates in specializations/.
# Arguments are passed to Maven (e.g. -o). VectorRecordGeneratorTest and SpecializationGeneratorTest check that the
# result is committed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
cd "$root"
./mvnw -q -pl kernel-lowering test-compile "$@"
classpath="$root/kernel-lowering/target/test-classes:$root/kernel-lowering/target/classes"
runtime="$root/runtime/src/main/java/io/jsycl"
doubles="$root/kernel-lowering/src/test/java/io/jsycl"
"$JAVA_HOME/bin/java" -cp "$classpath" io.jsycl.lowering.VectorRecordGenerator "$runtime" "$doubles"
"$JAVA_HOME/bin/java" -cp "$classpath" io.jsycl.lowering.SpecializationGenerator "$runtime" "$doubles"
echo "vector records and per-element-type classes regenerated in $runtime and $doubles" >&2
