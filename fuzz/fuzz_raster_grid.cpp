// fuzz_raster_grid: GeoTIFF grids through load_raster_grid (GDAL), then the
// r.walk walking-time surface on what loaded (the DEM as its own friction,
// so nodata and negative values reach walking_time's checks too). The
// bytes reach GDAL through /vsimem/. A refusal is nav::Error; anything else
// (crash, sanitizer report, leak, another exception) is a finding.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "gdal_input.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/nav/walking_time.hpp"
#include "terranav/terrain_io/raster_grid.hpp"

namespace {

namespace nav = terranav::nav;

// A loaded grid: its size, north-up and its values' count agree.
void check(const nav::RasterGrid& g) {
  FUZZ_CHECK(g.width >= 1 && g.depth >= 1);
  FUZZ_CHECK(g.values.size() == static_cast<std::size_t>(g.width) * g.depth);
  FUZZ_CHECK(g.geotransform[1] > 0 && g.geotransform[5] < 0);
  FUZZ_CHECK(g.geotransform[2] == 0 && g.geotransform[4] == 0);
}

// The surface: the start is 0, every time NaN or >= 0.
void walk(const nav::RasterGrid& g, bool with_friction) {
  nav::WalkingTimeOptions options;
  options.knight_moves = with_friction;
  options.directions = true;
  options.starts = {{g.width / 2, g.depth / 2}};
  const nav::WalkingTimeSurface s =
      nav::walking_time({.width = g.width,
                         .depth = g.depth,
                         .elevation_m = g.values,
                         .friction_s_per_m = with_friction ? g.values : std::span<const double>(),
                         .ew_res_m = g.geotransform[1],
                         .ns_res_m = -g.geotransform[5]},
                        options);
  FUZZ_CHECK(s.time_s.size() == g.values.size() && s.direction_deg.size() == g.values.size());
  FUZZ_CHECK(s.time_s[static_cast<std::size_t>(g.depth / 2) * g.width + g.width / 2] == 0.0);
  for (const double t : s.time_s) FUZZ_CHECK(std::isnan(t) || t >= 0.0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const terranav::fuzz::VsimemTiff tiff(data, size);
  if (terranav::fuzz::too_slow_to_read(tiff.path(), nav::kMaxHeightmapSamples)) return 0;
  try {
    const nav::RasterGrid grid = nav::load_raster_grid(tiff.path());
    check(grid);
    for (const bool with_friction : {false, true}) {
      try {
        walk(grid, with_friction);
      } catch (const nav::Error&) {
      }
    }
  } catch (const nav::Error&) {
  }
  return 0;
}
