// A build without GDAL: a GeoTIFF map is one clear error, not an unknown format.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "terranav/terrain_io/raster_grid.hpp"
#include "terranav/terrain_io/terrain_source.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

class GdalMissing : public test::ScratchDirTest {};

TEST_F(GdalMissing, GeoTiffMapSaysTheBuildLacksGdal) {
  const std::filesystem::path file = dir_ / "dem.tif";
  { std::ofstream(file) << "II*"; }
  EXPECT_EQ(test::error_of([&] { load_terrain(TerrainRequest{.map = file}); }),
            file.string() +
                ": this build of terranav lacks GDAL, so it cannot read GeoTIFF/GDAL rasters "
                "(install libgdal-dev and rebuild)");
}

TEST_F(GdalMissing, RasterGridSaysTheBuildLacksGdal) {
  const std::filesystem::path file = dir_ / "dem.tif";
  { std::ofstream(file) << "II*"; }
  EXPECT_EQ(test::error_of([&] { load_raster_grid(file); }),
            file.string() +
                ": this build of terranav lacks GDAL, so it cannot read GeoTIFF/GDAL rasters "
                "(install libgdal-dev and rebuild)");
}

}  // namespace
}  // namespace terranav::nav
