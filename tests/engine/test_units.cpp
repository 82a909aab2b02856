// Many units: formation goals, separation, selection by click and box,
// group orders through the request queue. Checked against brute force over
// every pair and every unit's projection.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "app/script.hpp"
#include "terranav/engine/scene/fixed_step.hpp"
#include "terranav/engine/scene/formation.hpp"
#include "terranav/engine/scene/separation.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/click_controller.hpp"
#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

double distance(const nav::Vec3& a, const nav::Vec3& b) {
  return std::hypot(a.x - b.x, a.z - b.z);
}

/// The smallest distance between two of `points`, by brute force.
double closest_pair(const std::vector<nav::Vec3>& points) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < points.size(); ++a) {
    for (std::size_t b = a + 1; b < points.size(); ++b) {
      best = std::min(best, distance(points[a], points[b]));
    }
  }
  return best;
}

std::vector<nav::Vec3> positions(const World& world) {
  std::vector<nav::Vec3> out;
  for (const SceneUnit& u : world.units()) out.push_back(u.unit.position());
  return out;
}

TEST(Formation, GoalsAreDistinctSpacedAndNearestTheTargetFirst) {
  const std::vector<nav::Vec3> group(9, nav::Vec3{0.0, 0.0, 0.0});
  const nav::Vec3 target{100.0, 0.0, 0.0};
  const auto goals = formation_goals(group, target, 2.0, [](const nav::Vec3&) { return true; });
  ASSERT_EQ(goals.size(), 9u);
  std::vector<nav::Vec3> points;
  for (const auto& g : goals) {
    ASSERT_TRUE(g.has_value());
    points.push_back(*g);
    // Nine slots fill the 3 x 3 block around the target exactly.
    EXPECT_LE(std::abs(g->x - 100.0), 2.0 + 1e-9);
    EXPECT_LE(std::abs(g->z), 2.0 + 1e-9);
  }
  EXPECT_NEAR(closest_pair(points), 2.0, 1e-9);
  // One unit takes the target itself.
  const auto one = formation_goals(std::vector<nav::Vec3>{{5.0, 0.0, 5.0}}, target, 2.0,
                                   [](const nav::Vec3&) { return true; });
  EXPECT_NEAR(distance(*one[0], target), 0.0, 1e-12);
}

TEST(Formation, SkipsUnusablePointsAndKeepsTheGroupsShape) {
  // Units in a line across the way they go keep their order across it.
  const std::vector<nav::Vec3> line = {{0, 0, -4}, {0, 0, 0}, {0, 0, 4}};
  const auto goals = formation_goals(line, {50, 0, 0}, 2.0, [](const nav::Vec3& p) {
    return !(std::abs(p.x - 50.0) < 1e-9 && std::abs(p.z) < 1e-9);  // the target itself is a rock
  });
  ASSERT_TRUE(goals[0] && goals[1] && goals[2]);
  EXPECT_LT(goals[0]->z, goals[2]->z);
  for (const auto& g : goals) EXPECT_FALSE(std::abs(g->x - 50.0) < 1e-9 && std::abs(g->z) < 1e-9);
  // Nothing usable: no goals.
  const auto none = formation_goals(
      line, {50, 0, 0}, 2.0, [](const nav::Vec3&) { return false; }, 3);
  for (const auto& g : none) EXPECT_FALSE(g.has_value());
}

TEST(Separation, PushesMatchBruteForceAndPartOverlaps) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> coordinate(0.0, 20.0);
  std::vector<nav::Vec3> points(60);
  for (nav::Vec3& p : points) p = {coordinate(random), 0.0, coordinate(random)};
  const double r = 1.0;
  const auto pushes = separation_pushes(points, r, 100.0);
  for (std::size_t k = 0; k < points.size(); ++k) {
    double x = 0.0;
    double z = 0.0;
    for (std::size_t o = 0; o < points.size(); ++o) {
      const double d = distance(points[k], points[o]);
      if (o == k || d >= 2.0 * r) continue;
      x += (points[k].x - points[o].x) / d * (2.0 * r - d) / 2.0;
      z += (points[k].z - points[o].z) / d * (2.0 * r - d) / 2.0;
    }
    EXPECT_NEAR(pushes[k].x, x, 1e-9) << k;
    EXPECT_NEAR(pushes[k].z, z, 1e-9) << k;
  }
  // Two discs overlapping by 0.5 m are pushed 0.25 m each, apart.
  const std::vector<nav::Vec3> pair = {{0, 0, 0}, {1.5, 0, 0}};
  const auto apart = separation_pushes(pair, 1.0, 100.0);
  EXPECT_NEAR(apart[0].x, -0.25, 1e-12);
  EXPECT_NEAR(apart[1].x, 0.25, 1e-12);
  // Coincident: apart along x by index; capped by max_step.
  const std::vector<nav::Vec3> same = {{3, 0, 3}, {3, 0, 3}};
  const auto capped = separation_pushes(same, 1.0, 0.1);
  EXPECT_NEAR(capped[0].x, -0.1, 1e-12);
  EXPECT_NEAR(capped[1].x, 0.1, 1e-12);
}

class UnitsTest : public ::testing::Test {
 protected:
  UnitsTest()
      : world(test::small_terrain(), config()),
        camera(default_camera(world.heightmap(), viewport)),
        controller(world) {}
  static WorldConfig config() {
    WorldConfig c;
    c.units = 12;
    return c;
  }
  glm::dvec2 pixel_of(const nav::Vec3& p) const { return *project(camera, viewport, p); }
  void settle() {
    FixedStepLoop loop;
    for (int k = 0; k < 100000 && world.busy(); ++k) loop.frame(world, kFixedStep, 4.0);
  }

  Viewport viewport{640, 360};
  World world;
  OrbitCamera camera;
  ClickController controller;
};

TEST_F(UnitsTest, UnitsStartApartOnWalkableTilesOfTheStartsSet) {
  ASSERT_EQ(world.units().size(), 12u);
  EXPECT_GE(closest_pair(positions(world)), kFormationSpacingM - 1e-9);
  const nav::TileId start = world.graph().id({15, 15});
  for (const SceneUnit& u : world.units()) {
    const nav::TileId t = world.graph().id(u.unit.tile());
    EXPECT_TRUE(world.graph().walkable(t));
    EXPECT_TRUE(world.sets().connected(t, start));
  }
  EXPECT_EQ(controller.selection().size(), 12u);
}

TEST_F(UnitsTest, LeftClickSelectsTheUnitUnderTheCursorAndBoxSelectsThoseInside) {
  const SceneUnit& third = world.units()[3];
  EXPECT_TRUE(controller.left_click(world, camera, viewport, pixel_of(third.unit.position())));
  EXPECT_EQ(controller.selection(), std::vector<UnitId>{third.id});
  EXPECT_FALSE(controller.left_click(world, camera, viewport, {5.0, 5.0}));
  EXPECT_TRUE(controller.selection().empty());
  // A box around the left half of the group: exactly the units whose pixel lies inside.
  const glm::dvec2 centre = pixel_of(world.units()[0].unit.position());
  const glm::dvec2 a{centre.x - 40.0, centre.y - 40.0};
  const glm::dvec2 b{centre.x, centre.y + 40.0};
  const std::size_t chosen = controller.box_select(world, camera, viewport, b, a);
  std::vector<UnitId> expected;
  for (const SceneUnit& u : world.units()) {
    const glm::dvec2 p = pixel_of(u.unit.position());
    if (p.x >= a.x && p.x <= b.x && p.y >= a.y && p.y <= b.y) expected.push_back(u.id);
  }
  EXPECT_EQ(controller.selection(), expected);
  EXPECT_EQ(chosen, expected.size());
  EXPECT_GT(chosen, 0u);
  EXPECT_LT(chosen, 12u);
}

TEST_F(UnitsTest, AGroupOrderSpreadsTheUnitsAndOnlyTheSelectionMoves) {
  controller.box_select(world, camera, viewport, {0.0, 0.0}, {640.0, 360.0});
  ASSERT_EQ(controller.selection().size(), 12u);
  // Leave unit 11 behind.
  std::vector<UnitId> most(controller.selection().begin(), controller.selection().end() - 1);
  const nav::Vec3 stay = world.units()[11].unit.position();
  const nav::Vec3 target = world.graph().tile_centre(world.graph().id({4, 26}));
  const OrderReport order = world.order(most, unproject(camera, viewport, pixel_of(target)));
  ASSERT_EQ(order.status, OrderStatus::Ordered);
  EXPECT_EQ(order.units, 11u);
  settle();
  EXPECT_EQ(world.events().size(), 11u);
  std::vector<nav::Vec3> goals;
  for (std::size_t k = 0; k < 11; ++k) {
    const SceneUnit& u = world.units()[k];
    ASSERT_TRUE(u.goal.has_value());
    goals.push_back(*u.goal);
    EXPECT_LT(distance(u.unit.position(), target), 4.0 * kFormationSpacingM);
    EXPECT_FALSE(u.unit.moving());
  }
  EXPECT_GE(closest_pair(goals), kFormationSpacingM - 1e-9);
  // At rest no two units are closer than their diameter.
  EXPECT_GE(closest_pair(positions(world)), 2.0 * kUnitRadiusM - 1e-6);
  EXPECT_EQ(distance(world.units()[11].unit.position(), stay), 0.0);
}

// The request queue answers within its budget: a budget too small for all
// the searches spreads the answers over several frames, in ticket order.
TEST_F(UnitsTest, PathsComeFromTheQueueWithinTheBudget) {
  const nav::Vec3 target = world.graph().tile_centre(world.graph().id({3, 3}));
  world.order(world.all_units(), unproject(camera, viewport, pixel_of(target)));
  EXPECT_EQ(world.pending_requests(), 12u);
  int frames = 0;
  while (world.pending_requests() > 0 && frames < 1000) {
    world.serve_requests(1.0);  // about one search step per frame
    ++frames;
  }
  EXPECT_GT(frames, 1);
  ASSERT_EQ(world.events().size(), 12u);
  for (std::size_t k = 0; k < 12; ++k) {
    EXPECT_EQ(world.events()[k].unit, UnitId{static_cast<std::uint32_t>(k)});
    EXPECT_EQ(world.events()[k].status, nav::SearchStatus::Found);
  }
}

// A new order before the answers cancels the old requests: only the new
// order's answers arrive.
TEST_F(UnitsTest, ANewOrderCancelsTheOldRequests) {
  const auto pixel = [&](nav::TileCoord t) {
    return pixel_of(world.graph().tile_centre(world.graph().id(t)));
  };
  controller.right_click(world, camera, viewport, pixel({3, 3}));
  const ClickReport second = controller.right_click(world, camera, viewport, pixel({20, 28}));
  settle();
  ASSERT_EQ(world.events().size(), 12u);
  for (const PathEvent& e : world.events()) EXPECT_EQ(e.order, second.order.order);
}

// The scripted 200-unit run on the default map's scale of problem: every
// unit arrives, and at rest no two are closer than their diameter.
TEST(ManyUnits, TwoHundredUnitsArriveApart) {
  WorldConfig config;
  config.units = 200;
  World world(test::small_terrain(), config);
  EXPECT_GE(closest_pair(positions(world)), 2.0 * kUnitRadiusM - 1e-9);
  const Viewport viewport{640, 360};
  const OrbitCamera camera = default_camera(world.heightmap(), viewport);
  ClickController controller(world);
  const nav::Vec3 target = world.graph().tile_centre(world.graph().id({6, 25}));
  app::simulate(world, controller, camera, viewport,
                {.clicks = {{*project(camera, viewport, target)}},
                 .frames = 200000,
                 .time_scale = 8.0,
                 .until_arrived = true});
  EXPECT_FALSE(world.busy());
  EXPECT_EQ(world.events().size(), 200u);
  for (const SceneUnit& u : world.units()) {
    EXPECT_LT(distance(u.unit.position(), target), 30.0);
  }
  EXPECT_GE(closest_pair(positions(world)), 2.0 * kUnitRadiusM - 1e-6);
}

}  // namespace
}  // namespace terranav::engine
