// load_raster_grid through terranav::gdal: a plain GeoTIFF with libtiff
// alone, any other raster through GDAL, judged and converted alike.
#include <cmath>
#include <limits>

#include "gdal_checks.hpp"
#include "gdal_raster.hpp"
#include "heightmap_support.hpp"
#include "plain_geotiff.hpp"
#include "png_reader.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/terrain_io/raster_grid.hpp"

namespace terranav::nav {

namespace {

// `raster`: a gdal::Raster or a gdal::PlainGeoTiff.
template <typename Raster>
RasterGrid grid_of(const std::filesystem::path& file, const Raster& raster) {
  const std::optional<gdal::Crs> crs = raster.crs();
  detail::check_crs(file, crs);
  const std::array<double, 6> gt = detail::check_north_up(file, raster.geotransform());
  for (const double size : {gt[1], -gt[5]}) {
    if (!within(kSpacingLimit, size)) {
      detail::fail(file, "pixel size: " + limit_problem(kSpacingLimit, size));
    }
  }
  RasterGrid grid{.width = raster.width(),
                  .depth = raster.depth(),
                  .values = {},
                  .geotransform = gt,
                  .crs_wkt = crs->wkt,
                  .epsg = crs->epsg,
                  .geokeys = {}};
  detail::check_dimensions(file, grid.width, grid.depth);
  grid.values = raster.read_band1_f64();
  const std::optional<double> nodata = raster.nodata();
  // A Float32 band's samples are floats, so its nodata value is compared as one.
  const double missing = !nodata ? 0.0
                         : raster.band_type_name() == "Float32"
                             ? static_cast<double>(static_cast<float>(*nodata))
                             : *nodata;
  const bool missing_is_nan = nodata && std::isnan(*nodata);
  const double scale = raster.scale();
  const double offset = raster.offset();
  for (double& v : grid.values) {
    if (nodata && (missing_is_nan ? std::isnan(v) : v == missing)) {
      v = std::numeric_limits<double>::quiet_NaN();
    } else if (scale != 1.0 || offset != 0.0) {
      v = v * scale + offset;
    }
  }
  return grid;
}

}  // namespace

RasterGrid load_raster_grid(const std::filesystem::path& file) {
  if (const auto plain = gdal::PlainGeoTiff::open(file)) {
    RasterGrid grid = grid_of(file, *plain);
    grid.geokeys = plain->keys();  // the CRS, for writing on the same grid
    return grid;
  }
  const gdal::Raster raster(file);
  if (raster.band_is_complex()) {
    detail::fail(file,
                 "band 1 is complex (" + raster.band_type_name() + "); a grid needs a real band");
  }
  return grid_of(file, raster);
}

}  // namespace terranav::nav
