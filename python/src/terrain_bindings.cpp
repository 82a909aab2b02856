// terranav.Terrain's Python face: numpy arrays in and out, keywords, the
// GIL released around loading, building and searching.
#include <Python.h>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>
#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "array_args.hpp"
#include "bindings.hpp"
#include "path_batch.hpp"
#include "query_keywords.hpp"
#include "terrain.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "terranav/nav/tiling.hpp"

namespace py = pybind11;

namespace terranav::python {

namespace {

nav::GraphConfig graph_config(double max_slope, const std::string& topology,
                              const std::string& corner_cutting) {
  nav::GraphConfig config;
  config.max_slope = max_slope;
  config.topology = nav::parse_topology(topology);
  config.corner_cutting = nav::parse_corner_cutting(corner_cutting);
  return config;
}

/// A nav parse_* result; its Error becomes a ValueError naming the keyword.
template <typename Parse>
auto named(const char* keyword, const std::string& text, Parse parse) {
  try {
    return parse(text);
  } catch (const nav::Error& e) {
    throw py::value_error(std::string(keyword) + ": " + e.what());
  }
}

int side(py::ssize_t n) {
  return static_cast<int>(std::min<py::ssize_t>(n, INT_MAX));
}

/// heights (rows = z, columns = x, metres, any real dtype) copied as floats.
nav::Heightmap heightmap_from(const py::object& value, double spacing) {
  const py::array heights = as_array(value, "heights");
  check_kind(heights, "heights", "fiu", "real numbers (metres)");
  if (heights.ndim() != 2) {
    throw py::value_error("heights: expected a 2-D array (rows = z, columns = x), got " +
                          std::to_string(heights.ndim()) + " dimensions");
  }
  const auto samples =
      py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(heights);
  std::vector<float> values(samples.data(), samples.data() + samples.size());
  return nav::Heightmap(side(samples.shape(1)), side(samples.shape(0)), spacing, std::move(values));
}

/// blocked (tiles_deep x tiles_wide, bool or integer, non-zero = blocked).
std::vector<std::uint8_t> blocked_from(const py::object& blocked, const nav::Heightmap& heights,
                                       int tile_size) {
  if (blocked.is_none()) return {};
  const py::array flags = as_array(blocked, "blocked");
  check_kind(flags, "blocked", "biu", "bool or integer flags");
  const nav::Tiling tiling(heights, tile_size);
  if (flags.ndim() != 2 || flags.shape(0) != tiling.tiles_deep() ||
      flags.shape(1) != tiling.tiles_wide()) {
    std::string shape;
    for (py::ssize_t d = 0; d < flags.ndim(); ++d) {
      shape += (d ? ", " : "") + std::to_string(flags.shape(d));
    }
    throw py::value_error("blocked: expected shape (tiles_deep, tiles_wide) = (" +
                          std::to_string(tiling.tiles_deep()) + ", " +
                          std::to_string(tiling.tiles_wide()) + "), got (" + shape + ")");
  }
  const auto bytes = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(flags);
  return {bytes.data(), bytes.data() + bytes.size()};
}

/// A read-only numpy view of the heights, kept alive by the Terrain.
py::array heights_view(const py::object& self) {
  const nav::Heightmap& heights = self.cast<const Terrain&>().nav().heightmap();
  py::array view(py::dtype::of<float>(), {heights.depth(), heights.width()},
                 {static_cast<py::ssize_t>(heights.width() * sizeof(float)),
                  static_cast<py::ssize_t>(sizeof(float))},
                 heights.heights().data(), self);
  view.attr("setflags")(py::arg("write") = false);
  return view;
}

py::object georeference_dict(const Terrain& terrain) {
  const auto& geo = terrain.georeference();
  if (!geo) return py::none();
  py::dict out;
  out["origin_e"] = geo->origin_e;
  out["origin_n"] = geo->origin_n;
  out["pixel_size_m"] = geo->pixel_size_m;
  out["crs_wkt"] = geo->crs_wkt;
  out["epsg"] = geo->epsg ? py::object(py::int_(*geo->epsg)) : py::none();
  return out;
}

std::vector<TilePair> pairs_from(const py::object& value) {
  const std::vector<std::int32_t> v = int32_rows(value, "pairs", 4, "from_i, from_j, to_i, to_j");
  std::vector<TilePair> out;
  for (std::size_t k = 0; k + 3 < v.size(); k += 4) {
    out.push_back({{v[k], v[k + 1]}, {v[k + 2], v[k + 3]}});
  }
  return out;
}

/// points_m, an (N, 2) array of nav metres (x, z), as nav points (y unused).
std::vector<nav::Vec3> points_from(const py::object& value) {
  const py::array points_m = as_array(value, "points_m");
  check_kind(points_m, "points_m", "fiu", "real numbers (metres)");
  if (points_m.ndim() != 2 || points_m.shape(1) != 2) {
    throw py::value_error("points_m: expected shape (N, 2): x, z in metres");
  }
  const auto xz = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(points_m);
  std::vector<nav::Vec3> out;
  for (py::ssize_t k = 0; k < xz.shape(0); ++k) {
    const double x = xz.at(k, 0);
    const double z = xz.at(k, 1);
    if (!std::isfinite(x) || !std::isfinite(z)) {
      throw py::value_error("points_m: row " + std::to_string(k) + " is not finite");
    }
    out.push_back({x, 0.0, z});
  }
  return out;
}

constexpr const char* kQueryDoc = R"(
cost: "reference" (metres: d * (1 + slope_weight * |dh| / d)), "tobler"
    (walking seconds, Tobler's hiking function), "uphill-downhill" (metres:
    d * (1 + uphill_weight * climb + downhill_weight * fall)), "walking-time"
    (seconds, GRASS r.walk's step rule: dh * (b uphill, c on a moderate
    descent, d below slope_factor) + a * d, walk_coeff = (a, b, c, d) in s/m,
    default (0.72, 6.0, 1.9998, -1.9998), slope_factor default -0.2125) or
    "seed" (steps). Weights: >= 0, dimensionless.
heuristic: None (octile; knight on a knight16 terrain), "zero" (Dijkstra),
    "manhattan", "chebyshev", "octile", "euclidean", "hex" or "knight";
    scaled so that weight 1 stays optimal.
weight: w >= 1 in f = g + w h; cost <= w * optimal.
any_angle: a polyline on the surface instead of tile centres
    (docs/continuous-model.md); cost is its cost on the surface.
Raises ValueError naming a bad name or a value outside its range. A start or
goal off the map or unwalkable is a status, not an exception.)";

}  // namespace

void bind_terrain(py::module_& module) {
  py::class_<Terrain> terrain(module, "Terrain", R"(A terrain and its navigation graph.

Heights are metres on a square grid (rows = z southwards, columns = x
eastwards) of `spacing` metres; tiles of tile_size x tile_size cells are the
graph's nodes, addressed (i, j) = (column, row). An edge joins neighbouring
tiles whose slope |dh| / d <= max_slope. Immutable once built; any number of
threads may query it.)");

  terrain.def(py::init([](const py::object& heights, double spacing, int tile_size,
                          double max_slope, const std::string& topology,
                          const std::string& corner_cutting, const py::object& blocked) {
                nav::Heightmap heightmap = heightmap_from(heights, spacing);
                std::vector<std::uint8_t> flags = blocked_from(blocked, heightmap, tile_size);
                nav::Terrain loaded{.heightmap = std::move(heightmap),
                                    .tile_size = tile_size,
                                    .blocked = std::move(flags),
                                    .georeference = std::nullopt};
                const nav::GraphConfig config = graph_config(max_slope, topology, corner_cutting);
                const py::gil_scoped_release release;
                return std::make_unique<Terrain>(std::move(loaded), config);
              }),
              py::arg("heights"), py::kw_only(), py::arg("spacing") = 1.0, py::arg("tile_size") = 1,
              py::arg("max_slope") = nav::GraphConfig{}.max_slope, py::arg("topology") = "octile8",
              py::arg("corner_cutting") = "never", py::arg("blocked") = py::none(),
              R"(Builds a terrain from a 2-D array of heights in metres (any real dtype,
copied as float32; rows = z, columns = x; at least 2 x 2).

spacing: metres between samples. tile_size: cells per tile side.
max_slope: steepest walkable edge, rise over run (default 0.6).
topology: "octile8", "cardinal4", "hex6" or "knight16".
corner_cutting: "never", "always" or "at-least-one-free".
blocked: None, or a (tiles_deep, tiles_wide) bool/integer array, non-zero =
    blocked tile.
Raises ValueError naming the problem (a NaN or infinite sample by its
position, a value outside its range, a bad name or shape), TypeError for a
non-numeric array. O(samples).)");

  terrain.def_static(
      "from_file",
      [](const std::filesystem::path& path, std::optional<int> tile_size,
         std::optional<double> spacing, std::optional<double> height_scale, double max_slope,
         const std::string& topology, const std::string& corner_cutting,
         std::optional<std::string> nodata, std::optional<std::string> resample) {
        nav::TerrainRequest request;
        request.map = path;
        request.tile_size = tile_size;
        request.spacing_m = spacing;
        request.height_scale_m = height_scale;
        if (nodata) request.nodata = named("nodata", *nodata, nav::parse_nodata_policy);
        if (resample) request.resample_square = named("resample", *resample, nav::parse_resample);
        const nav::GraphConfig config = graph_config(max_slope, topology, corner_cutting);
        std::optional<nav::Terrain> loaded;
        std::string load_error;
        {
          const py::gil_scoped_release release;
          try {
            loaded = nav::load_terrain(request);
          } catch (const nav::Error& e) {
            load_error = e.what();
          }
        }
        if (!loaded) {
          PyErr_SetString(PyExc_OSError, load_error.c_str());
          throw py::error_already_set();
        }
        const py::gil_scoped_release release;
        return std::make_unique<Terrain>(std::move(*loaded), config);
      },
      py::arg("path"), py::kw_only(), py::arg("tile_size") = py::none(),
      py::arg("spacing") = py::none(), py::arg("height_scale") = py::none(),
      py::arg("max_slope") = nav::GraphConfig{}.max_slope, py::arg("topology") = "octile8",
      py::arg("corner_cutting") = "never", py::arg("nodata") = py::none(),
      py::arg("resample") = py::none(),
      R"(Loads a map file: an 8/16-bit grayscale PNG or .raw/.r16 (settings not
given come from its .terrain sidecar), an SRTM .hgt, a Moving AI .map, or any
other raster through GDAL (GeoTIFF, .asc, .img, ...; keeping its georeference).

tile_size: cells per tile side. spacing: metres between samples.
height_scale: metres at the full-scale value (PNG, RAW). A GDAL raster brings
its own spacing and metres; a .map refuses all three.
nodata: None (an error, as "error"), "fill" (nodata heights filled from their
    neighbours) or "block" (filled, and every tile touching one blocked); .hgt
    voids and GDAL rasters only, as navcli's --nodata.
resample: None, or "square": a GDAL raster's non-square pixels resampled
    (bilinear) to square ones of the smaller size, as navcli's --resample.
max_slope, topology, corner_cutting: as Terrain().
Raises OSError with the loader's one-line message naming the file, ValueError
for a bad graph setting. O(samples).)");

  terrain.def_property_readonly(
      "tiles_wide", [](const Terrain& t) { return t.nav().tiling().tiles_wide(); },
      "Tiles along x (columns).");
  terrain.def_property_readonly(
      "tiles_deep", [](const Terrain& t) { return t.nav().tiling().tiles_deep(); },
      "Tiles along z (rows).");
  terrain.def_property_readonly(
      "tile_size", [](const Terrain& t) { return t.nav().graph().config().tile_size; },
      "Cells per tile side.");
  terrain.def_property_readonly(
      "spacing", [](const Terrain& t) { return t.nav().heightmap().spacing(); },
      "Metres between neighbouring samples.");
  terrain.def_property_readonly(
      "max_slope", [](const Terrain& t) { return t.nav().graph().config().max_slope; },
      "Steepest walkable edge, rise over run.");
  terrain.def_property_readonly(
      "topology",
      [](const Terrain& t) {
        return std::string(nav::to_string(t.nav().graph().config().topology));
      },
      "The graph's moves: octile8, cardinal4, hex6 or knight16.");
  terrain.def_property_readonly("heights", &heights_view,
                                "The heights in metres, a read-only float32 (depth, width) view.");
  terrain.def_property_readonly("georeference", &georeference_dict, R"(Where the terrain lies
on Earth (GeoTIFF maps), else None: a dict with origin_e, origin_n (metres,
the raster's outer north-west corner), pixel_size_m, crs_wkt and epsg (int or
None). Sample (x, z) sits at E = origin_e + (x + 0.5) * pixel_size_m,
N = origin_n - (z + 0.5) * pixel_size_m.)");

  def_with(terrain, "find_path",
           query_method(
               Params<std::pair<int, int>, std::pair<int, int>>{},
               [](const Terrain& t, std::pair<int, int> start, std::pair<int, int> goal,
                  const QueryArgs& args) {
                 const nav::SearchOptions search = t.search_options(args);
                 const py::gil_scoped_release release;
                 return t.find_path({start.first, start.second}, {goal.first, goal.second}, search);
               }),
           (std::string(R"(The least-cost path from tile start = (i, j) to tile goal
(i = column, j = row), as a PathResult. A* (Hart, Nilsson & Raphael 1968)
without the GIL. O((V + E) log V).
)") + kQueryDoc)
               .c_str(),
           std::make_tuple(py::arg("start"), py::arg("goal")), query_keywords());
  def_with(terrain, "find_paths",
           query_method(Params<const py::object&, unsigned>{},
                        [](const Terrain& t, const py::object& pairs, unsigned threads,
                           const QueryArgs& args) {
                          const std::vector<TilePair> tiles = pairs_from(pairs);
                          const nav::SearchOptions search = t.search_options(args);
                          const py::gil_scoped_release release;
                          return find_paths(t, tiles, search, threads);
                        }),
           (std::string(R"(find_path for each row (from_i, from_j, to_i, to_j) of
pairs, a (K, 4) integer array: a list of K PathResults in row order, equal to
find_path's. threads: 0 = every core; each thread has its own search. Runs
without the GIL. O(sum of the searches / threads).
)") + kQueryDoc)
               .c_str(),
           std::make_tuple(py::arg("pairs"), py::arg("threads") = 0u), query_keywords());

  bind_cost_surface(terrain);

  def_with(
      terrain, "measure",
      model_method(
          Params<const py::object&>{}, Params<>{},
          [](const Terrain& t, const py::object& points_m, const QueryArgs& args) {
            const std::vector<nav::Vec3> points = points_from(points_m);
            const nav::CostModel model = t.search_options(args).cost;
            nav::SurfaceMeasure m;
            {
              const py::gil_scoped_release release;
              m = nav::SurfaceCost(t.nav().heightmap(), t.nav().graph(), model).polyline(points);
            }
            py::dict out;
            out["cost"] = m.cost;
            out["cost_unit"] = std::string(nav::cost_unit(model.kind));
            out["length_m"] = m.length_m;
            out["ascent_m"] = m.ascent_m;
            out["descent_m"] = m.descent_m;
            out["steepest"] = m.steepest;
            out["fault"] = std::string(nav::to_string(m.fault));
            return out;
          }),
      R"(Walks a polyline on the surface (docs/continuous-model.md, the ruler
every path is priced on): points_m an (N, 2) array of nav metres (x, z), e.g.
a PathResult.path_m found under another cost model. Returns a dict: cost (in
cost_unit; a path's own cost when any-angle, within the graph's tile-centre
rounding when grid), cost_unit, length_m, ascent_m, descent_m, steepest (the
steepest piece's rise over run) and fault ("none" when walkable; else the
first of "too_steep", "blocked", "outside_tiles", "squeeze": the cost then
covers the pieces walked). cost and weights as find_path; the seed model has
no surface cost (ValueError). O(cells crossed).)",
      std::make_tuple(py::arg("points_m")), model_keywords());

  terrain.def("__repr__", [](const Terrain& t) {
    const nav::Tiling& tiling = t.nav().tiling();
    std::ostringstream text;
    text << "<terranav.Terrain " << tiling.tiles_wide() << " x " << tiling.tiles_deep()
         << " tiles of " << tiling.tile_metres() << " m>";
    return text.str();
  });
}

}  // namespace terranav::python
