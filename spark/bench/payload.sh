#!/usr/bin/env bash
# What spark/bench/gpu.sh needs on a GPU host without network, Maven, Java or a Spark distribution: the spark module's
# jar, the jsycl jars, Spark's, and a JRE that runs Spark, in .spark-payload/ at the repo root.
#
#   spark/bench/payload.sh
#
# Writes .spark-payload/lib/ (every jar of the classpath), jre/ (a jlinked JDK 25), files.txt (every file of both with
# its size) and part-1.txz, part-2.txz, ...: independent tar archives, each with files.txt and at most PART_MB MB
# (default 60: a GPU run carries 64 MiB at most), the jars first, the JRE last. spark/bench/unpack.sh puts them back
# into .spark-payload there.
#
# The Spark classpath is about 300 MB. Left out, and tried without them (a standalone cluster, spark/bench/gpu.sh with
# GPUS=0, the Mandelbrot sample in every mode):
# - the test scope's jars, which Maven lists with the provided ones;
# - rocksdbjni (72 MB): Spark's structured-streaming state store and an optional UI store, which batch jobs never load;
# - the file formats no job here reads or writes (Parquet, ORC, Avro, Hive's storage API and their codecs), PySpark's
#   bridge (py4j, pickle), LevelDB (the external shuffle service's and history server's store, both off);
# - native libraries for other platforms than linux-x86_64, whole jars (netty's) or entries in jars (zstd, snappy,
#   lz4, commons-crypto).
# Spark needs icu4j, arrow and datasketches even here (its function registry and SQL types load them).
# The jars are stored uncompressed before xz packs them: xz then compresses across classes and jars, which is about
# half the size of the same jars deflated (about 100 MB against 200 MB for the whole classpath).
#
# The JRE: the JREs the benchmark and test scripts leave at /tmp/jre lack modules Spark needs (java.naming and java.sql
# for its SQL types and Hadoop's configuration, jdk.security.auth for Hadoop's user, jdk.incubator.vector, which
# Spark's worker adds to every executor's command line).
set -euo pipefail
cd "$(dirname "$0")/../.."
part_mb="${PART_MB:-60}"
payload=.spark-payload

eval "$(./dev.sh env)" # JDK 25 (JAVA_HOME or /usr/lib/jvm) and Maven's settings, as dev.sh finds them

./mvnw -B -ntp -o -q install -DskipTests -pl spark -am
./mvnw -B -ntp -o -q dependency:build-classpath -pl spark -Dmdep.includeScope=provided \
    -Dmdep.outputFile="$PWD/spark/target/payload-classpath.txt"

leave_out='/(junit-|opentest4j|apiguardian|assertj-|byte-buddy|rocksdbjni|parquet-|orc-|avro|hive-storage-api|'
leave_out+='aircompressor|threeten-extra|jts-core|py4j|pickle|leveldbjni|netty-transport-native-kqueue)[^/]*\.jar$'
leave_out+='|-(osx|windows|linux-aarch_64|linux-riscv64)[^/]*\.jar$'

rm -rf "$payload"
mkdir -p "$payload/lib"
{ ls spark/target/jsycl-spark-*.jar | grep -v -e '-sources\.jar$' -e '-javadoc\.jar$'
  tr ':' '\n' < spark/target/payload-classpath.txt | grep -v -E "$leave_out"; } > "$payload/sources.txt"

# Each jar rewritten with its entries stored, not deflated, and without other platforms' native libraries.
python3 - "$payload/lib" "$payload/sources.txt" <<'EOF'
import os, re, sys, zipfile
lib, sources = sys.argv[1], sys.argv[2]
native = re.compile(r'\.(so|dll|dylib|jnilib|a)$|\.so\.')
ours = re.compile(r'(^|/)(linux|Linux)/(amd64|x86_64)/[^/]+$|/native/linux64/[^/]+$')
for src in open(sources).read().split():
    name = os.path.basename(src)
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(os.path.join(lib, name), 'w', zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            if native.search(info.filename) and not ours.search(info.filename) and 'linux-x86_64' not in name:
                continue
            out = zipfile.ZipInfo(info.filename, info.date_time)
            out.external_attr = info.external_attr
            zout.writestr(out, zin.read(info), zipfile.ZIP_STORED)
EOF
rm "$payload/sources.txt"
# Not compressed by jlink, so that xz compresses it (a third of the size of jlink's zip).
jlink --add-modules java.se,jdk.unsupported,jdk.incubator.vector,jdk.management,jdk.zipfs,jdk.naming.dns,\
jdk.security.auth,jdk.crypto.cryptoki,jdk.httpserver --strip-debug --no-header-files --no-man-pages \
    --output "$payload/jre"
(cd "$payload" && find lib jre -type f -printf '%p %s\n' | sort) > "$payload/files.txt"

# The jars in k groups balanced by size (largest first into the smallest group), one archive per group; more groups
# until every archive fits. Then the JRE, alone.
mapfile -t by_size < <(cd "$payload/lib" && ls -S ./*.jar | sed 's|^\./||')
for ((k = 2; k <= 16; k++)); do
  rm -f "$payload"/part-*.txz
  declare -a group_size=() group_files=()
  for ((g = 0; g < k; g++)); do group_size[g]=0; group_files[g]="files.txt"$'\n'; done
  for j in "${by_size[@]}"; do
    s=$(stat -c %s "$payload/lib/$j"); best=0
    for ((g = 1; g < k; g++)); do [ "${group_size[g]}" -lt "${group_size[best]}" ] && best=$g; done
    group_size[best]=$((group_size[best] + s)); group_files[best]+="lib/$j"$'\n'
  done
  for ((g = 0; g < k; g++)); do
    printf '%s' "${group_files[g]}" | tar -C "$payload" -cf - -T - | xz -6 -T1 > "$payload/part-$((g + 1)).txz" &
  done
  wait
  largest=$(stat -c %s "$payload"/part-*.txz | sort -n | tail -1)
  [ "$largest" -le $((part_mb * 1000 * 1000)) ] && break
done
tar -C "$payload" -cf - files.txt jre | xz -6 -T0 > "$payload/part-$((k + 1)).txz"
ls -l "$payload"/part-*.txz | awk '{printf "%s: %.1f MB\n", $NF, $5 / 1e6}'
echo "lib: $(ls "$payload/lib" | wc -l) jars, $(du -sm "$payload/lib" | cut -f1) MB;" \
    "jre: $(du -sm "$payload/jre" | cut -f1) MB"
