// navcli batch with CRS pairs (built with GDAL): eastings and northings on
// a GeoTIFF map name the same tiles as tile pairs, and a point off the map
// is refused with the map's extent in the CRS.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "geotiff_writer.hpp"
#include "navcli_run.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

class NavcliBatchCrs : public ScratchDirTest {
 protected:
  // 5 x 4 samples of 25 m pixels, west edge E 500000, north edge N 4000000:
  // 4 x 3 tiles over nav [0, 100) x [0, 75) m; sample (x, z) at
  // E = 500012.5 + 25 x, N = 3999987.5 - 25 z.
  std::string map() const {
    RasterSpec spec;
    spec.width = 5;
    spec.depth = 4;
    spec.values = {100, 101, 102, 103, 104, 100, 101, 102, 103, 104,
                   100, 101, 102, 103, 104, 100, 101, 102, 103, 104};
    spec.geotransform = std::array<double, 6>{500000.0, 25.0, 0.0, 4000000.0, 0.0, -25.0};
    return shell_quote(write_geotiff(path("dem.tif"), spec).string());
  }

  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
    return shell_quote(path(name).string());
  }

  NavcliRun batch(const std::string& pairs, const std::string& out) {
    return run_navcli(dir_, "batch --map " + map() + " --threads 2 --pairs " + pairs + " --out " +
                                shell_quote(path(out).string()));
  }
};

TEST_F(NavcliBatchCrs, EastingsAndNorthingsNameTheSameTilesAsTilePairs) {
  // nav (5, 5) -> (80, 60) m: tiles (0, 0) -> (3, 2); nav (30, 40) -> (55, 10):
  // tiles (1, 1) -> (2, 0).
  const std::string crs = write("crs.csv",
                                "id,from_e,from_n,to_e,to_n\n"
                                "a,500017.5,3999982.5,500092.5,3999927.5\n"
                                "b,500042.5,3999947.5,500067.5,3999977.5\n");
  const std::string tiles =
      write("tiles.csv", "id,from_i,from_j,to_i,to_j\na,0,0,3,2\nb,1,1,2,0\n");
  const NavcliRun by_crs = batch(crs, "crs_out.csv");
  ASSERT_EQ(by_crs.status, 0) << by_crs.err;
  ASSERT_EQ(batch(tiles, "tiles_out.csv").status, 0);
  // Every line without its time_us, the 8th and last column.
  const auto cut_time = [](const std::string& text) {
    std::string out;
    for (const std::string& line : NavcliRun::lines(text)) {
      out.append(line, 0, line.rfind(',')).push_back('\n');
    }
    return out;
  };
  const std::string rows = cut_time(read_text(path("crs_out.csv")));
  EXPECT_EQ(rows, cut_time(read_text(path("tiles_out.csv"))));
  // Found, over 25 m tiles: (0, 0) -> (3, 2) is at least 3 tiles long.
  EXPECT_NE(rows.find("\na,found,"), std::string::npos) << rows;
}

TEST_F(NavcliBatchCrs, APointOffTheMapNamesTheExtentInTheCrs) {
  const std::string pairs =
      write("off.csv", "id,from_e,from_n,to_e,to_n\na,500000,3999982.5,500092.5,3999927.5\n");
  const NavcliRun run = batch(pairs, "off_out.csv");
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.err, "navcli: " + path("off.csv").string() +
                         ":2: from (E 500000, N 3999982.5) is outside the map's tiled area E "
                         "[500012.5, 500112.5) N (3999912.5, 3999987.5]\n");
}

}  // namespace
}  // namespace terranav::test
