// navcli path and batch --compat r.walk (built with GDAL): a path's cost is
// the r.walk surface's value at its goal (GRASS's own output in
// tests/data/rwalk/, and cost-surface --compat r.walk's GeoTIFF), its steps
// are moves of the topology, a 3 x 3 DEM gives the path and times worked
// out by hand, and batch rows equal separate path runs whatever the threads.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "geotiff_writer.hpp"
#include "navcli_run.hpp"
#include "rwalk_cases.hpp"
#include "terranav/terrain_io/raster_grid.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

class NavcliRwalkPath : public ScratchDirTest {
 protected:
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
    return shell_quote(path(name).string());
  }

  // Runs `args`, expects exit 0, returns the JSON it printed.
  json ok(const std::string& args) const {
    const NavcliRun run = run_navcli(dir_, args);
    EXPECT_EQ(run.status, 0) << args << "\n" << run.err;
    return run.status == 0 ? json::parse(run.out) : json::object();
  }
};

// Whether a -> b is a move of octile8 (or knight16 with `knight`).
bool is_move(const json& a, const json& b, bool knight) {
  const int dc = std::abs(b[0].get<int>() - a[0].get<int>());
  const int dr = std::abs(b[1].get<int>() - a[1].get<int>());
  const bool octile = dc <= 1 && dr <= 1 && dc + dr > 0;
  return octile || (knight && dc + dr == 3 && dc > 0 && dr > 0);
}

TEST_F(NavcliRwalkPath, CostIsGrassSurfaceValueAtTheGoalAlongMovesOfTheTopology) {
  int knight_moves = 0;
  int unreachable = 0;
  for (const CliCase& c : read_rwalk_cases()) {
    if (c.starts.find(';') != std::string::npos) continue;  // path has one start
    SCOPED_TRACE(c.name);
    const std::string dem = shell_quote((kRwalkDir / c.dem).string());
    const fs::path surface_file = path(c.name + ".tif");
    ok("cost-surface --compat r.walk --map " + dem + c.args + " --out " +
       shell_quote(surface_file.string()));
    const nav::RasterGrid grass = nav::load_raster_grid(kRwalkDir / (c.name + ".time.tif"));
    const nav::RasterGrid ours = nav::load_raster_grid(surface_file);
    const int w = grass.width;
    const int d = grass.depth;
    // Corners, edges, and the first sample GRASS leaves nodata.
    std::vector<std::pair<int, int>> goals = {{w - 1, d - 1}, {0, d / 2}, {w / 2, 0}, {3, d - 2}};
    for (std::size_t k = 0; k < grass.values.size(); ++k) {
      if (std::isnan(grass.values[k])) {
        goals.emplace_back(static_cast<int>(k) % w, static_cast<int>(k) / w);
        break;
      }
    }
    const bool knight = c.walk_args.find("knight16") != std::string::npos;
    for (const auto& [col, row] : goals) {
      SCOPED_TRACE(std::to_string(col) + "," + std::to_string(row));
      const json out = ok("path --compat r.walk --map " + dem + " --from " + c.starts + " --to " +
                          std::to_string(col) + "," + std::to_string(row) + c.walk_args);
      const std::size_t k = static_cast<std::size_t>(row) * w + col;
      if (std::isnan(grass.values[k])) {
        EXPECT_EQ(out.at("status"), "unreachable");
        EXPECT_TRUE(out.at("cost").is_null());
        EXPECT_TRUE(out.at("path").empty());
        ++unreachable;
        continue;
      }
      ASSERT_EQ(out.at("status"), "found");
      EXPECT_EQ(out.at("cost").get<double>(), grass.values[k]);  // bit for bit
      EXPECT_EQ(out.at("cost").get<double>(), ours.values[k]);
      const json& p = out.at("path");
      ASSERT_FALSE(p.empty());
      EXPECT_EQ(p.front().dump(), "[" + c.starts + "]");
      EXPECT_EQ(p.back(), json::array({col, row}));
      for (std::size_t s = 1; s < p.size(); ++s) {
        EXPECT_TRUE(is_move(p[s - 1], p[s], knight)) << p[s - 1] << " -> " << p[s];
        const int dc = std::abs(p[s][0].get<int>() - p[s - 1][0].get<int>());
        const int dr = std::abs(p[s][1].get<int>() - p[s - 1][1].get<int>());
        knight_moves += dc + dr == 3 ? 1 : 0;
      }
      EXPECT_EQ(out.at("provenance").at("compat"), "r.walk");
      // It stopped once the goal was settled: never more than the surface.
      EXPECT_LE(out.at("expanded").get<std::size_t>(), grass.values.size());
    }
  }
  EXPECT_GT(knight_moves, 0);  // the knight16 cases use them
  EXPECT_GT(unreachable, 0);
}

// 3 x 3 samples, 30 m east-west, 20 m north-south; (1, 0) and (1, 1) are
// 100 m hills, the goal (2, 2) 5 m up, the rest 0 m:
//   row 0:   0 100 0
//   row 1:   0 100 0
//   row 2:   0   0 5
// From (0, 0) octile8 walks round the hills: (0, 1) 20 m, (1, 2) the
// diagonal sqrt(20^2 + 30^2) m, (2, 2) 30 m climbing 5 m; a hill costs at
// least 100 m * 6 s/m. knight16 jumps (0, 0) -> (1, 2), sqrt(4 * 20^2 +
// 30^2) = 50 m, then the same 30 m step.
TEST_F(NavcliRwalkPath, ThreeByThreeWorkedByHand) {
  RasterSpec spec;
  spec.width = 3;
  spec.depth = 3;
  spec.values = {0, 100, 0, 0, 100, 0, 0, 0, 5};
  spec.geotransform = std::array<double, 6>{500000.0, 30.0, 0.0, 4000000.0, 0.0, -20.0};
  const std::string dem = shell_quote(write_geotiff(path("dem.tif"), spec).string());
  const double a = 0.72;
  const double b = 6.0;
  const double diag = std::sqrt(20.0 * 20.0 + 30.0 * 30.0);
  // r.walk's order: time, plus the height term, plus D * a.
  const double octile = (((20.0 * a) + diag * a) + 5.0 * b) + 30.0 * a;
  const double knight = ((50.0 * a) + 5.0 * b) + 30.0 * a;

  const std::string geojson = path("p.json").string();
  const std::string csv = path("p.csv").string();
  const json o = ok("path --compat r.walk --map " + dem + " --from 0,0 --to 2,2 --geojson " +
                    shell_quote(geojson) + " --csv " + shell_quote(csv));
  EXPECT_EQ(o.at("status"), "found");
  EXPECT_EQ(o.at("path"), json::parse("[[0,0],[0,1],[1,2],[2,2]]"));
  EXPECT_EQ(o.at("cost").get<double>(), octile);
  EXPECT_NEAR(o.at("length_m").get<double>(), 50.0 + diag, 1e-6);
  EXPECT_EQ(o.at("ascent_m"), 5.0);
  EXPECT_EQ(o.at("descent_m"), 0.0);

  // Vertices at the pixel centres: E = 500000 + (col + 0.5) 30, N = 4000000
  // - (row + 0.5) 20, at the samples' heights.
  const json feature = json::parse(read_text(geojson));
  EXPECT_EQ(feature.at("geometry").at("coordinates"),
            json::parse("[[500015,3999990,0],[500015,3999970,0],[500045,3999950,0],"
                        "[500075,3999950,5]]"));
  EXPECT_EQ(feature.at("properties").at("cost").get<double>(), octile);
  EXPECT_EQ(feature.at("properties").at("cost_unit"), "s");
  EXPECT_EQ(feature.at("crs").at("properties").at("name"), "urn:ogc:def:crs:EPSG::32630");
  const std::vector<std::string> rows = NavcliRun::lines(read_text(csv));
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0], "x,y,z,distance_m,cost_s");
  EXPECT_EQ(rows[1], "500015,3999990,0,0,0");
  EXPECT_EQ(std::strtod(rows[4].substr(rows[4].rfind(',') + 1).c_str(), nullptr), octile);

  const json k =
      ok("path --compat r.walk --map " + dem + " --from 0,0 --to 2,2 --topology knight16");
  EXPECT_EQ(k.at("path"), json::parse("[[0,0],[1,2],[2,2]]"));
  EXPECT_EQ(k.at("cost").get<double>(), knight);
  EXPECT_NEAR(k.at("length_m").get<double>(), 80.0, 1e-9);

  // The same sample: found at once, cost 0.
  const json here = ok("path --compat r.walk --map " + dem + " --from 1,1 --to 1,1");
  EXPECT_EQ(here.at("path"), json::parse("[[1,1]]"));
  EXPECT_EQ(here.at("cost"), 0.0);
}

// 3 x 2 samples, the north-west one nodata: a walk can neither leave nor
// enter it.
TEST_F(NavcliRwalkPath, AStartOnNodataIsInvalidAGoalThereUnreachable) {
  RasterSpec spec;
  spec.width = 3;
  spec.depth = 2;
  spec.values = {-9999, 1, 2, 3, 4, 5};
  spec.nodata = -9999;
  const std::string dem = shell_quote(write_geotiff(path("dem.tif"), spec).string());
  const json from_nodata = ok("path --compat r.walk --map " + dem + " --from 0,0 --to 2,0");
  EXPECT_EQ(from_nodata.at("status"), "invalid_start");
  EXPECT_TRUE(from_nodata.at("cost").is_null());
  EXPECT_TRUE(from_nodata.at("path").empty());
  const json to_nodata = ok("path --compat r.walk --map " + dem + " --from 2,0 --to 0,0");
  EXPECT_EQ(to_nodata.at("status"), "unreachable");
  const std::string pairs = write("p.csv", "id,from_i,from_j,to_i,to_j\na,0,0,2,0\nb,2,0,0,0\n");
  const json summary = ok("batch --compat r.walk --map " + dem + " --pairs " + pairs + " --out " +
                          shell_quote(path("r.csv").string()));
  EXPECT_EQ(summary.at("invalid"), 1);
  EXPECT_EQ(summary.at("unreachable"), 1);
}

// Parses a results CSV into id -> fields (time_us, the last, left out).
std::map<std::string, std::vector<std::string>> results(const std::string& text) {
  std::map<std::string, std::vector<std::string>> out;
  for (const std::string& line : NavcliRun::lines(text)) {
    std::vector<std::string> fields;
    std::size_t at = 0;
    for (std::size_t comma; (comma = line.find(',', at)) != std::string::npos; at = comma + 1) {
      fields.push_back(line.substr(at, comma - at));
    }
    out[fields.front()] = fields;
  }
  return out;
}

// "r<k>", built piecewise: GCC 12's -Wrestrict misfires on "r" + string.
std::string row_id(std::size_t k) {
  std::string id(1, 'r');
  id.append(std::to_string(k));
  return id;
}

TEST_F(NavcliRwalkPath, BatchRowsEqualSeparatePathRunsOnOneOrTwoThreads) {
  const std::string dem = shell_quote((kRwalkDir / "dem_60x90m.tif").string());
  const std::string friction =
      " --friction " + shell_quote((kRwalkDir / "friction_60x90m.tif").string()) + " --lambda 0.5";
  // Starts shared by several rows, a start given once, a pair back again,
  // a goal on nodata or cut off (found by path runs below), the start itself.
  const std::vector<std::array<int, 4>> pairs = {
      {20, 30, 50, 5}, {20, 30, 0, 0},   {50, 5, 20, 30}, {20, 30, 60, 46},
      {7, 40, 20, 30}, {20, 30, 20, 30}, {50, 5, 3, 44},  {20, 30, 31, 44}};
  std::string text = "id,from_i,from_j,to_i,to_j\n";
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const auto& p = pairs[k];
    text += row_id(k) + "," + std::to_string(p[0]) + "," + std::to_string(p[1]) + "," +
            std::to_string(p[2]) + "," + std::to_string(p[3]) + "\n";
  }
  const std::string pairs_file = write("pairs.csv", text);
  std::map<std::string, std::vector<std::string>> by_threads[2];
  for (const int threads : {1, 2}) {
    const std::string out = path("out" + std::to_string(threads) + ".csv").string();
    const json summary =
        ok("batch --compat r.walk --topology knight16 --map " + dem + friction + " --pairs " +
           pairs_file + " --out " + shell_quote(out) + " --threads " + std::to_string(threads));
    EXPECT_EQ(summary.at("pairs"), pairs.size());
    EXPECT_EQ(summary.at("provenance").at("compat"), "r.walk");
    const std::vector<std::string> lines = NavcliRun::lines(read_text(out));
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines[0], "id,status,cost_s,length_m,ascent_m,descent_m,expanded,time_us");
    for (std::size_t k = 1; k < lines.size(); ++k) {  // input order
      EXPECT_EQ(lines[k].substr(0, lines[k].find(',')), row_id(k - 1));
    }
    by_threads[threads - 1] = results(read_text(out));
  }
  EXPECT_EQ(by_threads[0], by_threads[1]);  // all but time_us

  int found = 0;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const auto& p = pairs[k];
    const std::vector<std::string>& row = by_threads[0].at(row_id(k));
    const json one = ok("path --compat r.walk --topology knight16 --map " + dem + friction +
                        " --from " + std::to_string(p[0]) + "," + std::to_string(p[1]) + " --to " +
                        std::to_string(p[2]) + "," + std::to_string(p[3]));
    SCOPED_TRACE(k);
    EXPECT_EQ(row[1], one.at("status").get<std::string>());
    if (one.at("status") != "found") {
      EXPECT_EQ(row[2], "");
      continue;
    }
    ++found;
    EXPECT_EQ(std::strtod(row[2].c_str(), nullptr), one.at("cost").get<double>());
    EXPECT_NEAR(std::strtod(row[3].c_str(), nullptr), one.at("length_m").get<double>(), 1e-6);
    EXPECT_NEAR(std::strtod(row[4].c_str(), nullptr), one.at("ascent_m").get<double>(), 1e-6);
    EXPECT_NEAR(std::strtod(row[5].c_str(), nullptr), one.at("descent_m").get<double>(), 1e-6);
  }
  EXPECT_GE(found, 6);
}

TEST_F(NavcliRwalkPath, BatchCrsPairsNameTheNearestSamples) {
  // dem_90m.tif: 40 x 30 samples of 90 m; a CRS point anywhere in a pixel
  // names its sample, so both files give the same rows.
  const std::string dem = shell_quote((kRwalkDir / "dem_90m.tif").string());
  const nav::RasterGrid grid = nav::load_raster_grid(kRwalkDir / "dem_90m.tif");
  const auto& t = grid.geotransform;
  const auto e = [&t](double col) { return std::to_string(t[0] + col * t[1]); };
  const auto n = [&t](double row) { return std::to_string(t[3] + row * t[5]); };
  const std::string crs = write("crs.csv", "id,from_e,from_n,to_e,to_n\na," + e(5.1) + "," +
                                               n(10.9) + "," + e(30.5) + "," + n(2.2) + "\n");
  const std::string samples = write("samples.csv", "id,from_i,from_j,to_i,to_j\na,5,10,30,2\n");
  ok("batch --compat r.walk --map " + dem + " --pairs " + crs + " --out " +
     shell_quote(path("crs_out.csv").string()));
  ok("batch --compat r.walk --map " + dem + " --pairs " + samples + " --out " +
     shell_quote(path("samples_out.csv").string()));
  const auto crs_rows = results(read_text(path("crs_out.csv")));
  EXPECT_EQ(crs_rows, results(read_text(path("samples_out.csv"))));
  EXPECT_EQ(crs_rows.at("a")[1], "found");
}

}  // namespace
}  // namespace terranav::test
