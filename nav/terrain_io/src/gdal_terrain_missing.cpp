// The GDAL loaders of a build configured without libgdal (see
// nav/terrain_io/CMakeLists.txt): one clear error instead of a missing format.
#include "gdal_terrain.hpp"
#include "png_reader.hpp"
#include "terranav/terrain_io/raster_grid.hpp"

namespace terranav::nav {
namespace {

[[noreturn]] void lacks_gdal(const std::filesystem::path& file) {
  detail::fail(file,
               "this build of terranav lacks GDAL, so it cannot read GeoTIFF/GDAL rasters (install "
               "libgdal-dev and rebuild)");
}

}  // namespace

namespace detail {

GeoHeightmap load_gdal_heightmap(const std::filesystem::path& file, HgtVoids /*nodata*/,
                                 bool /*resample_square*/) {
  lacks_gdal(file);
}

}  // namespace detail

struct RasterGridReader::Source {};

RasterGridReader::RasterGridReader(const std::filesystem::path& file) {
  lacks_gdal(file);
}
RasterGridReader::RasterGridReader(RasterGridReader&&) noexcept = default;
RasterGridReader& RasterGridReader::operator=(RasterGridReader&&) noexcept = default;
RasterGridReader::~RasterGridReader() = default;

void RasterGridReader::read(std::int32_t /*first_row*/, std::span<double> /*rows*/) const {
  // No reader is ever constructed in this build.
}

}  // namespace terranav::nav
