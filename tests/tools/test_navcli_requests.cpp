// navcli requests: random requests through the queue, frame by frame, each
// answer checked by the tool against a plain A*.
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

class NavcliRequests : public ScratchDirTest {};

TEST_F(NavcliRequests, EveryAnswerMatchesPlainAStarWithAndWithoutWorkers) {
  for (const char* threads : {"0", "2"}) {
    SCOPED_TRACE(std::string(threads) + " threads");
    const NavcliRun run = run_navcli(dir_, std::string("requests --procedural 129 --seed 3 ") +
                                               "--count 40 --frame-budget-us 300 --frame-ms 1 " +
                                               "--threads " + threads);
    ASSERT_EQ(run.status, 0) << run.err;
    ASSERT_EQ(run.out_lines().size(), 1u);
    const nlohmann::ordered_json s = nlohmann::ordered_json::parse(run.out);
    std::vector<std::string> keys;
    for (const auto& [key, value] : s.items()) keys.push_back(key);
    EXPECT_EQ(keys, (std::vector<std::string>{"requests", "threads", "frame_budget_us", "frames",
                                              "frame_p50_us", "frame_p99_us", "frame_max_us",
                                              "all_done_ms", "mean_expanded", "mismatches",
                                              "provenance"}));
    EXPECT_EQ(s.at("provenance").at("input"), "procedural 129 seed 3");
    EXPECT_EQ(s.at("provenance").at("seed"), 1) << "the requests' own seed (default 1)";
    EXPECT_EQ(s.at("requests"), 40);
    EXPECT_EQ(s.at("mismatches"), 0);
    EXPECT_GE(s.at("frames").get<int>(), 1);
    EXPECT_GT(s.at("mean_expanded").get<double>(), 0.0);
    EXPECT_LE(s.at("frame_p50_us").get<double>(), s.at("frame_p99_us").get<double>());
  }
}

TEST_F(NavcliRequests, BadFlagsExitTwoNamingTheFlag) {
  const std::string base = "requests --procedural 65 --count 5 ";
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"--frame-budget-us 0", "--frame-budget-us: must be in [1, 1e+06] us, got 0"},
           {"--frame-budget-us 100 --threads 65", "--threads: must be in [0, 64], got 65"},
           {"--frame-budget-us 100 --radius -2", "--radius: must be in [0, 65536] tiles, got -2"},
           {"", "--frame-budget-us"}}) {
    const NavcliRun run = run_navcli(dir_, base + args);
    EXPECT_EQ(run.status, 2) << args;
    EXPECT_THAT(run.err, HasSubstr(message)) << args;
    EXPECT_EQ(run.err_lines().size(), 1u) << run.err;
  }
}

}  // namespace
}  // namespace terranav::test
