#!/usr/bin/env bash
# Installs MPJ Express 0.44 (Debian package libmpj-java, which brings liblog4j1.2-java): the optional peer
# of `./bamboo bench apps` (rows `mpj-express`). Without it those rows say skipped and its tests skip.
set -euo pipefail
if [ -f /usr/share/mpj/lib/mpj.jar ]; then
  echo "MPJ Express is already installed (/usr/share/mpj)"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "install-mpj-express: needs root (apt-get install libmpj-java)" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libmpj-java
echo "MPJ Express installed under /usr/share/mpj"
