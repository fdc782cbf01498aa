#!/usr/bin/env bash
# Installs the Debian packages the build needs (when run as root), or says
# which are missing. Usage: scripts/deps.sh [build|test|load]
set -euo pipefail
what=${1:-build}
pkgs=(g++ cmake make pkg-config libgtest-dev libgmock-dev libbenchmark-dev
      nlohmann-json3-dev libcli11-dev libcpp-httplib-dev libsqlite3-dev libssl-dev libpq-dev)
if [ "$what" = test ]; then
  pkgs+=(chromium nginx clang libclang-rt-14-dev postgresql)  # postgresql: started by tests
fi
if [ "$what" = load ]; then
  pkgs+=(wrk)  # scripts/load.sh
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js may come from another packaging that bundles npm: check commands.
if [ "$what" = test ] && ! { command -v node && command -v npm; } >/dev/null 2>&1; then
  missing+=(nodejs npm)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "Installing missing packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "Missing Debian packages: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
