// Path following: the pure polyline helper on plain arrays, then a Unit on a
// small hand-built heightmap.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/nav/unit.hpp"

namespace terranav::nav {
namespace {

TEST(AdvanceAlongPolyline, MovesPartWayAlongTheFirstSegment) {
  const std::vector<Vec3> pts = {{0, 0, 0}, {3, 7, 0}, {3, 9, 4}};
  Vec3 pos{0, 0, 0};
  EXPECT_EQ(advance_along_polyline(pts, 1, pos, 1.0), 1u);
  EXPECT_DOUBLE_EQ(pos.x, 1.0);
  EXPECT_DOUBLE_EQ(pos.z, 0.0);
  EXPECT_DOUBLE_EQ(pos.y, 0.0);  // y is not the helper's business
}

TEST(AdvanceAlongPolyline, DiagonalSegmentMovesInXAndZ) {
  const std::vector<Vec3> pts = {{0, 0, 0}, {3, 0, 4}};  // length 5
  Vec3 pos{0, 0, 0};
  EXPECT_EQ(advance_along_polyline(pts, 1, pos, 2.5), 1u);
  EXPECT_DOUBLE_EQ(pos.x, 1.5);
  EXPECT_DOUBLE_EQ(pos.z, 2.0);
}

TEST(AdvanceAlongPolyline, CarriesTheRemainderOntoTheNextSegment) {
  const std::vector<Vec3> pts = {{0, 0, 0}, {3, 0, 0}, {3, 0, 4}};
  Vec3 pos{0, 0, 0};
  EXPECT_EQ(advance_along_polyline(pts, 1, pos, 5.0), 2u);
  EXPECT_DOUBLE_EQ(pos.x, 3.0);
  EXPECT_DOUBLE_EQ(pos.z, 2.0);
}

TEST(AdvanceAlongPolyline, PassesSeveralWaypointsInOneStep) {
  const std::vector<Vec3> pts = {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {2, 0, 1}, {2, 0, 3}};
  Vec3 pos{0, 0, 0};
  EXPECT_EQ(advance_along_polyline(pts, 1, pos, 3.5), 4u);
  EXPECT_DOUBLE_EQ(pos.x, 2.0);
  EXPECT_DOUBLE_EQ(pos.z, 1.5);
}

TEST(AdvanceAlongPolyline, StartsMidSegment) {
  const std::vector<Vec3> pts = {{0, 0, 0}, {4, 0, 0}, {4, 0, 4}};
  Vec3 pos{2, 0, 0};
  EXPECT_EQ(advance_along_polyline(pts, 1, pos, 3.0), 2u);
  EXPECT_DOUBLE_EQ(pos.x, 4.0);
  EXPECT_DOUBLE_EQ(pos.z, 1.0);
}

TEST(AdvanceAlongPolyline, EndsExactlyOnTheLastWaypoint) {
  const std::vector<Vec3> pts = {{0.1, 0, 0.2}, {3.1, 0, 0.2}, {3.1, 0, 4.7}};
  Vec3 pos = pts[0];
  EXPECT_EQ(advance_along_polyline(pts, 1, pos, 7.5), 3u);  // exactly the length
  EXPECT_EQ(pos.x, 3.1);
  EXPECT_EQ(pos.z, 4.7);
  Vec3 far = pts[0];
  EXPECT_EQ(advance_along_polyline(pts, 1, far, 1000.0), 3u);  // overshoot stops at the end
  EXPECT_EQ(far.x, 3.1);
  EXPECT_EQ(far.z, 4.7);
}

TEST(AdvanceAlongPolyline, NoDistanceNoMove) {
  const std::vector<Vec3> pts = {{0, 0, 0}, {3, 0, 0}};
  Vec3 pos{1, 0, 0};
  EXPECT_EQ(advance_along_polyline(pts, 1, pos, 0.0), 1u);
  EXPECT_EQ(advance_along_polyline(pts, 1, pos, -2.0), 1u);
  EXPECT_EQ(advance_along_polyline(pts, 1, pos, std::numeric_limits<double>::quiet_NaN()), 1u);
  EXPECT_DOUBLE_EQ(pos.x, 1.0);
  EXPECT_DOUBLE_EQ(pos.z, 0.0);
  EXPECT_EQ(advance_along_polyline(pts, 2, pos, 1.0), 2u);  // already past the end
  EXPECT_DOUBLE_EQ(pos.x, 1.0);
}

// 5 x 5 samples, spacing 10 m, tile size 1: 4 x 4 tiles. A pyramid, so the
// surface is not one plane and its triangulation matters; slopes <= 0.1, so
// every edge exists.
class UnitTest : public ::testing::Test {
 protected:
  UnitTest()
      : hm_(5, 5, 10.0, {0, 1, 2, 1, 0,  //
                         1, 2, 3, 2, 1,  //
                         2, 3, 4, 3, 2,  //
                         1, 2, 3, 2, 1,  //
                         0, 1, 2, 1, 0}),
        graph_(hm_, GraphConfig{}),
        sets_(graph_),
        search_(graph_, sets_) {}

  Vec3 centre(TileCoord c) const { return graph_.tile_centre(graph_.id(c)); }

  // Total horizontal length of the unit's path.
  static double length(std::span<const Vec3> path) {
    double sum = 0.0;
    for (std::size_t k = 1; k < path.size(); ++k) {
      sum += std::hypot(path[k].x - path[k - 1].x, path[k].z - path[k - 1].z);
    }
    return sum;
  }

  Heightmap hm_;
  TerrainGraph graph_;
  ConnectedSets sets_;
  AStar search_;
};

TEST_F(UnitTest, StandsOnTheStartTileCentreAtSurfaceHeight) {
  const Unit unit(graph_, hm_, {1, 2}, 5.0);
  EXPECT_DOUBLE_EQ(unit.position().x, 15.0);
  EXPECT_DOUBLE_EQ(unit.position().z, 25.0);
  EXPECT_DOUBLE_EQ(unit.position().y, hm_.surface_height(15.0, 25.0));
  EXPECT_EQ(unit.tile(), (TileCoord{1, 2}));
  EXPECT_FALSE(unit.moving());
  EXPECT_TRUE(unit.path().empty());
}

TEST_F(UnitTest, WalksToTheGoalFollowingTheSurface) {
  Unit unit(graph_, hm_, {0, 0}, 5.0);
  const PathResult r = unit.move_to(search_, {3, 2});
  ASSERT_EQ(r.status, SearchStatus::Found);
  ASSERT_EQ(unit.path().size(), r.waypoints.size());
  EXPECT_DOUBLE_EQ(unit.path().front().x, 5.0);
  EXPECT_DOUBLE_EQ(unit.path().front().z, 5.0);
  EXPECT_EQ(unit.next_waypoint(), 1u);
  EXPECT_TRUE(unit.moving());

  const double dt = 0.1;
  const double total = length(unit.path());
  const int steps_needed = static_cast<int>(std::ceil(total / (5.0 * dt)));
  Vec3 last = unit.position();
  for (int k = 0; k < steps_needed - 1; ++k) {
    unit.advance(dt);
    const Vec3 p = unit.position();
    EXPECT_LE(std::hypot(p.x - last.x, p.z - last.z), 5.0 * dt + 1e-9);  // corners cut the chord
    EXPECT_DOUBLE_EQ(p.y, hm_.surface_height(p.x, p.z));
    EXPECT_EQ(unit.tile(), graph_.tile_at(p.x, p.z).value_or(unit.tile()));
    last = p;
  }
  EXPECT_TRUE(unit.moving());
  unit.advance(dt);
  EXPECT_FALSE(unit.moving());
  EXPECT_EQ(unit.position().x, centre({3, 2}).x);
  EXPECT_EQ(unit.position().z, centre({3, 2}).z);
  EXPECT_DOUBLE_EQ(unit.position().y, hm_.surface_height(35.0, 25.0));
  EXPECT_EQ(unit.tile(), (TileCoord{3, 2}));
  unit.advance(10.0);  // stays put
  EXPECT_EQ(unit.position().x, 35.0);
  EXPECT_EQ(unit.position().z, 25.0);
}

TEST_F(UnitTest, HeadingFollowsTheSegment) {
  Unit unit(graph_, hm_, {0, 1}, 2.0);
  ASSERT_EQ(unit.move_to(search_, {3, 1}).status, SearchStatus::Found);
  unit.advance(1.0);
  EXPECT_DOUBLE_EQ(unit.heading().x, 1.0);
  EXPECT_DOUBLE_EQ(unit.heading().z, 0.0);
  unit.advance(100.0);
  EXPECT_DOUBLE_EQ(unit.heading().x, 1.0);  // last one when stopped
}

TEST_F(UnitTest, RetargetMidWalkPlansFromTheCurrentTile) {
  Unit unit(graph_, hm_, {0, 0}, 4.0);
  ASSERT_EQ(unit.move_to(search_, {3, 3}).status, SearchStatus::Found);
  unit.advance(4.0);  // 16 m along the diagonal from (5, 5): inside tile (1, 1)
  const Vec3 here = unit.position();
  const TileCoord from = unit.tile();
  ASSERT_NE(from, (TileCoord{0, 0}));
  ASSERT_EQ(from, graph_.tile_at(here.x, here.z));

  const PathResult r = unit.move_to(search_, {0, 3});
  ASSERT_EQ(r.status, SearchStatus::Found);
  EXPECT_EQ(r.tiles.front(), from);
  EXPECT_EQ(r.tiles.back(), (TileCoord{0, 3}));
  ASSERT_EQ(unit.path().size(), r.waypoints.size());
  EXPECT_EQ(unit.path()[0].x, here.x);  // first waypoint is where it stands
  EXPECT_EQ(unit.path()[0].z, here.z);
  for (std::size_t k = 1; k < r.waypoints.size(); ++k) {
    EXPECT_EQ(unit.path()[k].x, r.waypoints[k].x);
    EXPECT_EQ(unit.path()[k].z, r.waypoints[k].z);
  }
  EXPECT_EQ(unit.next_waypoint(), 1u);
  unit.advance(100.0);
  EXPECT_EQ(unit.tile(), (TileCoord{0, 3}));
  EXPECT_EQ(unit.position().x, 5.0);
  EXPECT_EQ(unit.position().z, 35.0);
}

TEST_F(UnitTest, GoalOnTheCurrentTileWalksBackToItsCentre) {
  Unit unit(graph_, hm_, {1, 1}, 1.0);
  ASSERT_EQ(unit.move_to(search_, {2, 1}).status, SearchStatus::Found);
  unit.advance(2.0);  // 2 m east of the centre of (1, 1)
  ASSERT_EQ(unit.tile(), (TileCoord{1, 1}));
  const PathResult r = unit.move_to(search_, {1, 1});
  ASSERT_EQ(r.status, SearchStatus::Found);
  ASSERT_EQ(r.tiles.size(), 1u);
  ASSERT_EQ(unit.path().size(), 2u);
  EXPECT_DOUBLE_EQ(unit.path()[0].x, 17.0);
  EXPECT_DOUBLE_EQ(unit.path()[1].x, 15.0);
  unit.advance(1.0);
  EXPECT_DOUBLE_EQ(unit.position().x, 16.0);
  EXPECT_DOUBLE_EQ(unit.heading().x, -1.0);
  unit.advance(1.0);
  EXPECT_FALSE(unit.moving());
  EXPECT_EQ(unit.position().x, 15.0);
  EXPECT_EQ(unit.position().z, 15.0);
}

TEST_F(UnitTest, InvalidGoalLeavesTheWalkUnchanged) {
  Unit unit(graph_, hm_, {0, 0}, 3.0);
  ASSERT_EQ(unit.move_to(search_, {3, 0}).status, SearchStatus::Found);
  unit.advance(1.0);
  const std::vector<Vec3> before(unit.path().begin(), unit.path().end());
  const std::size_t next = unit.next_waypoint();
  const Vec3 pos = unit.position();

  EXPECT_EQ(unit.move_to(search_, {4, 0}).status, SearchStatus::InvalidGoal);
  EXPECT_EQ(unit.move_to(search_, {-1, 2}).status, SearchStatus::InvalidGoal);
  ASSERT_EQ(unit.path().size(), before.size());
  for (std::size_t k = 0; k < before.size(); ++k) {
    EXPECT_EQ(unit.path()[k].x, before[k].x);
    EXPECT_EQ(unit.path()[k].z, before[k].z);
  }
  EXPECT_EQ(unit.next_waypoint(), next);
  EXPECT_EQ(unit.position().x, pos.x);
  EXPECT_TRUE(unit.moving());
  unit.advance(1.0);
  EXPECT_DOUBLE_EQ(unit.position().x, 11.0);  // still heading east at 3 m/s
}

// A path planned elsewhere (another AStar, another thread) and handed over
// is walked exactly like move_to's.
TEST_F(UnitTest, SetPathFromAQueryPlannedElsewhereEqualsMoveTo) {
  Unit a(graph_, hm_, {0, 0}, 4.0);
  Unit b(graph_, hm_, {0, 0}, 4.0);
  ASSERT_EQ(a.move_to(search_, {3, 3}).status, SearchStatus::Found);
  ASSERT_EQ(b.move_to(search_, {3, 3}).status, SearchStatus::Found);
  a.advance(3.0);
  b.advance(3.0);
  AStar elsewhere(graph_, sets_);
  const PathResult r = elsewhere.find_path(b.planning_tile(), {0, 3});
  ASSERT_EQ(r.status, SearchStatus::Found);
  b.set_path(r.waypoints);
  a.move_to(search_, {0, 3});
  ASSERT_EQ(a.path().size(), b.path().size());
  for (std::size_t k = 0; k < a.path().size(); ++k) {
    EXPECT_EQ(a.path()[k].x, b.path()[k].x);
    EXPECT_EQ(a.path()[k].z, b.path()[k].z);
  }
  EXPECT_EQ(b.path().front().x, b.position().x);  // no snap to a tile centre
  EXPECT_EQ(b.path().front().z, b.position().z);
}

TEST_F(UnitTest, SetPathKeepsAFirstWaypointAwayFromItsTileAndStopsOnEmpty) {
  Unit unit(graph_, hm_, {0, 0}, 1.0);
  const std::vector<Vec3> path = {centre({1, 0}), centre({2, 0})};
  unit.set_path(path);
  ASSERT_EQ(unit.path().size(), 3u);
  EXPECT_EQ(unit.path()[1].x, 15.0);
  EXPECT_TRUE(unit.moving());
  unit.advance(5.0);
  EXPECT_DOUBLE_EQ(unit.position().x, 10.0);
  unit.set_path({});
  EXPECT_FALSE(unit.moving());
  unit.advance(5.0);
  EXPECT_DOUBLE_EQ(unit.position().x, 10.0);
}

// Only what is still ahead counts: from the position through the remaining
// waypoints, against the tiles' area in metres.
TEST_F(UnitTest, PathCrossesOnlyTheTilesStillAhead) {
  Unit unit(graph_, hm_, {0, 0}, 10.0);
  const std::vector<Vec3> path = {centre({0, 0}), centre({1, 0}), centre({2, 0}), centre({3, 1})};
  unit.set_path(path);  // along row 0, then down into (3, 1)
  EXPECT_TRUE(unit.path_crosses({1, 0, 2, 1}));
  EXPECT_TRUE(unit.path_crosses({3, 1, 4, 2}));
  EXPECT_TRUE(unit.path_crosses({2, 0, 4, 4}));
  EXPECT_FALSE(unit.path_crosses({0, 2, 4, 4}));  // rows 2 and 3
  EXPECT_FALSE(unit.path_crosses({0, 3, 1, 4}));
  EXPECT_FALSE(unit.path_crosses({}));
  unit.advance(1.2);  // 12 m: past the centre of (1, 0), at x = 17
  EXPECT_FALSE(unit.path_crosses({0, 0, 1, 1}));
  EXPECT_TRUE(unit.path_crosses({1, 0, 2, 1}));  // it still stands in tile 1
  unit.advance(100.0);
  EXPECT_FALSE(unit.path_crosses({0, 0, 4, 4}));  // arrived: nothing ahead
}

// A unit on a tile that became blocked plans from the nearest walkable
// tile and walks there first.
TEST(Unit, StrandedOnABlockedTileStepsOffToTheNearestWalkableTile) {
  const Heightmap hm(6, 6, 1.0, std::vector<float>(36, 0.0f));
  std::vector<std::uint8_t> blocked(25, 0);
  for (const int t : {6, 7, 8, 11, 12, 13, 16}) blocked[static_cast<std::size_t>(t)] = 1;
  const TerrainGraph graph(hm, {}, blocked);
  const ConnectedSets sets(graph);
  AStar search(graph, sets);
  Unit unit(graph, hm, {2, 2}, 1.0);                   // tile 12, blocked
  EXPECT_EQ(unit.planning_tile(), (TileCoord{2, 3}));  // the one unblocked tile at distance 1
  const PathResult r = unit.move_to(search, {4, 4});
  ASSERT_EQ(r.status, SearchStatus::Found);
  EXPECT_EQ(r.tiles.front(), (TileCoord{2, 3}));
  ASSERT_GE(unit.path().size(), 3u);
  EXPECT_EQ(unit.path()[0].x, 2.5);  // where it stands
  EXPECT_EQ(unit.path()[0].z, 2.5);
  EXPECT_EQ(unit.path()[1].x, 2.5);  // the nearest walkable tile's centre
  EXPECT_EQ(unit.path()[1].z, 3.5);
}

TEST_F(UnitTest, RejectsBadSpeedAndStart) {
  EXPECT_THROW(Unit(graph_, hm_, {0, 0}, 0.0), Error);
  EXPECT_THROW(Unit(graph_, hm_, {0, 0}, -1.0), Error);
  EXPECT_THROW(Unit(graph_, hm_, {0, 0}, std::numeric_limits<double>::quiet_NaN()), Error);
  EXPECT_THROW(Unit(graph_, hm_, {4, 0}, 1.0), Error);
  EXPECT_THROW(Unit(graph_, hm_, {0, -1}, 1.0), Error);
  Unit unit(graph_, hm_, {0, 0}, 1.0);
  EXPECT_THROW(unit.set_speed(0.0), Error);
  EXPECT_THROW(unit.set_speed(-3.0), Error);
  EXPECT_DOUBLE_EQ(unit.speed(), 1.0);
  unit.set_speed(2.5);
  EXPECT_DOUBLE_EQ(unit.speed(), 2.5);
}

}  // namespace
}  // namespace terranav::nav
