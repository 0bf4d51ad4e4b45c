#!/usr/bin/env bash
# Where Cannon's Basic form spends a run, rank by rank (skew, shift wait, each multiply's wall and CPU time):
# see CannonPhases.java. Usage: scripts/cannon-phases.sh [runs] [latency ns] [bandwidth B/s|inf]
#   e.g. scripts/cannon-phases.sh 15 0 inf   (the nocomm row);  scripts/cannon-phases.sh 15 100000 35e6  (basic)
# Uses JAVA_HOME if set (JDK 17+). Builds Bamboo first if needed (through ./bamboo).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-15}"; latency="${2:-0}"; bandwidth="${3:-inf}"
java="java"; javac="javac"
if [ -n "${JAVA_HOME:-}" ]; then java="$JAVA_HOME/bin/java"; javac="$JAVA_HOME/bin/javac"; fi
"$root/bamboo" --version >/dev/null
lib="$root/translator/cli/target/lib"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$javac" -nowarn -d "$work" -cp "$lib/*" "$root/scripts/CannonPhases.java"
"$java" -cp "$work:$lib/*" CannonPhases "$runs" "$latency" "$bandwidth"
