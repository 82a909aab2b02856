// The GDAL loader of a build configured without libgdal (see
// nav/terrain_io/CMakeLists.txt): one clear error instead of a missing format.
#include "gdal_terrain.hpp"

#include "png_reader.hpp"

namespace terranav::nav::detail {

GeoHeightmap load_gdal_heightmap(const std::filesystem::path& file, HgtVoids /*nodata*/) {
  fail(file,
       "this build of terranav lacks GDAL, so it cannot read GeoTIFF/GDAL rasters (install "
       "libgdal-dev and rebuild)");
}

}  // namespace terranav::nav::detail
