#!/usr/bin/env bash
# Builds cli/src/it/consumer, a project outside the reactor, against the jsycl artifacts installed
# in ~/.m2 (run `./mvnw install` first), and runs its vector add on the default device and on the
# host device. Exit 0 when both match Java.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
project="$here/consumer"
mvn=("$root/mvnw" -B -ntp -q -f "$project/pom.xml")
"${mvn[@]}" package
"${mvn[@]}" dependency:build-classpath "-Dmdep.outputFile=$project/target/classpath.txt"
cp="$project/target/classes:$(cat "$project/target/classpath.txt")"
"$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$cp" example.VectorAddApp
JSYCL_DEVICE=host "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$cp" example.VectorAddApp
