// navcli bench: replays .scen rows, one TSV line each plus a JSON summary.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "navcli_run.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> result;
  std::size_t from = 0;
  for (std::size_t tab; (tab = line.find('\t', from)) != std::string::npos; from = tab + 1) {
    result.push_back(line.substr(from, tab - from));
  }
  result.push_back(line.substr(from));
  return result;
}

class NavcliBench : public ScratchDirTest {
 protected:
  /// arena.map's first three rows, the second changed as `edit` says.
  std::string arena_scen(const std::string& second_row) {
    const std::string file = path("edited.scen").string();
    std::ofstream out(file);
    out << "version 1\n"
        << "0\tarena.map\t49\t49\t1\t11\t1\t12\t1.00000000\n"
        << second_row << "\n"
        << "0\tarena.map\t49\t49\t1\t12\t5\t11\t4.41421356\n";
    return shell_quote(file);
  }
};

TEST_F(NavcliBench, ArenaEveryRowMatchesItsOptimalLength) {
  const NavcliRun run = run_navcli(dir_, "bench --map " + data("movingai/arena.map") + " --scen " +
                                             data("movingai/arena.map.scen") + " --check");
  ASSERT_EQ(run.status, 0) << run.err;
  const std::vector<std::string> lines = run.out_lines();
  ASSERT_EQ(lines.size(), 1u + 130u + 1u);
  EXPECT_EQ(lines.front(), "id\texpanded\tgenerated\ttime_us\tcost\toptimal\tok");
  for (std::size_t k = 1; k <= 130; ++k) {
    const std::vector<std::string> f = fields(lines[k]);
    ASSERT_EQ(f.size(), 7u) << lines[k];
    EXPECT_EQ(f[0], std::to_string(k - 1));
    EXPECT_EQ(f[6], "1") << lines[k];
    EXPECT_LE(std::stoul(f[1]), std::stoul(f[2])) << "expanded <= generated: " << lines[k];
  }
  const nlohmann::ordered_json summary = nlohmann::ordered_json::parse(lines.back());
  std::vector<std::string> keys;
  for (const auto& [key, value] : summary.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"queries", "mismatches", "median_us", "p95_us",
                                            "mean_expanded", "expansions_per_s", "build_ms",
                                            "bytes_per_tile"}));
  EXPECT_EQ(summary.at("queries"), 130);
  EXPECT_EQ(summary.at("mismatches"), 0);
  for (const auto& [key, value] : summary.items()) EXPECT_TRUE(value.is_number()) << key;
  EXPECT_LE(summary.at("median_us").get<double>(), summary.at("p95_us").get<double>());
  // Not a terminal: progress as plain lines on stderr.
  EXPECT_THAT(run.err, HasSubstr("navcli: bench 100% (130/130)\n"));
}

// Sliced by a time budget, every query keeps its cost, expansions and check;
// the table gains a slices column and the summary two keys.
TEST_F(NavcliBench, BudgetSlicesEveryQueryWithoutChangingItsAnswer) {
  const std::string args = "bench --map " + data("movingai/arena2.map") + " --scen " +
                           data("movingai/arena2.map.scen") + " --check";
  const NavcliRun whole = run_navcli(dir_, args);
  const NavcliRun sliced = run_navcli(dir_, args + " --budget-us 5");
  ASSERT_EQ(whole.status, 0) << whole.err;
  ASSERT_EQ(sliced.status, 0) << sliced.err;
  const std::vector<std::string> a = whole.out_lines();
  const std::vector<std::string> b = sliced.out_lines();
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(b.front(), "id\texpanded\tgenerated\ttime_us\tcost\toptimal\tok\tslices");
  double slices = 0.0;
  for (std::size_t k = 1; k + 1 < a.size(); ++k) {
    const std::vector<std::string> fa = fields(a[k]);
    const std::vector<std::string> fb = fields(b[k]);
    ASSERT_EQ(fb.size(), 8u) << b[k];
    for (const std::size_t f : {0u, 1u, 2u, 4u, 5u, 6u}) EXPECT_EQ(fa[f], fb[f]) << b[k];
    EXPECT_GE(std::stoul(fb[7]), 1u);
    slices += std::stod(fb[7]);
  }
  const nlohmann::ordered_json summary = nlohmann::ordered_json::parse(b.back());
  EXPECT_EQ(summary.at("mismatches"), 0);
  EXPECT_NEAR(summary.at("slices").get<double>(), slices / static_cast<double>(a.size() - 2), 1e-3);
  EXPECT_GT(summary.at("slices").get<double>(), 1.0);  // 5 us is less than most queries
  for (const char* key :
       {"overrun_p50_us", "overrun_p99_us", "overrun_p999_us", "idle_overrun_p999_us"}) {
    EXPECT_TRUE(summary.at(key).is_number()) << key;
  }
  EXPECT_LE(summary.at("overrun_p50_us").get<double>(),
            summary.at("overrun_p999_us").get<double>());
  EXPECT_FALSE(nlohmann::ordered_json::parse(a.back()).contains("slices"));
  EXPECT_EQ(run_navcli(dir_, args + " --budget-us 0").status, 2);
}

TEST_F(NavcliBench, WrongOptimalIsAMismatchAndCheckFailsAfterEveryRow) {
  const std::string scen = arena_scen("0\tarena.map\t49\t49\t1\t12\t2\t11\t2.41421356");
  const std::string args = "bench --map " + data("movingai/arena.map") + " --scen " + scen;
  const NavcliRun run = run_navcli(dir_, args + " --check");
  EXPECT_EQ(run.status, 1);
  const std::vector<std::string> lines = run.out_lines();
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(fields(lines[1])[6], "1");
  // The true cost of (1,12) -> (2,11) is one diagonal, sqrt 2.
  EXPECT_EQ(fields(lines[2])[4], "1.41421354");
  EXPECT_EQ(fields(lines[2])[6], "0");
  EXPECT_EQ(fields(lines[3])[6], "1");
  const nlohmann::ordered_json summary = nlohmann::ordered_json::parse(lines[4]);
  EXPECT_EQ(summary.at("queries"), 3);
  EXPECT_EQ(summary.at("mismatches"), 1);
  EXPECT_EQ(run_navcli(dir_, args).status, 0) << "without --check a mismatch is reported only";
}

TEST_F(NavcliBench, RowForAnotherMapSizeIsAnErrorNamingTheRow) {
  const std::string scen = arena_scen("0\tarena.map\t50\t49\t1\t12\t2\t11\t1.41421356");
  const NavcliRun run = run_navcli(
      dir_, "bench --map " + data("movingai/arena.map") + " --scen " + scen + " --check");
  EXPECT_EQ(run.status, 1);
  ASSERT_EQ(run.err_lines().size(), 1u) << run.err;
  EXPECT_THAT(run.err, StartsWith("navcli: "));
  EXPECT_THAT(run.err, HasSubstr("row 2 "));
  EXPECT_THAT(run.err, HasSubstr("50x49 map"));
  EXPECT_THAT(run.err, HasSubstr("49x49 tiles"));
}

}  // namespace
}  // namespace terranav::test
