#!/usr/bin/env bash
# A/B of the runtime's idle modes (Graph.IdleMode) in one JVM on a translated application: see IdleAB.java.
# Usage: scripts/idle-ab.sh [app] [rounds] [k list] [modes]   (a mode: fixed, adaptive, name=value, or several joined by +)
#   e.g. scripts/idle-ab.sh cannon 9 4,9,16 fixed,adaptive;  scripts/idle-ab.sh jacobi3d 9 2,4
#   scripts/idle-ab.sh cannon 7 4,9,16 bamboo.remoteFirst=false,bamboo.remoteFirst=true
# Uses JAVA_HOME if set (JDK 17+). Builds Bamboo first if needed (through ./bamboo).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="${1:-cannon}"; rounds="${2:-9}"; ks="${3:-4,9,16}"; modes="${4:-fixed,adaptive}"
java="java"; javac="javac"
if [ -n "${JAVA_HOME:-}" ]; then java="$JAVA_HOME/bin/java"; javac="$JAVA_HOME/bin/javac"; fi
"$root/bamboo" --version >/dev/null
lib="$root/translator/cli/target/lib"
examples="$root/examples/target/classes"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/bamboo" translate -q -cp "$examples" -d "$work/src" "$root/examples/src/main/java/bamboo/examples/$app/Annotated.java"
"$javac" -nowarn -d "$work/classes" -cp "$lib/*:$examples" "$work/src/bamboo/examples/$app/"*.java "$root/scripts/IdleAB.java"
"$java" --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-opens java.base/jdk.internal.misc=ALL-UNNAMED \
    -cp "$work/classes:$lib/*:$examples" IdleAB "$app" "$rounds" "$ks" "$modes"
