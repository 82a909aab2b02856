// walking_time against GRASS GIS 8.2.1's r.walk itself: every case of
// tests/data/rwalk/cases.tsv (made by tools/rwalk/make_fixtures.sh; nodata
// holes and 1-px walls, 60 x 90 m pixels, friction with nodata, lambda,
// other coefficients, two starts) on every sample: the same nodata samples,
// times within 1e-6 relative (docs/rwalk.md section 8; in fact identical),
// and r.walk's outdir wherever a single predecessor gives the least time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "rwalk_reference.hpp"
#include "terranav/nav/walking_time.hpp"
#include "terranav/terrain_io/raster_grid.hpp"

namespace terranav::nav {
namespace {

namespace fs = std::filesystem;
const fs::path kDir = fs::path(TERRANAV_TEST_DATA_DIR) / "rwalk";

struct ParityCase {
  std::string name;
  std::string dem;
  std::string friction;  // "-" = none
  WalkingTimeOptions options;
};

std::vector<ParityCase> read_cases() {
  std::ifstream in(kDir / "cases.tsv");
  std::vector<ParityCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream row(line);
    ParityCase c;
    int knight = 0;
    std::string starts;
    row >> c.name >> c.dem >> c.friction >> knight >> c.options.walk.a >> c.options.walk.b >>
        c.options.walk.c >> c.options.walk.d >> c.options.walk.slope_factor >> c.options.lambda >>
        starts;
    c.options.knight_moves = knight == 1;
    std::replace(starts.begin(), starts.end(), ';', ' ');
    std::replace(starts.begin(), starts.end(), ',', ' ');
    std::istringstream s(starts);
    for (GridSample g; s >> g.column >> g.row;) c.options.starts.push_back(g);
    cases.push_back(c);
  }
  return cases;
}

TEST(RwalkParity, EveryFixtureMatchesGrass) {
  const std::vector<ParityCase> cases = read_cases();
  ASSERT_EQ(cases.size(), 8u);
  for (ParityCase c : cases) {
    SCOPED_TRACE(c.name);
    const RasterGrid dem = load_raster_grid(kDir / c.dem);
    RasterGrid friction;
    if (c.friction != "-") {
      friction = load_raster_grid(kDir / c.friction);
      check_same_grid(kDir / c.dem, dem, kDir / c.friction, friction);
    }
    const WalkingTimeGrid grid{.width = dem.width,
                               .depth = dem.depth,
                               .elevation_m = dem.values,
                               .friction_s_per_m = friction.values,
                               .ew_res_m = dem.geotransform[1],
                               .ns_res_m = -dem.geotransform[5]};
    c.options.directions = true;
    const WalkingTimeSurface ours = walking_time(grid, c.options);
    const RasterGrid time = load_raster_grid(kDir / (c.name + ".time.tif"));
    const RasterGrid dir = load_raster_grid(kDir / (c.name + ".dir.tif"));
    ASSERT_EQ(time.values.size(), ours.time_s.size());
    double worst = 0.0;
    int reached = 0;
    int nodata = 0;
    int directions = 0;
    for (int row = 0; row < grid.depth; ++row) {
      for (int col = 0; col < grid.width; ++col) {
        const std::size_t k = static_cast<std::size_t>(row) * grid.width + col;
        const double g = time.values[k];
        const double t = ours.time_s[k];
        ASSERT_EQ(std::isnan(t), std::isnan(g)) << "sample (" << col << ", " << row << ")";
        if (std::isnan(g)) {
          ++nodata;
          continue;
        }
        ++reached;
        worst = std::max(worst, std::abs(t - g) / std::max(std::abs(g), 1.0));
        if (g == 0.0) continue;  // a start: no direction
        // r.walk's choice among equal predecessors depends on its heap order.
        int least = 0;
        for (int m = 0; m < (c.options.knight_moves ? 16 : 8); ++m) {
          const test::RwalkMove back = test::kRwalkMoves[m];
          const int uc = col - back.dcol;
          const int ur = row - back.drow;
          if (uc < 0 || uc >= grid.width || ur < 0 || ur >= grid.depth) continue;
          const double from = time.values[static_cast<std::size_t>(ur) * grid.width + uc];
          if (std::isnan(from)) continue;
          least += test::rwalk_step(grid, c.options, uc, ur, back, from) == g ? 1 : 0;
        }
        // Some neighbour's step gives GRASS's time exactly: the step rule.
        EXPECT_GE(least, 1) << "sample (" << col << ", " << row << ")";
        if (least == 1) {
          EXPECT_EQ(ours.direction_deg[k], static_cast<float>(dir.values[k]))
              << "sample (" << col << ", " << row << ")";
          ++directions;
        }
      }
    }
    EXPECT_LE(worst, 1e-6);
    EXPECT_GT(reached, grid.width * grid.depth / 2);
    EXPECT_GT(nodata, 0);
    EXPECT_GT(directions, reached / 2);  // the rest: equal-time ties (flat ground)
    std::cout << c.name << ": " << reached << " samples reached, " << nodata
              << " nodata, max relative difference " << worst << ", " << directions
              << " directions compared\n";
  }
}

}  // namespace
}  // namespace terranav::nav
