#include "gdal_checks.hpp"

#include <string>

#include "number_text.hpp"
#include "png_reader.hpp"

namespace terranav::nav::detail {
namespace {

// Every refusal suggests the GDAL command that fixes it.
constexpr const char* kWarp = "e.g. gdalwarp -t_srs EPSG:xxxx with a projected CRS in metres";

std::string epsg_text(const gdal::Crs& crs) {
  return crs.epsg ? " EPSG:" + std::to_string(*crs.epsg) : std::string();
}

}  // namespace

void check_crs(const std::filesystem::path& file, const std::optional<gdal::Crs>& crs) {
  if (!crs) {
    fail(file,
         "no coordinate reference system; assign one first, e.g. gdal_edit.py -a_srs EPSG:xxxx");
  }
  if (crs->geographic) {
    fail(file, "geographic CRS" + epsg_text(*crs) + " (degrees); project it first, " + kWarp);
  }
  if (crs->linear_unit_m != 1.0) {
    fail(file, "CRS" + epsg_text(*crs) + " unit is '" + crs->linear_unit_name + "' (" +
                   number_text(crs->linear_unit_m) + " m), not the metre; reproject it first, " +
                   kWarp);
  }
}

const std::array<double, 6>& check_north_up(const std::filesystem::path& file,
                                            const std::optional<std::array<double, 6>>& gt) {
  if (!gt) {
    fail(file, "no geotransform (origin and pixel size); georeference it first");
  }
  const auto& g = *gt;
  if (g[2] != 0.0 || g[4] != 0.0) {
    fail(file, "rotated or sheared geotransform (rotation terms " + number_text(g[2]) + ", " +
                   number_text(g[4]) + "); warp it north-up first, " + kWarp);
  }
  if (!(g[1] > 0.0) || !(g[5] < 0.0)) {
    fail(file, "not north-up (pixel size " + number_text(g[1]) + " x " + number_text(g[5]) +
                   "; expected > 0 x < 0); warp it north-up first, " + kWarp);
  }
  return g;
}

}  // namespace terranav::nav::detail
