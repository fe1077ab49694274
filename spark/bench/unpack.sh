#!/bin/sh
# Puts spark/bench/payload.sh's parts back together on the GPU host: every .spark-payload/part-N.txz there is
# unpacked into .spark-payload (lib/ and jre/), once: run it after each part arrives, or once with all of them. Then it
# says whether every file of files.txt is there at its size. Exits 0 while parts are still to come; gpu.sh refuses an
# incomplete payload.
#
#   spark/bench/unpack.sh [PAYLOAD]      (PAYLOAD: default .spark-payload at the repo root)
set -eu
cd "$(dirname "$0")/../.."
payload="${1:-.spark-payload}"
unxz() {
  if command -v xz >/dev/null 2>&1; then
    xz -dc "$1"
  else
    python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), sys.stdout.buffer)' "$1"
  fi
}
for part in "$payload"/part-*.txz; do
  [ -e "$part" ] || continue
  mark="$payload/.$(basename "$part").unpacked"
  if [ -e "$mark" ] && [ "$mark" -nt "$part" ]; then
    continue
  fi
  unxz "$part" | tar -C "$payload" -xf -
  touch "$mark"
  echo "unpacked $part"
done
[ -e "$payload/files.txt" ] || { echo "no part unpacked yet in $payload" >&2; exit 1; }
missing=0
total=0
while read -r name size; do
  total=$((total + 1))
  [ "$(stat -c %s "$payload/$name" 2>/dev/null || echo -1)" = "$size" ] || missing=$((missing + 1))
done < "$payload/files.txt"
if [ "$missing" -eq 0 ]; then
  echo "$payload: all $total files (lib/ and jre/)"
else
  echo "$payload: $((total - missing)) of $total files; the other parts are still to come"
fi
