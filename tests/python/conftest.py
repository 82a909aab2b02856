"""Shared fixtures: the sample DEM and navcli, both named by ctest's
environment (tests/python/CMakeLists.txt)."""

import os
import pathlib

import pytest

import terranav


@pytest.fixture(scope="session")
def dem_path():
    return pathlib.Path(os.environ["TERRANAV_SOURCE_DIR"]) / "data" / \
        "lothian_borders_utm30n_90m_1025.png"


@pytest.fixture(scope="session")
def dem(dem_path):
    return terranav.Terrain.from_file(dem_path, tile_size=4)


@pytest.fixture(scope="session")
def navcli():
    if "TERRANAV_NAVCLI" not in os.environ:
        pytest.skip("navcli not built (TERRANAV_BUILD_TOOLS off)")
    return os.environ["TERRANAV_NAVCLI"]
