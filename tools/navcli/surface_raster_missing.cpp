// A build without GDAL: cost surfaces are GeoTIFF files, so every use is an
// error saying why.
#include <string>

#include "surface_raster.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::navcli {

void require_geotiff(std::string_view what) {
  throw nav::Error(std::string(what) +
                   ": this navcli was built without GDAL (TERRANAV_WITH_GDAL=OFF or no "
                   "libgdal-dev), so it cannot write or read GeoTIFF cost surfaces");
}

void write_tile_raster(const std::filesystem::path&, const TileGrid&, std::span<const double>, bool,
                       const std::vector<std::pair<std::string, std::string>>&) {
  require_geotiff("cost-surface");
}

std::vector<double> read_tile_raster(const std::filesystem::path&, int, int) {
  require_geotiff("--from-surface");
  return {};
}

}  // namespace terranav::navcli
