"""Paths on terrains small enough to price by hand."""

import math

import numpy as np
import pytest

import terranav


def test_flat_diagonal_costs_sqrt2_spacing():
    # 3 x 3 samples = 2 x 2 tiles of one cell; flat, so every model is the
    # distance (reference, uphill-downhill) and the diagonal is one step.
    t = terranav.Terrain(np.zeros((3, 3)), spacing=2.0)
    assert (t.tiles_wide, t.tiles_deep, t.spacing) == (2, 2, 2.0)
    r = t.find_path((0, 0), (1, 1))
    assert r.status == "found"
    # The graph keeps edge lengths in float: the project's 1e-6 tolerance.
    assert r.cost == pytest.approx(math.sqrt(2) * 2.0, rel=1e-6)
    assert r.cost_unit == "m"
    assert r.path.tolist() == [[0, 0], [1, 1]]
    assert r.path_m.tolist() == [[1.0, 1.0], [3.0, 3.0]]
    assert r.length_m == pytest.approx(math.sqrt(2) * 2.0)
    assert (r.ascent_m, r.descent_m) == (0.0, 0.0)
    assert r.path_crs is None


def ramp(gradient, spacing=10.0):
    """4 x 2 samples rising eastwards by gradient: 3 x 1 tiles."""
    x = np.arange(4) * spacing * gradient
    return terranav.Terrain(np.vstack([x, x]), spacing=spacing)


def test_ramp_reference_cost_is_distance_plus_climb():
    # Tile centres 10 m apart and 5 m higher each: d + k |dh| per edge.
    r = ramp(0.5).find_path((0, 0), (2, 0), slope_weight=2.0)
    assert r.status == "found"
    assert r.cost == pytest.approx(2 * (10.0 + 2.0 * 5.0), rel=1e-6)
    assert r.length_m == pytest.approx(20.0)
    assert r.ascent_m == pytest.approx(10.0, rel=1e-6)
    assert r.descent_m == pytest.approx(0.0, abs=1e-9)


def tobler_seconds(d, gradient):
    return d * 3.6 / (6.0 * math.exp(-3.5 * abs(gradient + 0.05)))


@pytest.mark.parametrize("start, goal, gradient", [((0, 0), (2, 0), 0.5), ((2, 0), (0, 0), -0.5)])
def test_ramp_tobler_depends_on_direction(start, goal, gradient):
    r = ramp(0.5).find_path(start, goal, cost="tobler")
    assert r.cost_unit == "s"
    assert r.cost == pytest.approx(2 * tobler_seconds(10.0, gradient), rel=1e-6)


def test_uphill_downhill_weights():
    t = ramp(0.5)
    up = t.find_path((0, 0), (1, 0), cost="uphill-downhill", uphill_weight=3.0, downhill_weight=0.5)
    down = t.find_path((1, 0), (0, 0), cost="uphill-downhill", uphill_weight=3.0,
                       downhill_weight=0.5)
    assert up.cost == pytest.approx(10.0 * (1 + 3.0 * 0.5), rel=1e-6)
    assert down.cost == pytest.approx(10.0 * (1 + 0.5 * 0.5), rel=1e-6)


def test_slope_over_max_is_not_walkable():
    t = ramp(0.7)
    r = t.find_path((0, 0), (2, 0))
    assert r.status in ("unreachable", "invalid_start")
    assert r.cost is None and r.length_m is None
    assert len(r.path) == 0
    assert ramp(0.7).find_path((0, 0), (2, 0)).to_geojson()["geometry"] is None
    assert terranav.Terrain(ramp(0.7).heights, spacing=10.0, max_slope=0.8) \
        .find_path((0, 0), (2, 0)).status == "found"


def test_blocked_tile_forces_a_detour():
    # 4 x 4 samples = 3 x 3 flat tiles of 1 m, the centre blocked. Without
    # corner cutting no diagonal may touch it, so (0, 1) -> (2, 1) goes
    # (0, 0), (1, 0), (2, 0): four straight steps.
    blocked = np.zeros((3, 3), dtype=bool)
    blocked[1, 1] = True
    t = terranav.Terrain(np.zeros((4, 4)), blocked=blocked)
    r = t.find_path((0, 1), (2, 1))
    assert r.status == "found"
    assert r.cost == pytest.approx(4.0)
    assert [1, 1] not in r.path.tolist()


def test_start_equals_goal_costs_nothing():
    r = ramp(0.5).find_path((1, 0), (1, 0))
    assert (r.status, r.cost, r.path.tolist()) == ("found", 0.0, [[1, 0]])


def test_any_angle_takes_the_straight_line_on_flat_ground():
    # 9 x 5 samples: the straight way from tile (0, 0) to (7, 3) is shorter
    # than any octile path, and flat ground makes it feasible.
    t = terranav.Terrain(np.zeros((5, 9)))
    r = t.find_path((0, 0), (7, 3), any_angle=True)
    assert r.status == "found"
    assert r.cost == pytest.approx(math.hypot(7, 3), rel=1e-9)
    assert r.length_m == pytest.approx(math.hypot(7, 3), rel=1e-9)


def test_heights_is_a_read_only_copy_of_the_input():
    source = np.arange(12, dtype=np.float64).reshape(3, 4)
    t = terranav.Terrain(source)
    source[0, 0] = 99
    assert t.heights.dtype == np.float32
    assert t.heights.tolist() == np.arange(12).reshape(3, 4).tolist()
    with pytest.raises(ValueError):
        t.heights[0, 0] = 1


def test_measure_prices_a_polyline_on_the_surface():
    # Up the 0.5 ramp from x = 5 m to x = 25 m along z = 5 m: 20 m, 10 m up.
    t = ramp(0.5)
    line = np.array([[5.0, 5.0], [25.0, 5.0]])
    m = t.measure(line, cost="reference", slope_weight=2.0)
    assert (m["cost_unit"], m["fault"]) == ("m", "none")
    assert m["cost"] == pytest.approx(20.0 + 2.0 * 10.0, rel=1e-6)
    assert (m["length_m"], m["steepest"]) == (pytest.approx(20.0), pytest.approx(0.5))
    assert m["ascent_m"] == pytest.approx(10.0, rel=1e-6)
    assert t.measure(line[::-1], cost="tobler")["cost"] == \
        pytest.approx(tobler_seconds(20.0, -0.5), rel=1e-6)
    assert ramp(0.7).measure(line)["fault"] == "too_steep"


def test_measure_of_an_any_angle_path_is_its_cost(dem):
    r = dem.find_path((10, 10), (200, 180), cost="tobler", any_angle=True)
    assert r.status == "found"
    assert dem.measure(r.path_m, cost="tobler")["cost"] == pytest.approx(r.cost, rel=1e-9)
