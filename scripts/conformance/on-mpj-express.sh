#!/usr/bin/env bash
# Runs one program of MPJ Express's mpiJava test suite on MPJ Express itself (its multicore device), the
# way the benchmark's peer runs it, to tell a wrong test from a shim bug. Needs MPJ Express
# (scripts/install-mpj-express.sh) and the examples built (mvn -q -pl examples -am compile).
# Usage: scripts/conformance/on-mpj-express.sh DIR folder/Program.java NP [TIMEOUT_SECONDS]
# The program runs twice (the peer's untimed and timed runs); exit 124 means it timed out.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[ $# -ge 3 ] || { echo "usage: $0 DIR folder/Program.java NP [TIMEOUT_SECONDS]" >&2; exit 2; }
dir="$1"; [ -d "$dir/test/mpi" ] && dir="$dir/test/mpi"
test="$2"; np="$3"; limit="${4:-60}"
home="${MPJ_HOME:-/usr/share/mpj}"; lib="$home/lib"
[ -f "$lib/mpj.jar" ] || { echo "MPJ Express not found in $home (scripts/install-mpj-express.sh)" >&2; exit 2; }
[ -d "$root/examples/target/classes/bamboo/examples/bench" ] || { echo "build the examples first" >&2; exit 2; }
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
mkdir -p "$work/classes" "$work/wd"
# The program's folder is compiled with it (helper classes of the same package).
# RunTest calls the program's String[] constructor (most have no main), as the shim's harness does.
javac -nowarn -encoding ISO-8859-1 -d "$work/classes" -cp "$lib/mpj.jar" -sourcepath "$dir/.." "$dir/$test" \
  "$root/scripts/conformance/RunTest.java"
pkg="$(sed -n 's/^[[:space:]]*package[[:space:]]\+\([A-Za-z0-9_.]*\)[[:space:]]*;.*/\1/p' "$dir/$test" | head -1)"
cls="$(basename "$test" .java)"; [ -n "$pkg" ] && cls="$pkg.$cls"
cp="$root/examples/target/classes"
for j in smpdev xdev mpjbuf loader2 starter mpiExp runtimecommon; do cp="$cp:$lib/$j.jar"; done
cp="$cp:/usr/share/java/log4j-1.2.jar"
MPJ_HOME="$home" exec timeout "$limit" java -Dbamboo.conformance.test="$cls" -cp "$cp" \
  bamboo.examples.bench.MpjChild "$work/wd" "$np" smpdev useLocalLoader "$work/classes" RunTest
