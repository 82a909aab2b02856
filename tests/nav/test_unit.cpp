// A Unit on a small hand-built heightmap: planning, following the surface,
// retargeting, edits. The steering itself is tested in test_steering.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/nearest_tile.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/nav/unit.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

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

  // Horizontal distance from the unit to its path.
  static double off_path(const Unit& unit) {
    const std::span<const Vec3> path = unit.path();
    const Vec3 p = unit.position();
    double best = std::hypot(path[0].x - p.x, path[0].z - p.z);
    for (std::size_t k = 1; k < path.size(); ++k) {
      const Vec3& a = path[k - 1];
      const double dx = path[k].x - a.x;
      const double dz = path[k].z - a.z;
      const double l2 = dx * dx + dz * dz;
      const double t =
          l2 > 0.0 ? std::clamp(((p.x - a.x) * dx + (p.z - a.z) * dz) / l2, 0.0, 1.0) : 0.0;
      best = std::min(best, std::hypot(a.x + t * dx - p.x, a.z + t * dz - p.z));
    }
    return best;
  }

  Heightmap hm_;
  TerrainGraph graph_;
  ConnectedSets sets_;
  AStar search_;
};

TEST_F(UnitTest, StandsOnTheStartTileCentreAtSurfaceHeight) {
  const Unit unit(graph_, hm_, {1, 2});
  EXPECT_DOUBLE_EQ(unit.position().x, 15.0);
  EXPECT_DOUBLE_EQ(unit.position().z, 25.0);
  EXPECT_DOUBLE_EQ(unit.position().y, hm_.surface_height(15.0, 25.0));
  EXPECT_EQ(unit.tile(), (TileCoord{1, 2}));
  EXPECT_FALSE(unit.moving());
  EXPECT_TRUE(unit.path().empty());
  EXPECT_EQ(unit.speed(), 0.0);
  EXPECT_EQ(unit.heading().x, 1.0);
  EXPECT_EQ(unit.params().max_speed_mps, 5.0);
}

TEST_F(UnitTest, WalksToTheGoalFollowingTheSurface) {
  Unit unit(graph_, hm_, {0, 0});
  const PathResult r = unit.move_to(search_, {3, 2});
  ASSERT_EQ(r.status, SearchStatus::Found);
  ASSERT_EQ(unit.path().size(), r.waypoints.size());
  EXPECT_DOUBLE_EQ(unit.path().front().x, 5.0);
  EXPECT_DOUBLE_EQ(unit.path().front().z, 5.0);
  EXPECT_EQ(unit.next_waypoint(), 1u);
  EXPECT_TRUE(unit.moving());

  int steps = 0;
  for (; unit.moving() && steps < 1000; ++steps) {
    unit.advance(0.1);
    const Vec3 p = unit.position();
    EXPECT_DOUBLE_EQ(p.y, hm_.surface_height(p.x, p.z));
    EXPECT_EQ(unit.tile(), graph_.tile_at(p.x, p.z).value_or(unit.tile()));
    EXPECT_LE(off_path(unit), unit.params().corridor_m);
    EXPECT_LE(unit.speed(), 5.0);
  }
  // 2 diagonal and 1 straight steps of 10 m, 38.3 m: at least that at
  // 5 m/s plus 5/6 s each to speed up and to brake, a little more for the
  // corner.
  const double least = (20.0 * std::sqrt(2.0) + 10.0) / 5.0 + 5.0 / 3.0;
  EXPECT_GE(steps, static_cast<int>(std::ceil(least / 0.1)));
  EXPECT_LE(steps, static_cast<int>(std::ceil(1.2 * least / 0.1)));
  EXPECT_FALSE(unit.moving());
  EXPECT_EQ(unit.position().x, centre({3, 2}).x);
  EXPECT_EQ(unit.position().z, centre({3, 2}).z);
  EXPECT_DOUBLE_EQ(unit.position().y, hm_.surface_height(35.0, 25.0));
  EXPECT_EQ(unit.tile(), (TileCoord{3, 2}));
  EXPECT_EQ(unit.next_waypoint(), unit.path().size());
  unit.advance(10.0);  // stays put
  EXPECT_EQ(unit.position().x, 35.0);
  EXPECT_EQ(unit.position().z, 25.0);
}

// Any polyline, not only tile centres: the unit keeps to the surface and
// to its corridor, and stops on the last point.
TEST_F(UnitTest, FollowsAnyAnglePolylinesOnTheSurface) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> inside(1.0, 39.0);
  for (int trial = 0; trial < 10; ++trial) {
    Unit unit(graph_, hm_, {1, 1});
    std::vector<Vec3> path;
    for (int k = 0; k < 6; ++k) path.push_back({inside(rng), 0.0, inside(rng)});
    unit.set_path(path);
    ASSERT_EQ(unit.path().size(), path.size() + 1);
    for (int step = 0; unit.moving() && step < 5000; ++step) {
      unit.advance(1.0 / 30.0);
      const Vec3 p = unit.position();
      ASSERT_DOUBLE_EQ(p.y, hm_.surface_height(p.x, p.z));
      ASSERT_LE(off_path(unit), 1.0 + 1e-9);
    }
    EXPECT_FALSE(unit.moving());
    EXPECT_EQ(unit.position().x, path.back().x);
    EXPECT_EQ(unit.position().z, path.back().z);
  }
}

TEST_F(UnitTest, FacesItsDirectionOfTravel) {
  Unit unit(graph_, hm_, {0, 1});
  ASSERT_EQ(unit.move_to(search_, {3, 1}).status, SearchStatus::Found);
  unit.advance(1.0);
  EXPECT_DOUBLE_EQ(unit.heading().x, 1.0);
  EXPECT_DOUBLE_EQ(unit.heading().z, 0.0);
  EXPECT_NEAR(unit.speed(), 3.0, 1e-9);  // 1 s at 3 m/s^2
  EXPECT_NEAR(unit.velocity().x, 3.0, 1e-9);
  EXPECT_EQ(unit.velocity().y, 0.0);
  unit.advance(100.0);
  EXPECT_FALSE(unit.moving());
  EXPECT_EQ(unit.velocity().x, 0.0);
  EXPECT_DOUBLE_EQ(unit.heading().x, 1.0);  // last one when stopped
}

TEST_F(UnitTest, RetargetMidWalkPlansFromTheCurrentTile) {
  Unit unit(graph_, hm_, {0, 0});
  ASSERT_EQ(unit.move_to(search_, {3, 3}).status, SearchStatus::Found);
  unit.advance(4.0);  // 15.8 m along the diagonal from (5, 5): inside tile (1, 1)
  const Vec3 here = unit.position();
  const Vec3 heading = unit.heading();
  const double speed = unit.speed();
  const TileCoord from = unit.tile();
  ASSERT_EQ(from, (TileCoord{1, 1}));
  ASSERT_EQ(from, graph_.tile_at(here.x, here.z));
  ASSERT_GT(speed, 4.0);

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
  // No jump, no instant turn, no instant stop.
  EXPECT_EQ(unit.position().x, here.x);
  EXPECT_EQ(unit.position().z, here.z);
  EXPECT_EQ(unit.heading().x, heading.x);
  EXPECT_EQ(unit.heading().z, heading.z);
  EXPECT_EQ(unit.speed(), speed);
  unit.advance(kMaxSubstepS);
  EXPECT_LE(std::hypot(unit.position().x - here.x, unit.position().z - here.z),
            (speed + 0.05) * kMaxSubstepS);
  EXPECT_LE(std::acos(std::min(1.0, unit.heading().x * heading.x + unit.heading().z * heading.z)),
            std::numbers::pi * kMaxSubstepS * (1.0 + 1e-9));
  unit.advance(100.0);
  EXPECT_EQ(unit.tile(), (TileCoord{0, 3}));
  EXPECT_EQ(unit.position().x, 5.0);
  EXPECT_EQ(unit.position().z, 35.0);
}

// Told to stop behind itself, a moving unit brakes, turns and walks back.
TEST_F(UnitTest, GoalOnTheCurrentTileWalksBackToItsCentre) {
  Unit unit(graph_, hm_, {1, 1});
  ASSERT_EQ(unit.move_to(search_, {2, 1}).status, SearchStatus::Found);
  unit.advance(1.0);  // 1.5 m east of the centre of (1, 1), at 3 m/s
  ASSERT_EQ(unit.tile(), (TileCoord{1, 1}));
  ASSERT_NEAR(unit.position().x, 16.5, 1e-9);
  const PathResult r = unit.move_to(search_, {1, 1});
  ASSERT_EQ(r.status, SearchStatus::Found);
  ASSERT_EQ(r.tiles.size(), 1u);
  ASSERT_EQ(unit.path().size(), 2u);
  EXPECT_DOUBLE_EQ(unit.path()[0].x, 16.5);
  EXPECT_DOUBLE_EQ(unit.path()[1].x, 15.0);
  double furthest = 0.0;
  for (int step = 0; unit.moving() && step < 1000; ++step) {
    unit.advance(kMaxSubstepS);
    furthest = std::max(furthest, unit.position().x);
  }
  // It cannot stop at once: it brakes from 3 m/s at 3 m/s^2 (1.5 m straight
  // on; less, as it turns meanwhile) and comes back.
  EXPECT_GT(furthest, 17.0);
  EXPECT_LE(furthest, 16.5 + 1.5);
  EXPECT_FALSE(unit.moving());
  EXPECT_EQ(unit.position().x, 15.0);
  EXPECT_EQ(unit.position().z, 15.0);
  EXPECT_LT(unit.heading().x, -0.9);
}

TEST_F(UnitTest, InvalidGoalLeavesTheWalkUnchanged) {
  Unit unit(graph_, hm_, {0, 0});
  Unit twin(graph_, hm_, {0, 0});
  ASSERT_EQ(unit.move_to(search_, {3, 0}).status, SearchStatus::Found);
  ASSERT_EQ(twin.move_to(search_, {3, 0}).status, SearchStatus::Found);
  unit.advance(1.0);
  twin.advance(1.0);
  const std::vector<Vec3> before(unit.path().begin(), unit.path().end());
  const std::size_t next = unit.next_waypoint();

  EXPECT_EQ(unit.move_to(search_, {4, 0}).status, SearchStatus::InvalidGoal);
  EXPECT_EQ(unit.move_to(search_, {-1, 2}).status, SearchStatus::InvalidGoal);
  ASSERT_EQ(unit.path().size(), before.size());
  for (std::size_t k = 0; k < before.size(); ++k) {
    EXPECT_EQ(unit.path()[k].x, before[k].x);
    EXPECT_EQ(unit.path()[k].z, before[k].z);
  }
  EXPECT_EQ(unit.next_waypoint(), next);
  EXPECT_TRUE(unit.moving());
  unit.advance(1.0);
  twin.advance(1.0);
  EXPECT_EQ(unit.position().x, twin.position().x);  // still walking as if never told
  EXPECT_EQ(unit.position().z, twin.position().z);
  EXPECT_EQ(unit.speed(), twin.speed());
  EXPECT_GT(unit.position().x, 10.0);
}

// A path planned elsewhere (another AStar, another thread) and handed over
// is walked exactly like move_to's.
TEST_F(UnitTest, SetPathFromAQueryPlannedElsewhereEqualsMoveTo) {
  Unit a(graph_, hm_, {0, 0});
  Unit b(graph_, hm_, {0, 0});
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
  a.advance(2.0);
  b.advance(2.0);
  EXPECT_EQ(a.position().x, b.position().x);
  EXPECT_EQ(a.position().z, b.position().z);
}

// An empty path: the unit brakes to a halt straight ahead, not on the spot.
TEST_F(UnitTest, SetPathKeepsAFirstWaypointAwayFromItsTileAndBrakesOnEmpty) {
  Unit unit(graph_, hm_, {0, 0});
  const std::vector<Vec3> path = {centre({1, 0}), centre({2, 0})};
  unit.set_path(path);
  ASSERT_EQ(unit.path().size(), 3u);
  EXPECT_EQ(unit.path()[1].x, 15.0);
  EXPECT_TRUE(unit.moving());
  unit.advance(2.0);  // 5/3 s up to 5 m/s (25/6 m), then 1/3 s at 5 m/s
  EXPECT_NEAR(unit.position().x, 5.0 + 25.0 / 6.0 + 5.0 / 3.0, 1e-9);
  unit.set_path({});
  EXPECT_TRUE(unit.path().empty());
  EXPECT_TRUE(unit.moving());
  unit.advance(5.0);
  EXPECT_FALSE(unit.moving());
  EXPECT_NEAR(unit.position().x, 15.0, 1e-9);  // and 25/6 m to brake
  EXPECT_DOUBLE_EQ(unit.position().y, hm_.surface_height(unit.position().x, 5.0));
}

// Only what is still ahead counts: from the position through the remaining
// waypoints, against the tiles' area in metres.
TEST_F(UnitTest, PathCrossesOnlyTheTilesStillAhead) {
  Unit unit(graph_, hm_, {0, 0});
  const std::vector<Vec3> path = {centre({0, 0}), centre({1, 0}), centre({2, 0}), centre({3, 1})};
  unit.set_path(path);  // along row 0, then down into (3, 1)
  EXPECT_TRUE(unit.path_crosses({1, 0, 2, 1}));
  EXPECT_TRUE(unit.path_crosses({3, 1, 4, 2}));
  EXPECT_TRUE(unit.path_crosses({2, 0, 4, 4}));
  EXPECT_FALSE(unit.path_crosses({0, 2, 4, 4}));  // rows 2 and 3
  EXPECT_FALSE(unit.path_crosses({0, 3, 1, 4}));
  EXPECT_FALSE(unit.path_crosses({}));
  while (unit.position().x < 17.0) unit.advance(kMaxSubstepS);  // past the centre of (1, 0)
  ASSERT_LT(unit.position().x, 18.0);
  EXPECT_FALSE(unit.path_crosses({0, 0, 1, 1}));
  EXPECT_TRUE(unit.path_crosses({1, 0, 2, 1}));  // it still stands in tile 1
  unit.advance(100.0);
  EXPECT_FALSE(unit.moving());
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
  Unit unit(graph, hm, {2, 2});                        // tile 12, blocked
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

// Where an engine sets a unit down when its ground became unwalkable: the
// nearest point kept 1 m inside an accepted tile, by brute force over every
// tile on random masks, from points inside, between and beside the tiles.
TEST(NearestTilePoint, IsTheNearestInsetPointOfAnAcceptedTile) {
  const Heightmap hm(13, 9, 10.0, std::vector<float>(13 * 9, 0.0f));  // 12 x 8 tiles of 10 m
  const TerrainGraph graph(hm, {});
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coord(-30.0, 150.0);
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<bool> accepted(graph.tile_count());
    const double share = trial % 4 == 0 ? 0.0 : 0.05 * (trial % 20);  // some with none
    for (std::size_t k = 0; k < accepted.size(); ++k) {
      accepted[k] = std::uniform_real_distribution<double>(0.0, 1.0)(rng) < share;
    }
    // Tile centres and edges too, where several tiles tie.
    const Vec3 from = trial % 3 == 0
                          ? Vec3{5.0 + 10.0 * (trial % 12), 0.0, 5.0 + 10.0 * (trial % 8)}
                      : trial % 3 == 1 ? Vec3{10.0 * (trial % 13), 0.0, coord(rng)}
                                       : Vec3{coord(rng), 0.0, coord(rng)};
    const auto accept = [&](TileId t) { return static_cast<bool>(accepted[index(t)]); };
    std::optional<TilePoint> expected;
    for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {  // ascending ids: first best wins
      if (!accepted[k]) continue;
      const TileCoord c = graph.coord(TileId{k});
      const Vec3 p{std::clamp(from.x, c.i * 10.0 + 1.0, c.i * 10.0 + 9.0), 0.0,
                   std::clamp(from.z, c.j * 10.0 + 1.0, c.j * 10.0 + 9.0)};
      const double d = std::hypot(p.x - from.x, p.z - from.z);
      if (!expected || d < expected->distance_m) expected = TilePoint{c, p, d};
    }
    const std::optional<TilePoint> got = nearest_tile_point(graph, from, 1.0, accept);
    ASSERT_EQ(got.has_value(), expected.has_value()) << trial;
    if (!got) continue;
    EXPECT_EQ(got->tile, expected->tile) << trial;
    EXPECT_EQ(got->point.x, expected->point.x) << trial;
    EXPECT_EQ(got->point.z, expected->point.z) << trial;
    EXPECT_DOUBLE_EQ(got->distance_m, expected->distance_m) << trial;
    EXPECT_EQ(graph.tile_at(got->point.x, got->point.z), got->tile);  // strictly inside
  }
  // Hand-computed: from the centre of tile (5, 5) with only (3, 5) and (5, 7)
  // accepted, 16 m away each: the lower id wins, its nearest inset point.
  const auto two = [&](TileId t) { return t == graph.id({3, 5}) || t == graph.id({5, 7}); };
  const auto p = nearest_tile_point(graph, {55.0, 0.0, 55.0}, 1.0, two);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->tile, (TileCoord{3, 5}));
  EXPECT_EQ(p->point.x, 39.0);
  EXPECT_EQ(p->point.z, 55.0);
  EXPECT_EQ(p->distance_m, 16.0);
  // An inset of half a tile or more: the centre.
  const auto centre = nearest_tile_point(graph, {55.0, 0.0, 55.0}, 7.0, two);
  EXPECT_EQ(centre->point.x, 35.0);
  EXPECT_EQ(centre->distance_m, 20.0);
  const Vec3 nan{std::nan(""), 0.0, 1.0};
  EXPECT_FALSE(nearest_tile_point(graph, nan, 1.0, [](TileId) { return true; }).has_value());
}

TEST_F(UnitTest, RejectsBadParamsAndStart) {
  EXPECT_EQ(test::error_of([&] {
              Unit(graph_, hm_, {0, 0}, {.max_speed_mps = 0.0});
            }),
            "steering: max_speed_mps: must be in [0.001, 1e+06] m/s, got 0");
  EXPECT_THROW(Unit(graph_, hm_, {0, 0}, {.max_accel_mps2 = -1.0}), Error);
  EXPECT_THROW(Unit(graph_, hm_, {0, 0}, {.corridor_m = std::numeric_limits<double>::quiet_NaN()}),
               Error);
  EXPECT_EQ(test::error_of([&] {
              Unit(graph_, hm_, {4, 0});
            }),
            "Unit: start tile (4, 0) is outside the 4x4 tile graph");
  EXPECT_THROW(Unit(graph_, hm_, {0, -1}), Error);
  Unit unit(graph_, hm_, {0, 0}, {.max_speed_mps = 1.0});
  EXPECT_THROW(unit.set_params({.max_turn_rate_radps = 0.0}), Error);
  EXPECT_DOUBLE_EQ(unit.params().max_speed_mps, 1.0);
  unit.set_params({.max_speed_mps = 2.5});
  EXPECT_DOUBLE_EQ(unit.params().max_speed_mps, 2.5);
}

}  // namespace
}  // namespace terranav::nav
