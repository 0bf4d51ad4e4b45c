#!/usr/bin/env bash
# OSU-style ping-pong on every device, in one run: the threads device (one JVM), the native MPI device on
# Open MPI and on MPICH, and the C reference (scripts/native-bench/pingpong.c, built with each mpicc now).
# Prints 8-byte one-way latency, 1 MiB ping-pong and streaming bandwidth, and the CPU time of an 8-byte
# Sendrecv of rank 0 with itself (the calls' own cost, which a loaded machine's scheduling does not
# inflate), each the median over --rounds runs that alternate C and Java, with the ratios of the native
# device to C on the same MPI.
# Needs a JDK 22+ (BAMBOO_NATIVE_JAVA_HOME, else JAVA_HOME, else /usr/lib/jvm/temurin-25-jdk-amd64) and
# scripts/install-mpi.sh; an MPI that is absent is reported as skipped.
# Usage: scripts/native-bench.sh [--quick] [--rounds N]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
quick=()
rounds=3
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=(--quick) ;;
    --rounds) rounds="$2"; shift ;;
    *) echo "usage: scripts/native-bench.sh [--quick] [--rounds N]" >&2; exit 2 ;;
  esac
  shift
done

jdk="${BAMBOO_NATIVE_JAVA_HOME:-${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}}"
feature="$("$jdk/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
if [ "${feature:-0}" -lt 22 ] 2>/dev/null; then
  echo "native-bench: the native device needs a JDK 22+; $jdk is $feature (set BAMBOO_NATIVE_JAVA_HOME)" >&2
  exit 2
fi
jar="$root/mpi-shim-native/target/bamboo-mpi-shim-native.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$root/mpi-shim-native/src/main" -newer "$jar" -print -quit)" ]; then
  (cd "$root" && JAVA_HOME="$jdk" mvn -B -q -DskipTests -pl mpi-shim-native package) >&2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$jdk/bin/javac" -cp "$jar" -d "$work" "$root/scripts/native-bench/PingPong.java"
root_flag=()
[ "$(id -u)" = 0 ] && root_flag=(--allow-run-as-root)

declare -A lat pp st sf
add() { # name, output of a run
  lat[$1]+="$(awk '$2=="latency_8B"{print $3}' <<<"$2") "
  pp[$1]+="$(awk '$2=="pingpong_1MiB"{print $3}' <<<"$2") "
  st[$1]+="$(awk '$2=="stream_1MiB"{print $3}' <<<"$2") "
  sf[$1]+="$(awk '$2=="self_8B_cpu"{print $3}' <<<"$2") "
}
median() { tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -g | awk '{v[NR]=$1} END{if (NR) print v[int((NR+1)/2)]; else print "-"}'; }

rows=(threads)
for impl in openmpi mpich; do
  if [ "$impl" = openmpi ]; then launch=(mpirun.openmpi "${root_flag[@]}" -np 2); cc=mpicc.openmpi; lib=libmpi.so.40
  else launch=(mpiexec.mpich -n 2); cc=mpicc.mpich; lib=libmpich.so.12; fi
  if ! command -v "${launch[0]}" >/dev/null || ! command -v "$cc" >/dev/null || [ "$(ldconfig -p | grep -c "$lib")" = 0 ]; then
    echo "$impl: skipped (${launch[0]}, $cc or $lib not installed: scripts/install-mpi.sh)" >&2
    continue
  fi
  "$cc" -O2 -o "$work/pingpong-$impl" "$root/scripts/native-bench/pingpong.c"
  rows+=("native-$impl" "c-$impl")
done

for r in $(seq "$rounds"); do
  echo "round $r of $rounds..." >&2
  add threads "$("$root/bamboo" run --np 2 "$root/scripts/native-bench/PingPong.java" "${quick[@]}")"
  for impl in openmpi mpich; do
    [ -x "$work/pingpong-$impl" ] || continue
    if [ "$impl" = openmpi ]; then launch=(mpirun.openmpi "${root_flag[@]}" -np 2); else launch=(mpiexec.mpich -n 2); fi
    add "c-$impl" "$("${launch[@]}" "$work/pingpong-$impl" "${quick[@]}")"
    add "native-$impl" "$(BAMBOO_MPI_LIB=$impl "${launch[@]}" "$jdk/bin/java" --enable-native-access=ALL-UNNAMED \
        -XX:+UseSerialGC -cp "$work:$jar" PingPong "${quick[@]}")"
  done
done

printf '%-18s %14s %16s %16s %14s %8s %8s %8s %8s\n' device "latency 8 B" "ping-pong 1MiB" "stream 1MiB" \
  "self 8 B CPU" "lat/C" "pp/C" "stream/C" "self/C"
for row in "${rows[@]}"; do
  l="$(median "${lat[$row]}")"; p="$(median "${pp[$row]}")"; s="$(median "${st[$row]}")"; f="$(median "${sf[$row]}")"
  ratios=("" "" "" "")
  case "$row" in native-*)
    c="c-${row#native-}"
    ratios=("$(awk -v a="$l" -v b="$(median "${lat[$c]}")" 'BEGIN{printf "%.2fx", a/b}')"
            "$(awk -v a="$p" -v b="$(median "${pp[$c]}")" 'BEGIN{printf "%.0f%%", 100*a/b}')"
            "$(awk -v a="$s" -v b="$(median "${st[$c]}")" 'BEGIN{printf "%.0f%%", 100*a/b}')"
            "$(awk -v a="$f" -v b="$(median "${sf[$c]}")" 'BEGIN{printf "%.2fx", a/b}')") ;;
  esac
  printf '%-18s %11s us %11s MB/s %11s MB/s %11s us %8s %8s %8s %8s\n' "$row" "$l" "$p" "$s" "$f" "${ratios[@]}"
done
