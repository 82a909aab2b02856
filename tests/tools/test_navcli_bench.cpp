// navcli bench: replays .scen rows, one TSV line each on stdout (or --out)
// and a JSON summary on stderr (or --summary).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "navcli_run.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
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
  ASSERT_EQ(lines.size(), 1u + 130u);
  EXPECT_EQ(lines.front(), "id\tstatus\texpanded\tgenerated\ttime_us\tcost\toptimal\tok");
  for (std::size_t k = 1; k <= 130; ++k) {
    const std::vector<std::string> f = fields(lines[k]);
    ASSERT_EQ(f.size(), 8u) << lines[k];
    EXPECT_EQ(f[0], std::to_string(k - 1));
    EXPECT_EQ(f[1], "found");
    EXPECT_EQ(f[7], "1") << lines[k];
    EXPECT_LE(std::stoul(f[2]), std::stoul(f[3])) << "expanded <= generated: " << lines[k];
  }
  const nlohmann::ordered_json summary = nlohmann::ordered_json::parse(run.err_lines().back());
  std::vector<std::string> keys;
  for (const auto& [key, value] : summary.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"queries", "mismatches", "median_us", "p95_us",
                                            "mean_expanded", "expansions_per_s", "build_ms",
                                            "bytes_per_tile", "provenance"}));
  EXPECT_EQ(summary.at("queries"), 130);
  EXPECT_EQ(summary.at("mismatches"), 0);
  for (const auto& [key, value] : summary.items()) {
    if (key != "provenance") {
      EXPECT_TRUE(value.is_number()) << key;
    }
  }
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
  EXPECT_EQ(b.front(), "id\tstatus\texpanded\tgenerated\ttime_us\tcost\toptimal\tok\tslices");
  double slices = 0.0;
  for (std::size_t k = 1; k < a.size(); ++k) {
    const std::vector<std::string> fa = fields(a[k]);
    const std::vector<std::string> fb = fields(b[k]);
    ASSERT_EQ(fb.size(), 9u) << b[k];
    for (const std::size_t f : {0u, 1u, 2u, 3u, 5u, 6u, 7u}) EXPECT_EQ(fa[f], fb[f]) << b[k];
    EXPECT_GE(std::stoul(fb[8]), 1u);
    slices += std::stod(fb[8]);
  }
  const nlohmann::ordered_json summary = nlohmann::ordered_json::parse(sliced.err_lines().back());
  EXPECT_EQ(summary.at("mismatches"), 0);
  EXPECT_NEAR(summary.at("slices").get<double>(), slices / static_cast<double>(a.size() - 1), 1e-3);
  EXPECT_GT(summary.at("slices").get<double>(), 1.0);  // 5 us is less than most queries
  for (const char* key :
       {"overrun_p50_us", "overrun_p99_us", "overrun_p999_us", "idle_overrun_p999_us"}) {
    EXPECT_TRUE(summary.at(key).is_number()) << key;
  }
  EXPECT_LE(summary.at("overrun_p50_us").get<double>(),
            summary.at("overrun_p999_us").get<double>());
  EXPECT_FALSE(nlohmann::ordered_json::parse(whole.err_lines().back()).contains("slices"));
  EXPECT_EQ(run_navcli(dir_, args + " --budget-us 0").status, 2);
}

TEST_F(NavcliBench, WrongOptimalIsAMismatchAndCheckFailsAfterEveryRow) {
  const std::string scen = arena_scen("0\tarena.map\t49\t49\t1\t12\t2\t11\t2.41421356");
  const std::string args = "bench --map " + data("movingai/arena.map") + " --scen " + scen;
  const NavcliRun run = run_navcli(dir_, args + " --check");
  EXPECT_EQ(run.status, 1);
  const std::vector<std::string> lines = run.out_lines();
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(fields(lines[1])[7], "1");
  // The true cost of (1,12) -> (2,11) is one diagonal, sqrt 2.
  EXPECT_EQ(fields(lines[2])[5], "1.41421354");
  EXPECT_EQ(fields(lines[2])[7], "0");
  EXPECT_EQ(fields(lines[3])[7], "1");
  const nlohmann::ordered_json summary = nlohmann::ordered_json::parse(run.err_lines().back());
  EXPECT_EQ(summary.at("queries"), 3);
  EXPECT_EQ(summary.at("mismatches"), 1);
  EXPECT_EQ(run_navcli(dir_, args).status, 0) << "without --check a mismatch is reported only";
}

// A wall down column 2 of a 5 x 3 map: row 1 crosses it. --out gets the
// plain TSV and its sidecar, --summary the JSON; stdout and stderr stay free
// of both.
TEST_F(NavcliBench, UnreachableRowHasItsStatusAndAnEmptyCostInAPlainTsv) {
  const std::filesystem::path map = path("walled.map");
  std::ofstream(map) << "type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n..@..\n";
  const std::filesystem::path scen = path("walled.scen");
  std::ofstream(scen) << "version 1\n"
                      << "0\twalled.map\t5\t3\t0\t0\t1\t2\t2.41421356\n"
                      << "0\twalled.map\t5\t3\t0\t0\t4\t0\t4.00000000\n";
  const std::filesystem::path tsv = path("bench.tsv");
  const std::filesystem::path summary_file = path("summary.json");
  const NavcliRun run =
      run_navcli(dir_, "bench --map " + shell_quote(map.string()) + " --scen " +
                           shell_quote(scen.string()) + " --out " + shell_quote(tsv.string()) +
                           " --summary " + shell_quote(summary_file.string()));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_THAT(run.err, Not(HasSubstr("{")));
  const std::vector<std::string> lines = NavcliRun::lines(read_text(tsv));
  ASSERT_EQ(lines.size(), 3u);
  const std::vector<std::string> header = fields(lines[0]);
  EXPECT_EQ(header, (std::vector<std::string>{"id", "status", "expanded", "generated", "time_us",
                                              "cost", "optimal", "ok"}));
  const std::vector<std::string> found = fields(lines[1]);
  ASSERT_EQ(found.size(), header.size());
  EXPECT_EQ(found[0], "0");
  EXPECT_EQ(found[1], "found");
  EXPECT_NEAR(std::stod(found[5]), 1.0 + std::sqrt(2.0), 1e-6);  // a diagonal and a step
  EXPECT_EQ(found[6], "2.41421356");
  EXPECT_EQ(found[7], "1");
  const std::vector<std::string> unreachable = fields(lines[2]);
  ASSERT_EQ(unreachable.size(), header.size());
  EXPECT_EQ(unreachable[0], "1");
  EXPECT_EQ(unreachable[1], "unreachable");
  EXPECT_EQ(unreachable[5], "");
  EXPECT_EQ(unreachable[6], "4.00000000");
  EXPECT_EQ(unreachable[7], "0");
  const nlohmann::ordered_json summary = nlohmann::ordered_json::parse(read_text(summary_file));
  EXPECT_EQ(summary.at("queries"), 2);
  EXPECT_EQ(summary.at("mismatches"), 1);
  const nlohmann::ordered_json meta =
      nlohmann::ordered_json::parse(read_text(tsv.string() + ".meta.json"));
  EXPECT_EQ(meta.at("provenance"), summary.at("provenance"));
  EXPECT_EQ(meta.at("provenance").at("input"), map.string());
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
