// navcli cost-surface --compat r.walk: GRASS r.walk's accumulated walking
// time (nav::walking_time, docs/rwalk.md) on the DEM's own samples, written
// on the DEM's grid, so that it can replace an r.walk call cell for cell.
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
#include "rwalk_input.hpp"
#include "stopwatch.hpp"
#include "surface_raster.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/terrain_io/raster_grid.hpp"
#include "text_output.hpp"

namespace terranav::navcli {

int run_rwalk_surface(const CostSurfaceOptions& options) {
  require_geotiff("cost-surface --compat r.walk");
  const RwalkSurfaceOptions& o = *options.rwalk;
  const auto start = Clock::now();
  // Hashing the inputs (52 MB for a 3601 x 3601 Float32 DEM) runs beside
  // the load and the search; a load error is reported before a hash error.
  std::future<Provenance> provenance =
      std::async(std::launch::async, [&o] { return rwalk_provenance(o); });
  // The DEM is read as walking_time pads it: no copy of it is held.
  const RwalkRasters rasters = load_rwalk_rasters(o, true);
  const nav::RasterGrid& dem = rasters.dem;
  const auto surface_start = Clock::now();
  nav::WalkingTimeOptions walk = o.walk.walk;
  walk.directions = options.backlink.has_value();
  walk.threads = 0;  // every core, up to 4, from 2^20 samples on
  const nav::WalkingTimeSurface surface = nav::walking_time(rasters.grid(), walk);
  const auto surface_end = Clock::now();

  const std::vector<std::pair<std::string, std::string>> tags = provenance_tags(provenance.get());
  const TileGrid grid{dem.width, dem.depth, dem.geotransform, dem.crs_wkt, dem.geokeys};
  write_tile_raster(options.out, grid, surface.time_s, false, tags);
  if (options.backlink) {
    const std::vector<double> degrees(surface.direction_deg.begin(), surface.direction_deg.end());
    write_tile_raster(*options.backlink, grid, degrees, true, tags);
  }
  const auto end = Clock::now();

  const nlohmann::ordered_json out = {
      {"sources", walk.starts.size()},
      {"reached", surface.settled},  // no goals: every sample with a time
      {"max_cost", surface.max_time_s},
      {"surface_ms", rounded(elapsed_us(surface_start, surface_end) / 1000.0, 3)},
      {"read_ms", rounded(elapsed_us(start, surface_start) / 1000.0, 3)},
      {"write_ms", rounded(elapsed_us(surface_end, end) / 1000.0, 3)},
      {"total_ms", rounded(elapsed_us(start, end) / 1000.0, 3)}};
  std::fputs(json_line(out).c_str(), stdout);
  return 0;
}

}  // namespace terranav::navcli
