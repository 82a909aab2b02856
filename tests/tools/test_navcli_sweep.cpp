// navcli sweep: a CSV row per combination and a gnuplot chart per metric.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
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
            "max_slope,slope_weight,cost,heuristic,climb_bound,weight,queries,found,unreachable,"
            "common,mean_cost,mean_suboptimality,mean_expanded,median_us");
  // mean_expanded by (max slope, heuristic, climb bound) at w = 1.
  std::map<std::string, double> expanded;
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const std::vector<std::string> f = csv_fields(lines[k]);
    ASSERT_EQ(f.size(), 14u) << lines[k];
    EXPECT_EQ(f[6], "12");
    const double suboptimality = std::stod(f[11]);
    // Against each max slope's own optimum: w = 1 is optimal and w = 2
    // within 2 x optimal.
    if (f[5] == "1") {
      EXPECT_NEAR(suboptimality, 0.0, 1e-7) << lines[k];
      EXPECT_NE(f[11].front(), '-') << "rounding noise printed as a negative: " << lines[k];
    }
    EXPECT_LE(suboptimality, std::stod(f[5]) - 1.0 + 1e-7) << lines[k];
    if (f[5] == "1") expanded[f[0] + f[3] + f[4]] = std::stod(f[12]);
  }
  // The climb bound changes nothing for zero and prunes octile's search.
  EXPECT_EQ(expanded["0.6zeroon"], expanded["0.6zerooff"]);
  EXPECT_LT(expanded["0.6octileon"], expanded["0.6octileoff"]);
  for (const char* metric :
       {"found_fraction", "mean_cost", "mean_suboptimality", "mean_expanded", "median_us"}) {
    const auto png = out / (std::string(metric) + ".png");
    EXPECT_EQ(png_size(png).has_value(), charts) << png;
  }
}

/// Per query id, the cost column of `navcli bench ARGS --out` (empty unless found).
std::vector<std::string> bench_costs(const std::filesystem::path& dir, const std::string& args) {
  const std::filesystem::path tsv = dir / "bench.tsv";
  const NavcliRun run = run_navcli(dir, "bench " + args + " --out " + shell_quote(tsv.string()));
  EXPECT_EQ(run.status, 0) << run.err;
  std::vector<std::string> costs;
  const std::vector<std::string> lines = NavcliRun::lines(read_text(tsv));
  for (std::size_t k = 1; k < lines.size(); ++k) {
    std::istringstream in(lines[k]);
    std::vector<std::string> f;
    for (std::string field; std::getline(in, field, '\t');) f.push_back(field);
    costs.push_back(f.size() > 5 ? f[5] : "");
  }
  return costs;
}

// Tobler and reference, weights 1 and 2, max slope 0.6 (the scen's) and 0.25
// (some queries cut off). Each cell's suboptimality is against its own
// optimum: 0 at w = 1 in every cell, positive at w = 2; means are over the
// queries every cell found, checked against bench run cell by cell.
TEST_F(NavcliSweep, EachCellAgainstItsOwnOptimumOverTheCommonQueries) {
  const std::string scen = path("q40.scen").string();
  ASSERT_EQ(
      run_navcli(dir_, "scen " + kTerrain + " --queries 40 --out " + shell_quote(scen)).status, 0);
  const std::filesystem::path out = dir_ / "sweep";
  const NavcliRun run =
      run_navcli(dir_, "sweep " + kTerrain + " --scen " + shell_quote(scen) +
                           " --cost tobler,reference --weight 1,2 --max-slope 0.6,0.25 --out " +
                           shell_quote(out.string()) + " --no-charts");
  ASSERT_EQ(run.status, 0) << run.err;
  const std::vector<std::string> lines = NavcliRun::lines(read_text(out / "sweep.csv"));
  ASSERT_EQ(lines.size(), 1u + 8u);
  // Which queries the 0.25 graph finds (the model does not change the graph).
  const std::string base = kTerrain + " --scen " + shell_quote(scen);
  const std::vector<std::string> low = bench_costs(dir_, base + " --max-slope 0.25");
  ASSERT_EQ(low.size(), 40u);
  std::size_t common = 0;
  for (const std::string& cost : low) common += cost.empty() ? 0 : 1;
  ASSERT_GT(common, 0u);
  ASSERT_LT(common, 40u) << "max slope 0.25 should cut some queries off";
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const std::vector<std::string> f = csv_fields(lines[k]);
    ASSERT_EQ(f.size(), 14u) << lines[k];
    EXPECT_EQ(f[6], "40");
    EXPECT_EQ(f[9], std::to_string(common)) << lines[k];
    const std::size_t found = std::stoul(f[7]);
    EXPECT_EQ(found, f[0] == "0.6" ? 40u : common) << lines[k];
    EXPECT_EQ(std::stoul(f[8]), 40u - found) << "the rest are unreachable: " << lines[k];
    const double suboptimality = std::stod(f[11]);
    if (f[5] == "1") {
      EXPECT_NEAR(suboptimality, 0.0, 1e-7) << lines[k];
    } else if (f[0] == "0.6") {
      EXPECT_GT(suboptimality, 1e-6) << lines[k];
      EXPECT_LE(suboptimality, 1.0) << lines[k];
    }
    // mean_cost over the common queries, from bench's per-query costs.
    const std::vector<std::string> costs =
        bench_costs(dir_, base + " --max-slope " + f[0] + " --cost " + f[2] + " --weight " + f[5]);
    double sum = 0.0;
    for (std::size_t q = 0; q < costs.size(); ++q) {
      if (!low[q].empty()) sum += std::stod(costs[q]);
    }
    EXPECT_NEAR(std::stod(f[10]), sum / static_cast<double>(common), 1e-5) << lines[k];
  }
  const nlohmann::json meta = nlohmann::json::parse(read_text(out / "sweep.csv.meta.json"));
  EXPECT_THAT(meta.at("means").get<std::string>(), HasSubstr("found in every cell"));
  EXPECT_EQ(meta.at("provenance").at("input"), "procedural 65 seed 6");
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
