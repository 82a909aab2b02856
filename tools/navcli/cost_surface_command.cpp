// navcli cost-surface: the accumulated cost from source tiles to every tile,
// written as a GeoTIFF (one pixel per tile), with an optional direction
// raster in GRASS r.walk's convention.
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "command_options.hpp"
#include "commands.hpp"
#include "provenance.hpp"
#include "stopwatch.hpp"
#include "surface_raster.hpp"
#include "terrain_options.hpp"
#include "terranav/nav/cost_surface.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

/// The tile raster's placement. A DEM sample (x, z) sits at its pixel's
/// centre, E = E0 + (x + 0.5) px (georeference.hpp), so tile (i, j), the
/// samples i t .. (i + 1) t, spans E0 + 0.5 px + [i, i + 1] t px. A map
/// without a georeference is placed in nav metres, E = x, N = -z (its tile
/// pixels span the tiles' nav squares), with no CRS.
TileGrid tile_grid(const nav::Terrain& terrain, const nav::TerrainGraph& graph) {
  const double t = graph.config().tile_size;
  TileGrid grid{graph.tiles_wide(), graph.tiles_deep(), {}, {}, {}};
  if (terrain.georeference) {
    const nav::Georeference& geo = *terrain.georeference;
    const double px = geo.pixel_size_m;
    grid.geotransform = {geo.origin_e + 0.5 * px, t * px, 0.0,
                         geo.origin_n - 0.5 * px, 0.0,    -t * px};
    grid.crs_wkt = geo.crs_wkt;
  } else {
    const double s = terrain.heightmap.spacing();
    grid.geotransform = {0.0, t * s, 0.0, 0.0, 0.0, -t * s};
  }
  return grid;
}

/// r.walk's direction raster: degrees counter-clockwise from east of the
/// way from each tile to the tile it was reached from, east as 360, not 0;
/// NaN (nodata) at sources and unreached tiles. North is -z.
std::vector<double> backlink_degrees(const nav::CostSurface& surface) {
  std::vector<double> degrees(surface.backlink.size(), std::nan(""));
  for (std::size_t t = 0; t < degrees.size(); ++t) {
    const std::uint8_t dir = surface.backlink[t];
    if (dir == nav::kNoBacklink) continue;
    const double a = std::atan2(-nav::kDirDz[dir], nav::kDirDx[dir]) * 180.0 / std::numbers::pi;
    degrees[t] = a <= 0.0 ? a + 360.0 : a;
  }
  return degrees;
}

}  // namespace

int run_cost_surface(Flags& flags) {
  const CostSurfaceOptions options = parse_cost_surface_options(flags);
  if (options.rwalk) return run_rwalk_surface(options);
  require_geotiff("cost-surface");
  const std::vector<std::pair<std::string, std::string>> tags =
      provenance_tags(make_provenance(options.terrain, options.cost));
  const auto start = Clock::now();
  const LoadedTerrain loaded(options.terrain, options.cost);
  const BuiltTerrain built(loaded, options.terrain.config, options.cost);
  const nav::TerrainGraph& graph = built.graph();

  const auto surface_start = Clock::now();
  nav::CostSurface surface = nav::cost_surface(graph, built.cost_model(), options.sources);
  const double surface_ms = elapsed_us(surface_start, Clock::now()) / 1000.0;

  std::size_t reached = 0;
  double max_cost = 0.0;
  for (double& c : surface.cost) {
    if (std::isfinite(c)) {
      ++reached;
      max_cost = std::max(max_cost, c);
    } else {
      c = std::nan("");  // the rasters' nodata
    }
  }
  const TileGrid grid = tile_grid(loaded.terrain, graph);
  const auto write_start = Clock::now();
  write_tile_raster(options.out, grid, surface.cost, false, tags);
  if (options.backlink) {
    write_tile_raster(*options.backlink, grid, backlink_degrees(surface), true, tags);
  }
  const auto end = Clock::now();

  const nlohmann::ordered_json out = {
      {"sources", options.sources.size()},
      {"reached", reached},
      {"max_cost", max_cost},
      {"surface_ms", rounded(surface_ms, 3)},
      {"write_ms", rounded(elapsed_us(write_start, end) / 1000.0, 3)},
      {"total_ms", rounded(elapsed_us(start, end) / 1000.0, 3)}};
  std::fputs(json_line(out).c_str(), stdout);
  return 0;
}

}  // namespace terranav::navcli
