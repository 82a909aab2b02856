// terranav.walking_time: nav::walking_time (GRASS r.walk) over numpy DEMs.
#include <Python.h>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "array_args.hpp"
#include "bindings.hpp"
#include "terranav/nav/walking_time.hpp"

namespace py = pybind11;

namespace terranav::python {

namespace {

using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// A 2-D real array as C-ordered doubles, kept alive by the caller.
Doubles raster_from(const py::object& value, const std::string& name) {
  const py::array array = as_array(value, name);
  check_kind(array, name, "fiu", "real numbers");
  if (array.ndim() != 2) {
    throw py::value_error(name + ": expected a 2-D array (rows = north to south), got " +
                          std::to_string(array.ndim()) + " dimensions");
  }
  if (array.shape(0) > INT32_MAX || array.shape(1) > INT32_MAX) {
    throw py::value_error(name + ": more than 2^31 - 1 rows or columns");
  }
  return Doubles::ensure(array);
}

std::span<const double> samples(const Doubles& raster) {
  return {raster.data(), static_cast<std::size_t>(raster.size())};
}

}  // namespace

void bind_walking_time(py::module_& module) {
  const nav::WalkingTimeOptions d;
  module.def(
      "walking_time",
      [](const py::object& elevation, double ew_res, double ns_res, const py::object& starts,
         const py::object& friction, std::array<double, 4> walk_coeff, double slope_factor,
         double lambda, bool knight_moves, int threads) {
        const Doubles z = raster_from(elevation, "elevation");
        Doubles f;
        if (!friction.is_none()) {
          f = raster_from(friction, "friction");
          if (f.shape(0) != z.shape(0) || f.shape(1) != z.shape(1)) {
            throw py::value_error("friction: expected the elevation's shape (" +
                                  std::to_string(z.shape(0)) + ", " + std::to_string(z.shape(1)) +
                                  "), got (" + std::to_string(f.shape(0)) + ", " +
                                  std::to_string(f.shape(1)) + ")");
          }
        }
        const std::vector<std::int32_t> v = int32_rows(starts, "starts", 2, "column, row");
        std::vector<nav::GridSample> start_samples;
        for (std::size_t k = 0; k + 1 < v.size(); k += 2) {
          start_samples.push_back({.column = v[k], .row = v[k + 1]});
        }
        const nav::WalkingTimeOptions options{.walk = walk_coefficients(walk_coeff, slope_factor),
                                              .lambda = lambda,
                                              .knight_moves = knight_moves,
                                              .starts = std::move(start_samples),
                                              .directions = false,
                                              .goals = {},
                                              .threads = threads};
        const nav::WalkingTimeGrid grid{
            .width = static_cast<std::int32_t>(z.shape(1)),
            .depth = static_cast<std::int32_t>(z.shape(0)),
            .elevation_m = samples(z),
            .friction_s_per_m = friction.is_none() ? std::span<const double>{} : samples(f),
            .ew_res_m = ew_res,
            .ns_res_m = ns_res};
        nav::WalkingTimeSurface surface;
        {
          const py::gil_scoped_release release;
          surface = nav::walking_time(grid, options);
        }
        py::array_t<double> out({z.shape(0), z.shape(1)});
        std::copy(surface.time_s.begin(), surface.time_s.end(), out.mutable_data());
        return out;
      },
      py::arg("elevation"), py::arg("ew_res"), py::arg("ns_res"), py::arg("starts"), py::kw_only(),
      py::arg("friction") = py::none(), py::arg("walk_coeff") = walk_coeff_of(d.walk),
      py::arg("slope_factor") = d.walk.slope_factor, py::arg("lambda_") = d.lambda,
      py::arg("knight_moves") = d.knight_moves, py::arg("threads") = 0,
      R"(GRASS GIS r.walk's accumulated walking time over a DEM, bit for bit
(docs/rwalk.md): the nodes are the samples, not terranav's tiles.

elevation: a 2-D array of metres, row 0 = north, NaN = nodata (never
    entered). ew_res, ns_res: metres between columns and between rows (> 0).
starts: a (K, 2) integer array of samples (column, row), time 0.
friction: None (0 everywhere) or an array of the elevation's shape, s/m
    >= 0, NaN = nodata; lambda_ weighs it (r.walk's lambda).
walk_coeff: (a, b, c, d), s/m on the flat and per metre climbed, descended
    moderately, descended steeply (below slope_factor); r.walk's defaults.
knight_moves: 16 neighbours (r.walk -k) instead of 8.
threads: threads that search together (0: every CPU the process may use,
    up to 4, from 2^20 samples on; the same times whatever the count).
Returns a float64 array of the elevation's shape: seconds from the nearest
start, NaN at nodata and unreachable samples. Raises ValueError naming a
bad argument (a start outside the grid, coefficients outside their limits
or allowing a step of zero or negative time, a negative lambda_, a bad
spacing, threads outside 0..256). Without the GIL; Dijkstra with Dial's
buckets, O(samples).)");
}

}  // namespace terranav::python
