#!/usr/bin/env bash
# Installs what is missing, builds (Release) and runs every test through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake --workflow --preset release
