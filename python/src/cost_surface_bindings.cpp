// Terrain.cost_surface: nav's one-to-all cost surface as numpy arrays.
#include <Python.h>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "array_args.hpp"
#include "bindings.hpp"
#include "query_keywords.hpp"
#include "terranav/nav/cost_surface.hpp"
#include "terranav/nav/tiling.hpp"

namespace py = pybind11;

namespace terranav::python {

namespace {

/// One (tiles_deep, tiles_wide) array of `values` (TileId order: row by row).
template <typename T>
py::array_t<T> tile_grid(const nav::Tiling& tiling, const std::vector<T>& values) {
  py::array_t<T> out({static_cast<py::ssize_t>(tiling.tiles_deep()),
                      static_cast<py::ssize_t>(tiling.tiles_wide())});
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

}  // namespace

void bind_cost_surface(py::class_<Terrain>& terrain) {
  def_with(
      terrain, "cost_surface",
      model_method(Params<const py::object&>{}, Params<bool>{},
                   [](const Terrain& t, const py::object& sources, const QueryArgs& args,
                      bool backlinks) -> py::object {
                     const std::vector<std::int32_t> v = int32_rows(sources, "sources", 2, "i, j");
                     std::vector<nav::TileCoord> tiles;
                     for (std::size_t k = 0; k + 1 < v.size(); k += 2)
                       tiles.push_back({v[k], v[k + 1]});
                     const nav::CostModel model = t.search_options(args).cost;
                     nav::CostSurface surface;
                     {
                       const py::gil_scoped_release release;
                       surface = nav::cost_surface(t.nav().graph(), model, tiles);
                     }
                     // NaN, as navcli's GeoTIFF surface writes unreached tiles.
                     for (double& c : surface.cost) {
                       if (std::isinf(c)) c = std::nan("");
                     }
                     py::array_t<double> costs = tile_grid(t.nav().tiling(), surface.cost);
                     if (!backlinks) return costs;
                     return py::make_tuple(costs, tile_grid(t.nav().tiling(), surface.backlink));
                   }),
      R"(The least cost from the nearest of `sources` to every tile (GRASS
r.cost's accumulated cost, on terranav's tile graph): a float64 array of
shape (tiles_deep, tiles_wide), indexed [j, i], in the model's unit (as
PathResult.cost_unit); 0 at a source, NaN where no path leads (blocked,
too steep, another connected set), as navcli's GeoTIFF surface writes it.
Each edge is priced from the sources outwards, so for direction-dependent
models (tobler, uphill-downhill, walking-time) surface[j, i] equals
find_path(source, (i, j)).cost.
sources: a (K, 2) integer array of tiles (i, j).
backlinks: also return a uint8 array of the same shape, the direction from
    each tile back to the tile it is reached from (0..7 clockwise from +x,
    odd = diagonal; 8..15 the knight's moves, clockwise from (2, 1); 255 at
    sources and unreached tiles): (costs, backlinks).
cost and its keywords: as find_path.
Raises ValueError naming a source outside the grid or unwalkable, no
source, or a bad model setting. Without the GIL; Dijkstra (1959) with a
binary heap, O(E log V).)",
      std::make_tuple(py::arg("sources")), model_keywords(),
      std::make_tuple(py::arg("backlinks") = false));
}

}  // namespace terranav::python
