#!/usr/bin/env bash
# Installs what is missing, builds (Release) and starts terranav on the
# default terrain in data/. Arguments are passed to terranav.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release
exec build/release/bin/terranav "$@"
