// navcli path: one query as JSON, its picture, the seed-model note.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "navcli_run.hpp"
#include "png_header.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

using NavcliPath = ScratchDirTest;

const std::string kArenaQuery =
    "path --map " + data("movingai/arena.map") + " --from 1,12 --to 5,11";

TEST_F(NavcliPath, PrintsOneJsonObjectWithTheSearchCounters) {
  const NavcliRun run = run_navcli(dir_, kArenaQuery);
  ASSERT_EQ(run.status, 0) << run.err;
  ASSERT_EQ(run.out_lines().size(), 1u);
  const nlohmann::ordered_json json = nlohmann::ordered_json::parse(run.out);
  std::vector<std::string> keys;
  for (const auto& [key, value] : json.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"status", "cost", "expanded", "generated",
                                            "heap_operations", "time_us", "build_ms", "path",
                                            "path_m", "length_m", "ascent_m", "descent_m",
                                            "surface_cost", "surface_fault", "provenance"}));
  EXPECT_EQ(json.at("status"), "found");
  // Three cardinal steps and one diagonal: 3 + sqrt 2 (at float step precision).
  EXPECT_NEAR(json.at("cost").get<double>(), 3.0 + std::sqrt(2.0), 1e-5);
  EXPECT_LE(json.at("expanded").get<std::uint64_t>(), json.at("generated").get<std::uint64_t>());
  EXPECT_GT(json.at("heap_operations").get<std::uint64_t>(), 0u);
  ASSERT_GE(json.at("path").size(), 2u);
  EXPECT_EQ(json.at("path").front(), nlohmann::ordered_json::parse("[1, 12]"));
  EXPECT_EQ(json.at("path").back(), nlohmann::ordered_json::parse("[5, 11]"));
  // The same path in metres (tile centres) and on the flat surface.
  EXPECT_EQ(json.at("path_m").size(), json.at("path").size());
  EXPECT_EQ(json.at("path_m").front(), nlohmann::ordered_json::parse("[1.5, 12.5]"));
  EXPECT_NEAR(json.at("length_m").get<double>(), 3.0 + std::sqrt(2.0), 1e-6);  // to a micrometre
  EXPECT_NEAR(json.at("surface_cost").get<double>(), 3.0 + std::sqrt(2.0), 1e-9);
  EXPECT_EQ(json.at("ascent_m"), 0.0);
  EXPECT_EQ(json.at("surface_fault"), "none");
  EXPECT_EQ(run.err, "");
}

TEST_F(NavcliPath, WalkingTimeOnFlatGroundIsAPerMetreWithItsCoefficientsInTheProvenance) {
  const NavcliRun run = run_navcli(
      dir_, kArenaQuery + " --cost walking-time --walk-coeff 0.8,5,2.5,-1.5 --slope-factor -0.15");
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json json = nlohmann::json::parse(run.out);
  // Flat: every metre takes a = 0.8 s, whatever b, c, d.
  EXPECT_NEAR(json.at("cost").get<double>(), 0.8 * (3.0 + std::sqrt(2.0)), 1e-5);
  EXPECT_EQ(json.at("provenance").at("cost_model"),
            nlohmann::json::parse(R"({"name": "walking-time", "walk_coeff": [0.8, 5.0, 2.5, -1.5],
                                      "slope_factor": -0.15})"));
}

TEST_F(NavcliPath, AnyAngleIsOneStraightSegmentOnOpenFlatGround) {
  const NavcliRun run = run_navcli(dir_, kArenaQuery + " --any-angle");
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::ordered_json json = nlohmann::ordered_json::parse(run.out);
  EXPECT_EQ(json.at("status"), "found");
  // (1, 12) -> (5, 11) in a straight line: sqrt(4^2 + 1^2).
  EXPECT_EQ(json.at("path_m"), nlohmann::ordered_json::parse("[[1.5, 12.5], [5.5, 11.5]]"));
  EXPECT_NEAR(json.at("cost").get<double>(), std::sqrt(17.0), 1e-9);
  EXPECT_NEAR(json.at("surface_cost").get<double>(), std::sqrt(17.0), 1e-9);
}

TEST_F(NavcliPath, Knight16TakesAKnightsMoveWithTheKnightHeuristicByDefault) {
  const auto query = [&](const std::string& to, const std::string& flags) {
    const NavcliRun run =
        run_navcli(dir_, "path --map " + data("movingai/arena.map") + " --from 1,12 --to " + to +
                             " --topology knight16" + flags);
    EXPECT_EQ(run.status, 0) << run.err;
    return nlohmann::ordered_json::parse(run.out);
  };
  // (1, 12) -> (5, 11): two cardinal steps and the knight's move (2, -1),
  // 2 + sqrt5 = 4.24 m, against 3 + sqrt2 = 4.41 m on octile8.
  const nlohmann::ordered_json near = query("5,11", "");
  EXPECT_NEAR(near.at("cost").get<double>(), 2.0 + std::sqrt(5.0), 1e-5);
  EXPECT_EQ(near.at("path").size(), 4u);
  // Across the arena to (20, 30), octile's weaker scale on knight's moves
  // costs expansions; the default is the knight heuristic.
  const nlohmann::ordered_json by_default = query("20,30", "");
  const nlohmann::ordered_json octile = query("20,30", " --heuristic octile");
  EXPECT_EQ(by_default.at("expanded"), query("20,30", " --heuristic knight").at("expanded"));
  EXPECT_EQ(by_default.at("cost"), octile.at("cost"));
  EXPECT_LT(by_default.at("expanded").get<int>(), octile.at("expanded").get<int>());
}

TEST_F(NavcliPath, PngHasOneSquareOfScalePixelsPerTile) {
  const auto png = path("arena.png");
  const NavcliRun run = run_navcli(
      dir_, kArenaQuery + " --png " + shell_quote(png.string()) + " --png-scale 3 --show-sets");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(png_size(png), std::pair(49u * 3u, 49u * 3u));

  // Default scale: the longer side at least 512 pixels (49 * 11 = 539).
  ASSERT_EQ(run_navcli(dir_, kArenaQuery + " --png " + shell_quote(png.string())).status, 0);
  EXPECT_EQ(png_size(png), std::pair(539u, 539u));

  // A 64 x 64-tile procedural terrain at scale 1.
  ASSERT_EQ(run_navcli(dir_, "path --procedural 65 --seed 2 --from 3,3 --to 60,60 --png " +
                                 shell_quote(png.string()) + " --png-scale 1")
                .status,
            0);
  EXPECT_EQ(png_size(png), std::pair(64u, 64u));
}

TEST_F(NavcliPath, SeedModelWithOctileHeuristicSaysTheHeuristicIsScaled) {
  const std::string query = "path --procedural 65 --seed 2 --from 3,3 --to 60,60 --cost seed";
  const NavcliRun octile = run_navcli(dir_, query);
  ASSERT_EQ(octile.status, 0) << octile.err;
  ASSERT_EQ(octile.err_lines().size(), 1u);
  EXPECT_THAT(octile.err, HasSubstr("overestimates the seed cost model"));
  EXPECT_THAT(octile.err, HasSubstr("terranav scales it"));
  EXPECT_EQ(run_navcli(dir_, query + " --heuristic zero").err, "");
  EXPECT_EQ(run_navcli(dir_, kArenaQuery).err, "");
}

TEST_F(NavcliPath, MissingMapIsARuntimeErrorNamingTheFile) {
  const NavcliRun run = run_navcli(
      dir_, "path --map " + shell_quote(path("none.map").string()) + " --from 1,1 --to 2,2");
  EXPECT_EQ(run.status, 1);
  ASSERT_EQ(run.err_lines().size(), 1u);
  EXPECT_THAT(run.err, StartsWith("navcli: "));
  EXPECT_THAT(run.err, HasSubstr("none.map"));
}

}  // namespace
}  // namespace terranav::test
