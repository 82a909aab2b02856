// navcli scen: random queries with Dijkstra-optimal costs as a Moving AI .scen.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <queue>
#include <string>
#include <vector>

#include "navcli_run.hpp"
#include "terranav/terrain_io/movingai.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

/// Plain Dijkstra on a Moving AI grid: costs 1 and sqrt 2, no corner cutting.
/// Independent of nav's search; O(cells log cells).
double grid_dijkstra(const nav::GridMap& map, int sx, int sy, int gx, int gy) {
  const auto passable = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < map.width && y < map.height &&
           map.passable[static_cast<std::size_t>(y * map.width + x)] != 0;
  };
  std::vector<double> dist(map.passable.size(), std::numeric_limits<double>::infinity());
  using Entry = std::pair<double, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  dist[static_cast<std::size_t>(sy * map.width + sx)] = 0.0;
  open.emplace(0.0, sy * map.width + sx);
  while (!open.empty()) {
    const auto [d, cell] = open.top();
    open.pop();
    if (d > dist[static_cast<std::size_t>(cell)]) continue;
    const int x = cell % map.width;
    const int y = cell / map.width;
    if (x == gx && y == gy) return d;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        if ((dx == 0 && dy == 0) || !passable(x + dx, y + dy)) continue;
        if (dx != 0 && dy != 0 && (!passable(x + dx, y) || !passable(x, y + dy))) continue;
        const double next = d + (dx != 0 && dy != 0 ? std::sqrt(2.0) : 1.0);
        const std::size_t n = static_cast<std::size_t>((y + dy) * map.width + x + dx);
        if (next < dist[n]) {
          dist[n] = next;
          open.emplace(next, static_cast<int>(n));
        }
      }
    }
  }
  return std::numeric_limits<double>::infinity();
}

using NavcliScen = ScratchDirTest;

TEST_F(NavcliScen, ArenaQueriesCarryTheTrueOptimalCosts) {
  const std::string out = path("arena.scen").string();
  const NavcliRun run = run_navcli(dir_, "scen --map " + data("movingai/arena.map") +
                                             " --queries 40 --seed 9 --out " + shell_quote(out));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "");
  const std::string text = read_text(out);
  EXPECT_TRUE(text.starts_with("version 1\n"));
  // POSIX extended regex (gtest's): the tabs are literal characters.
  const auto row_format = ::testing::MatchesRegex(
      "[0-9]+\tarena\\.map\t49\t49\t[0-9]+\t[0-9]+\t[0-9]+\t[0-9]+\t[0-9]+\\.[0-9]{8}");
  for (const std::string& line : NavcliRun::lines(text.substr(10))) {
    EXPECT_THAT(line, row_format);
  }
  const nav::GridMap map =
      nav::load_movingai_map(std::string(TERRANAV_TEST_DATA_DIR) + "/movingai/arena.map");
  const std::vector<nav::ScenarioRow> rows = nav::load_movingai_scen(out);
  ASSERT_EQ(rows.size(), 40u);
  for (const nav::ScenarioRow& r : rows) {
    EXPECT_FALSE(r.start_x == r.goal_x && r.start_y == r.goal_y);
    const double truth = grid_dijkstra(map, r.start_x, r.start_y, r.goal_x, r.goal_y);
    EXPECT_TRUE(nav::cost_matches(r.optimal, truth)) << r.optimal << " vs " << truth;
    EXPECT_EQ(r.bucket, static_cast<int>(std::floor(r.optimal / 4.0)));
  }
}

TEST_F(NavcliScen, ProceduralRoundTripPassesBenchCheckUnderEachCostModel) {
  for (const std::string cost : {"reference", "tobler", "uphill-downhill", "seed"}) {
    const std::string out = path(cost + ".scen").string();
    const std::string terrain = "--procedural 65 --seed 4 --cost " + cost;
    const NavcliRun scen =
        run_navcli(dir_, "scen " + terrain + " --queries 30 --out " + shell_quote(out));
    ASSERT_EQ(scen.status, 0) << scen.err;
    const std::vector<nav::ScenarioRow> rows = nav::load_movingai_scen(out);
    ASSERT_EQ(rows.size(), 30u);
    EXPECT_EQ(rows.front().map, "procedural-65-seed-4");
    EXPECT_EQ(rows.front().map_width, 64);
    const NavcliRun bench =
        run_navcli(dir_, "bench " + terrain + " --scen " + shell_quote(out) + " --check");
    EXPECT_EQ(bench.status, 0) << cost << ": " << bench.out;
    const nlohmann::ordered_json summary = nlohmann::ordered_json::parse(bench.err_lines().back());
    EXPECT_EQ(summary.at("queries"), 30) << cost;
    EXPECT_EQ(summary.at("mismatches"), 0) << cost;
  }
}

TEST_F(NavcliScen, SameSeedSameQueriesOtherSeedOtherQueries) {
  const auto scen = [&](const std::string& name, int seed) {
    const std::string out = path(name).string();
    EXPECT_EQ(
        run_navcli(dir_, "scen --map " + data("movingai/arena2.map") + " --queries 20 --seed " +
                             std::to_string(seed) + " --out " + shell_quote(out))
            .status,
        0);
    return read_text(out);
  };
  const std::string first = scen("a.scen", 3);
  EXPECT_EQ(first, scen("b.scen", 3));
  EXPECT_NE(first, scen("c.scen", 4));
}

}  // namespace
}  // namespace terranav::test
