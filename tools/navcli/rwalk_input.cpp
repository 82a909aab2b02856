#include "rwalk_input.hpp"

namespace terranav::navcli {

nav::WalkingTimeGrid RwalkRasters::grid() const {
  nav::WalkingTimeGrid g{.width = dem.width,
                         .depth = dem.depth,
                         .elevation_m = dem.values,
                         .friction_s_per_m = friction.values,
                         .ew_res_m = dem.geotransform[1],
                         .ns_res_m = -dem.geotransform[5]};
  if (dem_reader) {
    g.elevation_rows = [reader = &*dem_reader](std::int32_t first_row, std::span<double> rows) {
      reader->read(first_row, rows);
    };
  }
  return g;
}

RwalkRasters load_rwalk_rasters(const RwalkSurfaceOptions& options, bool stream_dem) {
  RwalkRasters r;
  if (stream_dem) {
    r.dem = r.dem_reader.emplace(options.map).grid();
  } else {
    r.dem = nav::load_raster_grid(options.map);
  }
  if (options.walk.friction) {
    r.friction = nav::load_raster_grid(*options.walk.friction);
    nav::check_same_grid(options.map, r.dem, *options.walk.friction, r.friction);
  }
  return r;
}

Provenance rwalk_provenance(const RwalkSurfaceOptions& options) {
  TerrainOptions terrain;
  terrain.request.map = options.map;
  terrain.config.topology =
      options.walk.walk.knight_moves ? nav::Topology::Knight16 : nav::Topology::Octile8;
  CostOptions cost;
  cost.model.kind = nav::CostModelKind::WalkingTime;
  cost.model.walk = options.walk.walk.walk;
  Provenance p = make_provenance(terrain, cost);
  p.compat = "r.walk";
  p.max_slope.reset();
  p.cost_model["lambda"] = options.walk.walk.lambda;
  if (options.walk.friction) {
    p.cost_model["friction"] = options.walk.friction->string();
    p.cost_model["friction_sha256"] = sha256_file(*options.walk.friction);
  }
  return p;
}

}  // namespace terranav::navcli
