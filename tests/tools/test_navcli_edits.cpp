// navcli edits: random edits timed against a full rebuild; --check compares
// the state with the rebuild after every edit.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "navcli_run.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

using ::testing::HasSubstr;

class NavcliEdits : public ScratchDirTest {};

TEST_F(NavcliEdits, CheckedEditsMatchARebuildWithAndWithoutClasses) {
  for (const std::string& classes :
       {std::string(), std::string(" --class-table grass=1,mud=3,rock=impassable --class-bands "
                                   "20,60")}) {
    const NavcliRun run =
        run_navcli(dir_, "edits --procedural 97 --seed 5 --count 150 --radius 6 --check" + classes);
    ASSERT_EQ(run.status, 0) << run.err;
    const nlohmann::ordered_json s = nlohmann::ordered_json::parse(run.out);
    std::vector<std::string> keys;
    for (const auto& [key, value] : s.items()) keys.push_back(key);
    EXPECT_EQ(keys, (std::vector<std::string>{"edits", "updates", "changed", "radius_tiles",
                                              "update_p50_us", "update_p99_us", "update_max_us",
                                              "rebuild_ms", "rebuild_over_p99", "bytes_per_tile",
                                              "mismatches", "provenance"}));
    EXPECT_EQ(s.at("provenance").at("input"), "procedural 97 seed 5");
    EXPECT_EQ(s.at("edits"), 150);
    EXPECT_EQ(s.at("updates"), 150);
    EXPECT_GT(s.at("changed").get<int>(), 100);
    EXPECT_EQ(s.at("mismatches"), 0);
    EXPECT_LE(s.at("update_p50_us").get<double>(), s.at("update_p99_us").get<double>());
    EXPECT_GT(s.at("rebuild_ms").get<double>(), 0.0);
  }
  // --revert undoes each edit, an update of its own that matches a rebuild too.
  const NavcliRun reverted = run_navcli(
      dir_, "edits --procedural 97 --seed 5 --count 100 --radius 6 --check --revert" +
                std::string(" --class-table grass=1,mud=3,rock=impassable --class-bands 20,60"));
  ASSERT_EQ(reverted.status, 0) << reverted.err;
  const nlohmann::ordered_json r = nlohmann::ordered_json::parse(reverted.out);
  EXPECT_EQ(r.at("updates"), 200);
  EXPECT_EQ(r.at("mismatches"), 0);
  // Without --check: no comparison, no mismatches key.
  const NavcliRun quick = run_navcli(dir_, "edits --procedural 65 --count 20 --radius 3");
  ASSERT_EQ(quick.status, 0) << quick.err;
  EXPECT_FALSE(nlohmann::ordered_json::parse(quick.out).contains("mismatches"));
}

TEST_F(NavcliEdits, BadFlagsExitTwoNamingTheFlag) {
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"--count 0 --radius 2", "--count: must be in [1, 1e+07], got 0"},
           {"--count 5 --radius 0", "--radius: must be in [1, 4096] tiles, got 0"},
           {"--count 5", "--radius"}}) {
    const NavcliRun run = run_navcli(dir_, "edits --procedural 65 " + args);
    EXPECT_EQ(run.status, 2) << args;
    EXPECT_THAT(run.err, HasSubstr(message)) << args;
  }
}

}  // namespace
}  // namespace terranav::test
