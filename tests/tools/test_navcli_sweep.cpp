// navcli sweep: a CSV row per combination and a gnuplot chart per metric.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "navcli_run.hpp"
#include "png_header.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

using ::testing::HasSubstr;

bool gnuplot_on_path() {
  std::istringstream dirs(std::getenv("PATH") != nullptr ? std::getenv("PATH") : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (::access((std::filesystem::path(dir) / "gnuplot").c_str(), X_OK) == 0) return true;
  }
  return false;
}

std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> result;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, ',');) result.push_back(field);
  return result;
}

class NavcliSweep : public ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    scen_ = path("q.scen").string();
    ASSERT_EQ(
        run_navcli(dir_, "scen " + kTerrain + " --queries 12 --out " + shell_quote(scen_)).status,
        0);
  }
  const std::string kTerrain = "--procedural 65 --seed 6";
  std::string scen_;
};

TEST_F(NavcliSweep, TinyGridWritesOneRowPerCombination) {
  const bool charts = gnuplot_on_path();
  const std::filesystem::path out = dir_ / "sweep";
  const NavcliRun run =
      run_navcli(dir_, "sweep " + kTerrain + " --scen " + shell_quote(scen_) +
                           " --max-slope 0.5,0.6 --heuristic " +
                           "octile,zero --climb-bound on,off --weight 1,2 --out " +
                           shell_quote(out.string()) + (charts ? "" : " --no-charts"));
  ASSERT_EQ(run.status, 0) << run.err;
  const std::vector<std::string> lines = NavcliRun::lines(read_text(out / "sweep.csv"));
  ASSERT_EQ(lines.size(), 1u + 2u * 2u * 2u * 2u);
  EXPECT_EQ(lines[0],
            "max_slope,slope_weight,cost,heuristic,climb_bound,weight,queries,found,mean_cost,"
            "mean_suboptimality,mean_expanded,median_us");
  // mean_expanded by (max slope, heuristic, climb bound) at w = 1.
  std::map<std::string, double> expanded;
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const std::vector<std::string> f = csv_fields(lines[k]);
    ASSERT_EQ(f.size(), 12u) << lines[k];
    EXPECT_EQ(f[6], "12");
    const double suboptimality = std::stod(f[9]);
    // At the scen's own max slope, w = 1 is optimal and w = 2 within 2 x optimal.
    if (f[0] == "0.6" && f[5] == "1") {
      EXPECT_NEAR(suboptimality, 0.0, 1e-7) << lines[k];
      EXPECT_NE(f[9].front(), '-') << "rounding noise printed as a negative: " << lines[k];
    }
    if (f[0] == "0.6") {
      EXPECT_LE(suboptimality, std::stod(f[5]) - 1.0 + 1e-7) << lines[k];
    }
    if (f[5] == "1") expanded[f[0] + f[3] + f[4]] = std::stod(f[10]);
  }
  // The climb bound changes nothing for zero and prunes octile's search.
  EXPECT_EQ(expanded["0.6zeroon"], expanded["0.6zerooff"]);
  EXPECT_LT(expanded["0.6octileon"], expanded["0.6octileoff"]);
  for (const char* metric : {"mean_cost", "mean_suboptimality", "mean_expanded", "median_us"}) {
    const auto png = out / (std::string(metric) + ".png");
    EXPECT_EQ(png_size(png).has_value(), charts) << png;
  }
}

TEST_F(NavcliSweep, MissingGnuplotIsAOneLineError) {
  const NavcliRun run = run_navcli(dir_,
                                   "sweep " + kTerrain + " --scen " + shell_quote(scen_) +
                                       " --out " + shell_quote((dir_ / "s").string()),
                                   "PATH=/nonexistent");
  EXPECT_EQ(run.status, 1);
  ASSERT_EQ(run.err_lines().size(), 1u) << run.err;
  EXPECT_THAT(run.err, HasSubstr("gnuplot not found"));
}

}  // namespace
}  // namespace terranav::test
