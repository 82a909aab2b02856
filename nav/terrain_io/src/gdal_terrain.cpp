#include "gdal_terrain.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gdal_checks.hpp"
#include "gdal_grid.hpp"
#include "gdal_raster.hpp"
#include "heightmap_support.hpp"
#include "number_text.hpp"
#include "png_reader.hpp"
#include "terranav/nav/limits.hpp"

namespace terranav::nav::detail {
namespace {

// Band 1 in metres on the raster's own grid, and where it was nodata.
struct Samples {
  int width = 0;
  int depth = 0;
  std::vector<float> heights;
  std::vector<std::uint8_t> nodata;  // empty when none was
};

// Equal up to the rounding of a size written in decimal (30 vs 30.000000000001).
bool is_square(const std::array<double, 6>& g) {
  return std::abs(g[1] + g[5]) <= 1e-9 * g[1];
}

// The side of the square pixels the terrain gets: the pixel size, or with
// resample_square the smaller of the two.
double square_side(const std::filesystem::path& file, const std::array<double, 6>& g,
                   bool resample_square) {
  const double smaller = std::min(g[1], -g[5]);
  const bool square = is_square(g);
  if (!square && !resample_square) {
    fail(file, "non-square pixels " + number_text(g[1]) + " x " + number_text(-g[5]) +
                   " m; load it with --resample square (bilinear, to " + number_text(smaller) +
                   " m pixels) or resample it first, e.g. gdalwarp -tr " + number_text(smaller) +
                   " " + number_text(smaller));
  }
  const double side = square ? g[1] : smaller;
  if (!within(kSpacingLimit, side)) {
    fail(file, "pixel size: " + limit_problem(kSpacingLimit, side));
  }
  return side;
}

// Reads band 1 into metres and settles its nodata samples (an Error, or
// filled by GDAL's fill, then the .hgt fill for what lies beyond its reach).
Samples read_heights(const std::filesystem::path& file, const gdal::Raster& raster,
                     HgtVoids voids) {
  Samples s{.width = raster.width(),
            .depth = raster.depth(),
            .heights = raster.read_band1(),
            .nodata = {}};
  const std::optional<double> nodata_value = raster.nodata();
  // 0 = valid sample, -1 = nodata; only a band that declares nodata needs it.
  std::vector<std::int32_t> layer(nodata_value ? s.heights.size() : 0, 0);
  const double scale = raster.scale();
  const double offset = raster.offset();
  // GDAL converted the samples to float, so the nodata value is compared as one.
  const float missing = nodata_value ? static_cast<float>(*nodata_value) : 0.0f;
  const bool missing_is_nan = nodata_value && std::isnan(*nodata_value);
  for (std::size_t k = 0; k < s.heights.size(); ++k) {
    float& h = s.heights[k];
    if (nodata_value && (missing_is_nan ? std::isnan(h) : h == missing)) {
      layer[k] = -1;
    } else {
      h = static_cast<float>(h * scale + offset);
    }
  }
  if (!nodata_value ||
      check_voids(file, layer, s.width, voids, "nodata", number_text(*nodata_value)) == 0) {
    return s;
  }
  s.nodata = void_mask(layer);
  std::vector<std::uint8_t> valid(layer.size());
  std::transform(s.nodata.begin(), s.nodata.end(), valid.begin(),
                 [](std::uint8_t missing_sample) { return missing_sample == 0 ? 1 : 0; });
  try {
    gdal::fill_nodata(s.heights, valid, s.width, s.depth, gdal::kFillReachPx);
  } catch (const Error& e) {
    fail(file, e.what());
  }
  for (std::size_t k = 0; k < layer.size(); ++k) layer[k] = valid[k] != 0 ? 0 : -1;
  fill_voids(s.heights, layer, s.width, s.depth);
  return s;
}

// `s` on square pixels of `side` metres from px x py ones, bilinear, the
// top-left corner kept; a sample is nodata when a nodata one weighs in.
Samples to_square_pixels(const std::filesystem::path& file, Samples s,
                         const std::array<double, 6>& g, double side) {
  // Whole pixels of `side` in the extent; the tolerance keeps 3 x 0.3 / 0.1 at 9.
  const int width = static_cast<int>(std::floor(s.width * g[1] / side + 1e-9));
  const int depth = static_cast<int>(std::floor(s.depth * -g[5] / side + 1e-9));
  check_dimensions(file, width, depth);
  const double source_width = std::min<double>(s.width, width * side / g[1]);
  const double source_depth = std::min<double>(s.depth, depth * side / -g[5]);
  const auto resample = [&](const std::vector<float>& values) {
    try {
      return gdal::resample_bilinear(values, s.width, s.depth, source_width, source_depth, width,
                                     depth);
    } catch (const Error& e) {
      fail(file, e.what());
    }
  };
  Samples out{.width = width, .depth = depth, .heights = resample(s.heights), .nodata = {}};
  if (!s.nodata.empty()) {
    const std::vector<float> weight =
        resample(std::vector<float>(s.nodata.begin(), s.nodata.end()));
    out.nodata.resize(weight.size());
    std::transform(weight.begin(), weight.end(), out.nodata.begin(),
                   [](float w) { return w > 0.0f ? 1 : 0; });
  }
  return out;
}

}  // namespace

GeoHeightmap load_gdal_heightmap(const std::filesystem::path& file, HgtVoids nodata,
                                 bool resample_square) {
  const gdal::Raster raster(file);
  if (raster.band_is_complex()) {
    fail(file, "band 1 is complex (" + raster.band_type_name() + "); heights need a real band");
  }
  const std::optional<gdal::Crs> crs = raster.crs();
  check_crs(file, crs);
  const std::optional<std::array<double, 6>> gt = raster.geotransform();
  const std::array<double, 6>& g = check_north_up(file, gt);
  const double side = square_side(file, g, resample_square);
  check_dimensions(file, raster.width(), raster.depth());

  Samples samples = read_heights(file, raster, nodata);
  if (!is_square(g)) {
    samples = to_square_pixels(file, std::move(samples), g, side);
  }
  return {make_heightmap(file, samples.width, samples.depth, side, std::move(samples.heights)),
          Georeference{.origin_e = g[0],
                       .origin_n = g[3],
                       .pixel_size_m = side,
                       .crs_wkt = crs->wkt,
                       .epsg = crs->epsg},
          std::move(samples.nodata)};
}

}  // namespace terranav::nav::detail
