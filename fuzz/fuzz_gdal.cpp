// fuzz_gdal: GeoTIFF maps through load_terrain (GDAL), nodata an error and
// then filled. The bytes reach GDAL through /vsimem/ (no disk file), under a
// .tif name so load_terrain routes them to the GDAL loader. A refusal is
// nav::Error; anything else (crash, sanitizer report, leak, another
// exception) is a finding.
#include <cpl_conv.h>
#include <cpl_vsi.h>
#include <gdal.h>
#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "gdal_fuzz_support.hpp"
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

// Declared sizes the loader accepts but that take up to 2 GiB and seconds
// to read are skipped: slow by design, not a bug. Larger ones are refused
// before reading, so they still run.
bool too_slow_to_read(const std::string& path) {
  GDALDatasetH dataset =
      GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
  if (dataset == nullptr) return false;
  const std::size_t samples = static_cast<std::size_t>(GDALGetRasterXSize(dataset)) *
                              static_cast<std::size_t>(GDALGetRasterYSize(dataset));
  GDALClose(dataset);
  return samples > (std::size_t{1} << 22) && samples <= nav::kMaxHeightmapSamples;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  terranav::fuzz::init_gdal();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const terranav::fuzz::VsiMemInput input(data, size);
  if (!too_slow_to_read(input.path())) {
    for (const nav::HgtVoids nodata : {nav::HgtVoids::Error, nav::HgtVoids::Fill}) {
      try {
        check(nav::load_terrain({.map = input.path(), .hgt_voids = nodata}));
      } catch (const nav::Error&) {
      }
    }
  }
  return 0;
}
