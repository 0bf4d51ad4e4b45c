#!/usr/bin/env bash
# Installs Debian's Open MPI and MPICH (runtime libraries, mpirun/mpiexec, mpicc and headers): what the
# native MPI device (module mpi-shim-native, `./bamboo run --device mpi`) binds to, and what its tests and
# benchmark use. Without them those tests skip and the benchmark's MPI rows say skipped.
set -euo pipefail
packages=(openmpi-bin libopenmpi-dev mpich libmpich-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "Open MPI and MPICH are already installed"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "install-mpi: needs root (apt-get install ${missing[*]})" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "installed: ${missing[*]}"
