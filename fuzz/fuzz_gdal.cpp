// fuzz_gdal: GeoTIFF maps through load_terrain (GDAL), nodata an error and
// then filled. The bytes reach GDAL through /vsimem/ (no disk file), under a
// .tif name so load_terrain routes them to the GDAL loader. A refusal is
// nav::Error; anything else (crash, sanitizer report, leak, another
// exception) is a finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "gdal_input.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace {

namespace nav = terranav::nav;

// A loaded GeoTIFF: within the limits, finite, and its georeference agrees
// with the heightmap's spacing.
void check(const nav::Terrain& terrain) {
  const nav::Heightmap& h = terrain.heightmap;
  FUZZ_CHECK(h.width() >= 2 && h.depth() >= 2);
  FUZZ_CHECK(static_cast<std::size_t>(h.width()) * static_cast<std::size_t>(h.depth()) <=
             nav::kMaxHeightmapSamples);
  FUZZ_CHECK(std::isfinite(h.min_height()) && std::isfinite(h.max_height()));
  FUZZ_CHECK(terrain.georeference.has_value());
  FUZZ_CHECK(terrain.georeference->pixel_size_m == h.spacing());
  FUZZ_CHECK(terrain.tile_size == 1 && terrain.blocked.empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const terranav::fuzz::VsimemTiff tiff(data, size);
  if (!terranav::fuzz::too_slow_to_read(tiff.path(), nav::kMaxHeightmapSamples)) {
    for (const nav::HgtVoids nodata : {nav::HgtVoids::Error, nav::HgtVoids::Fill}) {
      try {
        check(nav::load_terrain({.map = tiff.path(), .hgt_voids = nodata}));
      } catch (const nav::Error&) {
      }
    }
  }
  return 0;
}
