// navcli path --compat r.walk: the least walking time between two DEM
// samples under r.walk's rules (docs/rwalk.md): walking_time from the start,
// stopped once the goal is settled, and its back-links followed to the
// goal, so the cost is the r.walk surface's value there, bit for bit.
#include <cstdio>
#include <future>
#include <nlohmann/json.hpp>
#include <vector>

#include "command_options.hpp"
#include "commands.hpp"
#include "path_export.hpp"
#include "provenance.hpp"
#include "rwalk_input.hpp"
#include "rwalk_path.hpp"
#include "stopwatch.hpp"
#include "surface_raster.hpp"
#include "text_output.hpp"

namespace terranav::navcli {

int run_rwalk_path(const PathOptions& options) {
  require_geotiff("path --compat r.walk");
  const RwalkSurfaceOptions& o = *options.rwalk;
  // Hashing the inputs runs beside the load and the search.
  std::future<Provenance> hashed =
      std::async(std::launch::async, [&o] { return rwalk_provenance(o); });
  const RwalkRasters rasters = load_rwalk_rasters(o);
  const nav::WalkingTimeGrid grid = rasters.grid();
  nav::WalkingTimeOptions walk = o.walk.walk;
  walk.starts = {{options.from.i, options.from.j}};
  walk.goals = {{options.to.i, options.to.j}};
  walk.directions = true;
  const auto start = Clock::now();
  const nav::WalkingTimeSurface surface = nav::walking_time(grid, walk);
  const RwalkPath path = trace_rwalk_path(grid, surface, walk.goals.front());
  const double time_us = elapsed_us(start, Clock::now());
  const Provenance provenance = hashed.get();

  using json = nlohmann::ordered_json;
  const bool walkable = rwalk_walkable(grid, walk.starts.front());
  const bool found = walkable && !path.samples.empty();
  const nav::SearchStatus status = !walkable ? nav::SearchStatus::InvalidStart
                                   : found   ? nav::SearchStatus::Found
                                             : nav::SearchStatus::Unreachable;
  json samples = json::array();
  if (found) {
    for (const nav::GridSample s : path.samples) samples.push_back(json::array({s.column, s.row}));
  }
  json out = {{"status", nav::to_string(status)},
              {"cost", found ? json(path.time_s.back()) : json(nullptr)},
              {"expanded", surface.settled},
              {"time_us", rounded(time_us, 3)},
              {"path", samples}};
  nav::SurfaceMeasure m;
  if (found) {
    m = {.cost = path.time_s.back(),
         .length_m = path.length_m,
         .ascent_m = path.ascent_m,
         .descent_m = path.descent_m};
    out["length_m"] = rounded(m.length_m, 6);
    out["ascent_m"] = rounded(m.ascent_m, 6);
    out["descent_m"] = rounded(m.descent_m, 6);
  }
  out["provenance"] = provenance_json(provenance);

  // The files first, so a failed write leaves stdout empty.
  const std::vector<PathVertex> vertices =
      found ? rwalk_vertices(path, rasters.dem) : std::vector<PathVertex>{};
  if (options.geojson) {
    const nav::Georeference geo{.crs_wkt = rasters.dem.crs_wkt, .epsg = rasters.dem.epsg};
    const PathSummary summary{.status = status,
                              .measure = m,
                              .model = provenance.cost_model,
                              .kind = nav::CostModelKind::WalkingTime};
    write_geojson(*options.geojson, path_feature(vertices, summary, geo, provenance));
  }
  if (options.csv) {
    write_path_csv(*options.csv, vertices, nav::CostModelKind::WalkingTime, provenance);
  }
  std::fputs(json_line(out).c_str(), stdout);
  return 0;
}

}  // namespace terranav::navcli
