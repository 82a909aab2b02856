// RasterGridReader through terranav::gdal: a plain GeoTIFF with libtiff
// alone, any other raster through GDAL, judged and converted alike.
#include <cmath>
#include <limits>
#include <optional>

#include "gdal_checks.hpp"
#include "gdal_raster.hpp"
#include "heightmap_support.hpp"
#include "plain_geotiff.hpp"
#include "png_reader.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/terrain_io/raster_grid.hpp"

namespace terranav::nav {

namespace {

// How a raster's samples become values.
struct Conversion {
  bool has_nodata = false;
  bool missing_is_nan = false;
  double missing = 0.0;
  double scale = 1.0;
  double offset = 0.0;
};

}  // namespace

// The opened file and how its samples become values.
struct RasterGridReader::Source {
  std::unique_ptr<gdal::PlainGeoTiff> plain;
  std::optional<gdal::Raster> raster;  // when not plain
  Conversion conversion;
};

namespace {

// The grid of `raster` (a gdal::Raster or a gdal::PlainGeoTiff), values
// empty, and in `source` how its samples convert.
template <typename Raster>
RasterGrid grid_of(const std::filesystem::path& file, const Raster& raster, Conversion& source) {
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
  const std::optional<double> nodata = raster.nodata();
  source.has_nodata = nodata.has_value();
  // A Float32 band's samples are floats, so its nodata value is compared as one.
  source.missing = !nodata ? 0.0
                   : raster.band_type_name() == "Float32"
                       ? static_cast<double>(static_cast<float>(*nodata))
                       : *nodata;
  source.missing_is_nan = nodata && std::isnan(*nodata);
  source.scale = raster.scale();
  source.offset = raster.offset();
  return grid;
}

}  // namespace

RasterGridReader::RasterGridReader(const std::filesystem::path& file)
    : source_(std::make_unique<Source>()) {
  if ((source_->plain = gdal::PlainGeoTiff::open(file))) {
    grid_ = grid_of(file, *source_->plain, source_->conversion);
    grid_.geokeys = source_->plain->keys();  // the CRS, for writing on the same grid
    return;
  }
  const gdal::Raster& raster = source_->raster.emplace(file);
  if (raster.band_is_complex()) {
    detail::fail(file,
                 "band 1 is complex (" + raster.band_type_name() + "); a grid needs a real band");
  }
  grid_ = grid_of(file, raster, source_->conversion);
}

RasterGridReader::RasterGridReader(RasterGridReader&&) noexcept = default;
RasterGridReader& RasterGridReader::operator=(RasterGridReader&&) noexcept = default;
RasterGridReader::~RasterGridReader() = default;

void RasterGridReader::read(std::int32_t first_row, std::span<double> rows) const {
  if (source_->plain) {
    source_->plain->read_band1_rows(first_row, rows);
  } else {
    source_->raster->read_band1_rows(first_row, rows);
  }
  const Conversion& s = source_->conversion;
  if (!s.has_nodata && s.scale == 1.0 && s.offset == 0.0) return;
  for (double& v : rows) {
    if (s.has_nodata && (s.missing_is_nan ? std::isnan(v) : v == s.missing)) {
      v = std::numeric_limits<double>::quiet_NaN();
    } else if (s.scale != 1.0 || s.offset != 0.0) {
      v = v * s.scale + s.offset;
    }
  }
}

}  // namespace terranav::nav
