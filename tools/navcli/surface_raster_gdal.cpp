#include <cmath>
#include <optional>

#include "gdal_raster.hpp"
#include "gdal_writer.hpp"
#include "surface_raster.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::navcli {

void require_geotiff(std::string_view) {}

void write_tile_raster(const std::filesystem::path& file, const TileGrid& grid,
                       std::span<const double> values, bool float32,
                       const std::vector<std::pair<std::string, std::string>>& tags) {
  nav::gdal::GeoTiffSpec spec;
  spec.width = grid.tiles_wide;
  spec.depth = grid.tiles_deep;
  spec.type = float32 ? nav::gdal::SampleType::Float32 : nav::gdal::SampleType::Float64;
  spec.geotransform = grid.geotransform;
  spec.crs_wkt = grid.crs_wkt;
  spec.geokeys = grid.geokeys;
  spec.nodata = std::nan("");
  spec.tags = tags;
  nav::gdal::write_geotiff(file, spec, values);
}

std::vector<double> read_tile_raster(const std::filesystem::path& file, int tiles_wide,
                                     int tiles_deep) {
  const nav::gdal::Raster raster(file);
  if (raster.width() != tiles_wide || raster.depth() != tiles_deep) {
    throw nav::Error(nav::printable_text(file.string()) + ": " + std::to_string(raster.width()) +
                     "x" + std::to_string(raster.depth()) + " pixels, but the graph has " +
                     std::to_string(tiles_wide) + "x" + std::to_string(tiles_deep) + " tiles");
  }
  std::vector<double> values = raster.read_band1_f64();
  if (const std::optional<double> nodata = raster.nodata(); nodata && !std::isnan(*nodata)) {
    for (double& v : values) {
      if (v == *nodata) v = std::nan("");
    }
  }
  return values;
}

}  // namespace terranav::navcli
