#include "terranav/terrain_io/movingai.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "sliced_query.hpp"
#include "terranav/nav/search.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

const std::filesystem::path kData = std::filesystem::path(TERRANAV_TEST_DATA_DIR) / "movingai";

/// A Moving AI map as the reference model's special case: t = 1, s = 1,
/// flat, blocked = impassable, so edge costs are 1 and sqrt2 as in the
/// benchmark; and its scenario rows.
struct MovingAiWorld {
  explicit MovingAiWorld(const std::string& map_name)
      : map(load_movingai_map(kData / map_name)),
        rows(load_movingai_scen(kData / (map_name + ".scen"))),
        hm(map.width + 1, map.height + 1, 1.0,
           std::vector<float>(static_cast<std::size_t>((map.width + 1) * (map.height + 1)))),
        graph(hm, {.tile_size = 1}, blocked_mask(map)),
        sets(graph) {}
  static std::vector<std::uint8_t> blocked_mask(const GridMap& m) {
    std::vector<std::uint8_t> blocked(m.passable.size());
    for (std::size_t k = 0; k < blocked.size(); ++k) blocked[k] = m.passable[k] ? 0 : 1;
    return blocked;
  }
  GridMap map;
  std::vector<ScenarioRow> rows;
  Heightmap hm;
  TerrainGraph graph;
  ConnectedSets sets;
};

/// Replays every row of a scenario on its map.
void replay(const std::string& map_name) {
  const MovingAiWorld w(map_name);
  ASSERT_FALSE(w.rows.empty());
  AStar astar(w.graph, w.sets);
  for (const ScenarioRow& row : w.rows) {
    ASSERT_EQ(row.map, map_name);
    ASSERT_EQ(row.map_width, w.map.width);
    ASSERT_EQ(row.map_height, w.map.height);
    const PathResult r = astar.find_path({row.start_x, row.start_y}, {row.goal_x, row.goal_y});
    ASSERT_EQ(r.status, SearchStatus::Found) << row.start_x << "," << row.start_y;
    EXPECT_TRUE(cost_matches(r.cost, row.optimal))
        << "bucket " << row.bucket << ": " << r.cost << " vs optimal " << row.optimal;
  }
}

// Every row of a Moving AI scenario, sliced by 1, 7 and 1000 expansions,
// gives the unsliced query's path, cost and counters exactly.
TEST(MovingAi, SlicedEqualsUnslicedOnEveryRow) {
  for (const char* name : {"arena.map", "arena2.map"}) {
    const MovingAiWorld w(name);
    AStar whole(w.graph, w.sets);
    AStar parts(w.graph, w.sets);
    for (const ScenarioRow& row : w.rows) {
      const TileCoord from{row.start_x, row.start_y};
      const TileCoord to{row.goal_x, row.goal_y};
      const PathResult expected = whole.find_path(from, to);
      ASSERT_TRUE(cost_matches(expected.cost, row.optimal));
      for (const std::uint32_t budget : {1u, 7u, 1000u}) {
        SCOPED_TRACE(std::string(name) + " budget " + std::to_string(budget));
        const auto [result, steps] = test::sliced(parts, from, to, {}, {.max_expansions = budget});
        test::expect_same(result, expected);
        if (budget == 1) {
          EXPECT_GE(steps, static_cast<int>(expected.expanded));
        }
      }
    }
  }
}

TEST(MovingAi, ArenaScenariosAreOptimal) {
  replay("arena.map");
}
TEST(MovingAi, Arena2ScenariosAreOptimal) {
  replay("arena2.map");
}

TEST(MovingAi, ParsesMapAndScenario) {
  const GridMap map = load_movingai_map(kData / "arena.map");
  EXPECT_EQ(map.width, 49);
  EXPECT_EQ(map.height, 49);
  ASSERT_EQ(map.passable.size(), 49u * 49u);
  EXPECT_EQ(map.passable[0], 0);  // the first row is all 'T'
  const std::vector<ScenarioRow> rows = load_movingai_scen(kData / "arena.map.scen");
  EXPECT_EQ(rows.size(), 130u);
  // First row: 0 arena.map 49 49 19 26 19 29 3.00000000
  EXPECT_EQ(rows[0].bucket, 0);
  EXPECT_EQ(rows[0].start_x, 19);
  EXPECT_EQ(rows[0].start_y, 26);
  EXPECT_EQ(rows[0].goal_x, 19);
  EXPECT_EQ(rows[0].goal_y, 29);
  EXPECT_EQ(rows[0].optimal, 3.0);
}

TEST(MovingAi, CostTolerance) {
  EXPECT_TRUE(cost_matches(1.0 + 0.9e-6, 1.0));
  EXPECT_FALSE(cost_matches(1.0 + 1.1e-6, 1.0));
  EXPECT_TRUE(cost_matches(0.5e-6, 0.0));  // absolute below 1
  EXPECT_TRUE(cost_matches(1000.0009, 1000.0));
  EXPECT_FALSE(cost_matches(1000.0011, 1000.0));
}

/// Writes each test's fixture files into a fresh scratch directory.
class MovingAiErrors : public test::ScratchDirTest {
 protected:
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }
  std::string map_error(const std::string& text) const {
    return test::error_of([&] { load_movingai_map(write("test.map", text)); });
  }
  std::string scen_error(const std::string& text) const {
    return test::error_of([&] { load_movingai_scen(write("test.scen", text)); });
  }
};

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(MovingAiErrors, MapErrorsNameFileAndLine) {
  const std::string header = "type octile\nheight 2\nwidth 3\nmap\n";
  EXPECT_EQ(map_error(header + "..@\nG.T\n"), "no error");
  // '.' and 'G' are passable, everything else blocked.
  const GridMap small = load_movingai_map(write("small.map", header + "..@\nG.T\n"));
  EXPECT_EQ(small.passable, (std::vector<std::uint8_t>{1, 1, 0, 1, 1, 0}));
  EXPECT_EQ(map_error(header + "..@\r\nG.T\r\n\n"), "no error");  // CRLF, trailing blank line

  std::string e = map_error("type tile\nheight 2\nwidth 3\nmap\n...\n...\n");
  EXPECT_TRUE(contains(e, "test.map:1: bad header line 'type tile'")) << e;
  e = map_error("type octile\nheight x\nwidth 3\nmap\n...\n...\n");
  EXPECT_TRUE(contains(e, "test.map:2: bad header")) << e;
  e = map_error("type octile\nheight 2\nwidth 0\nmap\n");
  EXPECT_TRUE(contains(e, "test.map:3: width 0 outside")) << e;
  e = map_error("type octile\nheight 2\nwidth 3\nmop\n");
  EXPECT_TRUE(contains(e, "test.map:4: bad header line 'mop'")) << e;
  e = map_error(header + "...\n..\n");
  EXPECT_TRUE(contains(e, "test.map:6: row 1 has 2 cells, expected 3")) << e;
  e = map_error(header + "....\n...\n");
  EXPECT_TRUE(contains(e, "test.map:5: row 0 has 4 cells")) << e;
  e = map_error(header + "...\n");
  EXPECT_TRUE(contains(e, "test.map:6: unexpected end of file")) << e;
  e = map_error(header + "...\n...\n...\n");
  EXPECT_TRUE(contains(e, "test.map:7: more than 2 rows")) << e;
  e = map_error("");
  EXPECT_TRUE(contains(e, "test.map:1: unexpected end of file")) << e;

  e = test::error_of([] { load_movingai_map(kData / "no_such.map"); });
  EXPECT_TRUE(contains(e, "no_such.map: cannot open")) << e;
}

TEST_F(MovingAiErrors, ScenarioErrorsNameFileAndLine) {
  const std::string good = "0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421356\n";
  EXPECT_EQ(scen_error("version 1\n" + good + good), "no error");
  EXPECT_EQ(scen_error("version 1\n"), "no error");

  std::string e = scen_error("version 2\n" + good);
  EXPECT_TRUE(contains(e, "test.scen:1: unknown version line 'version 2'")) << e;
  e = scen_error(good);
  EXPECT_TRUE(contains(e, "test.scen:1: unknown version line")) << e;
  e = scen_error("");
  EXPECT_TRUE(contains(e, "test.scen:1: unexpected end of file")) << e;
  e = scen_error("version 1\n" + good + "0\tm.map\t3\t2\t0\t0\t2\t1\n");
  EXPECT_TRUE(contains(e, "test.scen:3: row has 8 tab-separated fields, expected 9")) << e;
  e = scen_error("version 1\n0\tm.map\t3\t2\t0\t0\t2\t1\t2.4\t7\n");
  EXPECT_TRUE(contains(e, "test.scen:2: row has 10")) << e;
  e = scen_error("version 1\n0\tm.map\t3\t2\t0\tx\t2\t1\t2.4\n");
  EXPECT_TRUE(contains(e, "test.scen:2: malformed number")) << e;
  e = scen_error("version 1\n0\tm.map\t3\t2\t0\t0\t2\t1\t2.4abc\n");
  EXPECT_TRUE(contains(e, "test.scen:2: malformed number")) << e;
  e = scen_error("version 1\n0\tm.map\t3\t2\t0\t0\t3\t1\t2.4\n");
  EXPECT_TRUE(contains(e, "test.scen:2: start or goal outside the 3x2 map")) << e;
  e = scen_error("version 1\n0\tm.map\t3\t2\t0\t0\t2\t1\t-1\n");
  EXPECT_TRUE(contains(e, "test.scen:2: optimal cost must be finite")) << e;

  e = test::error_of([] { load_movingai_scen(kData / "no_such.scen"); });
  EXPECT_TRUE(contains(e, "no_such.scen: cannot open")) << e;
}

}  // namespace
}  // namespace terranav::nav
