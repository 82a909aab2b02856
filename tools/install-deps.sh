#!/usr/bin/env bash
# Installs the Debian 12 packages terranav needs, only those missing.
set -euo pipefail

packages=(
  cmake g++ ninja-build pkg-config
  libglfw3-dev libglm-dev libstb-dev python3-glad libimgui-dev nlohmann-json3-dev
  libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri
  libgtest-dev libgmock-dev libbenchmark-dev glslang-tools libnoise-dev
  zlib1g-dev  # terrain_io: PNG chunk CRCs and image data checks
  libgdal-dev  # terranav::gdal: GeoTIFF maps (optional; without it .tif is an error)
  libtiff-dev  # terranav::gdal: plain GeoTIFFs without loading libgdal
  libboost-graph-dev  # bench/ only: the Boost Graph Library baseline
  gnuplot-nox  # navcli sweep charts
  pybind11-dev python3-pybind11 python3-numpy  # python/: the terranav module (optional)
  python3-pytest python3-matplotlib  # tests/python, examples/tobler_vs_reference.py
  libssl-dev  # navcli: SHA-256 (OpenSSL EVP) of input files in outputs' provenance
  xvfb xauth  # tests: the real window under xvfb-run
  clang libclang-rt-14-dev  # fuzz/ only: libFuzzer (tools/fuzz.sh)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: not root and no sudo; install as root: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
