#include "gdal_terrain.hpp"

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gdal_checks.hpp"
#include "gdal_raster.hpp"
#include "heightmap_support.hpp"
#include "number_text.hpp"
#include "png_reader.hpp"
#include "terranav/nav/limits.hpp"

namespace terranav::nav::detail {
namespace {

// The pixel size of a north-up, unrotated geotransform with square pixels.
double check_geotransform(const std::filesystem::path& file,
                          const std::optional<std::array<double, 6>>& gt) {
  const auto& g = check_north_up(file, gt);
  // Equal up to the rounding of a size written in decimal (30 vs 30.000000000001).
  if (std::abs(g[1] + g[5]) > 1e-9 * g[1]) {
    fail(file, "non-square pixels " + number_text(g[1]) + " x " + number_text(-g[5]) +
                   " m; resample to square pixels first, e.g. gdalwarp -tr " + number_text(g[1]) +
                   " " + number_text(g[1]));
  }
  if (!within(kSpacingLimit, g[1])) {
    fail(file, "pixel size: " + limit_problem(kSpacingLimit, g[1]));
  }
  return g[1];
}

}  // namespace

GeoHeightmap load_gdal_heightmap(const std::filesystem::path& file, HgtVoids nodata) {
  const gdal::Raster raster(file);
  if (raster.band_is_complex()) {
    fail(file, "band 1 is complex (" + raster.band_type_name() + "); heights need a real band");
  }
  const std::optional<gdal::Crs> crs = raster.crs();
  check_crs(file, crs);
  const std::optional<std::array<double, 6>> gt = raster.geotransform();
  const double pixel_m = check_geotransform(file, gt);
  const int width = raster.width();
  const int depth = raster.depth();
  check_dimensions(file, width, depth);

  std::vector<float> heights = raster.read_band1();
  const std::optional<double> nodata_value = raster.nodata();
  // 0 = valid sample, -1 = nodata; only a band that declares nodata needs it.
  std::vector<std::int32_t> layer(nodata_value ? heights.size() : 0, 0);
  const double scale = raster.scale();
  const double offset = raster.offset();
  // GDAL converted the samples to float, so the nodata value is compared as one.
  const float missing = nodata_value ? static_cast<float>(*nodata_value) : 0.0f;
  const bool missing_is_nan = nodata_value && std::isnan(*nodata_value);
  for (std::size_t k = 0; k < heights.size(); ++k) {
    if (nodata_value && (missing_is_nan ? std::isnan(heights[k]) : heights[k] == missing)) {
      layer[k] = -1;
    } else {
      heights[k] = static_cast<float>(heights[k] * scale + offset);
    }
  }
  if (nodata_value) {
    settle_voids(file, heights, layer, width, depth, nodata, "nodata", number_text(*nodata_value));
  }
  return {make_heightmap(file, width, depth, pixel_m, std::move(heights)),
          Georeference{.origin_e = (*gt)[0],
                       .origin_n = (*gt)[3],
                       .pixel_size_m = pixel_m,
                       .crs_wkt = crs->wkt,
                       .epsg = crs->epsg}};
}

}  // namespace terranav::nav::detail
