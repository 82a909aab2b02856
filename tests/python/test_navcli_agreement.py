"""The module against `navcli path` on the same map, pairs and settings: the
same status, path, cost and surface measures. The map is a 257 x 257 crop of
the sample DEM written as RAW 16-bit with a sidecar, so both read one file
(and navcli starts quickly)."""

import json
import subprocess

import numpy as np
import pytest

import terranav

PAIRS = [((10, 10), (200, 180)), ((50, 220), (230, 30)), ((128, 128), (140, 20))]


@pytest.fixture(scope="module")
def crop_path(dem, tmp_path_factory):
    # 0.1 m steps, as the DEM's own PNG.
    crop = dem.heights[300:557, 400:657]
    path = tmp_path_factory.mktemp("crop") / "crop.r16"
    np.round(crop / 0.1).astype("<u2").tofile(path)
    path.with_suffix(".terrain").write_text(
        "raw_width = 257\nraw_depth = 257\nspacing_m = 90\nheight_scale_m = 6553.5\n")
    return path


@pytest.fixture(scope="module")
def crop(crop_path):
    return terranav.Terrain.from_file(crop_path)

# (navcli flags, find_path keywords)
MODELS = [
    ([], {}),
    (["--cost", "reference", "--slope-weight", "3"], {"slope_weight": 3.0}),
    (["--cost", "tobler"], {"cost": "tobler"}),
    (["--cost", "uphill-downhill", "--uphill-weight", "2", "--downhill-weight", "0.5"],
     {"cost": "uphill-downhill", "uphill_weight": 2.0, "downhill_weight": 0.5}),
    (["--any-angle"], {"any_angle": True}),
    (["--heuristic", "zero", "--weight", "1"], {"heuristic": "zero"}),
    (["--weight", "2"], {"weight": 2.0}),
]


def navcli_path(navcli, map_path, start, goal, flags):
    out = subprocess.run(
        [navcli, "path", "--map", str(map_path),
         "--from", "%d,%d" % start, "--to", "%d,%d" % goal] + flags,
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)


@pytest.mark.parametrize("flags, keywords", MODELS)
def test_find_path_equals_navcli_path(crop, crop_path, navcli, flags, keywords):
    for start, goal in PAIRS:
        expected = navcli_path(navcli, crop_path, start, goal, flags)
        r = crop.find_path(start, goal, **keywords)
        assert r.status == expected["status"]
        assert r.path.tolist() == expected["path"]
        np.testing.assert_allclose(r.path_m, np.array(expected["path_m"]).reshape(-1, 2), atol=1e-6)
        if expected["cost"] is None:
            assert r.cost is None
            continue
        assert r.cost == pytest.approx(expected["cost"], rel=1e-12)
        for key in ("length_m", "ascent_m", "descent_m"):
            assert getattr(r, key) == pytest.approx(expected[key], abs=1e-5)


def test_knight16_terrain_equals_navcli(crop_path, navcli):
    t = terranav.Terrain.from_file(crop_path, topology="knight16", max_slope=0.4)
    found = set()
    for start, goal in PAIRS:
        expected = navcli_path(navcli, crop_path, start, goal,
                               ["--topology", "knight16", "--max-slope", "0.4"])
        r = t.find_path(start, goal)
        assert (r.status, r.path.tolist()) == (expected["status"], expected["path"])
        found.add(r.status)
        if expected["cost"] is not None:
            assert r.cost == pytest.approx(expected["cost"], rel=1e-12)
    assert "found" in found
