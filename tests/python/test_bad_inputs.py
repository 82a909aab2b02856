"""Bad input raises one exception with nav's one-line message; a query
never crashes."""

import numpy as np
import pytest

import terranav


def flat(**keywords):
    return terranav.Terrain(np.zeros((4, 4)), **keywords)


def test_nan_sample_is_named():
    heights = np.zeros((3, 4))
    heights[2, 1] = np.nan
    with pytest.raises(ValueError, match=r"sample \(1, 2\): must be in .*got nan"):
        terranav.Terrain(heights)


def test_height_beyond_float_is_refused():
    with pytest.raises(ValueError, match="height"):
        terranav.Terrain(np.full((3, 3), 1e30))


@pytest.mark.parametrize("heights, error, text", [
    (np.zeros(9), ValueError, "2-D array"),
    (np.zeros((1, 5)), ValueError, ""),
    (np.array([["a", "b"], ["c", "d"]]), TypeError, "dtype"),
    (np.zeros((3, 3), dtype=complex), TypeError, "dtype"),
])
def test_bad_heights(heights, error, text):
    with pytest.raises(error, match=text):
        terranav.Terrain(heights)


@pytest.mark.parametrize("keywords, text", [
    ({"spacing": 0.0}, "spacing"),
    ({"tile_size": 9}, "tile"),
    ({"max_slope": -1.0}, "max_slope"),
    ({"topology": "hexagons"}, "hexagons"),
    ({"corner_cutting": "sometimes"}, "sometimes"),
    ({"blocked": np.zeros((2, 3), dtype=bool)},
     r"expected shape \(tiles_deep, tiles_wide\) = \(3, 3\), got \(2, 3\)"),
])
def test_bad_terrain_settings(keywords, text):
    with pytest.raises(ValueError, match=text):
        flat(**keywords)


@pytest.mark.parametrize("keywords, text", [
    ({"cost": "walking"}, "walking"),
    ({"slope_weight": -1.0}, "slope_weight"),
    ({"heuristic": "psychic"}, "psychic"),
    ({"weight": 0.5}, r"weight: must be in \[1, "),
    ({"cost": "seed", "any_angle": True}, "seed"),
])
def test_bad_query_settings(keywords, text):
    with pytest.raises(ValueError, match=text):
        flat().find_path((0, 0), (2, 2), **keywords)
    with pytest.raises(ValueError, match=text):
        flat().find_paths(np.array([[0, 0, 2, 2]]), **keywords)


@pytest.mark.parametrize("start, goal, status", [
    ((-1, 0), (2, 2), "invalid_start"),
    ((0, 0), (3, 0), "invalid_goal"),
    ((0, 0), (2**31 - 1, 0), "invalid_goal"),
])
def test_tiles_off_the_map_are_a_status(start, goal, status):
    r = flat().find_path(start, goal)
    assert (r.status, r.cost, len(r.path)) == (status, None, 0)


def test_tiles_must_be_integers():
    with pytest.raises(TypeError):
        flat().find_path((0.5, 0), (2, 2))


@pytest.mark.parametrize("pairs, error, text", [
    (np.zeros((2, 3), dtype=int), ValueError, r"shape \(K, 4\)"),
    (np.zeros((2, 4)), TypeError, "integer"),
    (np.array([[0, 0, 2**40, 0]]), ValueError, "outside int32"),
])
def test_bad_pairs(pairs, error, text):
    with pytest.raises(error, match=text):
        flat().find_paths(pairs)


def test_missing_file_is_an_os_error_naming_it(tmp_path):
    missing = tmp_path / "nowhere.png"
    with pytest.raises(OSError, match="nowhere.png"):
        terranav.Terrain.from_file(missing)


def test_corrupt_png_is_an_os_error(tmp_path):
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 20)
    with pytest.raises(OSError, match="bad.png"):
        terranav.Terrain.from_file(bad)


def test_unknown_extension_is_an_os_error(tmp_path):
    odd = tmp_path / "map.xyz"
    odd.write_bytes(b"0")
    with pytest.raises(OSError, match="map.xyz"):
        terranav.Terrain.from_file(odd)


def test_nodata_and_resample_are_refused_for_a_png(tmp_path):
    png = tmp_path / "m.png"
    png.write_bytes(b"0")
    with pytest.raises(OSError, match="--nodata applies only to .hgt and GDAL rasters"):
        terranav.Terrain.from_file(png, nodata="fill")
    with pytest.raises(OSError, match="--resample applies only to GDAL rasters"):
        terranav.Terrain.from_file(png, resample="square")


@pytest.mark.parametrize("keywords, text", [
    ({"nodata": "maybe"}, "nodata: expected error, fill or block, got 'maybe'"),
    ({"resample": "cubic"}, "resample: expected square, got 'cubic'"),
])
def test_bad_loader_names_are_value_errors(tmp_path, keywords, text):
    with pytest.raises(ValueError, match=text):
        terranav.Terrain.from_file(tmp_path / "m.tif", **keywords)


@pytest.mark.parametrize("points, keywords, text", [
    (np.zeros((3, 3)), {}, r"shape \(N, 2\)"),
    (np.array([[0.0, 0.0], [np.nan, 1.0]]), {}, "row 1 is not finite"),
    (np.zeros((2, 2)), {"cost": "seed"}, "seed"),
])
def test_bad_measure(points, keywords, text):
    with pytest.raises(ValueError, match=text):
        flat().measure(points, **keywords)


def test_array_likes_are_accepted_and_other_objects_named():
    t = terranav.Terrain([[0, 0, 0], [0, 1, 0], [0, 0, 0]])
    assert t.heights[1, 1] == 1.0
    assert len(t.find_paths([[0, 0, 1, 1]])) == 1
    with pytest.raises(TypeError, match="heights: expected real numbers"):
        terranav.Terrain({"not": "heights"})
