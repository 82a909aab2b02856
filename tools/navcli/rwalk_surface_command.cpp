// navcli cost-surface --compat r.walk: GRASS r.walk's accumulated walking
// time (nav::walking_time, docs/rwalk.md) on the DEM's own samples, written
// on the DEM's grid, so that it can replace an r.walk call cell for cell.
#include <cmath>
#include <cstdio>
#include <future>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "command_options.hpp"
#include "commands.hpp"
#include "provenance.hpp"
#include "stopwatch.hpp"
#include "surface_raster.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/terrain_io/raster_grid.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

// make_provenance's record with r.walk's parameters in place of terranav's
// cost model and slope limit (there is none).
Provenance rwalk_provenance(const RwalkSurfaceOptions& o) {
  TerrainOptions terrain;
  terrain.request.map = o.map;
  terrain.config.topology =
      o.walk.walk.knight_moves ? nav::Topology::Knight16 : nav::Topology::Octile8;
  Provenance p = make_provenance(terrain, CostOptions{});
  const nav::WalkingTimeOptions& w = o.walk.walk;
  p.compat = "r.walk";
  p.max_slope.reset();
  p.cost_model = {{"name", "walking-time"},
                  {"walk_coeff", {w.a, w.b, w.c, w.d}},
                  {"slope_factor", w.slope_factor},
                  {"lambda", w.lambda}};
  if (o.walk.friction) {
    p.cost_model["friction"] = o.walk.friction->string();
    p.cost_model["friction_sha256"] = sha256_file(*o.walk.friction);
  }
  return p;
}

}  // namespace

int run_rwalk_surface(const CostSurfaceOptions& options) {
  require_geotiff("cost-surface --compat r.walk");
  const RwalkSurfaceOptions& o = *options.rwalk;
  const auto start = Clock::now();
  // Hashing the inputs (52 MB for a 3601 x 3601 Float32 DEM) runs beside
  // the load and the search; a load error is reported before a hash error.
  std::future<Provenance> provenance =
      std::async(std::launch::async, [&o] { return rwalk_provenance(o); });
  const nav::RasterGrid dem = nav::load_raster_grid(o.map);
  nav::RasterGrid friction;
  if (o.walk.friction) {
    friction = nav::load_raster_grid(*o.walk.friction);
    nav::check_same_grid(o.map, dem, *o.walk.friction, friction);
  }
  const auto surface_start = Clock::now();
  nav::WalkingTimeOptions walk = o.walk.walk;
  walk.directions = options.backlink.has_value();
  const nav::WalkingTimeSurface surface = nav::walking_time({.width = dem.width,
                                                             .depth = dem.depth,
                                                             .elevation_m = dem.values,
                                                             .friction_s_per_m = friction.values,
                                                             .ew_res_m = dem.geotransform[1],
                                                             .ns_res_m = -dem.geotransform[5]},
                                                            walk);
  const auto surface_end = Clock::now();

  std::size_t reached = 0;
  double max_cost = 0.0;
  for (const double t : surface.time_s) {
    if (std::isnan(t)) continue;
    ++reached;
    max_cost = std::max(max_cost, t);
  }
  const std::vector<std::pair<std::string, std::string>> tags = provenance_tags(provenance.get());
  const TileGrid grid{dem.width, dem.depth, dem.geotransform, dem.crs_wkt};
  write_tile_raster(options.out, grid, surface.time_s, false, tags);
  if (options.backlink) {
    const std::vector<double> degrees(surface.direction_deg.begin(), surface.direction_deg.end());
    write_tile_raster(*options.backlink, grid, degrees, true, tags);
  }
  const auto end = Clock::now();

  const nlohmann::ordered_json out = {
      {"sources", walk.starts.size()},
      {"reached", reached},
      {"max_cost", max_cost},
      {"surface_ms", rounded(elapsed_us(surface_start, surface_end) / 1000.0, 3)},
      {"read_ms", rounded(elapsed_us(start, surface_start) / 1000.0, 3)},
      {"write_ms", rounded(elapsed_us(surface_end, end) / 1000.0, 3)},
      {"total_ms", rounded(elapsed_us(start, end) / 1000.0, 3)}};
  std::fputs(json_line(out).c_str(), stdout);
  return 0;
}

}  // namespace terranav::navcli
