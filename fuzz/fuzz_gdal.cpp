// fuzz_gdal: GeoTIFF maps through load_terrain (GDAL), nodata an error, then
// filled, then blocked, with and without resampling to square pixels. The bytes reach GDAL through
// /vsimem/ (no disk file), under a .tif name so load_terrain routes them to the GDAL loader. A
// refusal is nav::Error; anything else (crash, sanitizer report, leak, another exception) is a
// finding.
#include <algorithm>
#include <array>
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
// with the heightmap's spacing; only Block blocks tiles, one flag per tile.
void check(const nav::Terrain& terrain, nav::NodataPolicy nodata) {
  const nav::Heightmap& h = terrain.heightmap;
  FUZZ_CHECK(h.width() >= 2 && h.depth() >= 2);
  FUZZ_CHECK(static_cast<std::size_t>(h.width()) * static_cast<std::size_t>(h.depth()) <=
             nav::kMaxHeightmapSamples);
  FUZZ_CHECK(std::isfinite(h.min_height()) && std::isfinite(h.max_height()));
  FUZZ_CHECK(terrain.georeference.has_value());
  FUZZ_CHECK(terrain.georeference->pixel_size_m == h.spacing());
  FUZZ_CHECK(terrain.tile_size == 1);
  FUZZ_CHECK(terrain.blocked.empty() ||
             (nodata == nav::NodataPolicy::Block &&
              terrain.blocked.size() == static_cast<std::size_t>(h.width() - 1) *
                                            static_cast<std::size_t>(h.depth() - 1)));
}

// Resampling to square pixels can turn a few bytes into 2^28 samples (30 x
// 0.001 m pixels); like too_slow_to_read, those are left to the unit tests.
bool too_slow_to_resample(const std::string& path) {
  GDALDatasetH dataset =
      GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
  if (dataset == nullptr) return false;
  std::array<double, 6> g{};
  bool slow = false;
  if (GDALGetGeoTransform(dataset, g.data()) == CE_None && g[1] > 0.0 && g[5] < 0.0) {
    const double side = std::min(g[1], -g[5]);
    slow =
        GDALGetRasterXSize(dataset) * (g[1] / side) * GDALGetRasterYSize(dataset) * (-g[5] / side) >
        static_cast<double>(std::size_t{1} << 22);
  }
  GDALClose(dataset);
  return slow;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const terranav::fuzz::VsimemTiff tiff(data, size);
  if (!terranav::fuzz::too_slow_to_read(tiff.path(), nav::kMaxHeightmapSamples)) {
    const bool can_resample = !too_slow_to_resample(tiff.path());
    for (const nav::NodataPolicy nodata :
         {nav::NodataPolicy::Error, nav::NodataPolicy::Fill, nav::NodataPolicy::Block}) {
      for (const bool resample : {false, can_resample}) {
        try {
          check(nav::load_terrain(
                    {.map = tiff.path(), .nodata = nodata, .resample_square = resample}),
                nodata);
        } catch (const nav::Error&) {
        }
      }
    }
  }
  return 0;
}
